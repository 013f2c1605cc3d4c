// Runs `isa = "visa"` scenarios: hardware threads running a vISA program of SVM ATOMIC
// and TYPED_ATOMIC instructions (spec/intel.md §1, §5, §6.1, §7, §8); [[surface]] tables bind the
// typed surfaces by index.
#pragma once

#include "gpuatom/scenario/run.hpp"

namespace gpuatom::intel {

scenario::RunResult run_scenario(const scenario::Scenario& scenario, const scenario::RunOptions& options);

}  // namespace gpuatom::intel
