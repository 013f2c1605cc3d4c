// check_fold and check_permutation accept right inputs and reject wrong ones with an explanation.
#include <gtest/gtest.h>

#include <vector>

#include "gpuatom/exec/fold_check.hpp"

namespace gpuatom::exec {
namespace {

const alu::Operation u32_add{alu::Op::add, alu::Type::u32, {}};

TEST(CheckFold, AcceptsTheSequentialFold) {
  const std::vector<uint64_t> values = {1, 2, 3, 0xffffffff};
  EXPECT_TRUE(check_fold(u32_add, 10, values, 15));  // wraps at 32 bits
  const alu::Operation inc{alu::Op::inc_bounded, alu::Type::u32, {}};
  const std::vector<uint64_t> bounds(7, 2);  // 0 → 1 → 2 → 0 → 1 → 2 → 0 → 1
  EXPECT_TRUE(check_fold(inc, 0, bounds, 1));
  EXPECT_TRUE(check_fold(u32_add, 4, std::vector<uint64_t>{}, 4));
}

TEST(CheckFold, RejectsWithTheNumbers) {
  const std::vector<uint64_t> values = {1, 2, 3};
  const CheckResult wrong = check_fold(u32_add, 0, values, 7);
  EXPECT_FALSE(wrong);
  EXPECT_EQ(wrong.explanation, "the final value is 0x7 but the sequential fold of 3 operations over 0x0 gives 0x6");
  EXPECT_FALSE(check_fold(u32_add, 4, std::vector<uint64_t>{}, 5));
  const std::vector<FoldStep> mixed = {{u32_add, {1, 0}}, {{alu::Op::add, alu::Type::u64, {}}, {1, 0}}};
  const CheckResult widths = check_fold(0, mixed, 2);
  EXPECT_FALSE(widths);
  EXPECT_NE(widths.explanation.find("one width"), std::string::npos);
}

TEST(CheckPermutation, AcceptsExchangeChains) {
  // initial 0; stores 1, 2, 3 in the order 2, 3, 1: returned 0, 2, 3, final 1.
  const std::vector<uint64_t> stored = {1, 2, 3}, returned = {3, 0, 2};
  EXPECT_TRUE(check_permutation(0, stored, returned, 1));
  // Only the low 16 bits count at width 16.
  EXPECT_TRUE(check_permutation(0x10000, std::vector<uint64_t>{5}, std::vector<uint64_t>{0}, 0x20005, 16));
}

TEST(CheckPermutation, RejectsALostOrDuplicatedValue) {
  const std::vector<uint64_t> stored = {1, 2, 3};
  const CheckResult duplicated = check_permutation(0, stored, std::vector<uint64_t>{0, 2, 2}, 1);
  EXPECT_FALSE(duplicated);
  EXPECT_EQ(duplicated.explanation,
            "not a permutation: 0x2 went in 1 time (initial + 3 stored) but came out 2 times (final + 3 returned)");
  const CheckResult lost = check_permutation(0, stored, std::vector<uint64_t>{0, 1}, 2);
  EXPECT_FALSE(lost);
  EXPECT_NE(lost.explanation.find("0x3 went in 1 time"), std::string::npos);
  EXPECT_FALSE(check_permutation(0, stored, std::vector<uint64_t>{0, 1, 2}, 4));
}

}  // namespace
}  // namespace gpuatom::exec
