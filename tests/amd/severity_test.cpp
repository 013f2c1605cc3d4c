// docs/spec/amd.md §6.6: "the most severe wins: n/a > NOP > Scope Downgrade - CAS > Scope Downgrade >
// NoReturn > CAS > Native".
#include "amd/model_helpers.hpp"

using namespace amd_test;

TEST(Severity, TheSpecsOrderFromNativeToNotApplicable) {
  const std::vector<Outcome> expected = {Outcome::native,
                                         Outcome::cas,
                                         Outcome::no_return,
                                         Outcome::scope_downgrade,
                                         Outcome::scope_downgrade_cas,
                                         Outcome::nop,
                                         Outcome::not_applicable};
  ASSERT_EQ(std::vector<Outcome>(all_outcomes().begin(), all_outcomes().end()), expected);
  for (size_t i = 0; i < expected.size(); ++i)
    for (size_t j = 0; j < expected.size(); ++j) {
      EXPECT_EQ(more_severe(expected[i], expected[j]), i > j);
      EXPECT_EQ(most_severe(expected[i], expected[j]), expected[std::max(i, j)]);
    }
}

// S1 never changes an outcome (AMD's tables mark no coarse-grained downgrade), so it can never
// lower one; the load-op-store downgrade on fine-grained host memory stands as H5 / C5 decide it.
TEST(Severity, ScopeRuleNeverChangesAnOutcome) {
  const Explanation e = explain(DeviceId::mi300x, "32 bit atomicMin", at(pinned, fine, system_scope, no_pcie));
  EXPECT_EQ(e.rules(), (std::vector<RuleId>{RuleId::p1, RuleId::p7, RuleId::h5})) << describe(e);
  EXPECT_EQ(e.outcome, Outcome::scope_downgrade);
  const Explanation c =
      explain(DeviceId::mi300x, "32 bit float atomicMin", at(pinned, fine, system_scope, no_pcie, cas));
  EXPECT_EQ(c.rules(), (std::vector<RuleId>{RuleId::p1, RuleId::p7, RuleId::c1, RuleId::c2, RuleId::c5}))
      << describe(c);
  EXPECT_EQ(c.outcome, Outcome::scope_downgrade_cas);
  for (const Device& d : devices())
    for (const Strategy st : both_strategies)
      for (const PcieAtomics p : both_pcie)
        for (const Memory m : all_memories)
          for (const Row& r : rows()) {
            const Explanation x = evaluate(d, r, at(m, coarse, system_scope, p, st));
            if (!x.fired(RuleId::s1)) continue;
            const Outcome before = *x.firings[x.firings.size() - 2].outcome;
            EXPECT_EQ(before, x.outcome) << describe(x);
          }
}
