// `gpuatom alu amd`: the library's instruction-level AMD atomic (gpuatom/amd/isa/instruction_atomic.hpp).
#pragma once

#include "alu_values.hpp"
#include "gpuatom/amd/isa/instruction_atomic.hpp"

namespace gpuatom::cli {
using AmdInstructionArgs = amd::isa::InstructionAtomicArgs;
using AmdInstructionAtomic = amd::isa::InstructionAtomic;
inline AmdInstructionAtomic amd_instruction_atomic(const AmdInstructionArgs& args) {
  return amd::isa::instruction_atomic(args);
}
}  // namespace gpuatom::cli
