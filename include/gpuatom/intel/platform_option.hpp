// The `--platform` option of the tools that compute one Intel atomic (`gpuatom alu intel`, the
// Python module's intel.apply): what it says of a name it does not know, and the platform rules
// (validator.hpp validate_platform) as it reports them, one wording for both.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "gpuatom/intel/instruction.hpp"
#include "gpuatom/intel/platform.hpp"

namespace gpuatom::intel {

// "--platform TEXT: expected gen9, …": every platform name.
std::string unknown_platform_message(std::string_view text);

// Each diagnostic of validate_platform(instruction, platform) as "--platform NAME: MESSAGE
// (RULE)": the errors refuse the atomic, the warnings go beside its answer.
struct PlatformOptionReport {
  std::vector<std::string> errors, warnings;
};
PlatformOptionReport platform_option_report(const Instruction& instruction, Platform platform);

}  // namespace gpuatom::intel
