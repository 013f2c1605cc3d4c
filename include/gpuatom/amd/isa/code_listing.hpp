// Walking AMD machine code as `disasm amd` does: every atomic decoded and printed as llvm-mc 19
// prints it, every other instruction of the target counted (its length known, its meaning not
// modelled), and the first bytes that are no instruction of the target an error at their file
// offset. A code object's functions list as llvm-objdump lays them out.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "gpuatom/amd/isa/target.hpp"
#include "gpuatom/support/diagnostic.hpp"

namespace gpuatom::amd::isa {

struct ListedAtomic {
  std::string text;      // as llvm-mc prints it
  uint64_t address = 0;  // the code's address plus its offset in it
  std::string words;     // its dwords as llvm-objdump shows them: " DD348000 00000001"
};

struct CodeListing {
  std::vector<ListedAtomic> atomics;
  uint64_t others = 0;  // other instructions read past
};

// Walks `code` (at `address`, found at `file_offset` in `file`) from its start into `listing`;
// stops at the first error.
void walk_code(std::span<const uint8_t> code, uint64_t address, uint64_t file_offset, const Target& target,
               const support::FileName& file, CodeListing& listing, support::Diagnostics& diagnostics);

// One function as llvm-objdump lays it out: "name:", a line per atomic with its address and
// words, and a closing count "\t; name: 2 atomics, 14 other instructions".
std::string function_listing_text(std::string_view function, const CodeListing& listing);

}  // namespace gpuatom::amd::isa
