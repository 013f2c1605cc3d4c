// The model side of `gpuatom verify-hw` (gpuatom/nvidia/hardware_check.hpp): the mapping of CUDA
// atomics per memory space, single-lane outcomes, and the serial-order check of racing runs.
#include "gpuatom/nvidia/hardware_check.hpp"

#include <gtest/gtest.h>

using namespace gpuatom::nvidia::hw;
using gpuatom::support::Bits128;

namespace {

ModelMapping mapping(CudaOp op, CudaType type, Space space, gpuatom::nvidia::SemanticsOptions options = {}) {
  auto m = model_mapping(op, type, space, options);
  EXPECT_TRUE(std::holds_alternative<ModelMapping>(m));
  return std::get<ModelMapping>(m);
}

Outcome single(CudaOp op, CudaType type, Space space, uint64_t old, uint64_t operand, uint64_t compare = 0,
               gpuatom::nvidia::SemanticsOptions options = {}) {
  return model_single(mapping(op, type, space, options), {op, type, {old, 0}, {operand, 0}, {compare, 0}});
}

RacingRecord racing(CudaOp op, CudaType type, RacingForm form, uint64_t old, uint64_t memory,
                    std::vector<uint64_t> operands, std::vector<uint64_t> returned,
                    std::vector<uint64_t> compares = {}) {
  if (compares.empty()) compares.assign(operands.size(), 0);
  return {op, type, Space::global, form, old, memory, std::move(operands), std::move(compares), std::move(returned)};
}

RacingVerdict verdict(const RacingRecord& r) {
  auto v = check_racing(mapping(r.op, r.type, r.space), r);
  EXPECT_TRUE(std::holds_alternative<RacingVerdict>(v)) << std::get<std::string>(v);
  return std::holds_alternative<RacingVerdict>(v) ? std::get<RacingVerdict>(v) : RacingVerdict{};
}

}  // namespace

TEST(HardwareMapping, GlobalAtomicsAreTheSassOperations) {
  EXPECT_EQ(mapping(CudaOp::add, CudaType::f32, Space::global).model, "ATOM.ADD.F32.FTZ.RN");
  EXPECT_EQ(mapping(CudaOp::add, CudaType::f16x2, Space::global).model, "ATOM.ADD.F16x2.RN");
  EXPECT_EQ(mapping(CudaOp::add, CudaType::bf16x2, Space::global).model, "ATOM.ADD.BF16x2.RN");
  EXPECT_EQ(mapping(CudaOp::inc, CudaType::u32, Space::global).model, "ATOM.INC");
  EXPECT_EQ(mapping(CudaOp::min, CudaType::s64, Space::global).model, "ATOM.MIN.S64");
  EXPECT_EQ(mapping(CudaOp::cas, CudaType::u128, Space::global).model, "ATOM.CAS.128");
  EXPECT_EQ(mapping(CudaOp::add, CudaType::f32, Space::global).basis, Basis::documented);
}

TEST(HardwareMapping, SharedIntegersAreAtomsAndSharedFloatsAreDerived) {
  EXPECT_EQ(mapping(CudaOp::max, CudaType::s32, Space::shared).model, "ATOMS.MAX.S32");
  EXPECT_EQ(mapping(CudaOp::max, CudaType::s32, Space::shared).basis, Basis::documented);
  const ModelMapping f32 = mapping(CudaOp::add, CudaType::f32, Space::shared);
  EXPECT_EQ(f32.model, "shared ADD.F32.RN (no flush)");
  EXPECT_EQ(f32.basis, Basis::derived);
  EXPECT_NE(f32.why.find("PTX"), std::string_view::npos);
  EXPECT_EQ(mapping(CudaOp::add, CudaType::f64, Space::shared).model, "shared ADD.F64.RN (DADD loop)");
  EXPECT_EQ(mapping(CudaOp::exch, CudaType::u128, Space::shared).basis, Basis::derived);
}

TEST(HardwareMapping, VectorsAreAtomgVectorSizesInGlobalMemoryOnly) {
  EXPECT_EQ(mapping(CudaOp::add, CudaType::f16x8, Space::global).model, "ATOM.ADD.F16x8.RN");
  EXPECT_EQ(mapping(CudaOp::max, CudaType::bf16x4, Space::global).model, "ATOM.MAX.BF16x4.RN");
  EXPECT_EQ(mapping(CudaOp::add, CudaType::f32x4, Space::global).model, "ATOM.ADD.F32x4.FTZ.RN");
  EXPECT_EQ(mapping(CudaOp::add, CudaType::f32x2, Space::global).basis, Basis::documented);
  const auto shared = model_mapping(CudaOp::add, CudaType::f32x4, Space::shared);
  ASSERT_TRUE(std::holds_alternative<std::string>(shared));
  EXPECT_NE(std::get<std::string>(shared).find(".global addresses only"), std::string::npos);
}

TEST(HardwareMapping, RefusesPairsTheHarnessDoesNotRun) {
  const auto m = model_mapping(CudaOp::inc, CudaType::f32, Space::global);
  ASSERT_TRUE(std::holds_alternative<std::string>(m));
  EXPECT_NE(std::get<std::string>(m).find("atomicInc on f32"), std::string::npos);
}

// What an H200 did (hw/results/h200): the f64 atomic keeps the operand's NaN (else memory's) bit for
// bit; the shared-memory DADD loop quietens the first NaN of (memory, operand). Both make inf - inf
// the negative quiet NaN.
TEST(HardwareSingle, F64NaNsDifferBetweenTheAtomicAndTheSharedLoop) {
  const uint64_t memory_nan = 0x7ff0000000000001, operand_nan = 0xfff4000000000000;
  EXPECT_EQ(single(CudaOp::add, CudaType::f64, Space::global, memory_nan, operand_nan).memory,
            (Bits128{operand_nan, 0}));
  EXPECT_EQ(single(CudaOp::add, CudaType::f64, Space::global, memory_nan, 0).memory, (Bits128{memory_nan, 0}));
  EXPECT_EQ(single(CudaOp::add, CudaType::f64, Space::shared, memory_nan, operand_nan).memory,
            (Bits128{0x7ff8000000000001, 0}));
  EXPECT_EQ(single(CudaOp::add, CudaType::f64, Space::shared, 0, operand_nan).memory, (Bits128{0xfffc000000000000, 0}));
  for (const Space space : {Space::global, Space::shared})
    EXPECT_EQ(single(CudaOp::add, CudaType::f64, space, 0x7ff0000000000000, 0xfff0000000000000).memory,
              (Bits128{0xfff8000000000000, 0}));
}

TEST(HardwareSingle, GlobalF32AddFlushesSubnormalsSharedDoesNot) {
  // smallest subnormal + smallest subnormal: 0 under FTZ, 2 × smallest without.
  EXPECT_EQ(single(CudaOp::add, CudaType::f32, Space::global, 0x00000001, 0x00000001).memory, (Bits128{0x00000000, 0}));
  EXPECT_EQ(single(CudaOp::add, CudaType::f32, Space::shared, 0x00000001, 0x00000001).memory, (Bits128{0x00000002, 0}));
  // The returned value is the old bits, never flushed.
  EXPECT_EQ(single(CudaOp::add, CudaType::f32, Space::global, 0x00000001, 0x3f800000).returned,
            (Bits128{0x00000001, 0}));
}

TEST(HardwareSingle, NanResultsAreCanonicalUnlessPropagateIsAsked) {
  EXPECT_EQ(single(CudaOp::add, CudaType::f32, Space::shared, 0x7f800001, 0x3f800000).memory, (Bits128{0x7fffffff, 0}));
  gpuatom::nvidia::SemanticsOptions propagate;
  propagate.nan_propagate = true;
  EXPECT_EQ(single(CudaOp::add, CudaType::f32, Space::shared, 0x7f800001, 0x3f800000, 0, propagate).memory,
            (Bits128{0x7fc00001, 0}));
}

TEST(HardwareSingle, IntegerRules) {
  EXPECT_EQ(single(CudaOp::min, CudaType::s32, Space::global, 0x00000001, 0xffffffff).memory, (Bits128{0xffffffff, 0}));
  EXPECT_EQ(single(CudaOp::min, CudaType::u32, Space::global, 0x00000001, 0xffffffff).memory, (Bits128{0x00000001, 0}));
  EXPECT_EQ(single(CudaOp::inc, CudaType::u32, Space::shared, 5, 5).memory, (Bits128{0, 0})) << "M >= bound wraps to 0";
  EXPECT_EQ(single(CudaOp::dec, CudaType::u32, Space::shared, 0, 7).memory, (Bits128{7, 0})) << "0 wraps to the bound";
  const Outcome cas = single(CudaOp::cas, CudaType::u64, Space::global, 5, 9, 5);
  EXPECT_EQ(cas, (Outcome{{9, 0}, {5, 0}}));
}

TEST(HardwareSingle, Cas128ComparesAllBits) {
  const ModelMapping m = mapping(CudaOp::cas, CudaType::u128, Space::global);
  const Outcome miss = model_single(m, {CudaOp::cas, CudaType::u128, {1, 2}, {7, 7}, {1, 3}});
  EXPECT_EQ(miss, (Outcome{{1, 2}, {1, 2}}));
  const Outcome hit = model_single(m, {CudaOp::cas, CudaType::u128, {1, 2}, {7, 7}, {1, 2}});
  EXPECT_EQ(hit, (Outcome{{7, 7}, {1, 2}}));
}

// A vector is one atomic per 32-bit element: each element follows its scalar rule, and the
// returned value is the whole old vector.
TEST(HardwareSingle, VectorsApplyTheElementRuleToEveryElement) {
  const auto vector = [](CudaOp op, CudaType type, Bits128 old, Bits128 operand) {
    return model_single(mapping(op, type, Space::global), {op, type, old, operand, {}});
  };
  // f32x4: 1 + 1, subnormal + subnormal (flushed to 0), inf + -inf (canonical NaN), 2 + -2.
  const Outcome f32 = vector(CudaOp::add, CudaType::f32x4, {0x000000013f800000, 0x400000007f800000},
                             {0x000000013f800000, 0xc0000000ff800000});
  EXPECT_EQ(f32.memory, (Bits128{0x0000000040000000, 0x000000007fffffff}));
  EXPECT_EQ(f32.returned, (Bits128{0x000000013f800000, 0x400000007f800000}));
  // f16x4 max: each half on its own; a NaN element takes the other operand.
  const Outcome f16 = vector(CudaOp::max, CudaType::f16x4, {0x7e00bc00'3c000000, 0}, {0x3c003c00'bc003c00, 0});
  EXPECT_EQ(f16.memory, (Bits128{0x3c003c00'3c003c00, 0}));
  EXPECT_EQ(f16.returned, (Bits128{0x7e00bc00'3c000000, 0}));
  // bf16x8 add: word 3 alone changes; the other words add zeros.
  const Outcome bf16 = vector(CudaOp::add, CudaType::bf16x8, {0, 0x3f80'0000'0000'0000}, {0, 0x3f80'0000'0000'0000});
  EXPECT_EQ(bf16.memory, (Bits128{0, 0x4000'0000'0000'0000}));
}

TEST(HardwareRacing, EveryPlanRunByTheModelInAnyOrderIsExplained) {
  for (const CudaAtomic& a : cuda_atomics())
    for (Space space : {Space::global, Space::shared}) {
      if (!runs_in(a, space)) continue;
      const ModelMapping m = mapping(a.op, a.type, space);
      for (const RacingPlan& plan : racing_plans(a, 256))
        for (uint64_t seed : {1, 2, 3}) {
          const RacingRecord r = model_racing(m, plan, space, seed);
          const auto v = check_racing(m, r);
          ASSERT_TRUE(std::holds_alternative<RacingVerdict>(v)) << std::get<std::string>(v);
          EXPECT_TRUE(std::get<RacingVerdict>(v).agree) << name(a.op) << " " << name(a.type) << " " << name(plan.form)
                                                        << ": " << std::get<RacingVerdict>(v).detail;
        }
    }
}

TEST(HardwareRacing, AWrongFinalValueDisagrees) {
  // 0x10 + 1 + 2 + 3 in the order lane 1, lane 0, lane 2.
  RacingRecord r = racing(CudaOp::add, CudaType::u32, RacingForm::returned, 0x10, 0x16, {1, 2, 3}, {0x12, 0x10, 0x13});
  EXPECT_TRUE(verdict(r).agree) << verdict(r).detail;
  r.memory = 0x17;
  const RacingVerdict v = verdict(r);
  EXPECT_FALSE(v.agree);
  EXPECT_EQ(v.detail, "memory ended at 0x00000017, but the serial order the returned values give ends at 0x00000016");
}

TEST(HardwareRacing, AReturnedValueNoOrderReachesDisagrees) {
  const RacingVerdict v =
      verdict(racing(CudaOp::add, CudaType::u32, RacingForm::returned, 0x10, 0x16, {1, 2, 3}, {0x10, 0x11, 0x14}));
  EXPECT_FALSE(v.agree);
  EXPECT_EQ(v.detail,
            "lane 2 returned 0x00000014, which memory never holds in the serial order the other lanes give "
            "(2 of 3 lanes placed, ending at 0x00000013)");
}

TEST(HardwareRacing, TwoLanesChangingTheSameValueDisagree) {
  const RacingVerdict v = verdict(racing(CudaOp::exch, CudaType::u32, RacingForm::returned, 0, 2, {1, 2}, {0, 0}));
  EXPECT_FALSE(v.agree);
  EXPECT_NE(v.detail.find("lanes 0 and 1 both returned 0x00000000"), std::string::npos) << v.detail;
}

TEST(HardwareRacing, LanesThatChangeNothingMayShareAValue) {
  // max: lane 1 (operand 3) and lane 2 (operand 5) both saw 7 and changed nothing.
  const RacingVerdict v = verdict(racing(CudaOp::max, CudaType::u32, RacingForm::returned, 0, 7, {7, 3, 5}, {0, 7, 7}));
  EXPECT_TRUE(v.agree) << v.detail;
}

TEST(HardwareRacing, CompareAndSwapOneWinner) {
  // Every lane compares with the initial 0xa; lane 2 wins, the others see its value.
  const RacingVerdict v = verdict(
      racing(CudaOp::cas, CudaType::u32, RacingForm::returned, 0xa, 3, {1, 2, 3}, {3, 3, 0xa}, {0xa, 0xa, 0xa}));
  EXPECT_TRUE(v.agree) << v.detail;
}

TEST(HardwareRacing, ACasLoopLaneMustEndWithASuccessfulAttempt) {
  const RacingVerdict v = verdict(racing(CudaOp::cas, CudaType::u32, RacingForm::cas_loop, 0, 1, {1}, {5}, {0}));
  EXPECT_FALSE(v.agree);
  EXPECT_NE(v.detail.find("lane 0's last CAS returned 0x00000005 but compared with 0x00000000"), std::string::npos);
}

TEST(HardwareRacing, PackedTypesAreAtomicPerElement) {
  // Two lanes add 1.0 to both f16 halves of 0. Element 0 took lane 0 first, element 1 lane 1
  // first: no whole-word order explains it, an order per element does (PTX: atomic per element).
  const RacingVerdict v = verdict(racing(CudaOp::add, CudaType::f16x2, RacingForm::returned, 0, 0x40004000,
                                         {0x3c003c00, 0x3c003c00}, {0x3c000000, 0x00003c00}));
  EXPECT_TRUE(v.agree) << v.detail;
}

TEST(HardwareRacing, DiscardedResultsCheckTheFold) {
  RacingRecord r = racing(CudaOp::bit_or, CudaType::u64, RacingForm::discarded, 0, 0x8000000000000003,
                          {1, 2, 0x8000000000000000}, {});
  EXPECT_TRUE(verdict(r).agree);
  r.memory = 3;
  EXPECT_FALSE(verdict(r).agree);
}

TEST(HardwareRacing, DiscardedResultsThatDependOnTheOrderAreRefused) {
  const RacingRecord r = racing(CudaOp::exch, CudaType::u32, RacingForm::discarded, 0, 2, {1, 2}, {});
  const auto v = check_racing(mapping(r.op, r.type, r.space), r);
  ASSERT_TRUE(std::holds_alternative<std::string>(v));
  EXPECT_NE(std::get<std::string>(v).find("does not depend on the order"), std::string::npos);
}
