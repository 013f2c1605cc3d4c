// The harness's case lists (gpuatom/nvidia/hardware_cases.hpp): every CUDA atomic has a model
// operation in both spaces, the single-lane inputs hold every special-class pair, and the lists
// are the same every time (a hardware file and a model file must hold the same cases).
#include <gtest/gtest.h>

#include <algorithm>
#include <set>

#include "gpuatom/nvidia/hardware_check.hpp"

using namespace gpuatom::nvidia::hw;

namespace {

bool has_pair(const std::vector<SingleInput>& inputs, uint64_t old, uint64_t operand) {
  return std::any_of(inputs.begin(), inputs.end(),
                     [&](const SingleInput& in) { return in.old.lo == old && in.operand.lo == operand; });
}

}  // namespace

TEST(HardwareCases, EveryCudaAtomicHasAModelOperationInEverySpaceItRunsIn) {
  EXPECT_EQ(cuda_atomics().size(), 42u);
  for (const CudaAtomic& a : cuda_atomics())
    for (Space space : {Space::global, Space::shared}) {
      const auto m = model_mapping(a.op, a.type, space);
      EXPECT_EQ(std::holds_alternative<ModelMapping>(m), runs_in(a, space))
          << name(a.op) << " " << name(a.type) << " " << name(space);
      if (runs_in(a, space)) {
        ASSERT_TRUE(std::holds_alternative<ModelMapping>(m)) << std::get<std::string>(m);
      }
    }
}

TEST(HardwareCases, VectorsRunInGlobalMemoryOnSm90) {
  for (CudaType type :
       {CudaType::f32x2, CudaType::f32x4, CudaType::f16x4, CudaType::f16x8, CudaType::bf16x4, CudaType::bf16x8}) {
    const CudaAtomic* add = find_cuda_atomic(CudaOp::add, type);
    ASSERT_NE(add, nullptr) << name(type);
    EXPECT_EQ(add->min_sm, 90);
    EXPECT_TRUE(runs_in(*add, Space::global));
    EXPECT_FALSE(runs_in(*add, Space::shared));
    EXPECT_TRUE(is_vector(type));
    EXPECT_TRUE(racing_plans(*add, 8).empty()) << "vectors are checked lane by lane";
  }
  EXPECT_EQ(bits(CudaType::f16x4), 64);
  EXPECT_EQ(bits(CudaType::bf16x8), 128);
  EXPECT_NE(find_cuda_atomic(CudaOp::max, CudaType::bf16x8), nullptr);
  EXPECT_EQ(find_cuda_atomic(CudaOp::min, CudaType::f32x4), nullptr) << "PTX has add only for .f32 vectors";
  EXPECT_FALSE(is_vector(CudaType::u128));
}

// Every element case of the element type appears once in every word of the vector, so each
// special pair is measured in each position of the 128-bit access.
TEST(HardwareCases, VectorInputsPutEveryElementCaseInEveryWord) {
  const auto pairs = single_inputs(*find_cuda_atomic(CudaOp::add, CudaType::f16x2));
  const auto vectors = single_inputs(*find_cuda_atomic(CudaOp::add, CudaType::f16x8));
  ASSERT_EQ(vectors.size(), pairs.size());
  const auto word = [](const gpuatom::support::Bits128& v, int k) {
    return ((k < 2 ? v.lo : v.hi) >> (32 * (k % 2))) & 0xffffffff;
  };
  for (int k = 0; k < 4; ++k) {
    std::set<std::pair<uint64_t, uint64_t>> seen;
    for (const SingleInput& in : vectors) seen.insert({word(in.old, k), word(in.operand, k)});
    for (const SingleInput& in : pairs) EXPECT_TRUE(seen.count({in.old.lo, in.operand.lo})) << "word " << k;
  }
  const auto f32x2 = single_inputs(*find_cuda_atomic(CudaOp::add, CudaType::f32x2));
  EXPECT_TRUE(std::any_of(f32x2.begin(), f32x2.end(), [](const SingleInput& in) {
    return (in.old.lo >> 32) == 0x7f800000 && (in.operand.lo >> 32) == 0xff800000 && in.old.hi == 0;
  })) << "inf + -inf in element 1";
}

TEST(HardwareCases, NamesReadBack) {
  for (const CudaAtomic& a : cuda_atomics()) {
    EXPECT_EQ(parse_cuda_op(name(a.op)), a.op);
    EXPECT_EQ(parse_cuda_type(name(a.type)), a.type);
  }
  EXPECT_EQ(parse_space("shared"), Space::shared);
  EXPECT_EQ(parse_racing_form("cas-loop"), RacingForm::cas_loop);
  EXPECT_FALSE(parse_cuda_op("atomicSub"));
  EXPECT_FALSE(parse_cuda_type("f16"));
  EXPECT_EQ(find_cuda_atomic(CudaOp::inc, CudaType::u64), nullptr) << "CUDA has no 64-bit atomicInc";
}

TEST(HardwareCases, FloatInputsHoldEverySpecialPairThenRandomOnes) {
  const auto inputs = single_inputs(*find_cuda_atomic(CudaOp::add, CudaType::f32));
  EXPECT_EQ(inputs.size(), 20u * 20u + 128u);
  EXPECT_TRUE(has_pair(inputs, 0x00000001, 0x80000001)) << "subnormal + negative subnormal";
  EXPECT_TRUE(has_pair(inputs, 0x7f800000, 0xff800000)) << "inf + -inf";
  EXPECT_TRUE(has_pair(inputs, 0x7f800001, 0x3f800000)) << "signalling NaN + 1";
  EXPECT_TRUE(has_pair(inputs, 0x7f7fffff, 0x7f7fffff)) << "overflow to inf";
  EXPECT_TRUE(has_pair(inputs, 0x80000000, 0x80000000)) << "-0 + -0";
  const auto f64 = single_inputs(*find_cuda_atomic(CudaOp::add, CudaType::f64));
  EXPECT_TRUE(has_pair(f64, 0x0000000000000001, 0x7ff4000000000000));
}

TEST(HardwareCases, PackedInputsPutEveryHalfPairInBothLanes) {
  const auto inputs = single_inputs(*find_cuda_atomic(CudaOp::add, CudaType::f16x2));
  std::set<std::pair<uint64_t, uint64_t>> low, high;
  for (const SingleInput& in : inputs) {
    low.insert({in.old.lo & 0xffff, in.operand.lo & 0xffff});
    high.insert({in.old.lo >> 16, in.operand.lo >> 16});
  }
  EXPECT_TRUE(low.count({0x7c01, 0x0001})) << "signalling NaN + smallest subnormal in lane 0";
  EXPECT_TRUE(high.count({0x7c01, 0x0001})) << "and in lane 1";
  EXPECT_GE(low.size(), 400u);
  EXPECT_GE(high.size(), 400u);
}

TEST(HardwareCases, CompareAndSwapInputsMatchAndMissInEveryWord) {
  const auto u32 = single_inputs(*find_cuda_atomic(CudaOp::cas, CudaType::u32));
  EXPECT_TRUE(std::any_of(u32.begin(), u32.end(), [](const SingleInput& in) { return in.compare == in.old; }));
  EXPECT_TRUE(std::any_of(u32.begin(), u32.end(),
                          [](const SingleInput& in) { return in.compare.lo == (in.old.lo ^ 0x80000000); }));
  const auto u128 = single_inputs(*find_cuda_atomic(CudaOp::cas, CudaType::u128));
  EXPECT_TRUE(std::any_of(u128.begin(), u128.end(), [](const SingleInput& in) {
    return in.compare.lo == in.old.lo && in.compare.hi != in.old.hi;
  })) << "a miss only in the high word";
}

TEST(HardwareCases, ListsAreTheSameEveryTime) {
  for (const CudaAtomic& a : cuda_atomics()) {
    const auto first = single_inputs(a);
    const auto second = single_inputs(a);
    ASSERT_EQ(first.size(), second.size());
    for (size_t i = 0; i < first.size(); ++i) {
      EXPECT_EQ(first[i].old, second[i].old);
      EXPECT_EQ(first[i].operand, second[i].operand);
      EXPECT_EQ(first[i].compare, second[i].compare);
    }
    const auto plans = racing_plans(a, 64);
    const auto again = racing_plans(a, 64);
    ASSERT_EQ(plans.size(), again.size());
    for (size_t i = 0; i < plans.size(); ++i) EXPECT_EQ(plans[i].operands, again[i].operands);
  }
}

TEST(HardwareCases, RacingPlansPerAtomic) {
  const auto xor32 = racing_plans(*find_cuda_atomic(CudaOp::bit_xor, CudaType::u32), 1024);
  ASSERT_EQ(xor32.size(), 2u);
  EXPECT_EQ(xor32[0].operands.size(), 32u) << "one lane per bit, so no value repeats";
  const auto cas = racing_plans(*find_cuda_atomic(CudaOp::cas, CudaType::u64), 100);
  ASSERT_EQ(cas.size(), 2u);
  EXPECT_EQ(cas[0].form, RacingForm::returned);
  EXPECT_EQ(cas[1].form, RacingForm::cas_loop);
  EXPECT_EQ(racing_plans(*find_cuda_atomic(CudaOp::exch, CudaType::u32), 8).size(), 1u) << "no order-free fold";
  EXPECT_TRUE(racing_plans(*find_cuda_atomic(CudaOp::cas, CudaType::u128), 8).empty());
}
