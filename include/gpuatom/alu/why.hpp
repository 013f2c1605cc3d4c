// One line of why, for each float rule that changed what `gpuatom alu` computed: a subnormal
// flushed, the NaN a rule chose. Found by computing again without the rule (flushes) or by the
// rule's own words (NaNs), so a line appears only where the rule made a difference.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "gpuatom/alu/operation.hpp"

namespace gpuatom::alu {

// `flush_rule` names the rule that flushes, as the vendor writes it (NVIDIA: ".FTZ").
std::vector<std::string> why_lines(const Operation& operation, uint64_t old, uint64_t operand, uint64_t memory,
                                   std::string_view flush_rule = ".FTZ");

}  // namespace gpuatom::alu
