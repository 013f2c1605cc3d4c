// Runs `isa = "sass"` scenarios: warps executing SASS atomics on the simulated device
// (spec/nvidia.md §1–§9).
#pragma once

#include <functional>

#include "gpuatom/scenario/run.hpp"

namespace gpuatom::nvidia {

scenario::RunResult run_scenario(const scenario::Scenario& scenario, const scenario::RunOptions& options);

// As above, and shows `inspect` what the expectations saw (every lane's registers by name,
// including inactive, helper and killed lanes; memory; faults) before the machine is released:
// for tests and embedders that need more than the [[expect]] entries state. In exhaustive mode
// it sees the last interleaving; it is not called when the run is refused or skipped.
scenario::RunResult run_scenario_and_inspect(const scenario::Scenario& scenario, const scenario::RunOptions& options,
                                             const std::function<void(const scenario::Observation&)>& inspect);

}  // namespace gpuatom::nvidia
