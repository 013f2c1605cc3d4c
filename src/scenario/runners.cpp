#include "gpuatom/scenario/run.hpp"

namespace gpuatom::scenario {

// Each vendor front-end that can execute scenarios adds itself here.
void register_runners() {}

}  // namespace gpuatom::scenario
