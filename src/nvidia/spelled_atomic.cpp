#include "gpuatom/nvidia/spelled_atomic.hpp"

#include <fmt/format.h>

#include <variant>

#include "gpuatom/alu/apply.hpp"
#include "gpuatom/nvidia/instruction_table.hpp"
#include "gpuatom/nvidia/validator.hpp"
#include "gpuatom/support/input_error.hpp"

namespace gpuatom::nvidia {

namespace {

using support::InputError;

// The instruction asked for when neither --inst nor the spelling names one.
std::string default_mnemonic() { return std::string(info(Mnemonic::ATOM).name); }

// The mnemonic's family, dialect and whether it returns, from the mnemonic table.
InstructionKind kind_of(const std::string& mnemonic) {
  if (const auto kind = instruction_kind(mnemonic)) return *kind;
  throw InputError(fmt::format("--inst {}: expected {} (SPA 5.0) or {} (sm_70+ spellings)", mnemonic,
                               mnemonic_names(false), mnemonic_names(true)));
}

// The instruction (--inst, or the spelling's leading mnemonic; ATOM when neither) and OP[.SIZE].
Spelling split_with_flag(std::string_view text, const std::string& mnemonic_flag) {
  Spelling s = split_spelling(text);
  if (s.mnemonic && !mnemonic_flag.empty() && mnemonic_flag != *s.mnemonic)
    throw InputError(fmt::format("{}: the instruction is {}, but --inst says {}", text, *s.mnemonic, mnemonic_flag));
  if (s.op_size.empty()) throw InputError(fmt::format("{}: no operation (ADD, CAS, …) in it", text));
  if (!s.mnemonic) s.mnemonic = mnemonic_flag.empty() ? default_mnemonic() : mnemonic_flag;
  return s;
}

// The operand flag's text, or the refusal naming why the atomic needs it.
const std::string& need(const std::optional<std::string>& text, std::string_view flag, std::string_view why) {
  if (!text) throw InputError(fmt::format("missing {}: {}", flag, why));
  return *text;
}

// A compare-and-swap: compares with Rb, stores Rc.
bool is_cas(AtomOp op) { return op == AtomOp::CAS || op == AtomOp::CAST || op == AtomOp::CAST_SPIN; }

}  // namespace

SpelledAtomic read_spelled_atomic(std::string_view spelling, const std::string& mnemonic_flag,
                                  std::string_view architecture, bool list) {
  const Spelling s = list ? Spelling{mnemonic_flag.empty() ? default_mnemonic() : mnemonic_flag, ""}
                          : split_with_flag(spelling, mnemonic_flag);
  SpelledAtomic out{*s.mnemonic, s.op_size, kind_of(*s.mnemonic), std::nullopt};
  if (architecture.empty()) return out;
  out.architecture = parse_architecture(architecture);
  if (!out.architecture)
    throw InputError(fmt::format("--arch {}: expected one of {}", architecture, architecture_names()));
  if (!is_spa5(*out.architecture)) out.kind.dialect = Dialect::modern;
  return out;
}

std::vector<std::string> legal_op_sizes(const InstructionKind& kind) {
  std::vector<std::string> out;
  for (const auto& o : op_table())
    for (const auto& s : size_table())
      if (legal(kind.family, kind.dialect, o.op, s.size)) out.push_back(fmt::format("{}{}", o.name, s.spelling));
  return out;
}

OpSize read_op_size(const SpelledAtomic& atomic) {
  const auto parsed = parse_op_size(atomic.op_size);
  if (const auto* error = std::get_if<std::string>(&parsed)) throw InputError(*error);
  const OpSize op_size = std::get<OpSize>(parsed);
  const InstructionKind& kind = atomic.kind;
  if (auto why = illegal_reason(kind.family, kind.dialect, op_size.op, op_size.size)) throw InputError(*why);
  if (!atomic.architecture) return op_size;
  const Architecture arch = *atomic.architecture;
  if (is_spa5(arch) && kind.dialect == Dialect::modern)
    throw InputError(
        fmt::format("--arch {}: {} is an sm_70+ spelling (SPA 5.0 says ATOM or RED)", name(arch), atomic.mnemonic));
  if (auto why = missing_size_form(arch, op_size.size))
    throw InputError(fmt::format("--arch {}: {}", name(arch), *why));
  return op_size;
}

alu::LaneResult compute_lane(const SpelledAtomic& atomic, OpSize op_size, const SemanticsOptions& options,
                             const SpelledOperands& operands) {
  const auto resolved = to_alu(op_size.op, op_size.size, options);
  if (const auto* error = std::get_if<std::string>(&resolved)) throw InputError(*error);
  const alu::Operation operation = std::get<alu::Operation>(resolved);
  if (auto why = alu::unsupported(operation.op, operation.type)) throw InputError(*why);

  const int bits = info(op_size.size).bits;
  const auto read = [&](std::string_view flag, const std::optional<std::string>& text, std::string_view why) {
    return alu::parse_operand(std::string(flag), need(text, flag, why), operation.type, bits);
  };
  const alu::OperandValue old = read("--old", operands.old_value, "the memory value before the atomic");
  const alu::OperandValue src = read("--src", operands.src, "the Rb operand (the comparand for CAS)");
  alu::OperandValue swap;
  if (is_cas(op_size.op))
    swap = read("--swap", operands.swap, "CAS stores the Rc value (docs/spec/nvidia.md §3.1)");
  else if (operands.swap)
    throw InputError("--swap is not an operand here: only CAS takes a swap value (Rc)");

  alu::LaneResult lane =
      is_cas(op_size.op) ? alu::compute_lane(operation, old, swap, src) : alu::compute_lane(operation, old, src, {});
  if (const int words = vector_words(op_size.size)) {
    const alu::Result128 r = alu::apply_vector(operation, words, {old.lo, old.hi}, {src.lo, src.hi});
    lane = {bits, {r.memory.lo, r.memory.hi}, alu::OperandValue{r.returned.lo, r.returned.hi}, bits, operation.type, {},
            {}};
  }
  if (!atomic.kind.returns) lane.returned.reset();  // RED / SURED write no destination
  // The model has one rule per form for every architecture: the answer does not depend on which.
  if (!atomic.architecture && alu::is_float(operation.type))
    lane.notes.emplace_back("the same on every architecture that has this form (--arch checks that one does)");
  return lane;
}

}  // namespace gpuatom::nvidia
