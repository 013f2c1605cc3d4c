// S1 (docs/spec/amd.md §6.5, corrected by AMD's published tables): system-scope atomics on
// coarse-grained memory are downgraded "as per the programming model", but AMD's tables mark none
// of them ⚠️: the coarse system-scope cells equal the device-scope ones on every device. The only
// Scope Downgrade the tables show is the PCIe load-op-store (H5, C5). S1 records the programming
// model's caveat in the explanation and leaves the outcome as it is.
#include <fmt/format.h>

#include "rule_steps.hpp"

namespace gpuatom::amd::detail {

Outcome apply_scope_rule(const Case& c, Outcome outcome, std::vector<Firing>& firings) {
  if (c.selectors.granularity != Granularity::coarse || c.selectors.scope != Scope::system) return outcome;
  if (outcome == Outcome::nop || outcome == Outcome::not_applicable) return outcome;  // nothing executes
  firings.push_back(fire(RuleId::s1,
                         fmt::format("coarse-grained memory gives system scope no coherency (the programming model); "
                                     "the tables mark no downgrade: {} stands",
                                     name(outcome)),
                         {SourceKind::page, page::coarse_downgrade}, Basis::tables, outcome));
  return outcome;
}

}  // namespace gpuatom::amd::detail
