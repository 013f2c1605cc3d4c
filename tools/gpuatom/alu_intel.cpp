// `gpuatom alu intel`: one vISA atomic, spelled as vISA spells it and read with its operands by the
// library (intel/spelled_atomic.hpp), asked of the validator's platform rules when --platform names
// one, and computed.
#include <fmt/format.h>

#include <optional>
#include <string>

#include "alu_result.hpp"
#include "gpuatom/intel/lsc.hpp"
#include "gpuatom/intel/platform.hpp"
#include "gpuatom/intel/platform_option.hpp"
#include "gpuatom/intel/spelled_atomic.hpp"
#include "gpuatom/intel/validator.hpp"
#include "gpuatom/support/diagnostic.hpp"

namespace gpuatom::cli {

namespace {

std::optional<intel::Platform> parse_platform(const std::string& text) {
  if (text.empty()) return std::nullopt;
  if (const auto p = intel::parse_platform(text)) return p;
  throw BadInput(intel::unknown_platform_message(text));
}

// --platform: the validator's platform rules (validator.hpp validate_platform). An error refuses
// the atomic; a warning is printed to standard error beside the computed answer.
void check_platform(const intel::Instruction& inst, std::optional<intel::Platform> platform) {
  if (!platform) return;
  const intel::PlatformOptionReport report = intel::platform_option_report(inst, *platform);
  if (!report.errors.empty()) throw BadInput(report.errors.front());
  for (const std::string& warning : report.warnings) support::write_stderr("gpuatom: warning: " + warning + "\n");
}

}  // namespace

int run_alu_intel(const AluArgs& a) {
  const intel::SpelledAtomicText text{a.op, a.form, a.data, a.old_value, a.src0, a.src1};
  const std::optional<intel::Platform> platform = parse_platform(a.platform);
  const intel::Form form = intel::read_form(text);
  if (!intel::is_lsc(form)) {  // the legacy forms: an LSC atomic has no --list and reads none of these flags
    if (a.list) {
      for (const std::string& spelling : intel::legal_spellings(form)) fmt::print("{}\n", spelling);
      return exit_ok;
    }
    forbid(a.src, "--src", "Intel operands are --src0 and --src1");
    forbid(a.swap, "--swap", "Intel operands are --src0 and --src1");
    forbid(a.operand, "--operand", "Intel operands are --src0 and --src1");
    forbid(a.compare, "--compare", "cmpxchg compares with --src1, fcmpwr with --src0 (docs/spec/intel.md §3.1)");
  }
  const intel::Instruction inst = intel::read_instruction(text, form);
  check_platform(inst, platform);
  return print(intel::lane_result(intel::read_operands(inst, text)), a.json);
}

}  // namespace gpuatom::cli
