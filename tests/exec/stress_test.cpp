// Acceptance stress runs: 2 host threads racing through the parallel mode. Release runs the full
// counts (2 × 10^7 atomics); the sanitizer builds run 1/10 of them: TSan is ~10× slower, and under
// ASan the other nine tenths repeat the same code on the same memory, where a memory error would
// already have shown (about 70 s of the AddressSanitizer stage's test time).
#include <gtest/gtest.h>

#include <bit>
#include <cstring>
#include <iostream>

#include "exec/test_support.hpp"
#include "gpuatom/exec/fold_check.hpp"
#include "gpuatom/exec/run.hpp"
#include "gpuatom/exec/serial_order.hpp"
#include "gpuatom/support/random.hpp"

namespace gpuatom::exec {
using support::SplitMix64;
namespace {

using gpuatom::testing::under_asan;
using testing::buffer_base;
using testing::under_tsan;

constexpr bool sanitized = under_tsan || under_asan;
constexpr unsigned host_threads = 2;
constexpr uint64_t total_atomics = sanitized ? 2'000'000 : 20'000'000;  // 2 threads × 10^7
constexpr uint32_t steps_per_lane = 20;
constexpr uint64_t lanes = total_atomics / steps_per_lane;

std::unique_ptr<memory::DeviceMemory> memory_of_words(uint64_t words) {
  return testing::memory_with_buffer(std::max<uint64_t>(words * 4, 16));
}

// Which word the k-th atomic (k = lane × steps + step) hits: consecutive atomics of a lane and of
// neighbouring lanes land on different words, so both threads touch every word all the time.
uint64_t word_of(uint64_t k, uint64_t words) { return (k * 0x9e3779b97f4a7c15ULL >> 20) % words; }

// Each thread took agents; a race needs both.
void expect_both_threads_worked(const RunResult& result) {
  ASSERT_EQ(result.thread_counters.size(), host_threads);
  for (const Counters& counters : result.thread_counters) EXPECT_GT(counters.operations, 0u);
  std::cout << "[ threads  ] operations per thread:";
  for (const Counters& counters : result.thread_counters) std::cout << ' ' << counters.operations;
  std::cout << '\n';
}

class U32AddStress : public ::testing::TestWithParam<uint64_t> {};

TEST_P(U32AddStress, ExactSums) {
  const uint64_t words = GetParam();
  auto memory = memory_of_words(words);
  const auto value_of = [](uint64_t k) { return 1 + k % 7; };
  const alu::Operation add{alu::Op::add, alu::Type::u32, {}};
  ScriptedLaunch launch(*memory, {lanes, 32},
                        Script::generated(lanes, steps_per_lane,
                                          [&](uint64_t lane, uint32_t s) {
                                            const uint64_t k = lane * steps_per_lane + s;
                                            return Step{buffer_base + 4 * word_of(k, words), add, {value_of(k), 0}};
                                          }),
                        {}, false);
  const RunResult result = run_parallel(launch.agents(), host_threads);
  EXPECT_EQ(result.counters, (Counters{total_atomics, 0, 0}));
  expect_both_threads_worked(result);

  std::vector<uint32_t> expected(words, 0);
  for (uint64_t k = 0; k < total_atomics; ++k) expected[word_of(k, words)] += static_cast<uint32_t>(value_of(k));
  uint64_t wrong = 0;
  for (uint64_t word = 0; word < words; ++word) {
    const uint64_t got = *memory->load(buffer_base + 4 * word, 4);
    if (got != expected[word] && wrong++ == 0)
      ADD_FAILURE() << "word " << word << ": " << got << " != " << expected[word];
  }
  EXPECT_EQ(wrong, 0u);
}

INSTANTIATE_TEST_SUITE_P(Words, U32AddStress, ::testing::Values(1, 256, 1 << 20));

// F32 add with FTZ on values whose sums are exact in every order: +1, +2, −1 and a subnormal
// (flushed to zero). Every partial sum is an integer of magnitude below 2^24, so every addition
// is exact and the final value is the integer sum, whatever the interleaving.
class F32FtzAddStress : public ::testing::TestWithParam<uint64_t> {};

TEST_P(F32FtzAddStress, ExactSums) {
  const uint64_t words = GetParam();
  auto memory = memory_of_words(words);
  alu::Operation add{alu::Op::add, alu::Type::f32, {}};
  add.floats.add.flush_inputs = true;
  add.floats.add.flush_result = true;
  constexpr uint32_t bits[4] = {0x3f800000, 0x40000000, 0xbf800000, 0x00000001};  // +1, +2, −1, subnormal
  constexpr int64_t integers[4] = {1, 2, -1, 0};
  const auto kind_of = [](uint64_t k) { return SplitMix64(k).next() % 4; };
  ScriptedLaunch launch(
      *memory, {lanes, 32},
      Script::generated(lanes, steps_per_lane,
                        [&](uint64_t lane, uint32_t s) {
                          const uint64_t k = lane * steps_per_lane + s;
                          return Step{buffer_base + 4 * word_of(k, words), add, {bits[kind_of(k)], 0}};
                        }),
      {}, false);
  const RunResult result = run_parallel(launch.agents(), host_threads);
  EXPECT_EQ(result.counters.operations, total_atomics);
  expect_both_threads_worked(result);

  // The precondition of exactness, checked rather than hoped for: per word, the positive and the
  // negative sums stay below 2^24.
  std::vector<int64_t> sum(words, 0), positive(words, 0), negative(words, 0);
  for (uint64_t k = 0; k < total_atomics; ++k) {
    const int64_t v = integers[kind_of(k)];
    sum[word_of(k, words)] += v;
    (v > 0 ? positive : negative)[word_of(k, words)] += v;
  }
  uint64_t wrong = 0;
  for (uint64_t word = 0; word < words; ++word) {
    ASSERT_LT(positive[word], 1 << 24);
    ASSERT_GT(negative[word], -(1 << 24));
    const auto expected = std::bit_cast<uint32_t>(static_cast<float>(sum[word]));  // exact: |sum| < 2^24
    const uint64_t got = *memory->load(buffer_base + 4 * word, 4);
    if (got != expected && wrong++ == 0)
      ADD_FAILURE() << "word " << word << ": 0x" << std::hex << got << " != 0x" << expected;
  }
  EXPECT_EQ(wrong, 0u);
}

INSTANTIATE_TEST_SUITE_P(Words, F32FtzAddStress, ::testing::Values(1, 256, 1 << 20));

// Exchanges of distinct values: per word, the returned values and the final value are a
// permutation of the initial value and the stored ones — and a serial order explains them.
TEST(ExchangeStress, ReturnedAndFinalArePermutationsOfStored) {
  constexpr uint64_t exchanges = sanitized ? 200'000 : 2'000'000;
  for (const uint64_t words : {uint64_t{1}, uint64_t{256}}) {
    SCOPED_TRACE(words);
    auto memory = memory_of_words(words);
    const alu::Operation exchange{alu::Op::exchange, alu::Type::u32, {}};
    ScriptedLaunch launch(*memory, {exchanges, 32}, Script::generated(exchanges, 1, [&](uint64_t lane, uint32_t) {
      return Step{buffer_base + 4 * (lane % words), exchange, {lane + 1, 0}};
    }));
    const RunResult result = run_parallel(launch.agents(), host_threads);
    ASSERT_EQ(result.counters.operations, exchanges);

    expect_both_threads_worked(result);

    std::vector<std::vector<uint64_t>> stored(words), returned(words);
    for (uint64_t lane = 0; lane < exchanges; ++lane) {
      stored[lane % words].push_back(lane + 1);
      returned[lane % words].push_back(*launch.returned(lane, 0));
    }
    for (uint64_t word = 0; word < words; ++word) {
      const uint64_t final_value = *memory->load(buffer_base + 4 * word, 4);
      const CheckResult permutation = check_permutation(0, stored[word], returned[word], final_value);
      ASSERT_TRUE(permutation) << "word " << word << ": " << permutation.explanation;
    }
    const auto histories = address_histories(launch, [](uint64_t) { return 0; });
    ASSERT_EQ(histories.size(), words);
    const CheckResult serial = check_serial_orders(histories);
    EXPECT_TRUE(serial) << serial.explanation;
  }
}

// 2^20 lanes (2^15 warps) each doing one bounded INC on one word: all bounds are equal, so the
// order does not matter and the final value is the sequential fold ((2^20) mod 1001 = 529).
TEST(IncBoundedStress, MillionLanesMatchTheSequentialFold) {
  constexpr uint64_t lane_count = 1 << 20;
  constexpr uint64_t bound = 1000;
  auto memory = memory_of_words(1);
  const alu::Operation inc{alu::Op::inc_bounded, alu::Type::u32, {}};
  ScriptedLaunch launch(*memory, {lane_count, 32}, Script::generated(lane_count, 1, [&](uint64_t, uint32_t) {
    return Step{buffer_base, inc, {bound, 0}};
  }));
  const RunResult result = run_parallel(launch.agents(), host_threads);
  EXPECT_EQ(result.counters.operations, lane_count);
  expect_both_threads_worked(result);
  const uint64_t final_value = *memory->load(buffer_base, 4);
  EXPECT_EQ(final_value, 529u);
  const CheckResult fold = check_fold(inc, 0, std::vector<uint64_t>(lane_count, bound), final_value);
  EXPECT_TRUE(fold) << fold.explanation;

  // The returned values too: each of 0..1000 came back ⌊2^20 / 1001⌋ or one more times, and a
  // serial order explains them all.
  AddressHistory history{buffer_base, 0, {}, final_value};
  std::vector<uint64_t> times(bound + 1, 0);
  for (uint64_t lane = 0; lane < lane_count; ++lane) {
    const uint64_t value = *launch.returned(lane, 0);
    ASSERT_LE(value, bound);
    ++times[value];
    history.atomics.push_back({inc, {bound, 0}, value, std::nullopt});
  }
  for (uint64_t value = 0; value <= bound; ++value) EXPECT_EQ(times[value], value < 529 ? 1048u : 1047u) << value;
  const SerialOrderResult serial = check_serial_order(history);
  EXPECT_EQ(serial.verdict, Verdict::explained) << serial.explanation;
}

}  // namespace
}  // namespace gpuatom::exec
