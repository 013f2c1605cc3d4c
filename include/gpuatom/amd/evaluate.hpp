// The AMD outcome model (docs/spec/amd.md §6): from a device, a request and the five selectors to an
// outcome with its explanation. Rules run in the order A → P → (H or C) → S; nothing is looked up
// in a precomputed grid.
#pragma once

#include "gpuatom/amd/explanation.hpp"

namespace gpuatom::amd {

Explanation evaluate(const Device& device, const AtomicRequest& request, const Selectors& selectors,
                     const ModelOptions& options = {});

inline Explanation evaluate(const Device& device, const Row& row, const Selectors& selectors,
                            const ModelOptions& options = {}) {
  return evaluate(device, AtomicRequest::of(row), selectors, options);
}

}  // namespace gpuatom::amd
