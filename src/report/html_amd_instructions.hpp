// The report's AMD instruction section: what the compiler emits for each HIP atomic on each gfx
// target beside the matrix's outcome (amd/lowering.hpp), and the atomic instructions each target
// has (amd/isa/encoding_table.hpp).
#pragma once

#include <string>

namespace gpuatom::report {

std::string amd_instructions_section();

}  // namespace gpuatom::report
