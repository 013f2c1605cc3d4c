// The report's AMD outcome matrices: every cell of every table (amd/matrix.hpp) as compact JSON,
// its reasons kept once, and a script that draws only the table and device the selectors choose.
#pragma once

#include <string>

namespace gpuatom::report {

std::string amd_matrix_section();

}  // namespace gpuatom::report
