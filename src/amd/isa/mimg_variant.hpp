// Internal: the image-atomic variant LLVM 19's disassembler settles on after the match
// (AMDGPUDisassembler::convertMIMGInst; docs/spec/amd-isa.md §9).
#pragma once

#include <string>

#include "gpuatom/amd/isa/instruction.hpp"
#include "gpuatom/amd/isa/target.hpp"

namespace gpuatom::amd::isa::detail {

// Replaces the decoded row by the row of the same image atomic whose data width follows dmask
// (and tfe) and whose address width follows dim and a16 (GFX10+), when such a row exists and the
// registers fit; otherwise leaves the instruction as it is, as LLVM does. False (with `why`) only
// when the instruction cannot be an image atomic at all.
bool choose_image_variant(Instruction& instruction, const Target& target, std::string& why);

}  // namespace gpuatom::amd::isa::detail
