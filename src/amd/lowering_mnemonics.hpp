// How a lowering is written: the atomic instruction's mnemonic on each target and the
// cache-policy modifiers the memory model sets for a relaxed atomic (docs/spec/amd-isa.md §5, §8.3).
#pragma once

#include <string>
#include <vector>

#include "gpuatom/amd/lowering.hpp"

namespace gpuatom::amd {

// The instruction text of a lowering, as clang prints it without operands.
std::string instruction_text(const LoweringTarget& target, const HipAtomic& atomic, LoweringKind kind);
// What each modifier of that text means.
std::vector<std::string> modifier_notes(const LoweringTarget& target, const HipAtomic& atomic, LoweringKind kind);

}  // namespace gpuatom::amd
