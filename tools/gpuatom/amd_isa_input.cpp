#include "amd_isa_input.hpp"

#include <fmt/format.h>

#include "command.hpp"
#include "sass_input.hpp"

namespace gpuatom::cli {

void AmdTargetOption::add_to(CLI::App& command, bool required) {
  CLI::Option* option = command.add_option(
      "--target", name,
      "the gfx target: " + amd::isa::target_names() + " (llvm-mc's names, and products as the ROCm page names them)");
  if (required) option->required();
}

const amd::isa::Target* AmdTargetOption::target() const {
  if (name.empty()) return nullptr;
  const amd::isa::Target* t = amd::isa::find_target(name);
  if (!t)
    throw BadInput(fmt::format("--target {}: not a target gpuatom models at instruction level; it knows {}", name,
                               amd::isa::target_names()));
  return t;
}

amd::isa::Program read_amd_text(const std::string& file, const amd::isa::Target& target, const NothingReadRule& rule,
                                support::Diagnostics& diagnostics) {
  const std::string source = read_input(file);
  amd::isa::Program program = amd::isa::parse(source, target, file);
  for (const support::Diagnostic& d : program.diagnostics) diagnostics.add(d);
  rule.check(program.instructions.size(), start_of_text(file), held_by_text(source), diagnostics);
  return program;
}

}  // namespace gpuatom::cli
