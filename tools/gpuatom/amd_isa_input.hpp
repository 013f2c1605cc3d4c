// What the AMD instruction subcommands (asm, disasm, check amd) share: the `--target` option, the
// text reader with the nothing-read rule, and the hex reader of `disasm amd`.
#pragma once

#include <CLI/CLI.hpp>
#include <memory>
#include <string>
#include <vector>

#include "gpuatom/amd/isa/text.hpp"
#include "gpuatom/support/diagnostic.hpp"
#include "nothing_read.hpp"

namespace gpuatom::cli {

// `--target gfx942` (a gfx name, a generic target or a product such as MI300X), resolved by
// amd::isa::find_target; refused with the list of targets otherwise. Required unless `optional`.
struct AmdTargetOption {
  std::string name;
  void add_to(CLI::App& command, bool required = true);
  // The target named, or nullptr when none was given; throws BadInput for an unknown name.
  const amd::isa::Target* target() const;
};

// The instructions of an AMD assembly text (a file or - for standard input), with every
// diagnostic in `diagnostics` and the nothing-read rule applied.
amd::isa::Program read_amd_text(const std::string& file, const amd::isa::Target& target, const NothingReadRule& rule,
                                support::Diagnostics& diagnostics);

// Bytes written in hex: tokens separated by blanks, commas or brackets, each with an optional 0x;
// two digits are a byte, eight a little-endian dword (as llvm-objdump prints them), so both
// `0x00,0x80,0x09,0xdd` (llvm-mc) and `DD098000 007F0100` read. `;` and `//` start comments.
// A bad token is an error at its line and column.
std::vector<uint8_t> parse_amd_hex(std::string_view text, const support::FileName& file,
                                   support::Diagnostics& diagnostics);

}  // namespace gpuatom::cli
