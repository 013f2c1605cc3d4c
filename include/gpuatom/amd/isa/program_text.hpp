// What `asm amd` and `check amd` print of a read program besides its diagnostics: the listing as
// llvm-mc 19 prints it (with -show-encoding's bytes when asked), and check's one-line summary.
#pragma once

#include <string>

#include "gpuatom/amd/isa/text.hpp"
#include "gpuatom/support/diagnostic.hpp"

namespace gpuatom::amd::isa {

// One line per instruction; `encode` adds " ; encoding: [0x00,0x80,…]" as llvm-mc does.
std::string program_listing(const Program& program, const Target& target, bool encode);

// "k.s: 3 instructions for gfx942, 0 errors, 1 warning"
std::string check_summary(const std::string& path, const Program& program, const Target& target,
                          const support::Diagnostics& diagnostics);

}  // namespace gpuatom::amd::isa
