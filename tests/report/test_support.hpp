// Helpers shared by the report tests.
#pragma once

#include <string>

namespace gpuatom::report::testing {

// The CLI tests' batch of scenarios (tests/cli/data/batch/), which the report runs too.
inline const std::string batch_dir = std::string(GPUATOM_SOURCE_DIR) + "/tests/cli/data/batch/";

}  // namespace gpuatom::report::testing
