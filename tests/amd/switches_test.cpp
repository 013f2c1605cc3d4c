// spec/amd.md §9: every switch exists with its default, and each one changes what it should and
// nothing else.
#include <functional>

#include "amd/model_helpers.hpp"
#include "gpuatom/amd/matrix.hpp"

using namespace amd_test;

namespace {

// The cells (over all eight tables) whose outcome differs between two option sets.
struct Difference {
  DeviceId device;
  const Row* row;
  Selectors selectors;
  Outcome before, after;
};

std::vector<Difference> differences(const ModelOptions& a, const ModelOptions& b) {
  std::vector<Difference> out;
  for (const Device& d : devices())
    for (const Strategy st : both_strategies)
      for (const PcieAtomics p : both_pcie)
        for (const Memory m : all_memories)
          for (const Granularity g : {coarse, fine})
            for (const Scope s : both_scopes)
              for (const Row& r : rows()) {
                const Selectors sel = at(m, g, s, p, st);
                const Outcome x = evaluate(d, r, sel, a).outcome;
                const Outcome y = evaluate(d, r, sel, b).outcome;
                if (x != y) out.push_back({d.id, &r, sel, x, y});
              }
  return out;
}

ModelOptions with(std::string_view name, std::string_view value) {
  ModelOptions o;
  const auto error = set_switch(o, name, value);
  EXPECT_FALSE(error) << *error;
  return o;
}

}  // namespace

TEST(Switches, EverySwitchOfTheSpecExistsWithItsDefault) {
  const ModelOptions defaults;
  const std::vector<std::pair<std::string_view, std::string_view>> expected = {
      {"amd.no-hw-instruction", "na"},        {"amd.sub-pcie", "fetchadd"},
      {"amd.gfx10-fminmax", "f32,f64"},       {"amd.mi300-coarse-place", "fabric"},
      {"amd.noreturn-downgrade", "scope-downgrade"}, {"amd.host-kinds", "same"}};
  ASSERT_EQ(switches().size(), expected.size());
  for (size_t i = 0; i < expected.size(); ++i) {
    EXPECT_EQ(switches()[i].name, expected[i].first);
    EXPECT_EQ(switches()[i].values.front(), expected[i].second);
    EXPECT_EQ(switch_value(defaults, expected[i].first), expected[i].second);
    EXPECT_FALSE(switches()[i].why_open.empty());
  }
}

TEST(Switches, SetAcceptsNamesAndValuesCaseInsensitivelyAndRefusesOthersListingValidOnes) {
  ModelOptions o;
  EXPECT_FALSE(set_switch(o, "amd.sub-pcie", "NONE"));
  EXPECT_EQ(o.sub_pcie, SubOverPcie::none);
  EXPECT_FALSE(set_switch(o, "--gfx10-fminmax", "f32"));
  EXPECT_EQ(o.gfx10_fminmax, Gfx10FloatMinMax::f32_only);
  EXPECT_FALSE(set_switch(o, "mi300-coarse-place", "L2"));
  EXPECT_EQ(o.mi300_coarse_place, Mi300CoarsePlace::l2);
  const auto error = set_switch(o, "amd.no-hw-instruction", "maybe");
  ASSERT_TRUE(error);
  EXPECT_NE(error->find("na, cas"), std::string::npos) << *error;
  EXPECT_TRUE(set_switch(o, "amd.nonexistent", "x"));
}

// amd.no-hw-instruction=cas: HW atomics rows without an instruction follow the CAS rules; only
// cells that were n/a change.
TEST(Switches, NoHwInstructionCasTurnsOnlyNotApplicableCellsIntoCasRuleOutcomes) {
  const auto diff = differences({}, with("amd.no-hw-instruction", "cas"));
  ASSERT_FALSE(diff.empty());
  for (const Difference& d : diff) {
    EXPECT_EQ(d.selectors.strategy, hw);
    EXPECT_EQ(d.before, Outcome::not_applicable);
    EXPECT_EQ(d.after, outcome(d.device, d.row->label, at(d.selectors.memory, d.selectors.granularity, d.selectors.scope,
                                                             d.selectors.pcie, cas)));
  }
  const Explanation e = explain(DeviceId::gfx9_dgpu, "32 bit float atomicAdd", at(device_dram, coarse, device_scope),
                                with("amd.no-hw-instruction", "cas"));
  EXPECT_EQ(e.outcome, Outcome::cas);
  EXPECT_EQ(e.rules(), (std::vector<RuleId>{RuleId::a1, RuleId::p2, RuleId::c2, RuleId::c3}));
}

// amd.sub-pcie=none: only atomicSub on a path through PCIe with PCIe atomics changes.
TEST(Switches, SubPcieNoneChangesOnlyAtomicSubThroughPcieAtomics) {
  const auto diff = differences({}, with("amd.sub-pcie", "none"));
  ASSERT_FALSE(diff.empty());
  for (const Difference& d : diff) {
    EXPECT_EQ(d.row->label, "32 bit atomicSub");
    EXPECT_EQ(d.selectors.pcie, with_pcie);
    EXPECT_TRUE(reaches_host_over_pcie(device(d.device)));
  }
  EXPECT_EQ(outcome(DeviceId::mi200_pcie, "32 bit atomicSub", at(pinned, fine, system_scope, with_pcie)), Outcome::native);
  EXPECT_EQ(outcome(DeviceId::mi200_pcie, "32 bit atomicSub", at(pinned, fine, system_scope, with_pcie),
                    with("amd.sub-pcie", "none")),
            Outcome::nop);
  EXPECT_EQ(outcome(DeviceId::mi200_pcie, "32 bit atomicSub", at(pinned, fine, system_scope, with_pcie, cas),
                    with("amd.sub-pcie", "none")),
            Outcome::cas);
  // The default rests on the proposal, and says so.
  const Explanation e = explain(DeviceId::mi200_pcie, "32 bit atomicSub", at(pinned, fine, system_scope, with_pcie));
  EXPECT_EQ(e.firings.back().basis, Basis::proposed);
  EXPECT_EQ(e.firings.back().switches, std::vector<std::string_view>{"amd.sub-pcie"});
}

// amd.gfx10-fminmax=f32: gfx10's FP64 min/max lose their instruction; nothing else changes.
TEST(Switches, Gfx10FminmaxF32ChangesOnlyGfx10Fp64MinMax) {
  const auto diff = differences({}, with("amd.gfx10-fminmax", "f32"));
  ASSERT_FALSE(diff.empty());
  for (const Difference& d : diff) {
    EXPECT_EQ(d.device, DeviceId::gfx10_dgpu);
    EXPECT_TRUE(d.row->label == "64 bit float atomicMin" || d.row->label == "64 bit float atomicMax") << d.row->label;
  }
  EXPECT_EQ(outcome(DeviceId::gfx10_dgpu, "64 bit float atomicMin", at(device_dram, coarse, device_scope),
                    with("amd.gfx10-fminmax", "f32")),
            Outcome::not_applicable);
  EXPECT_EQ(outcome(DeviceId::gfx10_dgpu, "32 bit float atomicMin", at(device_dram, coarse, device_scope),
                    with("amd.gfx10-fminmax", "f32")),
            Outcome::native);
  const Explanation e = explain(DeviceId::gfx10_dgpu, "64 bit float atomicMax", at(device_dram, coarse, device_scope));
  EXPECT_EQ(e.outcome, Outcome::native);
  EXPECT_EQ(e.firings.back().basis, Basis::proposed);
}

// amd.mi300-coarse-place=l2: MI300 coarse-grained memory executes in its L2 (with the IF's set),
// never through PCIe; only MI300 coarse-grained host-memory cells can change.
TEST(Switches, Mi300CoarsePlaceL2KeepsMi300CoarseMemoryInTheL2) {
  const ModelOptions l2 = with("amd.mi300-coarse-place", "l2");
  const auto diff = differences({}, l2);
  ASSERT_FALSE(diff.empty());
  for (const Difference& d : diff) {
    EXPECT_EQ(device(d.device).generation, Generation::mi300);
    EXPECT_EQ(d.selectors.granularity, coarse);
    EXPECT_TRUE(is_host_memory(d.selectors.memory));
  }
  const Explanation e = explain(DeviceId::mi300x, "32 bit float atomicAdd", at(pinned, coarse, device_scope, no_pcie, cas), l2);
  EXPECT_EQ(e.path, path_of({Place::l2}));
  EXPECT_EQ(e.rules(), (std::vector<RuleId>{RuleId::p2, RuleId::c1}));
  EXPECT_EQ(e.outcome, Outcome::native);
  EXPECT_EQ(outcome(DeviceId::mi300x, "32 bit float atomicAdd", at(pinned, coarse, device_scope, no_pcie, cas)), Outcome::cas);
  for (const Memory m : all_memories)
    EXPECT_EQ(explain(DeviceId::mi300a, "32 bit atomicAdd", at(m, coarse, system_scope), l2).path, path_of({Place::l2}));
}

// amd.noreturn-downgrade=noreturn: only MI100's coarse-grained system-scope NoReturn cells change.
TEST(Switches, NoreturnDowngradeNoreturnKeepsTheNoReturnLabel) {
  const auto diff = differences({}, with("amd.noreturn-downgrade", "noreturn"));
  ASSERT_FALSE(diff.empty());
  for (const Difference& d : diff) {
    EXPECT_EQ(d.device, DeviceId::mi100);
    EXPECT_EQ(d.selectors.granularity, coarse);
    EXPECT_EQ(d.selectors.scope, system_scope);
    EXPECT_EQ(d.before, Outcome::scope_downgrade);
    EXPECT_EQ(d.after, Outcome::no_return);
  }
}

// amd.host-kinds has one value: migratable = pinned (see PageProse.MigratableAndPinnedHostMemoryBehaveAlike).
TEST(Switches, HostKindsHasOnlyTheSameValue) {
  EXPECT_TRUE(differences({}, with("amd.host-kinds", "migratable=pinned")).empty());
  ModelOptions o;
  EXPECT_TRUE(set_switch(o, "amd.host-kinds", "separate"));
}
