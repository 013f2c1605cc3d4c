// What `gpuatom asm|disasm|check visa` share: reading text and bytes, the --platform and
// --bind options, and printing diagnostics.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include <CLI/CLI.hpp>

#include "nothing_read.hpp"
#include "gpuatom/intel/text/parser.hpp"
#include "gpuatom/intel/validator.hpp"
#include "gpuatom/support/diagnostic.hpp"

namespace gpuatom::cli {

// Options every vISA command takes.
struct VisaOptions {
  std::string platform = "gen12";
  bool lenient = false;
  std::vector<std::string> bindings;  // NAME=TYPE[:BYTES]

  void add_to(CLI::App& cmd, bool with_lenient = true);
  intel::ValidationOptions validation() const;  // BadInput for an unknown platform
  // Applies --bind NAME=TYPE[:BYTES] to the declared surfaces; BadInput when NAME is no surface.
  void bind(intel::DeclarationTable& declarations) const;
};

// Parses and validates a .visaasm text; diagnostics collected in `diagnostics`. Lines read past are
// kept only for a caller that prints them back (`keep_others`); otherwise they are only counted.
// Applies the readers' one rule (nothing_read.hpp): a file without an instruction is an error.
intel::Module read_visa(const std::string& path, const VisaOptions& options, const NothingReadRule& nothing_read,
                        support::Diagnostics& diagnostics, bool keep_others);

// Hex bytes ("4E 05 03", "4e0503", "0x4e,0x05"); `//` and `#` start comments. Problems are
// reported as file:line:col errors.
std::vector<uint8_t> parse_hex(const std::string& text, const std::string& file, support::Diagnostics& diagnostics);
// "4E 05 03 …"
std::string hex_bytes(const std::vector<uint8_t>& bytes);

// The diagnostics in source order (line and column, or byte offset); stable for equal places.
std::vector<support::Diagnostic> in_source_order(const support::Diagnostics& diagnostics);
// Prints every diagnostic to stderr (one per line), in source order.
void print_diagnostics(const support::Diagnostics& diagnostics);

}  // namespace gpuatom::cli
