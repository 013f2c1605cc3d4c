// `gpuatom asm sass [--arch sm_XY] FILE|-`: reads SASS atomics, checks them (for the architecture,
// when given), and prints each in canonical form (spec/nvidia.md §10.4); with --encode, each
// Maxwell word beside its text (§11).
//
//   gpuatom asm sass kernel.sass
//   echo 'ATOM.E.ADD.F32.FTZ.RN R0, [R2+0x10], R5 ;' | gpuatom asm sass - --encode
//
// On any error nothing is printed to standard output; the diagnostics go to standard error and
// the exit code is 2. Warnings are printed and do not fail.
#include <string>
#include <variant>
#include <vector>

#include <fmt/format.h>

#include "command.hpp"
#include "gpuatom/nvidia/encoder.hpp"
#include "gpuatom/nvidia/printer.hpp"
#include "gpuatom/nvidia/validator.hpp"
#include "sass_input.hpp"

namespace gpuatom::cli {

namespace {

struct AsmArgs {
  std::string isa;
  std::string path;
  bool encode = false;
  std::shared_ptr<std::optional<nvidia::Architecture>> architecture =
      std::make_shared<std::optional<nvidia::Architecture>>();
};

int run_asm(const AsmArgs& args) {
  const nvidia::ParsedSass checked = nvidia::check_sass(read_input(args.path), args.path, *args.architecture);
  support::Diagnostics diagnostics = checked.diagnostics;
  std::vector<std::string> lines;
  if (!diagnostics.has_errors()) {
    for (const nvidia::Instruction& inst : checked.instructions) {
      const std::string text = nvidia::print(inst);
      if (!args.encode) {
        lines.push_back(text);
        continue;
      }
      const auto word = nvidia::encode(inst);
      if (const auto* refused = std::get_if<support::Diagnostic>(&word)) {
        diagnostics.add(*refused);
        continue;
      }
      lines.push_back(fmt::format("{:<56} // 0x{:016x}", text, std::get<uint64_t>(word)));
    }
  }
  report(diagnostics);
  if (diagnostics.has_errors()) return exit_bad_input;
  for (const std::string& line : lines) fmt::print("{}\n", line);
  return exit_ok;
}

}  // namespace

void add_asm_sass_command(CLI::App& parent, Action& run) {
  auto args = std::make_shared<AsmArgs>();
  CLI::App* cmd = parent.add_subcommand("sass", "Check SASS atomics and print them in canonical form (optionally with their words)");
  cmd->add_option("file", args->path, "SASS text, one instruction per line ('-' reads standard input)")->required();
  cmd->footer(
      "Examples:\n"
      "  gpuatom asm sass kernel.sass\n"
      "  echo 'ATOM.E.ADD.F32.FTZ.RN R0, [R2+0x10], R5 ;' | gpuatom asm sass - --encode");
  cmd->add_flag("--encode", args->encode, "print each Maxwell 64-bit word (0x%016x) beside its text");
  add_architecture_option(*cmd, args->architecture,
                          "read and check the text for this architecture (sm_50 … sm_90); see `check sass --arch`");
  cmd->callback([&run, args] { run = [args] { return run_asm(*args); }; });
}

}  // namespace gpuatom::cli
