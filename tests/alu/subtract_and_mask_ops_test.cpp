// Known answers for sub_saturate, sub_if_ge, reverse_sub and mask_or on their edge values, written
// from the formulas in operation.hpp (AMD's sub_clamp, cond_sub, DS rsub and DS mskor:
// docs/spec/amd-isa.md §7.6) — not produced by the code.
#include <gtest/gtest.h>

#include <cstdint>

#include "alu/test_support.hpp"
#include "gpuatom/alu/apply.hpp"

using namespace gpuatom::alu;
using gpuatom::alu::testing::run;

// (old >= v) ? old − v : 0, unsigned.
TEST(SubSaturate, ClampsAtZero) {
  EXPECT_EQ(run(Op::sub_saturate, Type::u32, 10, 3).memory, 7u);
  EXPECT_EQ(run(Op::sub_saturate, Type::u32, 10, 10).memory, 0u);  // equal: exactly zero
  EXPECT_EQ(run(Op::sub_saturate, Type::u32, 10, 11).memory, 0u);  // would go below: clamps
  EXPECT_EQ(run(Op::sub_saturate, Type::u32, 0, 0xffffffff).memory, 0u);
  EXPECT_EQ(run(Op::sub_saturate, Type::u32, 0xffffffff, 1).memory, 0xfffffffeu);
  EXPECT_EQ(run(Op::sub_saturate, Type::u32, 0x80000000, 0x7fffffff).memory, 1u);  // unsigned, not signed
  EXPECT_EQ(run(Op::sub_saturate, Type::u32, 3, 0).memory, 3u);
  EXPECT_EQ(run(Op::sub_saturate, Type::u64, 0x100000000, 0x100000001).memory, 0u);
  EXPECT_EQ(run(Op::sub_saturate, Type::u64, 0x100000000, 1).memory, 0xffffffffu);
  const Result r = run(Op::sub_saturate, Type::u32, 5, 9);
  EXPECT_EQ(r.returned, 5u);  // the old value comes back
  // Bits above the type are ignored: 0x1'00000005 is 5 as a u32.
  EXPECT_EQ(run(Op::sub_saturate, Type::u32, 0x100000005, 2).memory, 3u);
}

// (old >= v) ? old − v : old, unsigned.
TEST(SubIfGe, SubtractsOnlyWhatIsThere) {
  EXPECT_EQ(run(Op::sub_if_ge, Type::u32, 10, 3).memory, 7u);
  EXPECT_EQ(run(Op::sub_if_ge, Type::u32, 10, 10).memory, 0u);
  EXPECT_EQ(run(Op::sub_if_ge, Type::u32, 10, 11).memory, 10u);  // not enough: unchanged
  EXPECT_EQ(run(Op::sub_if_ge, Type::u32, 0, 1).memory, 0u);
  EXPECT_EQ(run(Op::sub_if_ge, Type::u32, 0x80000000, 0x7fffffff).memory, 1u);
  EXPECT_EQ(run(Op::sub_if_ge, Type::u32, 0x7fffffff, 0x80000000).memory, 0x7fffffffu);
  EXPECT_EQ(run(Op::sub_if_ge, Type::u32, 0xffffffff, 0xffffffff).memory, 0u);
  EXPECT_EQ(run(Op::sub_if_ge, Type::u64, 0xffffffffffffffff, 0xfffffffffffffffe).memory, 1u);
  EXPECT_EQ(run(Op::sub_if_ge, Type::u32, 4, 9).returned, 4u);
}

// v − old, wrapping.
TEST(ReverseSub, SubtractsMemoryFromTheOperand) {
  EXPECT_EQ(run(Op::reverse_sub, Type::u32, 3, 10).memory, 7u);
  EXPECT_EQ(run(Op::reverse_sub, Type::u32, 10, 3).memory, 0xfffffff9u);  // wraps
  EXPECT_EQ(run(Op::reverse_sub, Type::u32, 0, 0).memory, 0u);
  EXPECT_EQ(run(Op::reverse_sub, Type::u32, 1, 0).memory, 0xffffffffu);
  EXPECT_EQ(run(Op::reverse_sub, Type::s32, 0x80000000, 0).memory, 0x80000000u);  // −INT_MIN wraps to itself
  EXPECT_EQ(run(Op::reverse_sub, Type::u64, 1, 0).memory, 0xffffffffffffffffu);
  EXPECT_EQ(run(Op::reverse_sub, Type::u16, 1, 0).memory, 0xffffu);
  EXPECT_EQ(run(Op::reverse_sub, Type::u32, 6, 2).returned, 6u);
}

// (old & ~mask) | v, the mask in `compare`.
TEST(MaskOr, ReplacesMaskedBitsAndSetsTheValue) {
  EXPECT_EQ(run(Op::mask_or, Type::u32, 0xffff0000, 0x00000012, 0x00ff0000).memory, 0xff000012u);
  EXPECT_EQ(run(Op::mask_or, Type::u32, 0x12345678, 0, 0).memory, 0x12345678u);  // no mask, no bits: unchanged
  EXPECT_EQ(run(Op::mask_or, Type::u32, 0x12345678, 0xabcd, 0xffffffff).memory, 0xabcdu);  // full mask: the value
  EXPECT_EQ(run(Op::mask_or, Type::u32, 0x0000000f, 0x000000f0, 0).memory,
            0x000000ffu);  // value bits outside the mask are still set
  EXPECT_EQ(run(Op::mask_or, Type::u64, 0xffffffffffffffff, 1, 0x8000000000000001).memory, 0x7fffffffffffffffu);
  EXPECT_EQ(run(Op::mask_or, Type::u32, 0x5, 0, 0xffffffff00000000).memory, 0x5u);  // mask bits above the type ignored
  EXPECT_EQ(run(Op::mask_or, Type::u32, 0xaa, 1, 0xff).returned, 0xaau);
}

TEST(SubtractAndMaskOps, Support) {
  for (const Op op : {Op::sub_saturate, Op::sub_if_ge}) {
    EXPECT_FALSE(unsupported(op, Type::u32)) << name(op);
    EXPECT_FALSE(unsupported(op, Type::u64)) << name(op);
    EXPECT_TRUE(unsupported(op, Type::s32)) << name(op);  // the comparison is unsigned
    EXPECT_TRUE(unsupported(op, Type::f32)) << name(op);
    EXPECT_TRUE(unsupported(op, Type::u128)) << name(op);
  }
  for (const Op op : {Op::reverse_sub, Op::mask_or}) {
    EXPECT_FALSE(unsupported(op, Type::u32)) << name(op);
    EXPECT_FALSE(unsupported(op, Type::s64)) << name(op);
    EXPECT_TRUE(unsupported(op, Type::f32)) << name(op);
    EXPECT_TRUE(unsupported(op, Type::u128)) << name(op);
  }
  EXPECT_EQ(name(Op::sub_saturate), "sub_saturate");
  EXPECT_EQ(name(Op::mask_or), "mask_or");
  EXPECT_EQ(name(static_cast<Op>(op_count - 1)), "mask_or");  // op_count covers the last op
  for (const Op op : {Op::sub_saturate, Op::sub_if_ge, Op::reverse_sub, Op::mask_or})
    EXPECT_EQ(returns(op), Returns::old_value) << name(op);
}
