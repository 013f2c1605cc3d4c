// Known answers for the integer ops, written from the formulas of docs/spec/nvidia.md §3,
// docs/spec/intel.md §3.1 and docs/spec/amd.md §7.1 — not produced by the code.
#include <gtest/gtest.h>

#include <cstdint>

#include "alu/test_support.hpp"
#include "gpuatom/alu/apply.hpp"

using namespace gpuatom::alu;
using gpuatom::alu::testing::run;

// NVIDIA INC / HIP atomicInc: (M >= b) ? 0 : M + 1.
TEST(BoundedIncrement, EveryBoundary) {
  const uint64_t b = 10;
  EXPECT_EQ(run(Op::inc_bounded, Type::u32, 0, b).memory, 1u);
  EXPECT_EQ(run(Op::inc_bounded, Type::u32, b - 1, b).memory, b);
  EXPECT_EQ(run(Op::inc_bounded, Type::u32, b, b).memory, 0u);      // reaches the bound: wraps to 0
  EXPECT_EQ(run(Op::inc_bounded, Type::u32, b + 1, b).memory, 0u);  // above the bound: resets to 0
  EXPECT_EQ(run(Op::inc_bounded, Type::u32, 0xffffffff, b).memory, 0u);
  // Bound 0xffffffff: M + 1 never exceeds it except at the top, where M >= b gives 0.
  EXPECT_EQ(run(Op::inc_bounded, Type::u32, 0xfffffffe, 0xffffffff).memory, 0xffffffffu);
  EXPECT_EQ(run(Op::inc_bounded, Type::u32, 0xffffffff, 0xffffffff).memory, 0u);
  // Bound 0: every value resets to 0.
  EXPECT_EQ(run(Op::inc_bounded, Type::u32, 0, 0).memory, 0u);
  EXPECT_EQ(run(Op::inc_bounded, Type::u32, 5, 0).memory, 0u);
  // Comparison is unsigned: 0x80000000 is above a bound of 10.
  EXPECT_EQ(run(Op::inc_bounded, Type::u32, 0x80000000, b).memory, 0u);
  EXPECT_EQ(run(Op::inc_bounded, Type::u32, 3, b).returned, 3u);
}

// NVIDIA DEC / HIP atomicDec: (M == 0 || M > b) ? b : M − 1.
TEST(BoundedDecrement, EveryBoundary) {
  const uint64_t b = 10;
  EXPECT_EQ(run(Op::dec_bounded, Type::u32, 0, b).memory, b);  // 0 reloads the bound
  EXPECT_EQ(run(Op::dec_bounded, Type::u32, 1, b).memory, 0u);
  EXPECT_EQ(run(Op::dec_bounded, Type::u32, b - 1, b).memory, b - 2);
  EXPECT_EQ(run(Op::dec_bounded, Type::u32, b, b).memory, b - 1);
  EXPECT_EQ(run(Op::dec_bounded, Type::u32, b + 1, b).memory, b);  // above the bound reloads it
  EXPECT_EQ(run(Op::dec_bounded, Type::u32, 0xffffffff, b).memory, b);
  EXPECT_EQ(run(Op::dec_bounded, Type::u32, 0, 0).memory, 0u);
  EXPECT_EQ(run(Op::dec_bounded, Type::u32, 0xffffffff, 0xffffffff).memory, 0xfffffffeu);
  EXPECT_EQ(run(Op::dec_bounded, Type::u32, 0, 0xffffffff).memory, 0xffffffffu);
  EXPECT_EQ(run(Op::dec_bounded, Type::u32, 7, b).returned, 7u);
}

// Intel inc/dec: unconditional ±1 with wrap, at every width.
TEST(WrappingIncDec, WrapAtEveryWidth) {
  EXPECT_EQ(run(Op::inc_wrap, Type::u32, 0xffffffff, 0).memory, 0u);
  EXPECT_EQ(run(Op::dec_wrap, Type::u32, 0, 0).memory, 0xffffffffu);
  EXPECT_EQ(run(Op::inc_wrap, Type::u16, 0xffff, 0).memory, 0u);
  EXPECT_EQ(run(Op::dec_wrap, Type::u16, 0, 0).memory, 0xffffu);
  EXPECT_EQ(run(Op::inc_wrap, Type::u64, ~0ULL, 0).memory, 0u);
  EXPECT_EQ(run(Op::dec_wrap, Type::u64, 0, 0).memory, ~0ULL);
  EXPECT_EQ(run(Op::inc_wrap, Type::u32, 41, 0).returned, 41u);
}

// Intel predec: memory gets old − 1 and the lane gets the new value.
TEST(Predecrement, ReturnsTheNewValue) {
  const Result r = run(Op::predec, Type::u32, 5, 0);
  EXPECT_EQ(r.memory, 4u);
  EXPECT_EQ(r.returned, 4u);
  const Result wrap = run(Op::predec, Type::u16, 0, 0);
  EXPECT_EQ(wrap.memory, 0xffffu);
  EXPECT_EQ(wrap.returned, 0xffffu);  // zero-extended into the dword: upper 16 bits clear
}

TEST(MinMax, SignedAndUnsignedExtremes) {
  // 32-bit: 0x80000000 is INT32_MIN signed but 2^31 unsigned.
  EXPECT_EQ(run(Op::min, Type::s32, 0x80000000, 0x7fffffff).memory, 0x80000000u);
  EXPECT_EQ(run(Op::min, Type::u32, 0x80000000, 0x7fffffff).memory, 0x7fffffffu);
  EXPECT_EQ(run(Op::max, Type::s32, 0xffffffff, 0).memory, 0u);  // −1 < 0
  EXPECT_EQ(run(Op::max, Type::u32, 0xffffffff, 0).memory, 0xffffffffu);
  // 64-bit extremes.
  EXPECT_EQ(run(Op::min, Type::s64, 0x8000000000000000, 0x7fffffffffffffff).memory, 0x8000000000000000u);
  EXPECT_EQ(run(Op::max, Type::s64, 0x8000000000000000, 0x7fffffffffffffff).memory, 0x7fffffffffffffffu);
  EXPECT_EQ(run(Op::min, Type::u64, 0x8000000000000000, 1).memory, 1u);
  EXPECT_EQ(run(Op::max, Type::u64, 0xffffffffffffffff, 0).memory, 0xffffffffffffffffu);
  // 16-bit signed compares as int16, result stays in 16 bits (zero-extended, not sign-extended).
  const Result s16 = run(Op::min, Type::s16, 0x0002, 0x8000);
  EXPECT_EQ(s16.memory, 0x8000u);
  EXPECT_EQ(s16.returned, 0x0002u);
  EXPECT_EQ(run(Op::max, Type::u16, 0x8000, 0x0002).memory, 0x8000u);
  // Operand bits above the width are ignored.
  EXPECT_EQ(run(Op::min, Type::s32, 5, 0xffffffff00000003).memory, 3u);
}

TEST(Arithmetic, WrapsModuloTheWidth) {
  EXPECT_EQ(run(Op::add, Type::u32, 0xffffffff, 2).memory, 1u);
  EXPECT_EQ(run(Op::add, Type::s32, 0x7fffffff, 1).memory, 0x80000000u);  // U32 and S32 are the same bits
  EXPECT_EQ(run(Op::add, Type::u64, ~0ULL, 1).memory, 0u);
  EXPECT_EQ(run(Op::add, Type::u16, 0xffff, 0x0002).memory, 1u);
  EXPECT_EQ(run(Op::sub, Type::u32, 0, 1).memory, 0xffffffffu);
  EXPECT_EQ(run(Op::sub, Type::u64, 5, 7).memory, ~0ULL - 1);
  EXPECT_EQ(run(Op::add, Type::u32, 10, 5).returned, 10u);
}

TEST(Bitwise, AndOrXorExchange) {
  EXPECT_EQ(run(Op::bit_and, Type::u32, 0xf0f0, 0xff00).memory, 0xf000u);
  EXPECT_EQ(run(Op::bit_or, Type::u32, 0xf0f0, 0xff00).memory, 0xfff0u);
  EXPECT_EQ(run(Op::bit_xor, Type::u32, 0xf0f0, 0xff00).memory, 0x0ff0u);
  EXPECT_EQ(run(Op::bit_xor, Type::u64, 0xffffffff00000000, ~0ULL).memory, 0x00000000ffffffffu);
  const Result x = run(Op::exchange, Type::u64, 0x1111, 0x2222);
  EXPECT_EQ(x.memory, 0x2222u);
  EXPECT_EQ(x.returned, 0x1111u);
}

TEST(CompareAndSwap, ComparesAllBitsAndReturnsOld) {
  Result r = run(Op::compare_swap, Type::u32, 7, /*value=*/1, /*compare=*/7);
  EXPECT_EQ(r.memory, 1u);
  EXPECT_EQ(r.returned, 7u);
  r = run(Op::compare_swap, Type::u32, 7, 1, 6);
  EXPECT_EQ(r.memory, 7u);
  EXPECT_EQ(r.returned, 7u);
  // 64-bit: a difference only in the high word fails.
  r = run(Op::compare_swap, Type::u64, 0x100000005, 9, 5);
  EXPECT_EQ(r.memory, 0x100000005u);
  // Bitwise on float types too: +0 and −0 differ.
  r = run(Op::compare_swap, Type::f32, 0x80000000, 0x3f800000, 0x00000000);
  EXPECT_EQ(r.memory, 0x80000000u);
}

TEST(CompareStoreFlag, ReturnsOneWhenStored) {
  Result r = run(Op::compare_store_flag, Type::u32, 4, 8, 4);
  EXPECT_EQ(r.memory, 8u);
  EXPECT_EQ(r.returned, 1u);
  r = run(Op::compare_store_flag, Type::u32, 4, 8, 5);
  EXPECT_EQ(r.memory, 4u);
  EXPECT_EQ(r.returned, 0u);
}

TEST(CompareAndSwap128, ExchangesBothWords) {
  const Bits128 old{1, 2}, value{3, 4};
  Result128 r = apply128(Op::compare_swap, old, value, Bits128{1, 2});
  EXPECT_EQ(r.memory, value);
  EXPECT_EQ(r.returned, old);
  r = apply128(Op::compare_swap, old, value, Bits128{1, 3});  // high word differs
  EXPECT_EQ(r.memory, old);
  r = apply128(Op::exchange, old, value, {});
  EXPECT_EQ(r.memory, value);
  EXPECT_EQ(r.returned, old);
}

TEST(Unsupported, NamesTheReason) {
  EXPECT_FALSE(unsupported(Op::add, Type::u32));
  EXPECT_TRUE(unsupported(Op::inc_bounded, Type::f32));
  EXPECT_TRUE(unsupported(Op::inc_bounded, Type::s32));
  EXPECT_TRUE(unsupported(Op::add, Type::u128));
  EXPECT_FALSE(unsupported(Op::compare_swap, Type::u128));
  EXPECT_TRUE(unsupported(Op::compare_swap_float, Type::u32));
  ASSERT_TRUE(unsupported(Op::bit_and, Type::f64));
  EXPECT_NE(unsupported(Op::bit_and, Type::f64)->find("integer-only"), std::string::npos);
}

// commuting_class (what the exhaustive mode treats as independent when no lane reads the old
// value): every pair of operations in one class leaves the same memory in either order, on
// random values and the boundaries; floats, bounded inc/dec, exchange and compares have none.
TEST(CommutingClass, OperationsOfOneClassCommuteOnTheValue) {
  const Op ops[] = {Op::add,      Op::sub,          Op::min,          Op::max,       Op::inc_bounded, Op::dec_bounded,
                    Op::inc_wrap, Op::dec_wrap,     Op::predec,       Op::bit_and,   Op::bit_or,      Op::bit_xor,
                    Op::exchange, Op::compare_swap, Op::sub_saturate, Op::sub_if_ge, Op::reverse_sub, Op::mask_or};
  const Type types[] = {Type::u16, Type::s16, Type::u32, Type::s32, Type::u64, Type::s64};
  uint64_t state = 0x9e3779b97f4a7c15ULL;
  const auto next = [&] {
    state = state * 6364136223846793005ULL + 1442695040888963407ULL;
    return (state >> 17) ^ (state << 23);
  };
  int pairs = 0;
  for (const Type ta : types)
    for (const Type tb : types)
      for (const Op a : ops)
        for (const Op b : ops) {
          const uint16_t ca = commuting_class(a, ta), cb = commuting_class(b, tb);
          if (ca == 0 || ca != cb) continue;
          ++pairs;
          for (int k = 0; k < 200; ++k) {
            const uint64_t old = k < 3 ? static_cast<uint64_t>(k) * 0x7fffffffffffffffULL : next();
            const uint64_t va = next(), vb = k == 4 ? ~uint64_t{0} : next();
            const Operation oa{a, ta, {}}, ob{b, tb, {}};
            const uint64_t ma = next(), mb = next();  // mask_or's masks (no class, so unused here)
            const uint64_t ab = apply(ob, apply(oa, old, {va, ma}).memory, {vb, mb}).memory;
            const uint64_t ba = apply(oa, apply(ob, old, {vb, mb}).memory, {va, ma}).memory;
            ASSERT_EQ(ab & width_mask(ta), ba & width_mask(ta))
                << name(a) << "." << name(ta) << " then " << name(b) << "." << name(tb) << " on " << old;
          }
        }
  EXPECT_GT(pairs, 40);
  for (const Type t : {Type::f16, Type::bf16, Type::f32, Type::f64, Type::f16x2, Type::bf16x2, Type::u128})
    for (const Op op : ops) EXPECT_EQ(commuting_class(op, t), 0) << name(op) << "." << name(t);
  for (const Op op : {Op::inc_bounded, Op::dec_bounded, Op::predec, Op::exchange, Op::compare_swap, Op::sub_if_ge,
                      Op::reverse_sub, Op::mask_or})
    EXPECT_EQ(commuting_class(op, Type::u32), 0) << name(op);
  // Two saturating subtracts leave max(old − a − b, 0) in either order; no other op shares their class.
  EXPECT_NE(commuting_class(Op::sub_saturate, Type::u32), 0);
  for (const Op op : ops) {
    if (op == Op::sub_saturate) continue;
    EXPECT_NE(commuting_class(op, Type::u32), commuting_class(Op::sub_saturate, Type::u32)) << name(op);
  }
  EXPECT_NE(commuting_class(Op::min, Type::u32), commuting_class(Op::min, Type::s32));  // the orders differ
  EXPECT_EQ(commuting_class(Op::add, Type::u32), commuting_class(Op::sub, Type::s32));  // both add mod 2^32
}
