// Where an atomic goes (docs/spec/amd.md §6.2, rules P1–P7): the stages it passes, the last of which
// executes it. The result is one of [L2], [IF], [IF, PCIe].
#pragma once

#include <string>
#include <vector>

#include "gpuatom/amd/capabilities.hpp"
#include "gpuatom/amd/device.hpp"
#include "gpuatom/amd/options.hpp"
#include "gpuatom/amd/rules.hpp"
#include "gpuatom/amd/selectors.hpp"

namespace gpuatom::amd {

struct Path {
  std::vector<Place> stages;  // empty when nothing executes (n/a)

  bool empty() const { return stages.empty(); }
  Place executing() const { return stages.back(); }
  bool passes(Place place) const;
  std::string text() const;  // "IF → PCIe"; "–" when empty
  bool operator==(const Path&) const = default;
};

struct Route {
  Path path;
  std::vector<Firing> firings;  // the P rules, in the order they fired
};

// The path does not depend on the row or the strategy: only on device, memory, granularity and
// scope (and the amd.mi300-coarse-place switch).
Route route(const Device& device, const Selectors& selectors, const ModelOptions& options = {});

}  // namespace gpuatom::amd
