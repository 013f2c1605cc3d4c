#include "gpuatom/intel/spelled_atomic.hpp"

#include <fmt/format.h>

#include <utility>
#include <variant>

#include "gpuatom/alu/apply.hpp"
#include "gpuatom/intel/atomic_ops.hpp"
#include "gpuatom/intel/lsc.hpp"
#include "gpuatom/intel/text/spelling.hpp"
#include "gpuatom/support/input_error.hpp"

namespace gpuatom::intel {

namespace {

using support::InputError;

// The element sizes an LSC atomic may access (docs/intel-igc.md §4.5).
bool is_atomic_data_size(std::optional<LscDataSize> data) {
  return data && (*data == LscDataSize::d32 || *data == LscDataSize::d64 || *data == LscDataSize::d16c32);
}

// One source flag's rule: whether the op reads it, and the rule named when it is missing or stray.
struct SourceRule {
  const char* flag;
  bool reads;
  const char* why_needed;
  const char* why_refused;
};

// The sources of a legacy atomic (its op's roles) and of an LSC atomic (how many sources it reads).
std::pair<SourceRule, SourceRule> source_rules(const Instruction& inst) {
  if (is_lsc(inst.form)) {
    const unsigned sources = find_lsc_op(inst.lsc.op)->extra_operands;
    return {{"--src0", sources >= 1, "LSC's src1", "this LSC atomic reads no source"},
            {"--src1", sources >= 2, "LSC's src2", "only icas and fcas read a second source"}};
  }
  const AtomicOpInfo& info = *find(inst.op);
  return {{"--src0", info.src0 != Role::null, "this op reads Src0 (docs/spec/intel.md §3.1)",
           "Src0 must be null for INC, DEC and PREDEC (docs/spec/intel.md §3.2)"},
          {"--src1", info.src1 != Role::null, "CMPXCHG and FCMPWR read Src1 (docs/spec/intel.md §3.1)",
           "Src1 is used only by CMPXCHG and FCMPWR and must be null otherwise (docs/spec/intel.md §3.2)"}};
}

// The operand flag's text, or the refusal naming why the atomic needs it.
const std::string& need(const std::optional<std::string>& text, std::string_view flag, std::string_view why) {
  if (!text) throw InputError(fmt::format("missing {}: {}", flag, why));
  return *text;
}

// The source's bits: parsed when the op reads it (and then required), else refused when given.
uint64_t read_source(const SourceRule& rule, const std::optional<std::string>& text, const AluAtomic& atomic) {
  if (!rule.reads) {
    if (text) throw InputError(fmt::format("{} is not an operand here: {}", rule.flag, rule.why_refused));
    return 0;
  }
  return alu::parse_operand(rule.flag, need(text, rule.flag, rule.why_needed), atomic.operation.type, atomic.bits).lo;
}

}  // namespace

Form read_form(const SpelledAtomicText& text) {
  if (const auto spelled = spelled_form(text.spelling)) return *spelled;
  if (const auto named = parse_form_name(text.form)) return *named;
  throw InputError(fmt::format("--form {}: expected svm, typed or dword", text.form));
}

std::vector<std::string> legal_spellings(Form form) {
  std::vector<std::string> out;
  for (const AtomicOpInfo& i : atomic_op_table())
    for (const Width w : {Width::w32, Width::w16, Width::w64})
      if (!illegal_reason(form, i.op, w)) out.push_back(fmt::format("{}{}", i.name, suffix(w)));
  return out;
}

Instruction read_instruction(const SpelledAtomicText& text, Form form) {
  const std::optional<LscDataSize> data = parse_lsc_data_size(text.data);
  auto parsed = parse_spelling(text.spelling, form, is_atomic_data_size(data) ? *data : LscDataSize::d32);
  if (const auto* error = std::get_if<std::string>(&parsed)) throw InputError(*error);
  return std::get<Instruction>(parsed);
}

AluAtomic read_operands(const Instruction& inst, const SpelledAtomicText& text) {
  const bool lsc = is_lsc(inst.form);
  if (lsc && !is_atomic_data_size(parse_lsc_data_size(text.data)))
    throw InputError(fmt::format("--data {}: expected d32, d64 or d16c32", text.data));
  AluAtomic atomic{to_alu(inst), lsc ? static_cast<int>(access_bits(inst.lsc)) : bits(inst.width), {}, {}, {}};
  if (auto why = alu::unsupported(atomic.operation.op, atomic.operation.type)) throw InputError(*why);
  atomic.old = alu::parse_operand("--old", need(text.old_value, "--old", "the memory value before the atomic"),
                                  atomic.operation.type, atomic.bits);
  const auto [src0_rule, src1_rule] = source_rules(inst);
  const uint64_t src0 = read_source(src0_rule, text.src0, atomic);
  const uint64_t src1 = read_source(src1_rule, text.src1, atomic);
  const alu::Operands placed = operand_placement(inst)(src0, src1);
  atomic.value = {placed.value, 0};
  atomic.compare = {placed.compare, 0};
  return atomic;
}

alu::LaneResult lane_result(const AluAtomic& atomic) {
  alu::LaneResult lane = alu::compute_lane(atomic.operation, atomic.old, atomic.value, atomic.compare);
  if (atomic.bits == 16) lane.return_in_dword_low_half();
  return lane;
}

}  // namespace gpuatom::intel
