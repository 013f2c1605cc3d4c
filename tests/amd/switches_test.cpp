// docs/spec/amd.md §9: every switch exists with its default, and each one changes what it should and
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

// Each default is the reading AMD's published tables show (issue 17); the alternative is
// docs/spec/amd.md's first reading where the tables overturned it.
TEST(Switches, EverySwitchOfTheSpecExistsWithItsDefault) {
  const ModelOptions defaults;
  const std::vector<std::pair<std::string_view, std::string_view>> expected = {{"amd.no-hw-instruction", "cas"},
                                                                               {"amd.sub-pcie", "none"},
                                                                               {"amd.gfx10-fminmax", "f32,f64"},
                                                                               {"amd.mi300-coarse-place", "l2"},
                                                                               {"amd.host-kinds", "same"}};
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
  EXPECT_FALSE(set_switch(o, "amd.sub-pcie", "FETCHADD"));
  EXPECT_EQ(o.sub_pcie, SubOverPcie::fetch_add);
  EXPECT_FALSE(set_switch(o, "--gfx10-fminmax", "f32"));
  EXPECT_EQ(o.gfx10_fminmax, Gfx10FloatMinMax::f32_only);
  EXPECT_FALSE(set_switch(o, "mi300-coarse-place", "Fabric"));
  EXPECT_EQ(o.mi300_coarse_place, Mi300CoarsePlace::fabric);
  EXPECT_FALSE(set_switch(o, "amd.no-hw-instruction", "n/a"));
  EXPECT_EQ(o.no_hw_instruction, NoHwInstruction::not_applicable);
  const auto error = set_switch(o, "amd.no-hw-instruction", "maybe");
  ASSERT_TRUE(error);
  EXPECT_NE(error->find("cas, na"), std::string::npos) << *error;
  EXPECT_TRUE(set_switch(o, "amd.nonexistent", "x"));
  EXPECT_TRUE(set_switch(o, "amd.noreturn-downgrade", "noreturn"));  // gone: the tables mark no such downgrade
}

// amd.no-hw-instruction=na (docs/spec/amd.md's first reading): only HW-atomics cells without an
// instruction change, from the compiler's CAS loop (the CAS-rule outcome) to n/a.
TEST(Switches, NoHwInstructionNaTurnsOnlyTheCompilersCasLoopsIntoNotApplicable) {
  const auto diff = differences({}, with("amd.no-hw-instruction", "na"));
  ASSERT_FALSE(diff.empty());
  for (const Difference& d : diff) {
    EXPECT_EQ(d.selectors.strategy, hw);
    EXPECT_FALSE(has_instruction(device(d.device), *d.row));
    EXPECT_EQ(d.after, Outcome::not_applicable);
    EXPECT_NE(d.before, Outcome::not_applicable);
  }
  const Explanation e = explain(DeviceId::gfx9_dgpu, "32 bit float atomicAdd", at(device_dram, coarse, device_scope));
  EXPECT_EQ(e.outcome, Outcome::cas);
  EXPECT_EQ(e.rules(), (std::vector<RuleId>{RuleId::a1, RuleId::p2, RuleId::c2, RuleId::c3}));
  EXPECT_EQ(e.firings[0].switches, std::vector<std::string_view>{"amd.no-hw-instruction"});
}

// amd.sub-pcie=fetchadd (docs/spec/amd.md's first reading): only atomicSub under HW atomics on a path
// through PCIe with PCIe atomics changes.
TEST(Switches, SubPcieFetchaddChangesOnlyAtomicSubThroughPcieAtomics) {
  const ModelOptions fetch_add = with("amd.sub-pcie", "fetchadd");
  const auto diff = differences({}, fetch_add);
  ASSERT_FALSE(diff.empty());
  for (const Difference& d : diff) {
    EXPECT_EQ(d.row->label, "32 bit atomicSub");
    EXPECT_EQ(d.selectors.pcie, with_pcie);
    EXPECT_EQ(d.selectors.strategy, hw);
    EXPECT_TRUE(reaches_host_over_pcie(device(d.device)));
  }
  EXPECT_EQ(outcome(DeviceId::mi200_pcie, "32 bit atomicSub", at(pinned, fine, system_scope, with_pcie)), Outcome::nop);
  EXPECT_EQ(outcome(DeviceId::mi200_pcie, "32 bit atomicSub", at(pinned, fine, system_scope, with_pcie), fetch_add),
            Outcome::native);
  EXPECT_EQ(outcome(DeviceId::mi200_pcie, "32 bit atomicSub", at(pinned, fine, system_scope, with_pcie, cas)),
            Outcome::cas);
  // The default is what AMD's tables show; the alternative rests on the switch and says so.
  const Explanation e = explain(DeviceId::mi200_pcie, "32 bit atomicSub", at(pinned, fine, system_scope, with_pcie));
  EXPECT_EQ(e.firings.back().basis, Basis::tables);
  const Explanation f =
      explain(DeviceId::mi200_pcie, "32 bit atomicSub", at(pinned, fine, system_scope, with_pcie), fetch_add);
  EXPECT_EQ(f.firings.back().basis, Basis::proposed);
  EXPECT_EQ(f.firings.back().switches, std::vector<std::string_view>{"amd.sub-pcie"});
}

// amd.gfx10-fminmax=f32: gfx10's FP64 min/max lose their instruction (the compiler's CAS loop
// instead); nothing else changes.
TEST(Switches, Gfx10FminmaxF32ChangesOnlyGfx10Fp64MinMax) {
  const auto diff = differences({}, with("amd.gfx10-fminmax", "f32"));
  ASSERT_FALSE(diff.empty());
  for (const Difference& d : diff) {
    EXPECT_EQ(d.device, DeviceId::gfx10_dgpu);
    EXPECT_TRUE(d.row->label == "64 bit float atomicMin" || d.row->label == "64 bit float atomicMax") << d.row->label;
  }
  EXPECT_EQ(outcome(DeviceId::gfx10_dgpu, "64 bit float atomicMin", at(device_dram, coarse, device_scope),
                    with("amd.gfx10-fminmax", "f32")),
            Outcome::cas);
  EXPECT_EQ(outcome(DeviceId::gfx10_dgpu, "32 bit float atomicMin", at(device_dram, coarse, device_scope),
                    with("amd.gfx10-fminmax", "f32")),
            Outcome::native);
  const Explanation e = explain(DeviceId::gfx10_dgpu, "64 bit float atomicMax", at(device_dram, coarse, device_scope));
  EXPECT_EQ(e.outcome, Outcome::native);
  EXPECT_EQ(e.firings.back().basis, Basis::proposed);
}

// amd.mi300-coarse-place=fabric (docs/spec/amd.md's first reading, P1 before P2): MI300 coarse-grained
// memory goes to the IF and, for host memory on MI300X, on to PCIe; only MI300 coarse-grained
// host-memory cells can change.
TEST(Switches, Mi300CoarsePlaceFabricSendsMi300CoarseMemoryToTheFabric) {
  const ModelOptions fabric = with("amd.mi300-coarse-place", "fabric");
  const auto diff = differences({}, fabric);
  ASSERT_FALSE(diff.empty());
  for (const Difference& d : diff) {
    EXPECT_TRUE(d.device == DeviceId::mi300x || d.device == DeviceId::mi350x);  // the MI300 class's dGPUs
    EXPECT_EQ(d.selectors.granularity, coarse);
    EXPECT_TRUE(is_host_memory(d.selectors.memory));
  }
  const Explanation e = explain(DeviceId::mi300x, "32 bit atomicMin", at(pinned, coarse, system_scope), fabric);
  EXPECT_EQ(e.path, path_of({Place::fabric, Place::pcie}));
  EXPECT_EQ(e.rules(), (std::vector<RuleId>{RuleId::p1, RuleId::p7, RuleId::h5, RuleId::s1}));
  EXPECT_EQ(e.outcome, Outcome::scope_downgrade);
  const Explanation l2 = explain(DeviceId::mi300x, "32 bit atomicMin", at(pinned, coarse, system_scope));
  EXPECT_EQ(l2.path, path_of({Place::l2}));
  EXPECT_EQ(l2.outcome, Outcome::native);
  for (const Memory m : all_memories)
    EXPECT_EQ(explain(DeviceId::mi300a, "32 bit atomicAdd", at(m, coarse, system_scope)).path, path_of({Place::l2}));
}

// amd.host-kinds has one value: migratable = pinned (see PageProse.MigratableAndPinnedHostMemoryBehaveAlike).
TEST(Switches, HostKindsHasOnlyTheSameValue) {
  EXPECT_TRUE(differences({}, with("amd.host-kinds", "migratable=pinned")).empty());
  ModelOptions o;
  EXPECT_TRUE(set_switch(o, "amd.host-kinds", "separate"));
}
