#include "gpuatom/amd/scenario_runner.hpp"
#include "gpuatom/scenario/run.hpp"

namespace gpuatom::scenario {

// Each vendor front-end that can execute scenarios adds itself here.
void register_runners() { register_runner(Isa::amd, amd::run_scenario); }

}  // namespace gpuatom::scenario
