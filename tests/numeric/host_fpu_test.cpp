// numeric/ never reads the host FPU's state: with the host rounding upward, toward zero or
// downward, and with flush-to-zero / denormals-are-zero set, every add, min, max and equal gives
// the same bits as in the default mode. Each test first proves that the mode really changed
// (a host float operation gives a different answer), then restores the default mode.
#include <gtest/gtest.h>

#include <cfenv>
#include <cfloat>
#include <cmath>
#include <random>
#include <vector>

#if defined(__x86_64__) || defined(__i386__)
#include <xmmintrin.h>
#endif

#include "gpuatom/numeric/arithmetic.hpp"
#include "numeric/mpfr_oracle.hpp"

namespace {

using namespace gpuatom::numeric;
using gpuatom::test::random_close_pair;
using gpuatom::test::special_values;

// Flush-to-zero and denormals-are-zero of the host's vector unit, where we know how to set them.
#if defined(__x86_64__) || defined(__i386__)
constexpr bool kHaveFlushBits = true;
unsigned read_flush_state() { return _mm_getcsr(); }
void write_flush_state(unsigned s) { _mm_setcsr(s); }
void set_ftz_daz() { _mm_setcsr(_mm_getcsr() | 0x8000 /* FTZ */ | 0x0040 /* DAZ */); }
#elif defined(__aarch64__)
constexpr bool kHaveFlushBits = true;
unsigned read_flush_state() {
  uint64_t fpcr;
  asm volatile("mrs %0, fpcr" : "=r"(fpcr));
  return static_cast<unsigned>(fpcr);
}
void write_flush_state(unsigned s) { asm volatile("msr fpcr, %0" : : "r"(static_cast<uint64_t>(s))); }
void set_ftz_daz() { write_flush_state(read_flush_state() | (1u << 24) /* FZ: flush inputs and outputs */); }
#else
constexpr bool kHaveFlushBits = false;
unsigned read_flush_state() { return 0; }
void write_flush_state(unsigned) {}
void set_ftz_daz() {}
#endif

// Restores rounding mode and flush bits however the test leaves.
class HostModeGuard {
 public:
  HostModeGuard() : rounding_(std::fegetround()), flush_(read_flush_state()) {}
  ~HostModeGuard() {
    std::fesetround(rounding_);
    write_flush_state(flush_);
  }
  HostModeGuard(const HostModeGuard&) = delete;
  HostModeGuard& operator=(const HostModeGuard&) = delete;

 private:
  int rounding_;
  unsigned flush_;
};

// Host float operations through volatile, so the compiler cannot fold them at compile time.
float host_add(float x, float y) {
  volatile float a = x;
  volatile float b = y;
  return a + b;
}

// Every result of a batch of operations in all four formats, in one vector.
struct Batch {
  std::vector<uint64_t> a, b;
};

template <class F>
void fill(Batch& batch, uint64_t seed) {
  std::mt19937_64 rng(seed);
  for (int i = 0; i < 20'000; ++i) {
    const auto [a, b] = random_close_pair<F>(rng);
    batch.a.push_back(a);
    batch.b.push_back(b);
    batch.a.push_back(rng() & F::mask);
    batch.b.push_back(rng() & F::mask);
  }
  for (uint64_t a : special_values<F>()) {
    for (uint64_t b : special_values<F>()) {
      batch.a.push_back(a);
      batch.b.push_back(b);
    }
  }
}

template <class F>
void run(const Batch& batch, std::vector<uint64_t>& out) {
  const AddRules add_rules[] = {{}, {true, true, NanResult::propagate, DefaultNan::quiet}};
  const MinMaxRules mm_rules[] = {{}, {true, MinMaxNan::signaling_wins, DefaultNan::quiet}};
  for (size_t i = 0; i < batch.a.size(); ++i) {
    const uint64_t a = batch.a[i];
    const uint64_t b = batch.b[i];
    for (int k = 0; k < 2; ++k) {
      out.push_back(add<F>(a, b, add_rules[k]));
      out.push_back(min<F>(a, b, mm_rules[k]));
      out.push_back(max<F>(a, b, mm_rules[k]));
      out.push_back(equal<F>(a, b, k == 1));
    }
  }
}

class HostFpuIndependence : public ::testing::Test {
 protected:
  void SetUp() override {
    fill<Half>(half_, 16);
    fill<BFloat16>(bf16_, 17);
    fill<Single>(single_, 32);
    fill<Double>(double_, 64);
    default_results_ = results();
    ASSERT_GT(default_results_.size(), 1'000'000u);
  }

  std::vector<uint64_t> results() const {
    std::vector<uint64_t> out;
    run<Half>(half_, out);
    run<BFloat16>(bf16_, out);
    run<Single>(single_, out);
    run<Double>(double_, out);
    return out;
  }

  void expect_same_as_default() const {
    const std::vector<uint64_t> now = results();
    ASSERT_EQ(now.size(), default_results_.size());
    size_t differences = 0;
    for (size_t i = 0; i < now.size(); ++i) differences += now[i] != default_results_[i];
    EXPECT_EQ(differences, 0u);
  }

  Batch half_, bf16_, single_, double_;
  std::vector<uint64_t> default_results_;
};

TEST_F(HostFpuIndependence, RoundingUpward) {
  HostModeGuard guard;
  ASSERT_EQ(std::fesetround(FE_UPWARD), 0);
  ASSERT_GT(host_add(1.0f, 1e-30f), 1.0f) << "the host is not rounding upward";
  expect_same_as_default();
}

TEST_F(HostFpuIndependence, RoundingTowardZero) {
  HostModeGuard guard;
  ASSERT_EQ(std::fesetround(FE_TOWARDZERO), 0);
  ASSERT_LT(host_add(1.0f, -1e-30f), 1.0f) << "the host is not rounding toward zero";
  ASSERT_EQ(host_add(FLT_MAX, FLT_MAX), FLT_MAX) << "toward zero, overflow gives FLT_MAX";
  expect_same_as_default();
}

TEST_F(HostFpuIndependence, RoundingDownward) {
  HostModeGuard guard;
  ASSERT_EQ(std::fesetround(FE_DOWNWARD), 0);
  ASSERT_EQ(host_add(1.0f, -1.0f), -0.0f);
  ASSERT_TRUE(std::signbit(host_add(1.0f, -1.0f))) << "downward, x − x is −0";
  expect_same_as_default();
}

TEST_F(HostFpuIndependence, FlushToZeroAndDenormalsAreZero) {
  if (!kHaveFlushBits) GTEST_SKIP() << "no known way to set the host's flush bits on this architecture";
  HostModeGuard guard;
  set_ftz_daz();
  // 2^-149 + 2^-149 is 2^-148 normally; with flushing it is 0.
  ASSERT_EQ(host_add(FLT_TRUE_MIN, FLT_TRUE_MIN), 0.0f) << "the host is not flushing subnormals";
  expect_same_as_default();
}

TEST_F(HostFpuIndependence, UpwardWithFlushToZero) {
  if (!kHaveFlushBits) GTEST_SKIP() << "no known way to set the host's flush bits on this architecture";
  HostModeGuard guard;
  ASSERT_EQ(std::fesetround(FE_UPWARD), 0);
  set_ftz_daz();
  ASSERT_EQ(host_add(FLT_TRUE_MIN, FLT_TRUE_MIN), 0.0f);
  ASSERT_GT(host_add(1.0f, 1e-30f), 1.0f);
  expect_same_as_default();
}

TEST_F(HostFpuIndependence, GuardRestoresTheDefaultMode) {
  {
    HostModeGuard guard;
    std::fesetround(FE_UPWARD);
    set_ftz_daz();
  }
  EXPECT_EQ(std::fegetround(), FE_TONEAREST);
  EXPECT_EQ(host_add(1.0f, 1e-30f), 1.0f);
  EXPECT_GT(host_add(FLT_TRUE_MIN, FLT_TRUE_MIN), 0.0f);
}

}  // namespace
