// The page's "Support summary", paragraph **MI100**: one test per sentence that states an outcome
// or a path.
#include "amd/model_helpers.hpp"

using namespace amd_test;

namespace {
constexpr DeviceId mi100 = DeviceId::mi100;
const std::initializer_list<std::string_view> no_return_adds = {"32 bit float atomicAdd", "16bx2 half2 atomicAdd"};
}  // namespace

// "L2 cache and Infinity Fabric both support common integer and bitwise atomics."
TEST(SupportSummaryMI100, L2AndInfinityFabricBothSupportCommonIntegerAndBitwiseAtomics) {
  expect_rows(mi100, integer_and_bitwise_rows(), at(device_dram, coarse, device_scope), Outcome::native);
  expect_rows(mi100, integer_and_bitwise_rows(), at(device_dram, fine, device_scope), Outcome::native);
  expect_rows(mi100, integer_and_bitwise_rows(), at(device_dram, fine, system_scope), Outcome::native);
}

// "L2 cache supports no returns (NoReturn) versions of packed-FP16 and FP32 atomic adds, that
// cannot return data."
TEST(SupportSummaryMI100, L2SupportsNoReturnVersionsOfPackedFp16AndFp32AtomicAdds) {
  for (const Memory m : all_memories)
    for (const auto label : no_return_adds) {
      const Explanation e = explain(mi100, label, at(m, coarse, device_scope));
      EXPECT_EQ(e.outcome, Outcome::no_return) << describe(e);
      EXPECT_TRUE(e.fired(RuleId::h2));
      // CAS emulation loops for every row but atomicCAS (C1), so it emulates these too.
      EXPECT_EQ(outcome(mi100, label, at(m, coarse, device_scope, no_pcie, cas)), Outcome::cas);
    }
  // Nothing else in float: no FP64, no min/max, no BF16 — the compiler's CAS loop (A1, AMD's tables).
  expect_rows(mi100,
              {"32 bit float atomicMin", "32 bit float atomicMax", "64 bit float atomicAdd", "64 bit float atomicMin",
               "64 bit float atomicMax", "16bx2 bfloat162 atomicAdd"},
              at(device_dram, coarse, device_scope), Outcome::cas);
}

// "The Infinity Fabric does not support packed-FP16 or FP32 atomic adds, preventing these commands
// from being transmitted through it."
TEST(SupportSummaryMI100, TheInfinityFabricDoesNotSupportPackedFp16OrFp32AtomicAdds) {
  for (const Scope s : both_scopes) expect_rows(mi100, no_return_adds, at(device_dram, fine, s), Outcome::nop);
}

// "Coarse-grained memory is marked as cacheable, and atomic operations will be processed in the L2 cache."
TEST(SupportSummaryMI100, CoarseGrainedMemoryIsProcessedInTheL2Cache) {
  for (const Memory m : all_memories)
    for (const Scope s : both_scopes)
      EXPECT_EQ(explain(mi100, "64 bit atomicAdd", at(m, coarse, s)).path, path_of({Place::l2}));
  expect_rows(mi100, integer_and_bitwise_rows(), at(pinned, coarse, device_scope, no_pcie), Outcome::native);
}

// "Fine-grained memory is marked uncacheable through the page tables."
TEST(SupportSummaryMI100, FineGrainedMemoryIsUncacheable) {
  for (const Memory m : all_memories) {
    const Explanation e = explain(mi100, "32 bit atomicOr", at(m, fine, device_scope));
    EXPECT_TRUE(e.fired(RuleId::p4)) << describe(e);
    EXPECT_FALSE(e.path.passes(Place::l2));
  }
}

// "Atomics that hit uncached memory are forwarded to the Infinity Fabric."
TEST(SupportSummaryMI100, AtomicsThatHitUncachedMemoryAreForwardedToTheInfinityFabric) {
  for (const Memory m : all_memories)
    EXPECT_EQ(explain(mi100, "32 bit atomicOr", at(m, fine, system_scope)).path.stages.front(), Place::fabric);
  EXPECT_EQ(explain(mi100, "32 bit atomicOr", at(device_dram, fine, system_scope)).path, path_of({Place::fabric}));
}

// "If the uncached data is stored in host memory, the atomic will be forwarded from Infinity Fabric to PCIe."
TEST(SupportSummaryMI100, UncachedHostMemoryIsForwardedFromInfinityFabricToPcie) {
  for (const Memory m : host_memories)
    EXPECT_EQ(explain(mi100, "32 bit atomicAdd", at(m, fine, device_scope)).path,
              path_of({Place::fabric, Place::pcie}));
}

// "Any atomic not supported by the PCIe bus will be a NOP and give incorrect result."
TEST(SupportSummaryMI100, AnyAtomicNotSupportedByThePcieBusWillBeANop) {
  for (const Memory m : host_memories) {
    expect_rows(mi100, integer_and_bitwise_rows(), at(m, fine, system_scope, no_pcie), Outcome::nop);
    expect_rows(mi100, {"32 bit atomicMax", "64 bit atomicAnd"}, at(m, fine, system_scope, with_pcie), Outcome::nop);
    expect_rows(mi100, {"64 bit atomicAdd", "32 bit atomicCAS"}, at(m, fine, system_scope, with_pcie), Outcome::native);
    // CAS emulation needs PCIe to carry the CAS itself.
    expect_rows(mi100, {"32 bit atomicMax"}, at(m, fine, system_scope, no_pcie, cas), Outcome::nop);
    expect_rows(mi100, {"32 bit atomicMax"}, at(m, fine, system_scope, with_pcie, cas), Outcome::cas);
  }
}

// "If an float atomic add hits uncached memory, it cannot be forwarded to the Infinity Fabric so it
// will NOP and give incorrect result."
TEST(SupportSummaryMI100, AFloatAtomicAddOnUncachedMemoryCannotBeForwardedAndNops) {
  for (const Memory m : all_memories)
    for (const PcieAtomics p : both_pcie)
      for (const auto label : no_return_adds) {
        const Explanation e = explain(mi100, label, at(m, fine, device_scope, p));
        EXPECT_EQ(e.outcome, Outcome::nop) << describe(e);
        EXPECT_TRUE(e.fired(RuleId::h3)) << describe(e);
      }
}
