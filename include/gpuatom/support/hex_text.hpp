// Bytes written as hex text, read and printed: what `disasm visa` reads and `asm visa|amd` print.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "gpuatom/support/diagnostic.hpp"

namespace gpuatom::support {

// Hex bytes ("4E 05 03", "4e0503", "0x4e,0x05"); `//` and `#` start comments. Problems are
// reported as file:line:col errors.
std::vector<uint8_t> parse_hex(const std::string& text, const std::string& file, Diagnostics& diagnostics);
// "4E 05 03 …"
std::string hex_bytes(const std::vector<uint8_t>& bytes);

}  // namespace gpuatom::support
