// Where the bundled example scenarios are: $GPUATOM_EXAMPLES, else the source tree's examples/
// (this binary lives in build/<preset>/bin), else the installed share/gpuatom/examples.
#pragma once

#include <string>
#include <vector>

namespace gpuatom::cli {

std::vector<std::string> bundled_examples();

}  // namespace gpuatom::cli
