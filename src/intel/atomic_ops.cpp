#include "gpuatom/intel/atomic_ops.hpp"

#include "gpuatom/support/text.hpp"
#include <array>

#include <fmt/format.h>

namespace gpuatom::intel {

namespace {

using support::iequals;
using alu::Op;
// spec/intel.md §3.1: code, name, memory/return semantics and operand roles.
constexpr std::array<AtomicOpInfo, 17> table = {{
    {AtomicOp::ADD, "add", "ADD", Op::add, Role::value, Role::null, false, false},
    {AtomicOp::SUB, "sub", "SUB", Op::sub, Role::value, Role::null, false, false},
    {AtomicOp::INC, "inc", "INC", Op::inc_wrap, Role::null, Role::null, false, false},
    {AtomicOp::DEC, "dec", "DEC", Op::dec_wrap, Role::null, Role::null, false, false},
    {AtomicOp::MIN, "min", "MIN", Op::min, Role::value, Role::null, false, false},
    {AtomicOp::MAX, "max", "MAX", Op::max, Role::value, Role::null, false, false},
    {AtomicOp::XCHG, "xchg", "XCHG", Op::exchange, Role::value, Role::null, false, false},
    {AtomicOp::CMPXCHG, "cmpxchg", "CMPXCHG", Op::compare_swap, Role::new_value, Role::comparand, false, false},
    {AtomicOp::AND, "and", "AND", Op::bit_and, Role::value, Role::null, false, false},
    {AtomicOp::OR, "or", "OR", Op::bit_or, Role::value, Role::null, false, false},
    {AtomicOp::XOR, "xor", "XOR", Op::bit_xor, Role::value, Role::null, false, false},
    {AtomicOp::IMIN, "minsint", "IMIN", Op::min, Role::value, Role::null, false, true},
    {AtomicOp::IMAX, "maxsint", "IMAX", Op::max, Role::value, Role::null, false, true},
    {AtomicOp::PREDEC, "predec", "PREDEC", Op::predec, Role::null, Role::null, false, false},
    {AtomicOp::FMAX, "fmax", "FMAX", Op::max, Role::value, Role::null, true, false},
    {AtomicOp::FMIN, "fmin", "FMIN", Op::min, Role::value, Role::null, true, false},
    {AtomicOp::FCMPWR, "fcmpwr", "FCMPWR", Op::compare_swap_float, Role::comparand, Role::new_value, true, false},
}};


}  // namespace

std::span<const AtomicOpInfo> atomic_op_table() { return table; }

const AtomicOpInfo* find(AtomicOp op) {
  for (const AtomicOpInfo& i : table)
    if (i.op == op) return &i;
  return nullptr;
}

std::optional<AtomicOp> from_code(unsigned code) {
  for (const AtomicOpInfo& i : table)
    if (static_cast<unsigned>(i.op) == code) return i.op;
  return std::nullopt;
}

std::optional<AtomicOp> parse_op(std::string_view name) {
  // IGC's lexer is lower-case; the pages' upper-case names are accepted as aliases (§10.1).
  if (iequals(name, "imin")) return AtomicOp::IMIN;
  if (iequals(name, "imax")) return AtomicOp::IMAX;
  for (const AtomicOpInfo& i : table)
    if (iequals(i.name, name) || iequals(i.page_name, name)) return i.op;
  return std::nullopt;
}

int bits(Width width) { return width == Width::w16 ? 16 : width == Width::w64 ? 64 : 32; }
std::string_view suffix(Width width) { return width == Width::w16 ? ".16" : width == Width::w64 ? ".64" : ""; }

std::optional<std::string> illegal_reason(Form form, AtomicOp op, Width width) {
  const AtomicOpInfo* i = find(op);
  if (!i) return fmt::format("op code 0x{:02x} is reserved (spec/intel.md §3.1)", static_cast<unsigned>(op));
  if (width == Width::w64) {
    if (form == Form::typed)
      return fmt::format("typed_atomic.{}.64 is illegal: TYPED_ATOMIC has no 64-bit form (spec/intel.md §5.2)",
                         i->name);
    if (i->is_float)
      return fmt::format("svm_atomic.{}.64 is illegal: 64-bit SVM atomics are integer ops only (0x00-0x0D), "
                         "float ops take 32 or 16 bits (spec/intel.md §5.2)",
                         i->name);
  }
  return std::nullopt;
}

alu::Operation to_alu(AtomicOp op, Width width) {
  const AtomicOpInfo* i = find(op);
  alu::Operation operation;
  operation.op = i ? i->alu_op : alu::Op::add;
  if (i && i->is_float) {
    operation.type = width == Width::w16 ? alu::Type::f16 : alu::Type::f32;
  } else {
    const bool s = i && i->is_signed;
    switch (width) {
      case Width::w16: operation.type = s ? alu::Type::s16 : alu::Type::u16; break;
      case Width::w32: operation.type = s ? alu::Type::s32 : alu::Type::u32; break;
      case Width::w64: operation.type = s ? alu::Type::s64 : alu::Type::u64; break;
    }
  }
  // fmin/fmax: a quiet NaN is ignored, a signalling NaN wins bit-exact, two NaNs of a class keep
  // the memory value (DECISION / ASSUMPTION, §4.1); no denormal flushing (ASSUMPTION).
  operation.floats.min_max = {false, numeric::MinMaxNan::signaling_wins, numeric::DefaultNan::quiet};
  return operation;
}

alu::Operands operands(AtomicOp op, uint64_t src0, uint64_t src1) {
  const AtomicOpInfo* i = find(op);
  if (!i) return {};
  alu::Operands out;
  const auto place = [&](Role role, uint64_t v) {
    if (role == Role::value || role == Role::new_value) out.value = v;
    if (role == Role::comparand) out.compare = v;
  };
  place(i->src0, src0);
  place(i->src1, src1);
  return out;
}

}  // namespace gpuatom::intel
