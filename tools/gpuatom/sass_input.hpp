// What the SASS subcommands (asm, disasm, check) share: reading an input file or standard
// input, and printing diagnostics.
#pragma once

#include <string>

#include "gpuatom/support/diagnostic.hpp"

namespace gpuatom::cli {

// The whole file ("-" reads standard input). Throws BadInput when it cannot be read.
std::string read_input(const std::string& path);

// Prints every diagnostic to standard error, one per line.
void report(const support::Diagnostics& diagnostics);

}  // namespace gpuatom::cli
