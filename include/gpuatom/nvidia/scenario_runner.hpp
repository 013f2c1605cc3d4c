// Runs `isa = "sass"` scenarios: warps executing SASS atomics on the simulated device
// (spec/nvidia.md §1–§9).
#pragma once

#include "gpuatom/scenario/run.hpp"

namespace gpuatom::nvidia {

scenario::RunResult run_scenario(const scenario::Scenario& scenario, const scenario::RunOptions& options);

}  // namespace gpuatom::nvidia
