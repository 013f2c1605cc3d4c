// The why lines of `gpuatom alu`: the library's (gpuatom/alu/why.hpp).
#pragma once

#include "gpuatom/alu/why.hpp"

namespace gpuatom::cli {
using alu::why_lines;
}  // namespace gpuatom::cli
