// One result of the model with its reason (docs/spec/amd.md §8): the outcome, the path, and every rule
// that fired, in order, each with a one-line reason, the sentence or decision behind it and its
// tag (DECISION, PROPOSED, DERIVED).
#pragma once

#include <string>
#include <vector>

#include "gpuatom/amd/device.hpp"
#include "gpuatom/amd/options.hpp"
#include "gpuatom/amd/outcome.hpp"
#include "gpuatom/amd/path.hpp"
#include "gpuatom/amd/request.hpp"
#include "gpuatom/amd/rules.hpp"
#include "gpuatom/amd/selectors.hpp"

namespace gpuatom::amd {

struct Explanation {
  const Device* device = nullptr;
  AtomicRequest request;
  Selectors selectors;
  ModelOptions options;

  Outcome outcome = Outcome::not_applicable;
  Path path;                    // empty when nothing executes (n/a)
  std::vector<Firing> firings;  // A → P → (H or C) → S

  std::vector<RuleId> rules() const;  // the identifiers of `firings`, in order
  bool fired(RuleId rule) const;
};

// "32 bit atomicAdd on MI300X · HW atomics · PCIe atomics · Pinned Host DRAM · Fine-grained · System scope"
std::string describe_case(const Explanation& e);

// Multi-line, for a terminal: the case, the outcome with its label, the path, then each rule with
// its reason, its quoted source and its tag, then the switches that differ from the defaults.
std::string explain_text(const Explanation& e);

// One line, for a table cell's tooltip: "⚠️ Scope Downgrade via IF → PCIe — P1 …: …; H5 …: …".
std::string explain_line(const Explanation& e);

// "[PROPOSED; amd.sub-pcie=fetchadd]", "[DECISION]", "" for page rules.
std::string firing_tag(const Firing& f, const ModelOptions& options);

}  // namespace gpuatom::amd
