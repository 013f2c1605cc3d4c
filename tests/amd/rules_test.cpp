// docs/spec/amd.md §6, rule by rule: each rule fires where its condition holds and nowhere else, in the
// order A → P → (H or C) → S, and its firing carries a reason, a source and the right tag.
#include <functional>

#include "amd/model_helpers.hpp"

using namespace amd_test;

namespace {

// Every case of the model with default switches.
void for_every_case(const std::function<void(const Device&, const Row&, const Selectors&, const Explanation&)>& check) {
  for (const Device& d : devices())
    for (const Strategy st : both_strategies)
      for (const PcieAtomics p : both_pcie)
        for (const Memory m : all_memories)
          for (const Granularity g : {coarse, fine})
            for (const Scope s : both_scopes)
              for (const Row& r : rows()) {
                const Selectors sel = at(m, g, s, p, st);
                check(d, r, sel, evaluate(d, r, sel));
              }
}

int stage_of(RuleId id) {
  if (id <= RuleId::a2) return 0;
  if (id <= RuleId::p8) return 1;
  if (id <= RuleId::c6) return 2;
  return 3;
}

bool is_mi300(const Device& d) { return d.generation == Generation::mi300; }

}  // namespace

TEST(Rules, FireInTheOrderAvailabilityPathStrategyScope) {
  for_every_case([](const Device&, const Row&, const Selectors&, const Explanation& e) {
    ASSERT_FALSE(e.firings.empty());
    for (size_t i = 1; i < e.firings.size(); ++i)
      EXPECT_LE(stage_of(e.firings[i - 1].rule), stage_of(e.firings[i].rule)) << describe(e);
    // H and C never mix except C6, which hands atomicCAS to H1–H5.
    const bool any_h = std::any_of(e.firings.begin(), e.firings.end(),
                                   [](const Firing& f) { return f.rule >= RuleId::h1 && f.rule <= RuleId::h5; });
    const bool any_c = std::any_of(e.firings.begin(), e.firings.end(),
                                   [](const Firing& f) { return f.rule >= RuleId::c1 && f.rule <= RuleId::c5; });
    EXPECT_FALSE(any_h && any_c) << describe(e);
  });
}

TEST(Rules, EveryFiringHasAReasonASourceAndTheLastDecidingOneGivesTheOutcome) {
  for_every_case([](const Device&, const Row&, const Selectors&, const Explanation& e) {
    std::optional<Outcome> last;
    for (const Firing& f : e.firings) {
      EXPECT_FALSE(f.reason.empty()) << describe(e);
      EXPECT_FALSE(f.source.text.empty()) << rule_info(f.rule).code << "\n" << describe(e);
      EXPECT_EQ(f.reason.find('\n'), std::string::npos);
      if (f.outcome) last = f.outcome;
    }
    ASSERT_TRUE(last.has_value()) << describe(e);
    EXPECT_EQ(*last, e.outcome) << describe(e);
  });
}

TEST(Rules, A1NoHwInstructionFiresExactlyForHwAtomicsWithoutAnInstruction) {
  for_every_case([](const Device& d, const Row& r, const Selectors& s, const Explanation& e) {
    const bool expected = s.strategy == hw && !has_instruction(d, r);
    EXPECT_EQ(e.fired(RuleId::a1), expected) << describe(e);
    // AMD's tables: the compiler's CAS loop (C2), never n/a; the outcome is the loop's.
    if (expected) {
      EXPECT_NE(e.outcome, Outcome::not_applicable) << describe(e);
      EXPECT_TRUE(e.fired(RuleId::c2)) << describe(e);
      EXPECT_EQ(e.firings[0].basis, Basis::tables);
    }
  });
  EXPECT_EQ(outcome(DeviceId::gfx9_dgpu, "32 bit float atomicAdd", at(device_dram, coarse, device_scope)),
            Outcome::cas);
}

TEST(Rules, A2NoOneTwentyEightBitFiresOnlyForOneTwentyEightBitRequests) {
  for_every_case(
      [](const Device&, const Row&, const Selectors&, const Explanation& e) { EXPECT_FALSE(e.fired(RuleId::a2)); });
  const auto request = find_request("128 bit atomicExch");
  ASSERT_TRUE(request);
  EXPECT_EQ(evaluate(device(DeviceId::gfx12_dgpu), *request, at(device_dram, fine, device_scope)).rules(),
            std::vector<RuleId>{RuleId::a2});
}

TEST(Rules, PathRulesFireExactlyWhereTheirConditionsHold) {
  for_every_case([](const Device& d, const Row&, const Selectors& s, const Explanation& e) {
    if (e.fired(RuleId::a1)) return;
    const bool host = is_host_memory(s.memory);
    const bool coarse_memory = s.granularity == coarse;
    const bool gfx12_host = d.generation == Generation::gfx12 && host && !coarse_memory;
    // P2 before P1: coarse-grained memory stays in the L2 on every device, MI300 included.
    const bool at_fabric = !coarse_memory && !(gfx12_host && s.scope == device_scope);
    const bool aa_over_pcie = d.kind == DeviceKind::aa_system && s.strategy == cas;
    const bool over_pcie = reaches_host_over_pcie(d) || aa_over_pcie;
    EXPECT_EQ(e.fired(RuleId::p1), is_mi300(d) && !coarse_memory) << describe(e);
    EXPECT_EQ(e.fired(RuleId::p2), coarse_memory) << describe(e);
    EXPECT_EQ(e.fired(RuleId::p3), gfx12_host) << describe(e);
    EXPECT_EQ(e.fired(RuleId::p4), !is_mi300(d) && !coarse_memory && !gfx12_host) << describe(e);
    EXPECT_EQ(e.fired(RuleId::p5), at_fabric && !host) << describe(e);
    EXPECT_EQ(e.fired(RuleId::p6), at_fabric && host && !over_pcie) << describe(e);
    EXPECT_EQ(e.fired(RuleId::p7), at_fabric && host && reaches_host_over_pcie(d)) << describe(e);
    EXPECT_EQ(e.fired(RuleId::p8), at_fabric && host && aa_over_pcie) << describe(e);
    // The resulting paths are [L2], [IF] and [IF, PCIe] only.
    const Path expected = !at_fabric          ? path_of({Place::l2})
                          : host && over_pcie ? path_of({Place::fabric, Place::pcie})
                                              : path_of({Place::fabric});
    EXPECT_EQ(e.path, expected) << describe(e);
  });
}

TEST(Rules, PathRulesCarryTheirBasis) {
  const auto basis_of = [](const Explanation& e, RuleId id) {
    for (const Firing& f : e.firings)
      if (f.rule == id) return f.basis;
    ADD_FAILURE() << rule_info(id).code << " did not fire\n" << describe(e);
    return Basis::page;
  };
  // P1 on fine-grained memory is the MI300 sentence; coarse-grained memory stays in the L2 (P2
  // before P1), as AMD's tables show.
  EXPECT_EQ(basis_of(explain(DeviceId::mi300x, "32 bit atomicAdd", at(device_dram, fine, device_scope)), RuleId::p1),
            Basis::page);
  const Explanation mi300_coarse = explain(DeviceId::mi300x, "32 bit atomicAdd", at(device_dram, coarse, device_scope));
  EXPECT_EQ(basis_of(mi300_coarse, RuleId::p2), Basis::tables);
  EXPECT_EQ(mi300_coarse.firings[0].switches, std::vector<std::string_view>{"amd.mi300-coarse-place"});
  // P2's "whatever the requested scope" is a DECISION.
  EXPECT_EQ(basis_of(explain(DeviceId::mi100, "32 bit atomicAdd", at(device_dram, coarse, system_scope)), RuleId::p2),
            Basis::decision);
  // P5 is DERIVED; P6 on an APU is a DECISION, on MI200 A+A the page sentence; P7 the page.
  EXPECT_EQ(basis_of(explain(DeviceId::mi100, "32 bit atomicAdd", at(device_dram, fine, system_scope)), RuleId::p5),
            Basis::derived);
  EXPECT_EQ(basis_of(explain(DeviceId::gfx11_apu, "32 bit atomicAdd", at(pinned, fine, system_scope)), RuleId::p6),
            Basis::decision);
  EXPECT_EQ(basis_of(explain(DeviceId::mi200_aa, "32 bit atomicAdd", at(pinned, fine, system_scope)), RuleId::p6),
            Basis::page);
  EXPECT_EQ(basis_of(explain(DeviceId::mi200_pcie, "32 bit atomicAdd", at(pinned, fine, system_scope)), RuleId::p7),
            Basis::page);
  // P8, MI200 A+A under CAS emulation, is what AMD's tables show.
  EXPECT_EQ(basis_of(explain(DeviceId::mi200_aa, "32 bit atomicAdd", at(pinned, fine, system_scope, no_pcie, cas)),
                     RuleId::p8),
            Basis::tables);
}

TEST(Rules, H1ToH5DecideHwAtomics) {
  const auto rules_of = [](DeviceId d, std::string_view r, Selectors s) { return explain(d, r, s).rules(); };
  using V = std::vector<RuleId>;
  EXPECT_EQ(rules_of(DeviceId::mi200_pcie, "32 bit atomicAdd", at(device_dram, coarse, device_scope)),
            (V{RuleId::p2, RuleId::h1}));
  EXPECT_EQ(rules_of(DeviceId::mi100, "16bx2 half2 atomicAdd", at(device_dram, coarse, device_scope)),
            (V{RuleId::p2, RuleId::h2}));
  EXPECT_EQ(rules_of(DeviceId::gfx11_dgpu, "32 bit float atomicMax", at(device_dram, fine, device_scope)),
            (V{RuleId::p4, RuleId::p5, RuleId::h3}));
  EXPECT_EQ(rules_of(DeviceId::gfx10_dgpu, "32 bit atomicAdd", at(pinned, fine, device_scope, no_pcie)),
            (V{RuleId::p4, RuleId::p7, RuleId::h4}));
  EXPECT_EQ(rules_of(DeviceId::mi300x, "32 bit atomicOr", at(pinned, fine, device_scope, with_pcie)),
            (V{RuleId::p1, RuleId::p7, RuleId::h5}));
  EXPECT_EQ(outcome(DeviceId::mi300x, "32 bit atomicOr", at(pinned, fine, device_scope, with_pcie)), Outcome::native);
  EXPECT_EQ(outcome(DeviceId::mi300x, "32 bit atomicOr", at(pinned, fine, system_scope, with_pcie)),
            Outcome::scope_downgrade);
  // H2 only where the executing place has a no-return-only form: the MI100 L2.
  for_every_case([](const Device& d, const Row&, const Selectors&, const Explanation& e) {
    if (e.fired(RuleId::h2)) {
      EXPECT_EQ(d.id, DeviceId::mi100);
      EXPECT_EQ(e.path, path_of({Place::l2}));
    }
    if (e.fired(RuleId::h3)) {
      EXPECT_TRUE(e.path.passes(Place::fabric));
    }
    if (e.fired(RuleId::h4)) {
      EXPECT_EQ(d.pcie_fallback, PcieFallback::nop);
    }
    if (e.fired(RuleId::h5)) {
      EXPECT_EQ(d.pcie_fallback, PcieFallback::load_op_store);
    }
  });
}

TEST(Rules, C1ToC6DecideCasEmulation) {
  using V = std::vector<RuleId>;
  const auto c = [](DeviceId d, std::string_view r, Memory m, Granularity g, Scope s, PcieAtomics p) {
    return explain(d, r, at(m, g, s, p, cas));
  };
  // C1: a row the L2 executes natively is a CAS loop all the same (AMD's tables: ✅ CAS).
  const Explanation c1 = c(DeviceId::mi200_pcie, "64 bit float atomicAdd", device_dram, coarse, device_scope, no_pcie);
  EXPECT_EQ(c1.rules(), (V{RuleId::p2, RuleId::c1, RuleId::c2, RuleId::c3}));
  EXPECT_EQ(c1.outcome, Outcome::cas);
  const Explanation c3 = c(DeviceId::mi200_pcie, "64 bit float atomicAdd", device_dram, fine, device_scope, no_pcie);
  EXPECT_EQ(c3.rules(), (V{RuleId::p4, RuleId::p5, RuleId::c1, RuleId::c2, RuleId::c3}));
  EXPECT_EQ(c3.outcome, Outcome::cas);
  const Explanation c4 = c(DeviceId::gfx11_dgpu, "32 bit atomicMin", pinned, fine, device_scope, no_pcie);
  EXPECT_EQ(c4.rules(), (V{RuleId::p4, RuleId::p7, RuleId::c1, RuleId::c2, RuleId::c4}));
  EXPECT_EQ(c4.outcome, Outcome::nop);
  const Explanation c5 = c(DeviceId::gfx12_dgpu, "32 bit atomicMin", pinned, fine, system_scope, no_pcie);
  EXPECT_EQ(c5.rules(), (V{RuleId::p3, RuleId::p7, RuleId::c1, RuleId::c2, RuleId::c5}));
  EXPECT_EQ(c5.outcome, Outcome::scope_downgrade_cas);
  const Explanation c6 = c(DeviceId::mi100, "64 bit atomicCAS", pinned, fine, device_scope, no_pcie);
  EXPECT_EQ(c6.rules(), (V{RuleId::p4, RuleId::p7, RuleId::c6, RuleId::h4}));
  EXPECT_EQ(c6.outcome, Outcome::nop);
  // The downgraded primitive under CAS emulation: the table's own "- CAS" label.
  const Explanation c6_downgrade = c(DeviceId::gfx12_dgpu, "32 bit atomicCAS", pinned, fine, system_scope, no_pcie);
  EXPECT_EQ(c6_downgrade.rules(), (V{RuleId::p3, RuleId::p7, RuleId::c6, RuleId::h5, RuleId::c6}));
  EXPECT_EQ(c6_downgrade.outcome, Outcome::scope_downgrade_cas);
  // MI100 emulates its no-return L2 float adds like every other row.
  const Explanation no_return =
      c(DeviceId::mi100, "32 bit float atomicAdd", device_dram, coarse, device_scope, no_pcie);
  EXPECT_EQ(no_return.rules(), (V{RuleId::p2, RuleId::c1, RuleId::c2, RuleId::c3}));
  // CAS emulation never answers n/a, and C6 fires exactly for the atomicCAS rows.
  for_every_case([](const Device&, const Row& r, const Selectors& s, const Explanation& e) {
    if (s.strategy != cas) return;
    EXPECT_NE(e.outcome, Outcome::not_applicable) << describe(e);
    EXPECT_EQ(e.fired(RuleId::c6), r.kind == RowKind::cas) << describe(e);
    EXPECT_EQ(e.fired(RuleId::c1), r.kind != RowKind::cas) << describe(e);
    for (const Firing& f : e.firings)
      if (f.rule >= RuleId::c2 && f.rule <= RuleId::c5) {
        EXPECT_EQ(f.basis, Basis::decision) << describe(e);
      }
  });
}

// S1 records the programming model's coarse-grained downgrade but, as AMD's tables show, keeps the
// outcome: the coarse system-scope cell equals the device-scope one.
TEST(Rules, S1FiresForCoarseGrainedSystemScopeAndKeepsTheOutcome) {
  for_every_case([](const Device& d, const Row& r, const Selectors& s, const Explanation& e) {
    const bool coarse_system = s.granularity == coarse && s.scope == system_scope;
    const bool executed = e.outcome != Outcome::nop && e.outcome != Outcome::not_applicable;
    EXPECT_EQ(e.fired(RuleId::s1), coarse_system && executed) << describe(e);
    if (coarse_system) {
      EXPECT_EQ(e.outcome, evaluate(d, r, at(s.memory, coarse, device_scope, s.pcie, s.strategy)).outcome)
          << describe(e);
    }
  });
  EXPECT_EQ(outcome(DeviceId::gfx11_dgpu, "32 bit float atomicAdd", at(device_dram, coarse, system_scope)),
            Outcome::native);
  EXPECT_EQ(outcome(DeviceId::gfx9_dgpu, "32 bit float atomicAdd", at(device_dram, coarse, system_scope, no_pcie, cas)),
            Outcome::cas);
  EXPECT_EQ(outcome(DeviceId::mi100, "32 bit float atomicAdd", at(device_dram, coarse, system_scope)),
            Outcome::no_return);
}

TEST(Rules, CatalogNamesEveryRuleOnceWithTheSpecsIdentifiers) {
  const std::vector<std::string_view> codes = {"A1 NO-HW-INSTRUCTION",
                                               "A2 NO-128-BIT",
                                               "P1 MI300-FABRIC",
                                               "P2 COARSE-L2",
                                               "P3 GFX12-FINE-SYSTEM-MEMORY",
                                               "P4 FINE-UNCACHED",
                                               "P5 IF-DEVICE-MEMORY",
                                               "P6 HOST-OVER-FABRIC",
                                               "P7 HOST-OVER-PCIE",
                                               "P8 AA-CAS-OVER-PCIE",
                                               "H1 NATIVE",
                                               "H2 NO-RETURN",
                                               "H3 IF-CANNOT-FORWARD",
                                               "H4 PCIE-NOP",
                                               "H5 PCIE-LOAD-OP-STORE",
                                               "C1 CAS-EMULATION",
                                               "C2 CAS-LOOP",
                                               "C3 CAS-REACHES",
                                               "C4 CAS-PCIE-NOP",
                                               "C5 CAS-PCIE-LOAD-OP-STORE",
                                               "C6 CAS-ROW",
                                               "S1 COARSE-SYSTEM-SCOPE"};
  ASSERT_EQ(rule_catalog().size(), codes.size());
  for (size_t i = 0; i < codes.size(); ++i) {
    EXPECT_EQ(rule_catalog()[i].code, codes[i]);
    EXPECT_EQ(static_cast<size_t>(rule_catalog()[i].id), i);
    EXPECT_EQ(find_rule(codes[i].substr(0, 2)), rule_catalog()[i].id);
  }
  EXPECT_EQ(rule_info(RuleId::a1).basis, Basis::tables);
  EXPECT_EQ(tag(Basis::tables), "TABLES");
  EXPECT_EQ(rule_info(RuleId::p2).basis, Basis::decision);
  EXPECT_EQ(tag(Basis::decision), "DECISION");
  EXPECT_EQ(tag(Basis::proposed), "PROPOSED");
  EXPECT_EQ(tag(Basis::page), "");
}
