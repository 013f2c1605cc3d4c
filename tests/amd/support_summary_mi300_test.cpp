// The page's "Support summary", paragraph **MI300**: one test per sentence that states an outcome
// or a path, the sentence quoted above the test. MI300X is the dGPU, MI300A the APU.
#include "amd/model_helpers.hpp"

using namespace amd_test;

namespace {
constexpr DeviceId mi300s[] = {DeviceId::mi300x, DeviceId::mi300a};
}

// "All atomicRMW operations are forwarded out to the Infinity Fabric." — on fine-grained memory;
// coarse-grained memory stays in the L2 (P2 before P1), as AMD's tables show.
TEST(SupportSummaryMI300, AllAtomicRmwOperationsAreForwardedOutToTheInfinityFabric) {
  for (const DeviceId d : mi300s)
    for (const Strategy st : both_strategies)
      for (const PcieAtomics p : both_pcie)
        for (const Memory m : all_memories)
          for (const Granularity g : {fine})
            for (const Scope s : both_scopes)
              for (const Row& r : rows()) {
                const Explanation e = evaluate(device(d), r, at(m, g, s, p, st));
                ASSERT_FALSE(e.path.empty()) << describe(e);
                EXPECT_EQ(e.path.stages.front(), Place::fabric) << describe(e);
                EXPECT_TRUE(e.fired(RuleId::p1)) << describe(e);  // after A1 where the compiler emulates
              }
}

// "Infinity Fabric supports common integer and bitwise atomics, FP32 atomic add, packed-FP16
// atomic add, packed-BF16 atomic add, and FP64 add, min, and max."
TEST(SupportSummaryMI300, InfinityFabricSupportsIntegerBitwiseFp32AddPackedFp16Bf16AddAndFp64AddMinMax) {
  for (const DeviceId d : mi300s)
    for (const Granularity g : {coarse, fine}) {
      const Selectors s = at(device_dram, g, device_scope);
      expect_rows(d, integer_and_bitwise_rows(), s, Outcome::native);
      expect_rows(d,
                  {"32 bit float atomicAdd", "16bx2 half2 atomicAdd", "16bx2 bfloat162 atomicAdd",
                   "64 bit float atomicAdd", "64 bit float atomicMin", "64 bit float atomicMax"},
                  s, Outcome::native);
      // FP32 min/max are not in the sentence: no instruction, the compiler's CAS loop (A1).
      expect_rows(d, {"32 bit float atomicMin", "32 bit float atomicMax"}, s, Outcome::cas);
      expect_rows(d, {"32 bit float atomicMin", "32 bit float atomicMax"},
                  at(device_dram, g, device_scope, no_pcie, cas), Outcome::cas);
    }
}

// "In discrete GPUs (dGPUs), if the data is stored in host memory, the atomic will be forwarded
// from the Infinity Fabric to PCIe."
TEST(SupportSummaryMI300, InDiscreteGpusHostMemoryIsForwardedFromTheInfinityFabricToPcie) {
  for (const Memory m : host_memories)
    for (const Granularity g : {fine}) {  // coarse-grained memory stays in the L2 (P2 before P1)
      const Explanation dgpu = explain(DeviceId::mi300x, "32 bit atomicAdd", at(m, g, system_scope, with_pcie));
      EXPECT_EQ(dgpu.path, path_of({Place::fabric, Place::pcie})) << describe(dgpu);
      EXPECT_TRUE(dgpu.fired(RuleId::p7));
      // The APU reaches host memory over the fabric alone (DECISION).
      const Explanation apu = explain(DeviceId::mi300a, "32 bit atomicAdd", at(m, g, system_scope, with_pcie));
      EXPECT_EQ(apu.path, path_of({Place::fabric})) << describe(apu);
      EXPECT_TRUE(apu.fired(RuleId::p6));
    }
  // PCIe carries FetchAdd, Swap and CAS: those stay native at system scope on fine-grained memory.
  expect_rows(DeviceId::mi300x, {"32 bit atomicAdd", "64 bit atomicAdd", "32 bit atomicExch", "64 bit atomicCAS"},
              at(pinned, fine, system_scope, with_pcie), Outcome::native);
}

// "If the PCIe bus does not support the requested atomic, the GPU's PCIe controller changes it
// into a load-op-store sequence."
TEST(SupportSummaryMI300, AnAtomicThePcieBusDoesNotSupportBecomesALoadOpStoreNotANop) {
  for (const Memory m : host_memories)
    for (const Scope s : both_scopes)
      for (const PcieAtomics p : both_pcie)
        for (const Row& r : rows()) {
          const Explanation e = evaluate(device(DeviceId::mi300x), r, at(m, fine, s, p));
          EXPECT_NE(e.outcome, Outcome::nop) << describe(e);
          if (e.fired(RuleId::h5)) {
            EXPECT_TRUE(e.path.passes(Place::pcie));
          }
        }
  EXPECT_TRUE(
      explain(DeviceId::mi300x, "32 bit atomicMin", at(pinned, fine, device_scope, with_pcie)).fired(RuleId::h5));
}

// "It will seem like atomics to the wave, but the CPU sees it as a non-atomic load-op-store sequence."
TEST(SupportSummaryMI300, ItSeemsLikeAtomicsToTheWaveSoDeviceScopeIsNative) {
  const Selectors s = at(migratable, fine, device_scope, no_pcie);
  expect_rows(DeviceId::mi300x, integer_and_bitwise_rows(), s, Outcome::native);
  expect_rows(DeviceId::mi300x, {"32 bit float atomicAdd", "64 bit float atomicMax", "16bx2 bfloat162 atomicAdd"}, s,
              Outcome::native);
  // CAS emulation of a row the IF lacks: each CAS is a load-op-store, atomic for the device.
  expect_rows(DeviceId::mi300x, {"32 bit float atomicMin"}, at(migratable, fine, device_scope, no_pcie, cas),
              Outcome::cas);
}

// "This downgrades system-scope atomics to device-scope."
TEST(SupportSummaryMI300, ThisDowngradesSystemScopeAtomicsToDeviceScope) {
  expect_rows(DeviceId::mi300x, integer_and_bitwise_rows(), at(pinned, fine, system_scope, no_pcie),
              Outcome::scope_downgrade);
  expect_rows(DeviceId::mi300x, {"32 bit atomicMin", "32 bit atomicAnd", "64 bit float atomicAdd"},
              at(pinned, fine, system_scope, with_pcie), Outcome::scope_downgrade);
  expect_rows(DeviceId::mi300x, {"32 bit float atomicMax"}, at(pinned, fine, system_scope, no_pcie, cas),
              Outcome::scope_downgrade_cas);
  // The APU has no PCIe stage: nothing to downgrade on fine-grained memory.
  expect_rows(DeviceId::mi300a, integer_and_bitwise_rows(), at(pinned, fine, system_scope, no_pcie), Outcome::native);
}
