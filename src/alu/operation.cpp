#include "gpuatom/alu/operation.hpp"

#include <array>

namespace gpuatom::alu {

std::string_view name(Op op) {
  static constexpr std::array<std::string_view, op_count> names = {"add",
                                                                   "sub",
                                                                   "min",
                                                                   "max",
                                                                   "inc_bounded",
                                                                   "dec_bounded",
                                                                   "inc_wrap",
                                                                   "dec_wrap",
                                                                   "predec",
                                                                   "and",
                                                                   "or",
                                                                   "xor",
                                                                   "exchange",
                                                                   "compare_swap",
                                                                   "compare_swap_float",
                                                                   "compare_store_flag",
                                                                   "sub_saturate",
                                                                   "sub_if_ge",
                                                                   "reverse_sub",
                                                                   "mask_or"};
  return names[static_cast<int>(op)];
}

std::string_view name(Type type) {
  static constexpr std::array<std::string_view, type_count> names = {
      "u16", "s16", "u32", "s32", "u64", "s64", "u128", "f16", "bf16", "f32", "f64", "f16x2", "bf16x2"};
  return names[static_cast<int>(type)];
}

}  // namespace gpuatom::alu
