#include "gpuatom/amd/rows.hpp"

#include <array>

#include "gpuatom/support/text.hpp"

namespace gpuatom::amd {

namespace {

using support::iequals;

constexpr std::array<Row, 27> row_table = {{
    {"32 bit atomicAdd", RowGroup::integer, RowKind::add, 32, PcieAtomic::fetch_add},
    {"32 bit atomicSub", RowGroup::integer, RowKind::sub, 32, PcieAtomic::fetch_add},
    {"32 bit atomicMin", RowGroup::integer, RowKind::min, 32, PcieAtomic::none},
    {"32 bit atomicMax", RowGroup::integer, RowKind::max, 32, PcieAtomic::none},
    {"32 bit atomicInc", RowGroup::integer, RowKind::inc, 32, PcieAtomic::none},
    {"32 bit atomicDec", RowGroup::integer, RowKind::dec, 32, PcieAtomic::none},
    {"64 bit atomicAdd", RowGroup::integer, RowKind::add, 64, PcieAtomic::fetch_add},
    {"64 bit atomicMin", RowGroup::integer, RowKind::min, 64, PcieAtomic::none},
    {"64 bit atomicMax", RowGroup::integer, RowKind::max, 64, PcieAtomic::none},
    {"32 bit float atomicAdd", RowGroup::floating, RowKind::fp_add, 32, PcieAtomic::none},
    {"32 bit float atomicMin", RowGroup::floating, RowKind::fp_min, 32, PcieAtomic::none},
    {"32 bit float atomicMax", RowGroup::floating, RowKind::fp_max, 32, PcieAtomic::none},
    {"64 bit float atomicAdd", RowGroup::floating, RowKind::fp_add, 64, PcieAtomic::none},
    {"64 bit float atomicMin", RowGroup::floating, RowKind::fp_min, 64, PcieAtomic::none},
    {"64 bit float atomicMax", RowGroup::floating, RowKind::fp_max, 64, PcieAtomic::none},
    {"16bx2 half2 atomicAdd", RowGroup::floating, RowKind::half2_add, 32, PcieAtomic::none},
    {"16bx2 bfloat162 atomicAdd", RowGroup::floating, RowKind::bfloat2_add, 32, PcieAtomic::none},
    {"32 bit atomicExch", RowGroup::bitwise, RowKind::exch, 32, PcieAtomic::swap},
    {"32 bit atomicCAS", RowGroup::bitwise, RowKind::cas, 32, PcieAtomic::cas},
    {"32 bit atomicAnd", RowGroup::bitwise, RowKind::bit_and, 32, PcieAtomic::none},
    {"32 bit atomicOr", RowGroup::bitwise, RowKind::bit_or, 32, PcieAtomic::none},
    {"32 bit atomicXor", RowGroup::bitwise, RowKind::bit_xor, 32, PcieAtomic::none},
    {"64 bit atomicExch", RowGroup::bitwise, RowKind::exch, 64, PcieAtomic::swap},
    {"64 bit atomicCAS", RowGroup::bitwise, RowKind::cas, 64, PcieAtomic::cas},
    {"64 bit atomicAnd", RowGroup::bitwise, RowKind::bit_and, 64, PcieAtomic::none},
    {"64 bit atomicOr", RowGroup::bitwise, RowKind::bit_or, 64, PcieAtomic::none},
    {"64 bit atomicXor", RowGroup::bitwise, RowKind::bit_xor, 64, PcieAtomic::none},
}};

}  // namespace

std::span<const Row> rows() { return row_table; }

std::optional<size_t> find_row(std::string_view label) {
  for (size_t i = 0; i < row_table.size(); ++i)
    if (iequals(row_table[i].label, label)) return i;
  return std::nullopt;
}

std::string_view name(RowGroup group) {
  switch (group) {
    case RowGroup::integer: return "integer";
    case RowGroup::floating: return "float";
    case RowGroup::bitwise: return "bitwise";
  }
  return "?";
}

std::string_view name(PcieAtomic op) {
  switch (op) {
    case PcieAtomic::none: return "none";
    case PcieAtomic::fetch_add: return "FetchAdd";
    case PcieAtomic::swap: return "Swap";
    case PcieAtomic::cas: return "CAS";
  }
  return "?";
}

alu::Operation to_alu(const Row& row, const RowOptions& options) {
  using alu::Op;
  using alu::Type;
  alu::Operation operation;
  const bool wide = row.width == 64;
  const Type unsigned_type = wide ? Type::u64 : Type::u32;
  const Type float_type = wide ? Type::f64 : Type::f32;
  operation.type = unsigned_type;
  switch (row.kind) {
    case RowKind::add: operation.op = Op::add; break;
    case RowKind::sub: operation.op = Op::sub; break;
    case RowKind::min:
    case RowKind::max:
      operation.op = row.kind == RowKind::min ? Op::min : Op::max;
      if (!options.unsigned_min_max) operation.type = wide ? Type::s64 : Type::s32;
      break;
    case RowKind::inc: operation.op = Op::inc_bounded; break;
    case RowKind::dec: operation.op = Op::dec_bounded; break;
    case RowKind::fp_add: operation = {Op::add, float_type, {}}; break;
    case RowKind::fp_min: operation = {Op::min, float_type, {}}; break;
    case RowKind::fp_max: operation = {Op::max, float_type, {}}; break;
    case RowKind::half2_add: operation = {Op::add, Type::f16x2, {}}; break;
    case RowKind::bfloat2_add: operation = {Op::add, Type::bf16x2, {}}; break;
    case RowKind::exch: operation.op = Op::exchange; break;
    case RowKind::cas: operation.op = Op::compare_swap; break;
    case RowKind::bit_and: operation.op = Op::bit_and; break;
    case RowKind::bit_or: operation.op = Op::bit_or; break;
    case RowKind::bit_xor: operation.op = Op::bit_xor; break;
  }
  // IEEE: subnormals kept, first NaN quieted or the default quiet NaN, minNum/maxNum keeping old.
  operation.floats.add = {false, false, numeric::NanResult::propagate, numeric::DefaultNan::quiet};
  operation.floats.min_max = {false, numeric::MinMaxNan::number_else_first, numeric::DefaultNan::quiet};
  return operation;
}

}  // namespace gpuatom::amd
