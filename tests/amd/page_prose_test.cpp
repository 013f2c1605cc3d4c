// The page's general prose (memory, granularity and scope definitions, the 128-bit note, the
// outcome definitions and legend) as the model applies it to every device.
#include "amd/model_helpers.hpp"

using namespace amd_test;

// Coarse-grained memory: "Any system-scope atomics sent to this type of memory will not achieve
// system-scope coherency and will instead be downgraded to device-scope as per the programming model."
// AMD's tables mark none of it: a coarse system-scope cell reads like its device-scope cell on
// every device (issue 17, rule 2); S1 records the caveat in the explanation.
TEST(PageProse, CoarseGrainedSystemScopeReadsLikeDeviceScope) {
  for (const Device& d : devices())
    for (const Strategy st : both_strategies)
      for (const PcieAtomics p : both_pcie)
        for (const Memory m : all_memories)
          for (const Row& r : rows()) {
            const Explanation device_level = evaluate(d, r, at(m, coarse, device_scope, p, st));
            const Explanation system_level = evaluate(d, r, at(m, coarse, system_scope, p, st));
            EXPECT_EQ(system_level.outcome, device_level.outcome) << describe(system_level);
            EXPECT_EQ(system_level.path, path_of({Place::l2})) << describe(system_level);
            if (system_level.outcome == Outcome::nop || system_level.outcome == Outcome::not_applicable) continue;
            EXPECT_EQ(system_level.rules().back(), RuleId::s1) << describe(system_level);
          }
}

// Fine-grained memory: "This memory can be used for device and system-scope synchronization during
// the execution of a single GPU kernel." Only a PCIe load-op-store (MI300X, gfx12) downgrades it.
TEST(PageProse, FineGrainedMemoryKeepsSystemScopeUnlessPcieDowngrades) {
  for (const Device& d : devices())
    for (const Strategy st : both_strategies)
      for (const PcieAtomics p : both_pcie)
        for (const Memory m : all_memories)
          for (const Row& r : rows()) {
            const Explanation e = evaluate(d, r, at(m, fine, system_scope, p, st));
            if (e.outcome != Outcome::scope_downgrade && e.outcome != Outcome::scope_downgrade_cas) continue;
            EXPECT_EQ(d.pcie_fallback, PcieFallback::load_op_store) << describe(e);
            EXPECT_TRUE(e.path.passes(Place::pcie)) << describe(e);
            EXPECT_FALSE(e.fired(RuleId::s1)) << describe(e);
          }
}

// Note: "128-bit bitwise Exchange and CAS are not supported on AMD GPUs"
TEST(PageProse, OneHundredTwentyEightBitExchangeAndCasAreNotSupportedOnAmdGpus) {
  ASSERT_EQ(requests_128_bit().size(), 2u);
  for (const AtomicRequest& request : requests_128_bit())
    for (const Device& d : devices())
      for (const Strategy st : both_strategies) {
        const Explanation e = evaluate(d, request, at(device_dram, coarse, device_scope, with_pcie, st));
        EXPECT_EQ(e.outcome, Outcome::not_applicable);
        EXPECT_EQ(e.rules(), std::vector<RuleId>{RuleId::a2});
        EXPECT_TRUE(e.path.empty());
      }
}

// "'No PCIe atomics' means the system does not support PCIe atomics between the accelerator and
// peer/host-memory." — the selector matters only where the path has a PCIe stage (§6.6).
TEST(PageProse, ThePcieSelectorMattersOnlyOnAPathThroughPcie) {
  for (const Device& d : devices())
    for (const Strategy st : both_strategies)
      for (const Memory m : all_memories)
        for (const Granularity g : {coarse, fine})
          for (const Scope s : both_scopes)
            for (const Row& r : rows()) {
              const Explanation without = evaluate(d, r, at(m, g, s, no_pcie, st));
              const Explanation with = evaluate(d, r, at(m, g, s, with_pcie, st));
              EXPECT_EQ(without.path, with.path);
              if (!without.path.passes(Place::pcie)) {
                EXPECT_EQ(without.outcome, with.outcome) << describe(with);
              }
              // dGPUs, and MI200 A+A under CAS emulation (P8, AMD's tables).
              if (without.path.passes(Place::pcie)) {
                EXPECT_TRUE(reaches_host_over_pcie(d) || (d.kind == DeviceKind::aa_system && st == cas));
              }
            }
}

// Host memory "can be two sub-types": migratable and pinned. The prose gives no rule that tells
// them apart (amd.host-kinds): every result is the same for both.
TEST(PageProse, MigratableAndPinnedHostMemoryBehaveAlike) {
  for (const Device& d : devices())
    for (const Strategy st : both_strategies)
      for (const PcieAtomics p : both_pcie)
        for (const Granularity g : {coarse, fine})
          for (const Scope s : both_scopes)
            for (const Row& r : rows()) {
              const Explanation a = evaluate(d, r, at(migratable, g, s, p, st));
              const Explanation b = evaluate(d, r, at(pinned, g, s, p, st));
              EXPECT_EQ(a.outcome, b.outcome) << describe(a);
              EXPECT_EQ(a.path, b.path);
              EXPECT_EQ(a.rules(), b.rules());
            }
}

// The outcome definitions and the legend: ✅ correct; ⚠️ correct only at a weaker scope; ❌ fails.
TEST(PageProse, OutcomeLabelsFollowTheLegend) {
  EXPECT_EQ(label(Outcome::native), "✅ Native");
  EXPECT_EQ(label(Outcome::cas), "✅ CAS");
  EXPECT_EQ(label(Outcome::no_return), "✅ NoReturn");
  EXPECT_EQ(label(Outcome::scope_downgrade), "⚠️ Scope Downgrade");
  EXPECT_EQ(label(Outcome::scope_downgrade_cas), "⚠️ Scope Downgrade - CAS");
  EXPECT_EQ(label(Outcome::nop), "❌ NOP");
  EXPECT_EQ(label(Outcome::not_applicable), "n/a");
  for (const Outcome o : all_outcomes()) {
    EXPECT_EQ(find_outcome(label(o)), o);
    EXPECT_EQ(find_outcome(name(o)), o);
    EXPECT_EQ(correct_at_requested_scope(o), label(o).starts_with("✅"));
  }
}
