// `gpuatom alu intel`: one vISA atomic, spelled as vISA spells it (intel/text/spelling.hpp), asked
// of the validator's platform rules when --platform names one, and computed.
#include <fmt/format.h>

#include <optional>
#include <string>
#include <variant>

#include "alu_result.hpp"
#include "gpuatom/intel/atomic_ops.hpp"
#include "gpuatom/intel/lsc.hpp"
#include "gpuatom/intel/platform.hpp"
#include "gpuatom/intel/text/spelling.hpp"
#include "gpuatom/intel/validator.hpp"
#include "gpuatom/support/diagnostic.hpp"

namespace gpuatom::cli {

namespace {

std::optional<intel::Platform> parse_platform(const std::string& text) {
  if (text.empty()) return std::nullopt;
  if (const auto p = intel::parse_platform(text)) return p;
  throw BadInput(fmt::format("--platform {}: expected {}", text, intel::platform_names(", ", " or ")));
}

// --platform: the validator's platform rules (validator.hpp validate_platform). An error refuses
// the atomic; a warning is printed to standard error beside the computed answer.
void check_platform(const intel::Instruction& inst, std::optional<intel::Platform> platform) {
  if (!platform) return;
  support::Diagnostics diagnostics;
  intel::validate_platform(inst, *platform, diagnostics);
  const auto text = [&](const support::Diagnostic& d) {
    return fmt::format("--platform {}: {}{}", intel::name(*platform), d.message,
                       d.rule.empty() ? "" : " (" + d.rule + ")");
  };
  for (const support::Diagnostic& d : diagnostics.all())
    if (d.severity == support::Severity::error) throw BadInput(text(d));
  for (const support::Diagnostic& d : diagnostics.all()) support::write_stderr("gpuatom: warning: " + text(d) + "\n");
}

intel::Instruction spelled_instruction(std::string_view text, intel::Form form, intel::LscDataSize data) {
  auto parsed = intel::parse_spelling(text, form, data);
  if (const auto* error = std::get_if<std::string>(&parsed)) throw BadInput(*error);
  return std::get<intel::Instruction>(parsed);
}

// `lsc_atomic_<op>[.<sfid>…]`: an LSC atomic on `--data` elements; --src0 and --src1 are LSC's
// src1 and src2 (icas and fcas compare with src1 and store src2).
int run_lsc(const AluArgs& a, std::optional<intel::Platform> platform) {
  const auto data = intel::parse_lsc_data_size(a.data);
  const bool atomic_size = data && (*data == intel::LscDataSize::d32 || *data == intel::LscDataSize::d64 ||
                                    *data == intel::LscDataSize::d16c32);
  const intel::Instruction inst =
      spelled_instruction(a.op, intel::Form::lsc_untyped, atomic_size ? *data : intel::LscDataSize::d32);
  check_platform(inst, platform);
  if (!atomic_size) throw BadInput(fmt::format("--data {}: expected d32, d64 or d16c32", a.data));
  const intel::LscOpInfo& info = *intel::find_lsc_op(inst.lsc.op);
  const alu::Operation operation = intel::lsc_to_alu(inst.lsc);
  check_alu(operation);
  const int bits = static_cast<int>(intel::access_bits(inst.lsc));
  const Value old =
      parse_value("--old", need(a.old_value, "--old", "the memory value before the atomic"), operation, bits);
  Value src0, src1;
  if (info.extra_operands >= 1)
    src0 = parse_value("--src0", need(a.src0, "--src0", "LSC's src1"), operation, bits);
  else
    forbid(a.src0, "--src0", "this LSC atomic reads no source");
  if (info.extra_operands >= 2)
    src1 = parse_value("--src1", need(a.src1, "--src1", "LSC's src2"), operation, bits);
  else
    forbid(a.src1, "--src1", "only icas and fcas read a second source");
  const alu::Operands in = intel::lsc_operand_placement(inst.lsc)(src0.lo, src1.lo);
  Computed c = compute(operation, old, {in.value, 0}, {in.compare, 0});
  if (bits == 16) c.return_in_dword_low_half();  // d16c32
  return print(c, a.json);
}

int list_ops(intel::Form form) {
  for (const auto& i : intel::atomic_op_table())
    for (auto w : {intel::Width::w32, intel::Width::w16, intel::Width::w64})
      if (!intel::illegal_reason(form, i.op, w)) fmt::print("{}{}\n", i.name, intel::suffix(w));
  return exit_ok;
}

}  // namespace

int run_alu_intel(const AluArgs& a) {
  using intel::Role;
  const std::optional<intel::Form> spelled = intel::spelled_form(a.op);
  const std::optional<intel::Platform> platform = parse_platform(a.platform);
  if (spelled && intel::is_lsc(*spelled)) return run_lsc(a, platform);
  const std::optional<intel::Form> form = spelled ? spelled : intel::parse_form_name(a.form);
  if (!form) throw BadInput(fmt::format("--form {}: expected svm, typed or dword", a.form));
  if (a.list) return list_ops(*form);
  forbid(a.src, "--src", "Intel operands are --src0 and --src1");
  forbid(a.swap, "--swap", "Intel operands are --src0 and --src1");
  forbid(a.operand, "--operand", "Intel operands are --src0 and --src1");
  forbid(a.compare, "--compare", "cmpxchg compares with --src1, fcmpwr with --src0 (docs/spec/intel.md §3.1)");

  const intel::Instruction inst = spelled_instruction(a.op, *form, intel::LscDataSize::d32);
  check_platform(inst, platform);
  const intel::AtomicOpInfo& info = *intel::find(inst.op);
  const alu::Operation operation = intel::to_alu(inst.op, inst.width);
  check_alu(operation);

  const int bits = intel::bits(inst.width);
  const Value old =
      parse_value("--old", need(a.old_value, "--old", "the memory value before the atomic"), operation, bits);
  Value src0, src1;
  if (info.src0 == Role::null)
    forbid(a.src0, "--src0", "Src0 must be null for INC, DEC and PREDEC (docs/spec/intel.md §3.2)");
  else
    src0 =
        parse_value("--src0", need(a.src0, "--src0", "this op reads Src0 (docs/spec/intel.md §3.1)"), operation, bits);
  if (info.src1 == Role::null)
    forbid(a.src1, "--src1",
           "Src1 is used only by CMPXCHG and FCMPWR and must be null otherwise (docs/spec/intel.md §3.2)");
  else
    src1 = parse_value("--src1", need(a.src1, "--src1", "CMPXCHG and FCMPWR read Src1 (docs/spec/intel.md §3.1)"),
                       operation, bits);

  const alu::Operands in = intel::operands(inst.op, src0.lo, src1.lo);
  Computed c = compute(operation, old, {in.value, 0}, {in.compare, 0});
  // 16-bit atomics return into the low half of a dword whose upper 16 bits are zero (ASSUMPTION §5.1).
  if (inst.width == intel::Width::w16) c.return_in_dword_low_half();
  return print(c, a.json);
}

}  // namespace gpuatom::cli
