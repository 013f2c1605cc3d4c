// The page's "Support summary", paragraph **MI200**: one test per sentence that states an outcome
// or a path. MI200 PCIe reaches host memory over PCIe; MI200 A+A over the Infinity Fabric.
#include "amd/model_helpers.hpp"

using namespace amd_test;

namespace {
constexpr DeviceId mi200s[] = {DeviceId::mi200_pcie, DeviceId::mi200_aa};
const std::initializer_list<std::string_view> mi200_floats = {"32 bit float atomicAdd", "16bx2 half2 atomicAdd",
                                                              "64 bit float atomicAdd", "64 bit float atomicMin",
                                                              "64 bit float atomicMax"};
}  // namespace

// "L2 cache and Infinity Fabric both support common integer and bitwise atomics."
TEST(SupportSummaryMI200, L2AndInfinityFabricBothSupportCommonIntegerAndBitwiseAtomics) {
  for (const DeviceId d : mi200s) {
    expect_rows(d, integer_and_bitwise_rows(), at(device_dram, coarse, device_scope), Outcome::native);  // L2
    expect_rows(d, integer_and_bitwise_rows(), at(device_dram, fine, device_scope), Outcome::native);    // IF
    expect_rows(d, integer_and_bitwise_rows(), at(device_dram, fine, system_scope), Outcome::native);
  }
}

// "L2 cache supports FP32 atomic add, packed-FP16 atomic add, and FP64 add, min, and max."
TEST(SupportSummaryMI200, L2SupportsFp32AddPackedFp16AddAndFp64AddMinMax) {
  for (const DeviceId d : mi200s)
    for (const Memory m : all_memories) {
      expect_rows(d, mi200_floats, at(m, coarse, device_scope), Outcome::native);
      // Not in the sentence, and not on the fabric either: no instruction, the compiler's CAS loop (A1).
      expect_rows(d, {"32 bit float atomicMin", "32 bit float atomicMax", "16bx2 bfloat162 atomicAdd"},
                  at(m, coarse, device_scope), Outcome::cas);
    }
}

// "The Infinity Fabric does not support FP32 atomic add, packed-FP16 atomic add, and FP64 add, min,
// and max atomics and these commands cannot be sent to the Infinity Fabric."
TEST(SupportSummaryMI200, TheInfinityFabricDoesNotSupportTheFloatAtomics) {
  for (const DeviceId d : mi200s)
    for (const Scope s : both_scopes) {
      for (const auto label : mi200_floats) {
        const Explanation e = explain(d, label, at(device_dram, fine, s));
        EXPECT_EQ(e.outcome, Outcome::nop) << describe(e);
        EXPECT_TRUE(e.fired(RuleId::h3)) << describe(e);
      }
    }
}

// "Coarse-grained memory is marked as cacheable, and atomic operations will be processed in the L2 cache."
TEST(SupportSummaryMI200, CoarseGrainedMemoryIsProcessedInTheL2Cache) {
  for (const DeviceId d : mi200s)
    for (const Memory m : all_memories)
      for (const Scope s : both_scopes) {
        const Explanation e = explain(d, "32 bit atomicMin", at(m, coarse, s, no_pcie));
        EXPECT_EQ(e.path, path_of({Place::l2})) << describe(e);
        EXPECT_TRUE(e.fired(RuleId::p2));
      }
  // Even host memory without PCIe atomics: the L2 executes it (device scope).
  expect_rows(DeviceId::mi200_pcie, integer_and_bitwise_rows(), at(pinned, coarse, device_scope, no_pcie),
              Outcome::native);
}

// "Fine-grained memory is marked write-uncacheable through the page tables."
TEST(SupportSummaryMI200, FineGrainedMemoryIsWriteUncacheable) {
  for (const DeviceId d : mi200s)
    for (const Memory m : all_memories) {
      const Explanation e = explain(d, "32 bit atomicAdd", at(m, fine, device_scope));
      EXPECT_TRUE(e.fired(RuleId::p4)) << describe(e);
      EXPECT_FALSE(e.path.passes(Place::l2)) << describe(e);
    }
}

// "Atomics that hit write-uncached memory are forwarded to the Infinity Fabric."
TEST(SupportSummaryMI200, AtomicsThatHitWriteUncachedMemoryAreForwardedToTheInfinityFabric) {
  for (const DeviceId d : mi200s)
    for (const Memory m : all_memories)
      for (const Scope s : both_scopes)
        EXPECT_EQ(explain(d, "64 bit atomicXor", at(m, fine, s)).path.stages.front(), Place::fabric);
}

// "If the uncached data is stored in host memory on a PCIe system, the atomic will be forwarded
// from Infinity Fabric to PCIe."
TEST(SupportSummaryMI200, OnAPcieSystemHostMemoryIsForwardedFromInfinityFabricToPcie) {
  for (const Memory m : host_memories) {
    const Explanation e = explain(DeviceId::mi200_pcie, "32 bit atomicAdd", at(m, fine, system_scope, with_pcie));
    EXPECT_EQ(e.path, path_of({Place::fabric, Place::pcie})) << describe(e);
    EXPECT_EQ(e.outcome, Outcome::native) << describe(e);
  }
}

// "Any atomic not supported by the PCIe bus will be a NOP and give incorrect result."
TEST(SupportSummaryMI200, AnyAtomicNotSupportedByThePcieBusWillBeANop) {
  for (const Memory m : host_memories)
    for (const Scope s : both_scopes) {
      expect_rows(DeviceId::mi200_pcie, integer_and_bitwise_rows(), at(m, fine, s, no_pcie), Outcome::nop);
      expect_rows(
          DeviceId::mi200_pcie,
          {"32 bit atomicMin", "64 bit atomicMax", "32 bit atomicInc", "32 bit atomicDec", "32 bit atomicAnd",
           "64 bit atomicOr", "64 bit atomicXor", "32 bit atomicSub"},  // no AtomicOp carries Sub (AMD's tables)
          at(m, fine, s, with_pcie), Outcome::nop);
      expect_rows(DeviceId::mi200_pcie,
                  {"32 bit atomicAdd", "64 bit atomicAdd", "32 bit atomicExch", "64 bit atomicCAS"},
                  at(m, fine, s, with_pcie), Outcome::native);
    }
}

// "If the uncached data is stored in host memory on an A+A system (system with AMD CPU and AMD GPU
// connected via Infinity Fabric), the atomic operation will be forwarded to the remote location
// and will succeed if supported by Infinity Fabric."
TEST(SupportSummaryMI200, OnAnAPlusASystemHostMemoryAtomicsSucceedIfSupportedByInfinityFabric) {
  for (const Memory m : host_memories)
    for (const Scope s : both_scopes)
      for (const PcieAtomics p : both_pcie) {
        const Explanation e = explain(DeviceId::mi200_aa, "32 bit atomicMin", at(m, fine, s, p));
        EXPECT_EQ(e.path, path_of({Place::fabric})) << describe(e);
        EXPECT_TRUE(e.fired(RuleId::p6));
        expect_rows(DeviceId::mi200_aa, integer_and_bitwise_rows(), at(m, fine, s, p), Outcome::native);
        expect_rows(DeviceId::mi200_aa, mi200_floats, at(m, fine, s, p), Outcome::nop);  // not supported by the IF
      }
}

// "If the float atomics access write-uncached memory, they cannot be forwarded to the Infinity
// Fabric, resulting in a NOP and an incorrect outcome."
TEST(SupportSummaryMI200, FloatAtomicsOnWriteUncachedMemoryCannotBeForwardedAndNop) {
  for (const DeviceId d : mi200s)
    for (const Memory m : all_memories)
      for (const Scope s : both_scopes)
        for (const PcieAtomics p : both_pcie)
          for (const auto label : mi200_floats) {
            const Explanation e = explain(d, label, at(m, fine, s, p));
            EXPECT_EQ(e.outcome, Outcome::nop) << describe(e);
            EXPECT_EQ(e.rules().back(), RuleId::h3) << describe(e);
          }
}
