// `gpuatom amd lower --json`: each lowering answer as one JSON object (the compiler's lowering,
// AMD's tables' cell for the same atomic, and whether they agree); keys in docs/reference/cli.md.
#pragma once

#include <string>
#include <vector>

#include "gpuatom/amd/lowering_answer.hpp"

namespace gpuatom::report {

// One object per answer; `one` prints the single object, else an array. One line, with its '\n'.
std::string amd_lowering_json(const amd::LoweringTarget& target, const amd::Device& device,
                              const amd::CompileFlags& flags, const std::vector<amd::LoweringAnswer>& answers,
                              bool one);

}  // namespace gpuatom::report
