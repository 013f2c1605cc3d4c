// The report's legality views: which op × size × form each NVIDIA architecture, Intel platform
// and AMD target has, read from the tables `alu`, `check` and `asm` read (nvidia/opcodes.hpp and
// validator.hpp, intel/atomic_ops.hpp and validator.hpp, amd/isa/encoding_table.hpp). Each is the
// facts as JSON and a picker; legality_script() draws the chosen architecture, or two compared,
// with the first one that has each form.
#pragma once

#include <string>
#include <string_view>

namespace gpuatom::report {

std::string nvidia_legality();
std::string intel_legality();
std::string amd_legality();
// The inline script that draws the three views (once per page, after them).
std::string_view legality_script();

}  // namespace gpuatom::report
