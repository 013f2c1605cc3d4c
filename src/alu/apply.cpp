#include "gpuatom/alu/apply.hpp"

#include <fmt/format.h>

namespace gpuatom::alu {

std::optional<std::string> unsupported(Op op, Type type) {
  const auto refuse = [&](std::string_view why) {
    return fmt::format("the ALU has no {} on {}: {}", name(op), name(type), why);
  };
  if (type == Type::u128 && op != Op::exchange && op != Op::compare_swap)
    return refuse("128-bit atomics are exchange and compare-and-swap only");
  if (is_float(type)) {
    switch (op) {
      case Op::add:
      case Op::sub:
      case Op::exchange:
      case Op::compare_swap: return std::nullopt;
      case Op::min:
      case Op::max: return std::nullopt;
      case Op::compare_swap_float:
        if (type == Type::f16x2 || type == Type::bf16x2) return refuse("float compare works on one value");
        return std::nullopt;
      default: return refuse("integer-only operation");
    }
  }
  if (op == Op::compare_swap_float) return refuse("float compare needs a float type");
  if ((op == Op::inc_bounded || op == Op::dec_bounded) && is_signed(type))
    return refuse("the bounded increment and decrement are unsigned");
  if ((op == Op::sub_saturate || op == Op::sub_if_ge) && is_signed(type))
    return refuse("the saturating and conditional subtracts compare unsigned");
  return std::nullopt;
}

}  // namespace gpuatom::alu
