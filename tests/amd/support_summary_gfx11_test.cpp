// The page's "Support summary", paragraph **gfx11**: one test per sentence that states an outcome
// or a path. gfx11 has a dGPU and an APU.
#include "amd/model_helpers.hpp"

using namespace amd_test;

namespace {
constexpr DeviceId gfx11s[] = {DeviceId::gfx11_dgpu, DeviceId::gfx11_apu};
const std::initializer_list<std::string_view> fp32 = {"32 bit float atomicAdd", "32 bit float atomicMin",
                                                      "32 bit float atomicMax"};
}  // namespace

// "L2 cache and Infinity Fabric both support common integer and bitwise atomics."
TEST(SupportSummaryGfx11, L2AndInfinityFabricBothSupportCommonIntegerAndBitwiseAtomics) {
  for (const DeviceId d : gfx11s) {
    expect_rows(d, integer_and_bitwise_rows(), at(device_dram, coarse, device_scope), Outcome::native);
    expect_rows(d, integer_and_bitwise_rows(), at(device_dram, fine, system_scope), Outcome::native);
  }
}

// "L2 cache supports FP32 atomic add, min and max."
TEST(SupportSummaryGfx11, L2SupportsFp32AtomicAddMinAndMax) {
  for (const DeviceId d : gfx11s)
    for (const Memory m : all_memories) {
      expect_rows(d, fp32, at(m, coarse, device_scope), Outcome::native);
      expect_rows(d,
                  {"64 bit float atomicAdd", "64 bit float atomicMin", "64 bit float atomicMax",
                   "16bx2 half2 atomicAdd", "16bx2 bfloat162 atomicAdd"},
                  at(m, coarse, device_scope), Outcome::cas);  // no instruction: the compiler's CAS loop (A1)
    }
}

// "The Infinity Fabric does not support FP32 atomic add, min and max atomics and these commands
// cannot be sent to the Infinity Fabric."
TEST(SupportSummaryGfx11, TheInfinityFabricDoesNotSupportFp32AtomicAddMinAndMax) {
  for (const DeviceId d : gfx11s)
    for (const Scope s : both_scopes) expect_rows(d, fp32, at(device_dram, fine, s), Outcome::nop);
}

// "Coarse-grained memory is marked as cacheable, and atomic operations will be processed in the L2 cache."
TEST(SupportSummaryGfx11, CoarseGrainedMemoryIsProcessedInTheL2Cache) {
  for (const DeviceId d : gfx11s)
    for (const Memory m : all_memories)
      EXPECT_EQ(explain(d, "32 bit float atomicAdd", at(m, coarse, system_scope)).path, path_of({Place::l2}));
}

// "Fine-grained memory is marked uncacheable through the page tables."
TEST(SupportSummaryGfx11, FineGrainedMemoryIsUncacheable) {
  for (const DeviceId d : gfx11s)
    for (const Memory m : all_memories)
      EXPECT_TRUE(explain(d, "32 bit atomicAnd", at(m, fine, device_scope)).fired(RuleId::p4));
}

// "Atomics that hit write-uncached memory are forwarded to the Infinity Fabric."
TEST(SupportSummaryGfx11, AtomicsThatHitWriteUncachedMemoryAreForwardedToTheInfinityFabric) {
  for (const DeviceId d : gfx11s)
    for (const Memory m : all_memories)
      EXPECT_EQ(explain(d, "32 bit atomicAnd", at(m, fine, device_scope)).path.stages.front(), Place::fabric);
}

// "In a dGPU: if the uncached data is stored in host memory, the atomic will be forwarded from
// Infinity Fabric to PCIe."
TEST(SupportSummaryGfx11, InADgpuUncachedHostMemoryIsForwardedFromInfinityFabricToPcie) {
  for (const Memory m : host_memories) {
    EXPECT_EQ(explain(DeviceId::gfx11_dgpu, "32 bit atomicAnd", at(m, fine, device_scope)).path,
              path_of({Place::fabric, Place::pcie}));
    EXPECT_EQ(explain(DeviceId::gfx11_apu, "32 bit atomicAnd", at(m, fine, device_scope)).path,
              path_of({Place::fabric}));
  }
}

// "Any atomic not supported by the PCIe bus will be a NOP and give incorrect result."
TEST(SupportSummaryGfx11, AnyAtomicNotSupportedByThePcieBusWillBeANop) {
  for (const Memory m : host_memories) {
    expect_rows(DeviceId::gfx11_dgpu, integer_and_bitwise_rows(), at(m, fine, system_scope, no_pcie), Outcome::nop);
    expect_rows(DeviceId::gfx11_dgpu, {"32 bit atomicAnd", "64 bit atomicMax", "32 bit atomicSub"},
                at(m, fine, system_scope, with_pcie), Outcome::nop);  // no AtomicOp carries Sub (AMD's tables)
    expect_rows(DeviceId::gfx11_dgpu, {"32 bit atomicCAS", "32 bit atomicAdd"}, at(m, fine, system_scope, with_pcie),
                Outcome::native);
    expect_rows(DeviceId::gfx11_apu, integer_and_bitwise_rows(), at(m, fine, system_scope, no_pcie), Outcome::native);
  }
}

// "If the float atomics hit uncached memory, they cannot be forwarded to the Infinity Fabric, so
// they will NOP and give incorrect result."
TEST(SupportSummaryGfx11, FloatAtomicsOnUncachedMemoryCannotBeForwardedAndNop) {
  for (const DeviceId d : gfx11s)
    for (const Memory m : all_memories)
      for (const PcieAtomics p : both_pcie)
        for (const auto label : fp32) {
          const Explanation e = explain(d, label, at(m, fine, device_scope, p));
          EXPECT_EQ(e.outcome, Outcome::nop) << describe(e);
          EXPECT_EQ(e.rules().back(), RuleId::h3) << describe(e);
        }
}
