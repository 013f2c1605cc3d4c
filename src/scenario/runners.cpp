#include "gpuatom/amd/scenario_runner.hpp"
#include "gpuatom/intel/scenario_runner.hpp"
#include "gpuatom/nvidia/scenario_runner.hpp"
#include "gpuatom/scenario/run.hpp"

namespace gpuatom::scenario {

// Each vendor front-end that can execute scenarios adds itself here.
void register_runners() {
  register_runner(Isa::amd, amd::run_scenario);
  register_runner(Isa::sass, nvidia::run_scenario);
  register_runner(Isa::visa, intel::run_scenario);
}

}  // namespace gpuatom::scenario
