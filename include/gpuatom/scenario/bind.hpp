// Scenarios bound to the vendors: each vendor's front-end (parser, validator, instruction table)
// turned into lanes for the one lane executor (exec/lane_group.hpp), with the scenario's
// [lanes], [[region]], [[surface]] and [[expect]] tables. The vendors know nothing of scenarios;
// this layer sits above them.
//
//   bind_sass.cpp  `isa = "sass"`: warps executing SASS atomics (docs/spec/nvidia.md §1–§9)
//   bind_visa.cpp  `isa = "visa"`: hardware threads running SVM ATOMIC and TYPED_ATOMIC
//                  (docs/spec/intel.md §1, §5–§8)
//   bind_amd.cpp   `isa = "amd"`: wavefronts of atomicRMW rows with each outcome applied
//                  (docs/spec/amd.md §7)
//   bind_amd_isa.cpp  `isa = "amd"` with [options] target = "gfx…": waves running AMD atomic
//                  instructions (docs/spec/amd-isa.md §11)
#pragma once

#include <functional>

#include "gpuatom/scenario/expectations.hpp"
#include "gpuatom/scenario/run.hpp"
#include "gpuatom/scenario/scenario.hpp"

namespace gpuatom::scenario {

// Runs the scenario on the machine of its ISA.
RunResult run_scenario(const Scenario& scenario, const RunOptions& options);

RunResult run_sass(const Scenario& scenario, const RunOptions& options);
RunResult run_visa(const Scenario& scenario, const RunOptions& options);
RunResult run_amd(const Scenario& scenario, const RunOptions& options);
// `isa = "amd"` scenarios whose [options] name a `target` are AMD instructions (run_amd_isa, which
// run_amd calls for them); the others are ROCm rows.
bool is_amd_instruction_scenario(const Scenario& scenario);
RunResult run_amd_isa(const Scenario& scenario, const RunOptions& options);

// As run_sass, and shows `inspect` what the expectations saw (every lane's registers by name,
// including inactive, helper and killed lanes; memory; faults) before the machine is released:
// for tests and embedders that need more than the [[expect]] entries state. In exhaustive mode
// it sees the last interleaving; it is not called when the run is refused or skipped.
RunResult run_sass_and_inspect(const Scenario& scenario, const RunOptions& options,
                               const std::function<void(const Observation&)>& inspect);

}  // namespace gpuatom::scenario
