// Internal: the rule groups evaluate() runs after the path is known. Each appends its firings and
// returns the outcome it decides.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "gpuatom/amd/path.hpp"

namespace gpuatom::amd::detail {

struct Case {
  const Device& device;
  const Row& row;
  const Selectors& selectors;
  const ModelOptions& options;
  const Path& path;
};

// The first stage of the path that cannot execute or forward `row`.
std::optional<Place> first_lacking(const Case& c, const Row& row);
// The executing (last) stage's support for `row`.
Support at_executing_stage(const Case& c, const Row& row);

// "PCIe (FetchAdd)", "the IF", "the L2": how a reason names a stage carrying a row.
std::string stage_phrase(Place place, const Row& row);

// Why the PCIe stage lacks a row: a page fact without PCIe atomics, the DECISION on which
// AtomicOps exist otherwise, or (for atomicSub) what AMD's tables show, amd.sub-pcie.
std::string pcie_lack_reason(const Case& c, const Row& row);
Basis pcie_lack_basis(const Case& c, const Row& row);

Firing fire(RuleId rule, std::string reason, Source source, Basis basis, std::optional<Outcome> outcome,
            std::vector<std::string_view> switches = {});

Outcome apply_hw_rules(const Case& c, std::vector<Firing>& firings);                     // H1–H5
Outcome apply_cas_rules(const Case& c, std::vector<Firing>& firings);                    // C1–C6
Outcome apply_scope_rule(const Case& c, Outcome outcome, std::vector<Firing>& firings);  // S1

}  // namespace gpuatom::amd::detail
