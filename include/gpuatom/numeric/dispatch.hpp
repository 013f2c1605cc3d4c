// The arithmetic of numeric/arithmetic.hpp with the format chosen at run time.
#pragma once

#include <cstdint>

#include "gpuatom/numeric/format.hpp"
#include "gpuatom/numeric/rules.hpp"

namespace gpuatom::numeric {

uint64_t add(FormatId format, uint64_t a, uint64_t b, const AddRules& rules);
uint64_t min(FormatId format, uint64_t a, uint64_t b, const MinMaxRules& rules);
uint64_t max(FormatId format, uint64_t a, uint64_t b, const MinMaxRules& rules);
bool equal(FormatId format, uint64_t a, uint64_t b, bool flush_inputs = false);

}  // namespace gpuatom::numeric
