#include "gpuatom/amd/isa/program_text.hpp"

#include <fmt/format.h>

#include "gpuatom/amd/isa/binary.hpp"

namespace gpuatom::amd::isa {

namespace {

std::string encoding_text(const std::vector<uint8_t>& bytes) {
  std::string out = "[";
  for (size_t i = 0; i < bytes.size(); ++i) out += fmt::format("{}0x{:02x}", i ? "," : "", bytes[i]);
  return out + "]";
}

const char* plural_suffix(size_t n) { return n == 1 ? "" : "s"; }

}  // namespace

std::string program_listing(const Program& program, const Target& target, bool encode) {
  std::string out;
  for (const Instruction& inst : program.instructions) {
    out += print(inst, target);
    if (encode) out += " ; encoding: " + encoding_text(isa::encode(inst));
    out.push_back('\n');
  }
  return out;
}

std::string check_summary(const std::string& path, const Program& program, const Target& target,
                          const support::Diagnostics& diagnostics) {
  const size_t errors = diagnostics.count(support::Severity::error);
  const size_t warnings = diagnostics.count(support::Severity::warning);
  return fmt::format("{}: {} instruction{} for {}, {} error{}, {} warning{}\n", path, program.instructions.size(),
                     plural_suffix(program.instructions.size()), target.name, errors, plural_suffix(errors), warnings,
                     plural_suffix(warnings));
}

}  // namespace gpuatom::amd::isa
