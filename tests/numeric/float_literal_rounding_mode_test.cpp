// Float literals never read the host FPU's rounding mode: a program that embeds gpuatom and calls
// fesetround gets the same bits as in the default mode, which MPFR says are the correctly rounded
// ones. Before issue 31, strtod under FE_DOWNWARD gave f32(0.1) = 0x3dcccccc, one ulp low.
#include <gtest/gtest.h>

#include <cfenv>
#include <string>
#include <vector>

#include "numeric/float_literal_oracle.hpp"

namespace {

using namespace gpuatom::numeric;
using gpuatom::support::SplitMix64;
using gpuatom::test::mpfr_literal_bits;
using gpuatom::test::our_literal_bits;

// Restores the rounding mode however the test leaves.
class RoundingModeGuard {
 public:
  RoundingModeGuard() : saved_(std::fegetround()) {}
  ~RoundingModeGuard() { std::fesetround(saved_); }
  RoundingModeGuard(const RoundingModeGuard&) = delete;
  RoundingModeGuard& operator=(const RoundingModeGuard&) = delete;

 private:
  int saved_;
};

// A host addition through volatile, so the compiler cannot fold it at compile time.
double host_add_double(double x, double y) {
  volatile double a = x;
  volatile double b = y;
  return a + b;
}

// Proof that the host really rounds in `mode`: ±1 plus a tiny amount tells all four apart.
bool host_rounds(int mode) {
  const bool up = host_add_double(1.0, 1e-30) > 1.0;
  const bool down = host_add_double(-1.0, -1e-30) < -1.0;
  const bool toward_zero = host_add_double(1.0, -1e-30) < 1.0 && !down;
  switch (mode) {
    case FE_UPWARD: return up && !down;
    case FE_DOWNWARD: return down && !up;
    case FE_TOWARDZERO: return toward_zero && !up;
    default: break;
  }
  return !up && !down && !toward_zero;
}

struct Literal {
  FormatId format;
  std::string text;
};

// Literals that a host conversion would round differently in each mode: inexact decimals, ties,
// near-ties, values past the range, in every format.
std::vector<Literal> literals() {
  std::vector<Literal> out;
  SplitMix64 rng(31);
  for (int i = 0; i < 500; ++i) {
    out.push_back({FormatId::f16, gpuatom::test::random_decimal<Half>(rng)});
    out.push_back({FormatId::bf16, gpuatom::test::random_decimal<BFloat16>(rng)});
    out.push_back({FormatId::f32, gpuatom::test::random_decimal<Single>(rng)});
    out.push_back({FormatId::f64, gpuatom::test::random_decimal<Double>(rng)});
  }
  for (const char* text : {"0.1", "-0.1", "1.0004882812500001", "1e400", "-1e-400", "3.4028235677973366e38",
                           "0x1.fffffffffffff8p1023", "0x1.0000000000000800001p0"})
    for (FormatId f : {FormatId::f16, FormatId::bf16, FormatId::f32, FormatId::f64}) out.push_back({f, text});
  return out;
}

uint64_t our_bits(const Literal& l) {
  switch (l.format) {
    case FormatId::f16: return our_literal_bits<Half>(l.text);
    case FormatId::bf16: return our_literal_bits<BFloat16>(l.text);
    case FormatId::f32: return our_literal_bits<Single>(l.text);
    case FormatId::f64: break;
  }
  return our_literal_bits<Double>(l.text);
}

uint64_t mpfr_bits(const Literal& l) {
  switch (l.format) {
    case FormatId::f16: return mpfr_literal_bits<Half>(l.text);
    case FormatId::bf16: return mpfr_literal_bits<BFloat16>(l.text);
    case FormatId::f32: return mpfr_literal_bits<Single>(l.text);
    case FormatId::f64: break;
  }
  return mpfr_literal_bits<Double>(l.text);
}

TEST(FloatLiteralRoundingMode, EveryModeGivesTheCorrectlyRoundedBits) {
  const std::vector<Literal> all = literals();
  std::vector<uint64_t> expected;
  for (const Literal& l : all) expected.push_back(mpfr_bits(l));

  struct Mode {
    int mode;
    const char* name;
  };
  for (const Mode m : {Mode{FE_TONEAREST, "FE_TONEAREST"}, Mode{FE_UPWARD, "FE_UPWARD"},
                       Mode{FE_DOWNWARD, "FE_DOWNWARD"}, Mode{FE_TOWARDZERO, "FE_TOWARDZERO"}}) {
    SCOPED_TRACE(m.name);
    RoundingModeGuard guard;
    ASSERT_EQ(std::fesetround(m.mode), 0);
    ASSERT_TRUE(host_rounds(m.mode)) << "the host is not rounding in this mode";
    size_t differences = 0;
    for (size_t i = 0; i < all.size(); ++i) {
      const uint64_t bits = our_bits(all[i]);
      if (bits != expected[i] && ++differences <= 5)
        ADD_FAILURE() << name(all[i].format) << "(" << all[i].text << "): 0x" << std::hex << bits << ", MPFR 0x"
                      << expected[i];
    }
    EXPECT_EQ(differences, 0u);
  }
  EXPECT_EQ(std::fegetround(), FE_TONEAREST) << "the guard restores the mode";
}

}  // namespace
