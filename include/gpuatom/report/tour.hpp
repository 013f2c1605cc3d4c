// `gpuatom tour`: a short guided run of atomics whose results surprise, one per vendor rule worth
// seeing, each with the command a user can type and why the result is what it is.
#pragma once

#include <string>

namespace gpuatom::report {

// The whole tour as printed: each stop's command, memory and returned value computed by the ALU.
std::string tour_text();

}  // namespace gpuatom::report
