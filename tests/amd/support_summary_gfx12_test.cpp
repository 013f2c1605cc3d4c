// The page's "Support summary", paragraph **gfx12**: one test per sentence that states an outcome
// or a path. gfx12 has only a dGPU; its fine-grained host memory is cached for device scope.
#include "amd/model_helpers.hpp"

using namespace amd_test;

namespace {
constexpr DeviceId gfx12 = DeviceId::gfx12_dgpu;
const std::initializer_list<std::string_view> gfx12_floats = {"32 bit float atomicAdd", "32 bit float atomicMin",
                                                              "32 bit float atomicMax", "16bx2 half2 atomicAdd",
                                                              "16bx2 bfloat162 atomicAdd"};
}  // namespace

// "L2 cache and Infinity Fabric both support common integer and bitwise atomics."
TEST(SupportSummaryGfx12, L2AndInfinityFabricBothSupportCommonIntegerAndBitwiseAtomics) {
  expect_rows(gfx12, integer_and_bitwise_rows(), at(device_dram, coarse, device_scope), Outcome::native);
  expect_rows(gfx12, integer_and_bitwise_rows(), at(device_dram, fine, system_scope), Outcome::native);
}

// "L2 cache and Infinity Fabric both also support FP32 atomic add, min and max, and packed-FP16
// atomic add, and packed-BF16 atomic add."
TEST(SupportSummaryGfx12, L2AndInfinityFabricBothAlsoSupportFp32AddMinMaxAndPackedFp16Bf16Add) {
  for (const Granularity g : {coarse, fine}) {
    expect_rows(gfx12, gfx12_floats, at(device_dram, g, device_scope), Outcome::native);
    expect_rows(gfx12, {"64 bit float atomicAdd", "64 bit float atomicMin", "64 bit float atomicMax"},
                at(device_dram, g, device_scope), Outcome::cas);  // no instruction: the compiler's CAS loop (A1)
  }
  expect_rows(gfx12, gfx12_floats, at(device_dram, fine, system_scope), Outcome::native);  // the IF executes them
}

// "Coarse-grained memory is marked as cacheable, and atomic operations will be processed in the L2 cache."
TEST(SupportSummaryGfx12, CoarseGrainedMemoryIsProcessedInTheL2Cache) {
  for (const Memory m : all_memories)
    for (const Scope s : both_scopes)
      EXPECT_EQ(explain(gfx12, "32 bit atomicMax", at(m, coarse, s)).path, path_of({Place::l2}));
}

// "Fine-grained device memory is marked uncacheable through the page tables."
TEST(SupportSummaryGfx12, FineGrainedDeviceMemoryIsUncacheable) {
  for (const Scope s : both_scopes) {
    const Explanation e = explain(gfx12, "32 bit atomicMax", at(device_dram, fine, s));
    EXPECT_TRUE(e.fired(RuleId::p4)) << describe(e);
    EXPECT_FALSE(e.fired(RuleId::p3));
  }
}

// "Atomics that hit write-uncached memory are forwarded to the Infinity Fabric."
TEST(SupportSummaryGfx12, AtomicsThatHitWriteUncachedMemoryAreForwardedToTheInfinityFabric) {
  for (const Scope s : both_scopes)
    EXPECT_EQ(explain(gfx12, "32 bit atomicMax", at(device_dram, fine, s)).path, path_of({Place::fabric}));
}

// "Fine-grained system memory is marked as cacheable through the page tables."
TEST(SupportSummaryGfx12, FineGrainedSystemMemoryIsCacheable) {
  for (const Memory m : host_memories)
    for (const Scope s : both_scopes) {
      const Explanation e = explain(gfx12, "32 bit atomicMax", at(m, fine, s));
      EXPECT_EQ(e.rules().front(), RuleId::p3) << describe(e);
      EXPECT_FALSE(e.fired(RuleId::p4));
    }
}

// "Device-scope atomic operations will process in the L2 cache."
TEST(SupportSummaryGfx12, DeviceScopeAtomicOperationsWillProcessInTheL2Cache) {
  for (const Memory m : host_memories)
    for (const PcieAtomics p : both_pcie) {
      EXPECT_EQ(explain(gfx12, "32 bit atomicMax", at(m, fine, device_scope, p)).path, path_of({Place::l2}));
      // In the L2 nothing depends on PCIe: every instruction is native.
      expect_rows(gfx12, integer_and_bitwise_rows(), at(m, fine, device_scope, p), Outcome::native);
      expect_rows(gfx12, gfx12_floats, at(m, fine, device_scope, p), Outcome::native);
    }
}

// "System-scope atomic operations will bypass the L2 cache and be forwarded to the Infinity Fabric."
TEST(SupportSummaryGfx12, SystemScopeAtomicOperationsWillBypassTheL2CacheToTheInfinityFabric) {
  for (const Memory m : host_memories) {
    const Explanation e = explain(gfx12, "32 bit atomicMax", at(m, fine, system_scope));
    EXPECT_FALSE(e.path.passes(Place::l2)) << describe(e);
    EXPECT_EQ(e.path.stages.front(), Place::fabric);
  }
}

// "In dGPUs, if the data is stored in host memory, the atomic will be forwarded from the Infinity Fabric to PCIe."
TEST(SupportSummaryGfx12, InDgpusHostMemoryIsForwardedFromTheInfinityFabricToPcie) {
  for (const Memory m : host_memories) {
    const Explanation e = explain(gfx12, "64 bit atomicAdd", at(m, fine, system_scope, with_pcie));
    EXPECT_EQ(e.path, path_of({Place::fabric, Place::pcie})) << describe(e);
    EXPECT_EQ(e.outcome, Outcome::native);
  }
}

// "If the PCIe bus does not support the requested atomic, the GPU's PCIe controller changes it
// into a load-op-store sequence."
TEST(SupportSummaryGfx12, AnAtomicThePcieBusDoesNotSupportBecomesALoadOpStoreNotANop) {
  for (const Memory m : host_memories)
    for (const PcieAtomics p : both_pcie)
      for (const Row& r : rows()) {
        const Explanation e = evaluate(device(gfx12), r, at(m, fine, system_scope, p));
        EXPECT_NE(e.outcome, Outcome::nop) << describe(e);
      }
  EXPECT_TRUE(explain(gfx12, "32 bit atomicMin", at(pinned, fine, system_scope, with_pcie)).fired(RuleId::h5));
}

// "It will seem like atomics to the wave, but the CPU sees it as a non-atomic load-op-store sequence."
// The wave's view makes the result correct (⚠️, not ❌); the CPU's view limits it to device scope.
// On gfx12 only system-scope atomics reach PCIe: device scope stays in the L2 (P3).
TEST(SupportSummaryGfx12, ItSeemsLikeAtomicsToTheWaveButTheCpuSeesANonAtomicLoadOpStore) {
  for (const Memory m : all_memories)
    for (const Granularity g : {coarse, fine})
      for (const Scope s : both_scopes)
        for (const Row& r : rows()) {
          const Explanation e = evaluate(device(gfx12), r, at(m, g, s, no_pcie));
          if (!e.fired(RuleId::h5)) continue;
          EXPECT_EQ(s, system_scope) << describe(e);
          EXPECT_EQ(e.outcome, Outcome::scope_downgrade) << describe(e);
        }
  EXPECT_TRUE(explain(gfx12, "32 bit atomicMin", at(pinned, fine, system_scope, no_pcie)).fired(RuleId::h5));
}

// "This downgrades system-scope atomics to device-scope."
TEST(SupportSummaryGfx12, ThisDowngradesSystemScopeAtomicsToDeviceScope) {
  for (const Memory m : host_memories) {
    expect_rows(gfx12, integer_and_bitwise_rows(), at(m, fine, system_scope, no_pcie), Outcome::scope_downgrade);
    expect_rows(gfx12, gfx12_floats, at(m, fine, system_scope, with_pcie), Outcome::scope_downgrade);
    expect_rows(gfx12, {"64 bit float atomicAdd"}, at(m, fine, system_scope, no_pcie, cas),
                Outcome::scope_downgrade_cas);
    expect_rows(gfx12, {"64 bit float atomicAdd"}, at(m, fine, system_scope, with_pcie, cas), Outcome::cas);
  }
}
