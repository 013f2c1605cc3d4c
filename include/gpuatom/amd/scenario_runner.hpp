// Runs `isa = "amd"` scenarios on the machine with each atomic's outcome applied (spec/amd.md §7).
#pragma once

#include "gpuatom/scenario/run.hpp"

namespace gpuatom::amd {

scenario::RunResult run_scenario(const scenario::Scenario& scenario, const scenario::RunOptions& options);

}  // namespace gpuatom::amd
