// check_serial_order: explained, unexplainable and undecided, and a cross-check against trying
// every permutation on random small histories.
#include "gpuatom/exec/serial_order.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <numeric>

#include "exec/test_support.hpp"
#include "gpuatom/alu/apply.hpp"
#include "gpuatom/support/random.hpp"

namespace gpuatom::exec {
using support::SplitMix64;
namespace {

using testing::u32;

ObservedAtomic atomic(alu::Op op, uint64_t value, std::optional<uint64_t> returned, uint64_t compare = 0) {
  return {u32(op), {value, compare}, returned, std::nullopt};
}

TEST(SerialOrder, FindsTheOrderOfAnAddChain) {
  // adds of 1, 2, 4 returned 6, 0, 2: the order is the second, third, first.
  const AddressHistory history{
      0x40, 0, {atomic(alu::Op::add, 1, 6), atomic(alu::Op::add, 2, 0), atomic(alu::Op::add, 4, 2)}, 7};
  const SerialOrderResult result = check_serial_order(history);
  ASSERT_EQ(result.verdict, Verdict::explained) << result.explanation;
  EXPECT_EQ(result.order, (std::vector<std::size_t>{1, 2, 0}));
}

TEST(SerialOrder, RejectsImpossibleReturnedValues) {
  // Two adds of 1 from 0 return 0 and 1 in some order; both returning 0 is impossible.
  const AddressHistory twice_zero{0x40, 0, {atomic(alu::Op::add, 1, 0), atomic(alu::Op::add, 1, 0)}, 2};
  const SerialOrderResult result = check_serial_order(twice_zero);
  EXPECT_EQ(result.verdict, Verdict::unexplainable);
  EXPECT_EQ(result.explanation,
            "no serial order explains the 2 atomics at 0x0000000000000040: the longest explainable prefix has 1 of the "
            "2 atomics (#0 add.u32 0x1 returned 0x0) and leaves 0x1; none of the rest fits after it (e.g. #1 add.u32 "
            "0x1 returned 0x0)");
  // Right returned values, wrong final value.
  const AddressHistory wrong_final{0x40, 0, {atomic(alu::Op::add, 1, 0), atomic(alu::Op::add, 1, 1)}, 3};
  const SerialOrderResult final_result = check_serial_order(wrong_final);
  EXPECT_EQ(final_result.verdict, Verdict::unexplainable);
  EXPECT_NE(final_result.explanation.find("ends at 0x2, but the final value is 0x3"), std::string::npos);
  // Nothing can start from the initial value.
  const AddressHistory no_start{0x40, 5, {atomic(alu::Op::exchange, 1, 0)}, 1};
  EXPECT_EQ(check_serial_order(no_start).verdict, Verdict::unexplainable);
}

TEST(SerialOrder, HonoursProgramOrderOfOneThread) {
  // exchanges of 1 and 2 from 0, returned 2 and 0: explained by "second, then first" — unless
  // both come from one thread in the listed order.
  AddressHistory history{0x40, 0, {atomic(alu::Op::exchange, 1, 2), atomic(alu::Op::exchange, 2, 0)}, 1};
  EXPECT_EQ(check_serial_order(history).verdict, Verdict::explained);
  history.atomics[0].thread = 7;
  history.atomics[1].thread = 7;
  EXPECT_EQ(check_serial_order(history).verdict, Verdict::unexplainable);
  history.atomics[1].thread = 8;
  EXPECT_EQ(check_serial_order(history).verdict, Verdict::explained);
}

TEST(SerialOrder, HandlesNoReturnCompareAndSwapAndFlags) {
  // A reduction (no returned value) of 5 between a CAS that failed and one that succeeded.
  const AddressHistory history{0x40,
                               1,
                               {atomic(alu::Op::compare_swap, 9, 1, 6),  // saw 1 ≠ 6: failed, first
                                {u32(alu::Op::add), {5, 0}, std::nullopt, std::nullopt},
                                atomic(alu::Op::compare_swap, 9, 6, 6),        // saw 6: stored 9
                                atomic(alu::Op::compare_store_flag, 3, 0, 1),  // flag 0: found 9, not 1
                                atomic(alu::Op::predec, 0, 8)},                // returns the new value: 9 − 1
                               8};
  const SerialOrderResult result = check_serial_order(history);
  ASSERT_EQ(result.verdict, Verdict::explained) << result.explanation;
  EXPECT_EQ(result.order, (std::vector<std::size_t>{0, 1, 2, 3, 4}));
}

TEST(SerialOrder, UndecidedPastTheBudgetNeverAFalsePass) {
  // 24 no-return xors of distinct bits cannot reach a value with a bit none of them has; proving
  // it means visiting every subset (memoisation makes that 2^24 states, not 24! orders).
  AddressHistory history{0x40, 0, {}, uint64_t{1} << 30};
  for (int bit = 0; bit < 24; ++bit) {
    history.atomics.push_back({u32(alu::Op::bit_xor), {uint64_t{1} << bit, 0}, std::nullopt, std::nullopt});
  }
  const SerialOrderResult gave_up = check_serial_order(history, {1000, 1 << 20});
  EXPECT_EQ(gave_up.verdict, Verdict::undecided);
  EXPECT_NE(gave_up.explanation.find("gave up after 1024 search states"), std::string::npos);
  // With 12 atomics the whole space fits in the budget: a proof.
  history.atomics.resize(12);
  const SerialOrderResult proof = check_serial_order(history);
  EXPECT_EQ(proof.verdict, Verdict::unexplainable);
  EXPECT_LE(proof.states, 4096u * 12);
}

TEST(SerialOrder, AThreadsOnlyAtomicHereJoinsItsClass) {
  // 30 lanes each leave one no-return add of 1, all with different threads, and the final value is
  // 31, which no order reaches. No two atomics of one thread are at this address, so nothing
  // orders them and they are one class: the proof takes 31 states. (As 30 classes of their own it
  // took every subset, 2^30, and gave up.)
  AddressHistory history{0x40, 0, {}, 31};
  for (uint64_t lane = 0; lane < 30; ++lane) history.atomics.push_back({u32(alu::Op::add), {1, 0}, std::nullopt, lane});
  const SerialOrderResult result = check_serial_order(history, {10'000, 1 << 20});
  EXPECT_EQ(result.verdict, Verdict::unexplainable) << result.explanation;
  // Two atomics of one thread still keep their order: an exchange to 9 that returned 0 and an
  // add of 1 ending at 10 are explained as exchange-then-add, unless one thread did the add first.
  AddressHistory ordered{
      0x40, 0, {{u32(alu::Op::add), {1, 0}, std::nullopt, 0}, {u32(alu::Op::exchange), {9, 0}, 0, 1}}, 10};
  EXPECT_EQ(check_serial_order(ordered).verdict, Verdict::explained);
  ordered.atomics[1].thread = 0;
  EXPECT_EQ(check_serial_order(ordered).verdict, Verdict::unexplainable);
}

TEST(SerialOrder, RefusesMixedWidthsAsUndecided) {
  AddressHistory history{0x40, 0, {atomic(alu::Op::add, 1, 0)}, 1};
  history.atomics.push_back({{alu::Op::add, alu::Type::u64, {}}, {1, 0}, 1, std::nullopt});
  EXPECT_EQ(check_serial_order(history).verdict, Verdict::undecided);
}

TEST(SerialOrder, ManyAddressesReportTheFirstFailure) {
  const std::vector<AddressHistory> histories = {
      {0x40, 0, {atomic(alu::Op::add, 1, 0)}, 1},
      {0x80, 0, {atomic(alu::Op::add, 1, 1)}, 2},
  };
  EXPECT_TRUE(check_serial_orders(std::span(histories).first(1)));
  const CheckResult result = check_serial_orders(histories);
  EXPECT_FALSE(result);
  EXPECT_EQ(result.explanation.rfind("address 0x0000000000000080 is unexplainable: ", 0), 0u);
}

// Brute force: does any permutation (respecting threads) explain the history?
bool some_permutation_explains(const AddressHistory& history) {
  std::vector<std::size_t> order(history.atomics.size());
  std::iota(order.begin(), order.end(), 0);
  do {
    uint64_t value = history.initial;
    bool fits = true;
    std::vector<std::size_t> seen_of_thread;
    for (std::size_t i = 0; i < order.size() && fits; ++i) {
      const ObservedAtomic& a = history.atomics[order[i]];
      // program order: an atomic of a thread may not precede an earlier-listed one of that thread
      for (std::size_t j = i + 1; j < order.size(); ++j) {
        const ObservedAtomic& later = history.atomics[order[j]];
        if (a.thread && later.thread == a.thread && order[j] < order[i]) fits = false;
      }
      const alu::Result r = alu::apply(a.operation, value, a.operands);
      if (a.returned && r.returned != *a.returned) fits = false;
      value = r.memory;
    }
    if (fits && value == history.final_value) return true;
  } while (std::next_permutation(order.begin(), order.end()));
  return false;
}

TEST(SerialOrder, AgreesWithBruteForceOnRandomHistories) {
  SplitMix64 random(77);
  const alu::Op ops[] = {alu::Op::add, alu::Op::exchange, alu::Op::compare_swap, alu::Op::inc_bounded,
                         alu::Op::max, alu::Op::bit_xor,  alu::Op::predec};
  int explained = 0, unexplainable = 0;
  for (int round = 0; round < 400; ++round) {
    AddressHistory history{0x40, random.below(4), {}, 0};
    const std::size_t count = 1 + random.below(6);
    // A real serial execution in a random order, then (half the time) one value disturbed.
    uint64_t value = history.initial;
    for (std::size_t i = 0; i < count; ++i) {
      ObservedAtomic a{
          u32(ops[random.below(std::size(ops))]), {random.below(4), random.below(4)}, std::nullopt, std::nullopt};
      const alu::Result r = alu::apply(a.operation, value, a.operands);
      if (random.below(5) != 0) a.returned = r.returned;
      if (random.below(4) == 0) a.thread = random.below(2);
      value = r.memory;
      history.atomics.push_back(a);
    }
    history.final_value = value;
    std::vector<ObservedAtomic> shuffled = history.atomics;
    for (std::size_t i = shuffled.size(); i > 1; --i) std::swap(shuffled[i - 1], shuffled[random.below(i)]);
    // Shuffling breaks the listed program order of threads, so the truth comes from brute force.
    history.atomics = shuffled;
    if (random.below(2) == 0) {
      ObservedAtomic& victim = history.atomics[random.below(count)];
      if (victim.returned)
        *victim.returned ^= 1 + random.below(3);
      else
        history.final_value ^= 1;
    }
    const bool truth = some_permutation_explains(history);
    const SerialOrderResult result = check_serial_order(history);
    ASSERT_NE(result.verdict, Verdict::undecided) << round;
    ASSERT_EQ(result.verdict == Verdict::explained, truth) << "round " << round << ": " << result.explanation;
    (truth ? explained : unexplainable) += 1;
  }
  // Both answers occur often enough for the cross-check to mean something.
  EXPECT_GT(explained, 100);
  EXPECT_GT(unexplainable, 100);
}

}  // namespace
}  // namespace gpuatom::exec
