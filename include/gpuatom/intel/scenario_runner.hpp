// Runs `isa = "visa"` scenarios: hardware threads running a vISA program of SVM ATOMIC
// instructions (spec/intel.md §1, §5, §6.1, §7). TYPED_ATOMIC is refused for now.
#pragma once

#include "gpuatom/scenario/run.hpp"

namespace gpuatom::intel {

scenario::RunResult run_scenario(const scenario::Scenario& scenario, const scenario::RunOptions& options);

}  // namespace gpuatom::intel
