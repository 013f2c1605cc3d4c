// AMD instruction bytes written in hex, as `disasm amd` takes them on the command line or in a
// text file: tokens separated by blanks, commas or brackets, each with an optional 0x; two digits
// are a byte, eight a little-endian dword (as llvm-objdump prints them), so both
// `0x00,0x80,0x09,0xdd` (llvm-mc) and `DD098000 007F0100` read. `;` and `//` start comments.
#pragma once

#include <cstdint>
#include <string_view>
#include <vector>

#include "gpuatom/support/diagnostic.hpp"

namespace gpuatom::amd::isa {

// The bytes; a bad token is an error at its line and column (and is skipped).
std::vector<uint8_t> parse_hex_bytes(std::string_view text, const support::FileName& file,
                                     support::Diagnostics& diagnostics);

}  // namespace gpuatom::amd::isa
