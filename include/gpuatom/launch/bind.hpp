// Runs bound to the vendors: each vendor's program loader (parser, validator, instruction table)
// given the setup's options and turned into lanes for the one lane executor (exec/lane_group.hpp),
// with the setup's lanes, regions, surfaces and expectations. The vendors know nothing of
// setups; this layer sits above them, and scenario files and embed::Launch above it.
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

#include "gpuatom/launch/expectations.hpp"
#include "gpuatom/launch/run.hpp"
#include "gpuatom/launch/setup.hpp"

namespace gpuatom::launch {

// Runs the setup on the machine of its ISA (after checking launch/structure.hpp's rules).
RunResult run(const Setup& scenario, const RunOptions& options);

RunResult run_sass(const Setup& scenario, const RunOptions& options);
RunResult run_visa(const Setup& scenario, const RunOptions& options);
RunResult run_amd(const Setup& scenario, const RunOptions& options);
// `isa = "amd"` scenarios whose [options] name a `target` are AMD instructions (run_amd_isa, which
// run_amd calls for them); the others are ROCm rows.
bool is_amd_instruction_scenario(const Setup& scenario);
RunResult run_amd_isa(const Setup& scenario, const RunOptions& options);

// As run_sass, and shows `inspect` what the expectations saw (every lane's registers by name,
// including inactive, helper and killed lanes; memory; faults) before the machine is released:
// for tests and embedders that need more than the [[expect]] entries state. In exhaustive mode
// it sees the last interleaving; it is not called when the run is refused or skipped.
RunResult run_sass_and_inspect(const Setup& scenario, const RunOptions& options,
                               const std::function<void(const Observation&)>& inspect);

}  // namespace gpuatom::launch
