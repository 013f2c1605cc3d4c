// Float atomics through the ALU with each vendor's rules (docs/spec/nvidia.md §4, docs/spec/intel.md §4,
// docs/spec/amd.md §7.1). Expected bits are written by hand from the IEEE rules.
#include <gtest/gtest.h>

#include "gpuatom/alu/apply.hpp"
#include "gpuatom/amd/rows.hpp"
#include "gpuatom/intel/atomic_ops.hpp"
#include "gpuatom/nvidia/semantics.hpp"

using namespace gpuatom;
using alu::Operands;

namespace {
alu::Operation nv(nvidia::AtomOp op, nvidia::Size size, nvidia::SemanticsOptions o = {}) {
  return std::get<alu::Operation>(nvidia::to_alu(op, size, o));
}
uint64_t nv_add(nvidia::Size size, uint64_t old, uint64_t v, nvidia::SemanticsOptions o = {}) {
  return alu::apply(nv(nvidia::AtomOp::ADD, size, o), old, {v, 0}).memory;
}
alu::Operation amd_row(const char* label) { return amd::to_alu(amd::rows()[*amd::find_row(label)]); }
}  // namespace

TEST(NvidiaF32FtzAdd, FlushesInputsAndResult) {
  using nvidia::Size;
  // Seed example: subnormal old value 0x00000001 is flushed, so 1.0 + 0 = 1.0.
  EXPECT_EQ(nv_add(Size::F32_FTZ_RN, 0x00000001, 0x3f800000), 0x3f800000u);
  // Two subnormals add to a subnormal without FTZ; with FTZ both are zero: +0.
  EXPECT_EQ(nv_add(Size::F32_FTZ_RN, 0x00400000, 0x00400000), 0x00000000u);
  // Smallest normal minus a smaller normal gives a subnormal result, which is flushed to +0.
  EXPECT_EQ(nv_add(Size::F32_FTZ_RN, 0x00800001, 0x80800000), 0x00000000u);
  // The returned value is the old bits, unflushed.
  EXPECT_EQ(alu::apply(nv(nvidia::AtomOp::ADD, Size::F32_FTZ_RN), 0x00000001, {0x3f800000, 0}).returned, 1u);
  // F64.RN never flushes: smallest subnormal + smallest subnormal = 2 × smallest subnormal.
  EXPECT_EQ(nv_add(Size::F64_RN, 1, 1), 2u);
}

TEST(NvidiaFloatAdd, CanonicalNaNUnlessPropagate) {
  using nvidia::Size;
  EXPECT_EQ(nv_add(Size::F32_FTZ_RN, 0x7fc00001, 0x3f800000), 0x7fffffffu);
  EXPECT_EQ(nv_add(Size::F32_FTZ_RN, 0x7f800000, 0xff800000), 0x7fffffffu);  // inf − inf
  nvidia::SemanticsOptions propagate;
  propagate.nan_propagate = true;
  // First NaN operand in (M, b), made quiet.
  EXPECT_EQ(nv_add(Size::F32_FTZ_RN, 0x3f800000, 0xff800123, propagate), 0xffc00123u);
  EXPECT_EQ(nv_add(Size::F32_FTZ_RN, 0x7f800001, 0xffc00000, propagate), 0x7fc00001u);
  EXPECT_EQ(nv_add(Size::F32_FTZ_RN, 0x7f800000, 0xff800000, propagate), 0x7fffffffu);  // inf − inf: canonical
}

// F64 follows what an H200 did (hw/results/h200), under either NaN switch: the operand's NaN, else
// memory's, bit for bit; inf − inf is 0xfff8000000000000.
TEST(NvidiaFloatAdd, F64NaNIsTheOperandsOrMemorysUnchanged) {
  using nvidia::Size;
  nvidia::SemanticsOptions propagate;
  propagate.nan_propagate = true;
  for (const nvidia::SemanticsOptions& options : {nvidia::SemanticsOptions{}, propagate}) {
    EXPECT_EQ(nv_add(Size::F64_RN, 0x7ff0000000000001, 0, options), 0x7ff0000000000001u);  // memory's sNaN, not quieted
    EXPECT_EQ(nv_add(Size::F64_RN, 0x7ff8000000000000, 0x7ff4000000000000, options), 0x7ff4000000000000u);
    EXPECT_EQ(nv_add(Size::F64_RN, 0x7ff0000000000000, 0xfff0000000000000, options), 0xfff8000000000000u);
  }
}

TEST(NvidiaF16x2Add, LanesAreIndependentAndKeepSubnormals) {
  using nvidia::Size;
  // Lane 0: 0x0001 + 0x0001 = 0x0002 (subnormals kept, ASSUMPTION). Lane 1: 1.0 + 1.0 = 2.0.
  EXPECT_EQ(nv_add(Size::F16x2, 0x3c000001, 0x3c000001), 0x40000002u);
  // Overflow in lane 0 (65504 + 65504 = inf) does not touch lane 1.
  EXPECT_EQ(nv_add(Size::F16x2, 0x3c007bff, 0x00007bff), 0x3c007c00u);
  // NaN in one lane: canonical 0x7fff in that lane only.
  EXPECT_EQ(nv_add(Size::F16x2, 0x7e003c00, 0x3c003c00), 0x7fff4000u);
  // The --f16x2-flush switch flushes subnormal lanes.
  nvidia::SemanticsOptions flush;
  flush.f16x2_flush = true;
  EXPECT_EQ(nv_add(Size::F16x2, 0x3c000001, 0x3c000001, flush), 0x40000000u);
}

TEST(NvidiaF16x2MinMax, OneNaNGivesTheNumberAndMinusZeroIsSmaller) {
  using nvidia::AtomOp;
  using nvidia::Size;
  const auto mn = nv(AtomOp::MIN, Size::F16x2);
  const auto mx = nv(AtomOp::MAX, Size::F16x2);
  // lane 1: NaN vs 1.0 → 1.0; lane 0: −0 vs +0 → −0 for min, +0 for max.
  EXPECT_EQ(alu::apply(mn, 0x7e008000, {0x3c000000, 0}).memory, 0x3c008000u);
  EXPECT_EQ(alu::apply(mx, 0x7e008000, {0x3c000000, 0}).memory, 0x3c000000u);
  // Two NaNs → canonical 0x7fff (ASSUMPTION).
  EXPECT_EQ(alu::apply(mn, 0x7e010000, {0x7c010000, 0}).memory, 0x7fff0000u);
}

TEST(NvidiaBF16x2Add, RoundsEachLane) {
  // 1.0 (0x3f80) + 2^-8 (0x3b80): exact 1.00390625 is halfway between 1.0 and 1.0078125 → even: 1.0.
  // 1.0 + 3×2^-9 (0x3bc0 = 0.005859375): 1.005859375 is above halfway → 0x3f81.
  EXPECT_EQ(nv_add(nvidia::Size::BF16x2, 0x3f803f80, 0x3bc03b80), 0x3f813f80u);
}

TEST(IntelFminFmax, NaNTable) {
  const auto fmin = intel::to_alu(intel::AtomicOp::FMIN, intel::Width::w32);
  const auto fmax = intel::to_alu(intel::AtomicOp::FMAX, intel::Width::w32);
  const uint64_t one = 0x3f800000, qnan = 0x7fc00005, snan = 0x7f800005, snan2 = 0xff800007, qnan2 = 0xffc00009;
  const auto m = [&](const alu::Operation& op, uint64_t old, uint64_t v) { return alu::apply(op, old, {v, 0}).memory; };
  // number vs qNaN: the number, either side.
  EXPECT_EQ(m(fmin, one, qnan), one);
  EXPECT_EQ(m(fmax, qnan, one), one);
  // number vs sNaN: the sNaN, bit-exact (not quietened), either side.
  EXPECT_EQ(m(fmin, one, snan), snan);
  EXPECT_EQ(m(fmax, snan, one), snan);
  // qNaN vs sNaN: the sNaN.
  EXPECT_EQ(m(fmin, qnan, snan), snan);
  EXPECT_EQ(m(fmax, snan, qnan), snan);
  // Two of a class: the memory value.
  EXPECT_EQ(m(fmin, qnan, qnan2), qnan);
  EXPECT_EQ(m(fmax, snan2, snan), snan2);
  // Signed zeros: −0 < +0.
  EXPECT_EQ(m(fmin, 0x00000000, 0x80000000), 0x80000000u);
  EXPECT_EQ(m(fmax, 0x80000000, 0x00000000), 0x00000000u);
  // No denormal flushing: two subnormals compare by value.
  EXPECT_EQ(m(fmin, 0x00000002, 0x00000001), 0x00000001u);
  // Dst gets the old bits.
  EXPECT_EQ(alu::apply(fmin, one, {snan, 0}).returned, one);
  // 16-bit form: HF in the low 16 bits. 0x7d00 is a half sNaN (quiet bit 9 clear).
  const auto fmin16 = intel::to_alu(intel::AtomicOp::FMIN, intel::Width::w16);
  EXPECT_EQ(alu::apply(fmin16, 0x3c00, {0x7d00, 0}).memory, 0x7d00u);
  EXPECT_EQ(alu::apply(fmin16, 0x3c00, {0x7e00, 0}).memory, 0x3c00u);
}

// IGC's fadd/fsub (docs/intel-igc.md §7, ASSUMPTION intel.fadd-rules and intel.fsub-nan-sign).
TEST(IntelFaddFsub, IeeeRoundingNoFlushFirstNaNQuiet) {
  using intel::AtomicOp;
  using intel::Width;
  const auto m = [](AtomicOp op, Width w, uint64_t old, uint64_t v) {
    return alu::apply(intel::to_alu(op, w), old, {v, 0});
  };
  // 1 + 2^-24 rounds to even (1); 1 + 3·2^-24 rounds up; the old value comes back.
  EXPECT_EQ(m(AtomicOp::FADD, Width::w32, 0x3f800000, 0x33800000).memory, 0x3f800000u);
  EXPECT_EQ(m(AtomicOp::FADD, Width::w32, 0x3f800000, 0x34400000).memory, 0x3f800002u);
  EXPECT_EQ(m(AtomicOp::FADD, Width::w32, 0x3f800000, 0x33800000).returned, 0x3f800000u);
  // Subnormals are kept: 2^-149 + 2^-149 = 2^-148, and 1.0 − 1.0 = +0.
  EXPECT_EQ(m(AtomicOp::FADD, Width::w32, 0x00000001, 0x00000001).memory, 0x00000002u);
  EXPECT_EQ(m(AtomicOp::FSUB, Width::w32, 0x3f800000, 0x3f800000).memory, 0x00000000u);
  // fsub is old − Src0: 1 − 2 = −1; 3 − (−1) = 4.
  EXPECT_EQ(m(AtomicOp::FSUB, Width::w32, 0x3f800000, 0x40000000).memory, 0xbf800000u);
  EXPECT_EQ(m(AtomicOp::FSUB, Width::w32, 0x40400000, 0xbf800000).memory, 0x40800000u);
  // NaNs: the first (memory, then Src0) made quiet; a NaN Src0 keeps its sign under fsub;
  // inf − inf gives the quiet default NaN.
  EXPECT_EQ(m(AtomicOp::FADD, Width::w32, 0x7f800001, 0xffc00002).memory, 0x7fc00001u);
  EXPECT_EQ(m(AtomicOp::FADD, Width::w32, 0x3f800000, 0xff800003).memory, 0xffc00003u);
  EXPECT_EQ(m(AtomicOp::FSUB, Width::w32, 0x3f800000, 0xff800003).memory, 0xffc00003u);
  EXPECT_EQ(m(AtomicOp::FSUB, Width::w32, 0x7f800000, 0x7f800000).memory, 0x7fc00000u);
  // .64 is DF: 1 + 2^-52; .16 is HF in the low 16 bits: 1 + 1 = 2, and a half subnormal kept.
  EXPECT_EQ(m(AtomicOp::FADD, Width::w64, 0x3ff0000000000000, 0x3cb0000000000000).memory, 0x3ff0000000000001u);
  EXPECT_EQ(m(AtomicOp::FADD, Width::w16, 0x3c00, 0x3c00).memory, 0x4000u);
  EXPECT_EQ(m(AtomicOp::FSUB, Width::w16, 0x0002, 0x0001).memory, 0x0001u);
}

TEST(IntelCompareOps, CmpxchgAndFcmpwrUseOppositeOperandRoles) {
  using intel::AtomicOp;
  const auto cmpxchg = intel::to_alu(AtomicOp::CMPXCHG, intel::Width::w32);
  const auto fcmpwr = intel::to_alu(AtomicOp::FCMPWR, intel::Width::w32);
  // cmpxchg: memory == Src1 → store Src0.
  alu::Result r = alu::apply(cmpxchg, 7, intel::operands(AtomicOp::CMPXCHG, /*src0=*/1, /*src1=*/7));
  EXPECT_EQ(r.memory, 1u);
  EXPECT_EQ(r.returned, 7u);
  r = alu::apply(cmpxchg, 7, intel::operands(AtomicOp::CMPXCHG, 7, 1));  // roles swapped: no store
  EXPECT_EQ(r.memory, 7u);
  // fcmpwr: memory == Src0 (float) → store Src1.
  r = alu::apply(fcmpwr, 0x3f800000, intel::operands(AtomicOp::FCMPWR, /*src0=*/0x3f800000, /*src1=*/0x40000000));
  EXPECT_EQ(r.memory, 0x40000000u);
  r = alu::apply(fcmpwr, 0x3f800000, intel::operands(AtomicOp::FCMPWR, 0x40000000, 0x3f800000));
  EXPECT_EQ(r.memory, 0x3f800000u);
  // IEEE equality: −0 == +0 stores; a NaN never equals, even its own bits; cmpxchg compares bits.
  EXPECT_EQ(alu::apply(fcmpwr, 0x80000000, intel::operands(AtomicOp::FCMPWR, 0, 0x3f800000)).memory, 0x3f800000u);
  EXPECT_EQ(alu::apply(fcmpwr, 0x7fc00000, intel::operands(AtomicOp::FCMPWR, 0x7fc00000, 1)).memory, 0x7fc00000u);
  EXPECT_EQ(alu::apply(cmpxchg, 0x7fc00000, intel::operands(AtomicOp::CMPXCHG, 1, 0x7fc00000)).memory, 1u);
  EXPECT_EQ(alu::apply(cmpxchg, 0x80000000, intel::operands(AtomicOp::CMPXCHG, 1, 0)).memory, 0x80000000u);
}

TEST(AmdFloatRows, IeeeAddAndMinNum) {
  // FP32 add keeps subnormals; a NaN made from numbers is the IEEE default 0x7fc00000.
  EXPECT_EQ(alu::apply(amd_row("32 bit float atomicAdd"), 0x00000001, {0x00000001, 0}).memory, 0x00000002u);
  EXPECT_EQ(alu::apply(amd_row("32 bit float atomicAdd"), 0x7f800000, {0xff800000, 0}).memory, 0x7fc00000u);
  // The first NaN operand (old, then val), made quiet.
  EXPECT_EQ(alu::apply(amd_row("32 bit float atomicAdd"), 0x7f800001, {0x7fc00002, 0}).memory, 0x7fc00001u);
  EXPECT_EQ(alu::apply(amd_row("64 bit float atomicAdd"), 0x7ff0000000000000, {0xfff0000000000000, 0}).memory,
            0x7ff8000000000000u);
  // minNum: a NaN operand is ignored; two NaNs keep old.
  EXPECT_EQ(alu::apply(amd_row("32 bit float atomicMin"), 0x7fc00000, {0x40000000, 0}).memory, 0x40000000u);
  EXPECT_EQ(alu::apply(amd_row("32 bit float atomicMax"), 0x7fc00001, {0x7f800002, 0}).memory, 0x7fc00001u);
  EXPECT_EQ(alu::apply(amd_row("64 bit float atomicMin"), 0x0000000000000000, {0x8000000000000000, 0}).memory,
            0x8000000000000000u);
  // Packed BF16: a NaN made from numbers is 0x7fc0 in that lane.
  EXPECT_EQ(alu::apply(amd_row("16bx2 bfloat162 atomicAdd"), 0x3f807f80, {0x3f80ff80, 0}).memory, 0x40007fc0u);
  EXPECT_EQ(alu::apply(amd_row("16bx2 half2 atomicAdd"), 0x3c007c00, {0x3c00fc00, 0}).memory, 0x40007e00u);
}
