// S1 (spec/amd.md §6.5): system-scope atomics on coarse-grained memory work at device scope only.
#include <fmt/format.h>

#include "rule_steps.hpp"

namespace gpuatom::amd::detail {

Outcome apply_scope_rule(const Case& c, Outcome outcome, std::vector<Firing>& firings) {
  if (c.selectors.granularity != Granularity::coarse || c.selectors.scope != Scope::system) return outcome;
  const Source source{SourceKind::page, page::coarse_downgrade};
  switch (outcome) {
    case Outcome::nop:
    case Outcome::not_applicable: return outcome;  // nothing executes, nothing to downgrade
    case Outcome::no_return: {
      const bool keep = c.options.noreturn_downgrade == NoReturnDowngrade::no_return;
      const Outcome result = keep ? Outcome::no_return : Outcome::scope_downgrade;
      firings.push_back(fire(RuleId::s1,
                             keep ? "coarse-grained memory downgrades system scope, but NoReturn is kept as the label"
                                  : "coarse-grained memory downgrades system scope: the no-return atomic becomes a "
                                    "Scope Downgrade",
                             source, Basis::proposed, result, {"amd.noreturn-downgrade"}));
      return result;
    }
    default: break;
  }
  const Outcome mapped = outcome == Outcome::cas ? Outcome::scope_downgrade_cas
                         : outcome == Outcome::native ? Outcome::scope_downgrade
                                                      : outcome;
  // The more severe outcome wins (spec/amd.md §6.6): an H5/C5 downgrade stays what it is.
  const Outcome result = most_severe(outcome, mapped);
  const std::string reason =
      result == outcome ? fmt::format("coarse-grained memory downgrades system scope as well; {} stands", name(result))
                        : fmt::format("coarse-grained memory downgrades system scope to device scope: {} becomes {}",
                                      name(outcome), name(result));
  firings.push_back(fire(RuleId::s1, reason, source, Basis::page, result));
  return result;
}

}  // namespace gpuatom::amd::detail
