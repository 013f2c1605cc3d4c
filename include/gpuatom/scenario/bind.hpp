// Running a scenario on the machine of its ISA: launch::run and the per-vendor runs
// (launch/bind.hpp), under the names scenario code has always used.
#pragma once

#include "gpuatom/launch/bind.hpp"
#include "gpuatom/scenario/run.hpp"
#include "gpuatom/scenario/scenario.hpp"

namespace gpuatom::scenario {

using launch::is_amd_instruction_scenario;
using launch::run_amd;
using launch::run_amd_isa;
using launch::run_sass;
using launch::run_sass_and_inspect;
using launch::run_visa;

// Runs the scenario on the machine of its ISA.
inline RunResult run_scenario(const Scenario& scenario, const RunOptions& options) {
  return launch::run(scenario, options);
}

}  // namespace gpuatom::scenario
