// AMD's float rules for memory atomics (docs/spec/amd-isa.md §4, §7), through the ALU: expected
// values come from the manuals' words written out here as small reference functions, from MPFR
// (gpuatom::test::mpfr_add_bits) or by hand — never from the code under test.
#include "gpuatom/amd/isa/float_rules.hpp"

#include <fmt/format.h>
#include <gtest/gtest.h>

#include <random>
#include <vector>

#include "gpuatom/alu/apply.hpp"
#include "numeric/mpfr_oracle.hpp"

using namespace gpuatom;
using amd::isa::AtomicUnit;
using amd::isa::Family;
using amd::isa::FloatRulesOptions;
using amd::isa::L2AddF32Reading;
using amd::isa::LdsDenormals;

namespace {

constexpr Family all_families[] = {Family::gfx90a,  Family::gfx94x, Family::gfx950,
                                   Family::gfx103x, Family::gfx11,  Family::gfx12};
constexpr AtomicUnit both_units[] = {AtomicUnit::lds, AtomicUnit::l2};

alu::Result run(Family family, AtomicUnit unit, alu::Op op, alu::Type type, uint64_t old, uint64_t value,
                uint64_t compare = 0, FloatRulesOptions options = {}) {
  return alu::apply(amd::isa::operation(family, unit, op, type, options), old, {value, compare});
}

FloatRulesOptions options(LdsDenormals lds, L2AddF32Reading reading) {
  FloatRulesOptions o;
  o.lds_denormals = lds;
  o.l2_add_f32 = reading;
  return o;
}

}  // namespace

// ---- inc / dec: the existing bounded ops are AMD's -------------------------------------------

// The manuals' inc: tmp >= data ? 0 : tmp + 1; dec: (tmp == 0 || tmp > data) ? data : tmp − 1.
TEST(AmdIncDec, BoundedOpsFollowTheManualsFormulas) {
  const auto inc = [](uint64_t tmp, uint64_t data, uint64_t mask) { return tmp >= data ? 0 : (tmp + 1) & mask; };
  const auto dec = [](uint64_t tmp, uint64_t data) { return (tmp == 0 || tmp > data) ? data : tmp - 1; };
  for (const alu::Type type : {alu::Type::u32, alu::Type::u64}) {
    const uint64_t mask = alu::width_mask(type);
    const uint64_t edges[] = {0, 1, 2, 9, 10, 11, mask / 2, mask / 2 + 1, mask - 1, mask};
    for (const uint64_t tmp : edges)
      for (const uint64_t data : edges) {
        const alu::Result i = run(Family::gfx94x, AtomicUnit::l2, alu::Op::inc_bounded, type, tmp, data);
        const alu::Result d = run(Family::gfx12, AtomicUnit::lds, alu::Op::dec_bounded, type, tmp, data);
        EXPECT_EQ(i.memory, inc(tmp, data, mask)) << alu::name(type) << " inc " << tmp << ", " << data;
        EXPECT_EQ(d.memory, dec(tmp, data)) << alu::name(type) << " dec " << tmp << ", " << data;
        EXPECT_EQ(i.returned, tmp);
        EXPECT_EQ(d.returned, tmp);
      }
  }
}

// ---- min / max: the NaN, zero and infinity table ---------------------------------------------

namespace {

// The manuals' min/max (docs/spec/amd-isa.md §4) written out: a signalling NaN becomes the quiet
// NaN of its source; max orders a quiet NaN below −inf, min above +inf; −0 < +0; of two equal
// keys (two NaNs, or equal values) memory's is kept (ASSUMPTION §7.5).
template <class F>
uint64_t manual_min_max(uint64_t old, uint64_t v, bool want_max) {
  const auto quiet = [](uint64_t x) { return numeric::is_nan<F>(x) ? x | F::quiet_bit : x; };
  old = quiet(old);
  v = quiet(v);
  // A key where larger means "wins": NaN loses to everything in both directions.
  const auto key = [&](uint64_t x) -> int64_t {
    if (numeric::is_nan<F>(x)) return INT64_MIN;
    const bool neg = numeric::sign_of<F>(x);
    const auto magnitude = static_cast<int64_t>(x & ~F::sign_bit);
    const int64_t ordered = neg ? -magnitude - 1 : magnitude;  // −0 → −1, below +0 → 0
    return want_max ? ordered : -ordered - 1;
  };
  return key(v) > key(old) ? v : old;
}

template <class F>
std::vector<uint64_t> min_max_values() {
  return {F::exp_mask | F::quiet_bit,                    // +QNaN
          F::sign_bit | F::exp_mask | F::quiet_bit | 7,  // −QNaN with a payload
          F::exp_mask | 5,                               // +SNaN
          F::sign_bit | F::exp_mask | 1,                 // −SNaN
          F::infinity,
          F::sign_bit | F::infinity,
          0,
          F::sign_bit,
          gpuatom::test::one_bits<F>,
          gpuatom::test::one_bits<F> | F::sign_bit,
          3,  // a subnormal
          3 | F::sign_bit};
}

template <class F>
void check_min_max(alu::Type type) {
  for (const Family family : all_families)
    for (const AtomicUnit unit : both_units)
      for (const uint64_t old : min_max_values<F>())
        for (const uint64_t v : min_max_values<F>()) {
          const uint64_t got_max = run(family, unit, alu::Op::max, type, old, v).memory;
          const uint64_t got_min = run(family, unit, alu::Op::min, type, old, v).memory;
          EXPECT_EQ(got_max, manual_min_max<F>(old, v, true))
              << fmt::format("{} {} max({:#x}, {:#x})", amd::isa::name(family), alu::name(type), old, v);
          EXPECT_EQ(got_min, manual_min_max<F>(old, v, false))
              << fmt::format("{} {} min({:#x}, {:#x})", amd::isa::name(family), alu::name(type), old, v);
        }
}

}  // namespace

TEST(AmdMinMax, EveryNaNZeroAndInfinityPairingInBothOrders) {
  check_min_max<numeric::Single>(alu::Type::f32);
  check_min_max<numeric::Double>(alu::Type::f64);
}

TEST(AmdMinMax, HandPickedRows) {
  using alu::Op;
  using alu::Type;
  const Family f = Family::gfx90a;
  EXPECT_EQ(run(f, AtomicUnit::l2, Op::max, Type::f32, 0x7fc00000, 0xff800000).memory,
            0xff800000u);  // max(QNaN, −inf) = −inf
  EXPECT_EQ(run(f, AtomicUnit::l2, Op::min, Type::f32, 0x7f800000, 0x7fc00000).memory,
            0x7f800000u);  // min(+inf, QNaN) = +inf
  EXPECT_EQ(run(f, AtomicUnit::l2, Op::max, Type::f32, 0x7f800001, 0x3f800000).memory, 0x3f800000u);  // SNaN loses too
  EXPECT_EQ(run(f, AtomicUnit::l2, Op::max, Type::f32, 0x7f800001, 0xffa00000).memory,
            0x7fc00001u);  // two NaNs: memory's, quiet
  EXPECT_EQ(run(f, AtomicUnit::l2, Op::min, Type::f32, 0x7fc00000, 0xff800002).memory, 0x7fc00000u);
  EXPECT_EQ(run(f, AtomicUnit::l2, Op::max, Type::f32, 0x80000000, 0x00000000).memory, 0x00000000u);  // −0 < +0
  EXPECT_EQ(run(f, AtomicUnit::l2, Op::min, Type::f32, 0x00000000, 0x80000000).memory, 0x80000000u);
  EXPECT_EQ(run(f, AtomicUnit::lds, Op::max, Type::f64, 0x7ff0000000000001, 0xfff0000000000000).memory,
            0xfff0000000000000u);
}

// LDS min/max under a flushing MODE compare flushed values but return a source unchanged.
TEST(AmdMinMax, LdsFlushIsForTheComparisonOnly) {
  using alu::Op;
  using alu::Type;
  const FloatRulesOptions flushed = options(LdsDenormals::flushed, L2AddF32Reading::manuals);
  // +subnormal ties +0: memory's bits are kept, subnormal as it was.
  EXPECT_EQ(run(Family::gfx94x, AtomicUnit::lds, Op::max, Type::f32, 3, 0, 0, flushed).memory, 3u);
  EXPECT_EQ(run(Family::gfx94x, AtomicUnit::lds, Op::min, Type::f32, 0, 3, 0, flushed).memory, 0u);
  // −subnormal compares as −0, below +0: min returns the −subnormal itself.
  EXPECT_EQ(run(Family::gfx94x, AtomicUnit::lds, Op::min, Type::f32, 0, 0x80000003, 0, flushed).memory, 0x80000003u);
  // Kept (the default MODE): the subnormal is above +0.
  EXPECT_EQ(run(Family::gfx94x, AtomicUnit::lds, Op::min, Type::f32, 3, 0).memory, 0u);
  EXPECT_EQ(run(Family::gfx94x, AtomicUnit::lds, Op::max, Type::f32, 0, 3).memory, 3u);
  // On the L2 MODE does not reach: no flush.
  EXPECT_EQ(run(Family::gfx11, AtomicUnit::l2, Op::max, Type::f32, 0, 3, 0, flushed).memory, 3u);
}

// ---- add: subnormal inputs per family, unit, MODE and reading --------------------------------

// The expected flush of add_f32's inputs, written out from docs/spec/amd-isa.md §7.1–§7.2: LDS
// follows MODE; L2 flushes under the manuals everywhere, under LLVM's reading only on gfx90a and
// gfx103x (no `memory-atomic-fadd-f32-denormal-support`).
bool expected_add_f32_flush(Family family, AtomicUnit unit, LdsDenormals mode, L2AddF32Reading reading) {
  if (unit == AtomicUnit::lds) return mode == LdsDenormals::flushed;
  if (reading == L2AddF32Reading::manuals) return true;
  return family == Family::gfx90a || family == Family::gfx103x;
}

TEST(AmdAdd, F32SubnormalInputsFlushedOrKeptPerTargetAndUnit) {
  int flushed_cases = 0, kept_cases = 0;
  for (const Family family : all_families)
    for (const AtomicUnit unit : both_units)
      for (const LdsDenormals mode : {LdsDenormals::kept, LdsDenormals::flushed})
        for (const L2AddF32Reading reading : {L2AddF32Reading::manuals, L2AddF32Reading::llvm}) {
          const bool flush = expected_add_f32_flush(family, unit, mode, reading);
          const FloatRulesOptions o = options(mode, reading);
          const auto what =
              fmt::format("{} {} mode {} reading {}", amd::isa::name(family), unit == AtomicUnit::lds ? "lds" : "l2",
                          static_cast<int>(mode), static_cast<int>(reading));
          EXPECT_EQ(amd::isa::flushes_inputs(family, unit, alu::Op::add, alu::Type::f32, o), flush) << what;
          // Two smallest subnormals: 2 × 2^−149 kept, 0 flushed.
          EXPECT_EQ(run(family, unit, alu::Op::add, alu::Type::f32, 1, 1, 0, o).memory, flush ? 0u : 2u) << what;
          // −subnormal + −subnormal: −0 when flushed.
          EXPECT_EQ(run(family, unit, alu::Op::add, alu::Type::f32, 0x80000001, 0x80000001, 0, o).memory,
                    flush ? 0x80000000u : 0x80000002u)
              << what;
          // The result is never flushed: (smallest normal + 1 ulp) − smallest normal is the smallest subnormal.
          EXPECT_EQ(run(family, unit, alu::Op::add, alu::Type::f32, 0x00800001, 0x80800000, 0, o).memory, 1u) << what;
          // The returned value is memory's bits as they were.
          EXPECT_EQ(run(family, unit, alu::Op::add, alu::Type::f32, 1, 1, 0, o).returned, 1u) << what;
          (flush ? flushed_cases : kept_cases)++;
        }
  EXPECT_GT(flushed_cases, 0);
  EXPECT_GT(kept_cases, 0);
}

TEST(AmdAdd, DefaultsAreTheManualsAndAKeepingMode) {
  // L2 add_f32 flushes by default (the manuals) on a target LLVM says keeps them.
  EXPECT_EQ(run(Family::gfx94x, AtomicUnit::l2, alu::Op::add, alu::Type::f32, 1, 1).memory, 0u);
  // LDS keeps them by default (MODE keeps denormals).
  EXPECT_EQ(run(Family::gfx94x, AtomicUnit::lds, alu::Op::add, alu::Type::f32, 1, 1).memory, 2u);
}

TEST(AmdAdd, F64NeverFlushes) {
  for (const Family family : all_families)
    for (const AtomicUnit unit : both_units)
      for (const LdsDenormals mode : {LdsDenormals::kept, LdsDenormals::flushed})
        for (const L2AddF32Reading reading : {L2AddF32Reading::manuals, L2AddF32Reading::llvm}) {
          const FloatRulesOptions o = options(mode, reading);
          EXPECT_EQ(run(family, unit, alu::Op::add, alu::Type::f64, 1, 1, 0, o).memory, 2u) << amd::isa::name(family);
          EXPECT_EQ(run(family, unit, alu::Op::min, alu::Type::f64, 1, 0, 0, o).memory, 0u);
          EXPECT_EQ(run(family, unit, alu::Op::max, alu::Type::f64, 1, 0, 0, o).memory, 1u);
          EXPECT_FALSE(amd::isa::flushes_inputs(family, unit, alu::Op::add, alu::Type::f64, o));
        }
}

TEST(AmdAdd, InfinityMinusInfinityAndNaNs) {
  using alu::Op;
  using alu::Type;
  for (const Family family : all_families)
    for (const AtomicUnit unit : both_units) {
      EXPECT_EQ(run(family, unit, Op::add, Type::f32, 0xff800000, 0x7f800000).memory, 0x7fc00000u);
      EXPECT_EQ(run(family, unit, Op::add, Type::f32, 0x7f800000, 0xff800000).memory, 0x7fc00000u);
      EXPECT_EQ(run(family, unit, Op::add, Type::f64, 0xfff0000000000000, 0x7ff0000000000000).memory,
                0x7ff8000000000000u);
      // A NaN input is made quiet and passed on; of two, memory's (ASSUMPTION §7.5).
      EXPECT_EQ(run(family, unit, Op::add, Type::f32, 0x3f800000, 0xff800123).memory, 0xffc00123u);
      EXPECT_EQ(run(family, unit, Op::add, Type::f32, 0x7f800001, 0xffc00002).memory, 0x7fc00001u);
      // −0 + +0 = +0; −0 + −0 = −0.
      EXPECT_EQ(run(family, unit, Op::add, Type::f32, 0x80000000, 0).memory, 0u);
      EXPECT_EQ(run(family, unit, Op::add, Type::f32, 0x80000000, 0x80000000).memory, 0x80000000u);
    }
  // RDNA3's other reading of −inf + inf, the switch.
  FloatRulesOptions negative;
  negative.default_nan = numeric::DefaultNan::negative_quiet;
  EXPECT_EQ(run(Family::gfx11, AtomicUnit::l2, Op::add, Type::f32, 0xff800000, 0x7f800000, 0, negative).memory,
            0xffc00000u);
}

// ---- packed adds -----------------------------------------------------------------------------

TEST(AmdPackedAdd, Bf16RoundsToNearestEvenPerLane) {
  // 1 + 2^−8 is half an ulp of bf16 above 1: ties to even, 1.0 (0x3f80); (1 + 2^−7) + 2^−8 ties
  // between 0x3f81 and 0x3f82: the even 0x3f82. Lane 1 holds the second case, lane 0 the first.
  EXPECT_EQ(run(Family::gfx94x, AtomicUnit::l2, alu::Op::add, alu::Type::bf16x2, 0x3f813f80, 0x3b803b80).memory,
            0x3f823f80u);
  // Random lanes against MPFR (IEEE round to nearest even, subnormals kept: L2 pk_add never flushes).
  std::mt19937_64 random(40);
  int checked = 0;
  for (int k = 0; k < 20000; ++k) {
    const uint64_t old = random() & 0xffffffff, v = random() & 0xffffffff;
    const uint64_t got = run(Family::gfx950, AtomicUnit::l2, alu::Op::add, alu::Type::bf16x2, old, v).memory;
    for (int lane = 0; lane < 2; ++lane) {
      const uint64_t a = (old >> (16 * lane)) & 0xffff, b = (v >> (16 * lane)) & 0xffff;
      const uint64_t lane_got = (got >> (16 * lane)) & 0xffff;
      if (numeric::is_nan<numeric::BFloat16>(a) || numeric::is_nan<numeric::BFloat16>(b)) continue;
      const uint64_t want = gpuatom::test::mpfr_add_bits<numeric::BFloat16>(a, b);
      if (numeric::is_nan<numeric::BFloat16>(want)) {
        EXPECT_EQ(lane_got, 0x7fc0u);
      } else {
        ASSERT_EQ(lane_got, want) << fmt::format("{:#x} + {:#x}", a, b);
      }
      ++checked;
    }
  }
  EXPECT_GT(checked, 30000);
}

TEST(AmdPackedAdd, NaNLanesAndSubnormals) {
  // Lane 0: a signalling NaN in memory is made quiet; lane 1 adds normally (1 + 1 = 2).
  EXPECT_EQ(run(Family::gfx12, AtomicUnit::l2, alu::Op::add, alu::Type::bf16x2, 0x3f807f81, 0x3f803f80).memory,
            0x40007fc1u);
  // Lane 1: −inf + +inf gives the quiet NaN; lane 0 is untouched by it.
  EXPECT_EQ(run(Family::gfx12, AtomicUnit::l2, alu::Op::add, alu::Type::bf16x2, 0xff803f80, 0x7f800000).memory,
            0x7fc03f80u);
  // f16x2: subnormal lanes kept on the L2 whatever MODE says; flushed on the LDS under a flushing MODE.
  const FloatRulesOptions flushed = options(LdsDenormals::flushed, L2AddF32Reading::manuals);
  EXPECT_EQ(
      run(Family::gfx90a, AtomicUnit::l2, alu::Op::add, alu::Type::f16x2, 0x00010001, 0x00010001, 0, flushed).memory,
      0x00020002u);
  EXPECT_EQ(
      run(Family::gfx90a, AtomicUnit::lds, alu::Op::add, alu::Type::f16x2, 0x00010001, 0x00010001, 0, flushed).memory,
      0u);
  EXPECT_EQ(run(Family::gfx90a, AtomicUnit::lds, alu::Op::add, alu::Type::f16x2, 0x00010001, 0x00010001).memory,
            0x00020002u);
}

// ---- float compare-and-swap ------------------------------------------------------------------

TEST(AmdCompareSwapF32, SignedZerosSwapAndNaNsNever) {
  using alu::Op;
  using alu::Type;
  for (const Family family : all_families)
    for (const AtomicUnit unit : both_units) {
      // Operands: value = what is stored, compare = the comparand.
      EXPECT_EQ(run(family, unit, Op::compare_swap_float, Type::f32, 0x00000000, 0x40000000, 0x80000000).memory,
                0x40000000u);  // +0 == −0
      EXPECT_EQ(run(family, unit, Op::compare_swap_float, Type::f32, 0x80000000, 0x40000000, 0x00000000).memory,
                0x40000000u);
      EXPECT_EQ(run(family, unit, Op::compare_swap_float, Type::f32, 0x7fc00000, 0x40000000, 0x7fc00000).memory,
                0x7fc00000u);  // a NaN never equals, not even its own bits
      EXPECT_EQ(run(family, unit, Op::compare_swap_float, Type::f32, 0x3f800000, 0x40000000, 0x7f800001).memory,
                0x3f800000u);
      EXPECT_EQ(run(family, unit, Op::compare_swap_float, Type::f32, 0x3f800000, 0x40000000, 0x3f800000).memory,
                0x40000000u);
      EXPECT_EQ(run(family, unit, Op::compare_swap_float, Type::f32, 0x3f800000, 0x40000000, 0x3f800001).returned,
                0x3f800000u);
    }
  // LDS under a flushing MODE: a subnormal equals zero, and the result written is flushed.
  const FloatRulesOptions flushed = options(LdsDenormals::flushed, L2AddF32Reading::manuals);
  EXPECT_EQ(run(Family::gfx94x, AtomicUnit::lds, Op::compare_swap_float, Type::f32, 0x00000005, 0x40000000, 0, flushed)
                .memory,
            0x40000000u);
  EXPECT_EQ(run(Family::gfx94x, AtomicUnit::lds, Op::compare_swap_float, Type::f32, 0x80000005, 0x3f800000, 0x3f800000,
                flushed)
                .memory,
            0x80000000u);  // not swapped: memory's subnormal is written back flushed
  // Kept (default MODE): the subnormal is not zero.
  EXPECT_EQ(run(Family::gfx94x, AtomicUnit::lds, Op::compare_swap_float, Type::f32, 0x00000005, 0x40000000, 0).memory,
            0x00000005u);
}

TEST(AmdFamily, NamesRoundTrip) {
  for (const Family family : all_families) EXPECT_EQ(amd::isa::family_named(amd::isa::name(family)), family);
  EXPECT_FALSE(amd::isa::family_named("gfx942"));  // a target, not a family
  EXPECT_FALSE(amd::isa::family_named(""));
}
