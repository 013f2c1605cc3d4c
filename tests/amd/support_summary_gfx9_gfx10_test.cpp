// The page's "Support summary", paragraphs **gfx9** and **gfx10**: one test per sentence that
// states an outcome or a path. gfx9 has a dGPU and an APU; gfx10 only a dGPU.
#include "amd/model_helpers.hpp"

using namespace amd_test;

namespace {
constexpr DeviceId gfx9s[] = {DeviceId::gfx9_dgpu, DeviceId::gfx9_apu};
constexpr DeviceId gfx10 = DeviceId::gfx10_dgpu;
const std::initializer_list<std::string_view> min_max = {"32 bit float atomicMin", "32 bit float atomicMax",
                                                         "64 bit float atomicMin", "64 bit float atomicMax"};
}  // namespace

// gfx9: "L2 cache and Infinity Fabric both support common integer and bitwise atomics."
TEST(SupportSummaryGfx9, L2AndInfinityFabricBothSupportCommonIntegerAndBitwiseAtomics) {
  for (const DeviceId d : gfx9s) {
    expect_rows(d, integer_and_bitwise_rows(), at(device_dram, coarse, device_scope), Outcome::native);
    expect_rows(d, integer_and_bitwise_rows(), at(device_dram, fine, system_scope), Outcome::native);
  }
}

// gfx9 names no float atomic: under HW atomics the compiler emulates every float row (A1), as
// CAS emulation does.
TEST(SupportSummaryGfx9, NamesNoFloatAtomics) {
  for (const DeviceId d : gfx9s) {
    expect_rows(d, rows_of(RowGroup::floating), at(device_dram, coarse, device_scope), Outcome::cas);
    expect_rows(d, rows_of(RowGroup::floating), at(device_dram, fine, device_scope, no_pcie, cas), Outcome::cas);
  }
}

// gfx9: "Coarse-grained memory is marked as cacheable, and atomic operations will be processed in the L2 cache."
TEST(SupportSummaryGfx9, CoarseGrainedMemoryIsProcessedInTheL2Cache) {
  for (const DeviceId d : gfx9s)
    for (const Memory m : all_memories)
      EXPECT_EQ(explain(d, "32 bit atomicInc", at(m, coarse, system_scope)).path, path_of({Place::l2}));
}

// gfx9: "Fine-grained memory is marked uncacheable through the page tables."
TEST(SupportSummaryGfx9, FineGrainedMemoryIsUncacheable) {
  for (const DeviceId d : gfx9s)
    for (const Memory m : all_memories)
      EXPECT_TRUE(explain(d, "32 bit atomicInc", at(m, fine, device_scope)).fired(RuleId::p4));
}

// gfx9: "Atomics that hit uncached memory are forwarded to the Infinity Fabric."
TEST(SupportSummaryGfx9, AtomicsThatHitUncachedMemoryAreForwardedToTheInfinityFabric) {
  for (const DeviceId d : gfx9s)
    for (const Memory m : all_memories)
      EXPECT_EQ(explain(d, "32 bit atomicInc", at(m, fine, device_scope)).path.stages.front(), Place::fabric);
}

// gfx9: "In a dGPU: if the uncached data is stored in host memory, the atomic will be forwarded
// from Infinity Fabric to PCIe."
TEST(SupportSummaryGfx9, InADgpuUncachedHostMemoryIsForwardedFromInfinityFabricToPcie) {
  for (const Memory m : host_memories) {
    EXPECT_EQ(explain(DeviceId::gfx9_dgpu, "32 bit atomicAdd", at(m, fine, device_scope)).path,
              path_of({Place::fabric, Place::pcie}));
    EXPECT_EQ(explain(DeviceId::gfx9_apu, "32 bit atomicAdd", at(m, fine, device_scope)).path,
              path_of({Place::fabric}));
  }
}

// gfx9: "Any atomic not supported by the PCIe bus will be a NOP and." (sic)
TEST(SupportSummaryGfx9, AnyAtomicNotSupportedByThePcieBusWillBeANop) {
  for (const Memory m : host_memories) {
    expect_rows(DeviceId::gfx9_dgpu, integer_and_bitwise_rows(), at(m, fine, system_scope, no_pcie), Outcome::nop);
    expect_rows(DeviceId::gfx9_dgpu, {"32 bit atomicMin"}, at(m, fine, system_scope, with_pcie), Outcome::nop);
    expect_rows(DeviceId::gfx9_dgpu, {"32 bit atomicAdd"}, at(m, fine, system_scope, with_pcie), Outcome::native);
    expect_rows(DeviceId::gfx9_apu, integer_and_bitwise_rows(), at(m, fine, system_scope, no_pcie), Outcome::native);
  }
}

// gfx10: "L2 cache and Infinity Fabric both support common integer and bitwise atomics."
TEST(SupportSummaryGfx10, L2AndInfinityFabricBothSupportCommonIntegerAndBitwiseAtomics) {
  expect_rows(gfx10, integer_and_bitwise_rows(), at(device_dram, coarse, device_scope), Outcome::native);
  expect_rows(gfx10, integer_and_bitwise_rows(), at(device_dram, fine, system_scope), Outcome::native);
}

// gfx10: "Coarse-grained memory is marked as cacheable, and atomic operations will be processed in the L2 cache."
TEST(SupportSummaryGfx10, CoarseGrainedMemoryIsProcessedInTheL2Cache) {
  for (const Memory m : all_memories)
    EXPECT_EQ(explain(gfx10, "32 bit float atomicMin", at(m, coarse, device_scope)).path, path_of({Place::l2}));
}

// gfx10: "Fine-grained memory is marked uncacheable through the page tables."
TEST(SupportSummaryGfx10, FineGrainedMemoryIsUncacheable) {
  for (const Memory m : all_memories)
    EXPECT_TRUE(explain(gfx10, "64 bit atomicMin", at(m, fine, device_scope)).fired(RuleId::p4));
}

// gfx10: "Atomics that hit uncached memory are forwarded to the Infinity Fabric."
TEST(SupportSummaryGfx10, AtomicsThatHitUncachedMemoryAreForwardedToTheInfinityFabric) {
  EXPECT_EQ(explain(gfx10, "64 bit atomicMin", at(device_dram, fine, device_scope)).path, path_of({Place::fabric}));
}

// gfx10: "In a dGPU: if the uncached data is stored in host memory, the atomic will be forwarded
// from Infinity Fabric to PCIe."
TEST(SupportSummaryGfx10, InADgpuUncachedHostMemoryIsForwardedFromInfinityFabricToPcie) {
  for (const Memory m : host_memories)
    EXPECT_EQ(explain(gfx10, "64 bit atomicMin", at(m, fine, device_scope)).path,
              path_of({Place::fabric, Place::pcie}));
}

// gfx10: "Any atomic not supported by the PCIe bus will be a NOP and give incorrect result."
TEST(SupportSummaryGfx10, AnyAtomicNotSupportedByThePcieBusWillBeANop) {
  for (const Memory m : host_memories) {
    expect_rows(gfx10, integer_and_bitwise_rows(), at(m, fine, device_scope, no_pcie), Outcome::nop);
    expect_rows(gfx10, {"64 bit atomicMin", "32 bit atomicXor"}, at(m, fine, device_scope, with_pcie), Outcome::nop);
    expect_rows(gfx10, {"64 bit atomicExch"}, at(m, fine, device_scope, with_pcie), Outcome::native);
  }
}

// gfx10: "Supports floating-point atomic min/max."
TEST(SupportSummaryGfx10, SupportsFloatingPointAtomicMinMax) {
  for (const Memory m : all_memories) {
    expect_rows(gfx10, min_max, at(m, coarse, device_scope), Outcome::native);
    // No float add of any kind.
    expect_rows(
        gfx10,
        {"32 bit float atomicAdd", "64 bit float atomicAdd", "16bx2 half2 atomicAdd", "16bx2 bfloat162 atomicAdd"},
        at(m, coarse, device_scope), Outcome::cas);  // the compiler's CAS loop (A1)
  }
}

// gfx10: "The Infinity Fabric does not support floating-point atomic min/max atomics and these
// commands cannot be sent to the Infinity Fabric."
TEST(SupportSummaryGfx10, TheInfinityFabricDoesNotSupportFloatingPointAtomicMinMax) {
  for (const Scope s : both_scopes) expect_rows(gfx10, min_max, at(device_dram, fine, s), Outcome::nop);
}

// gfx10: "If the floating-point atomics hit uncached memory, they cannot be forwarded to the
// Infinity Fabric, so they will NOP and give incorrect result."
TEST(SupportSummaryGfx10, FloatingPointAtomicsOnUncachedMemoryCannotBeForwardedAndNop) {
  for (const Memory m : all_memories)
    for (const PcieAtomics p : both_pcie)
      for (const auto label : min_max) {
        const Explanation e = explain(gfx10, label, at(m, fine, system_scope, p));
        EXPECT_EQ(e.outcome, Outcome::nop) << describe(e);
        EXPECT_EQ(e.rules().back(), RuleId::h3) << describe(e);
      }
}
