// What `gpuatom asm|disasm|check visa` share: reading text and bytes, the --platform and
// --bind options, and printing diagnostics.
#pragma once

#include <CLI/CLI.hpp>
#include <cstdint>
#include <string>
#include <vector>

#include "gpuatom/intel/text/parser.hpp"
#include "gpuatom/intel/validator.hpp"
#include "gpuatom/support/diagnostic.hpp"
#include "gpuatom/support/diagnostic_order.hpp"
#include "gpuatom/support/hex_text.hpp"
#include "nothing_read.hpp"

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

using support::hex_bytes;
using support::in_source_order;
using support::parse_hex;

// Prints every diagnostic to stderr (one per line), in source order.
void print_diagnostics(const support::Diagnostics& diagnostics);

}  // namespace gpuatom::cli
