// What the SASS subcommands (asm, disasm, check) share: reading an input file or standard
// input, and printing diagnostics.
#pragma once

#include <memory>
#include <optional>
#include <string>

#include <CLI/CLI.hpp>

#include "gpuatom/nvidia/architecture.hpp"
#include "gpuatom/support/diagnostic.hpp"

namespace gpuatom::cli {

// The whole file ("-" reads standard input). Throws BadInput when it cannot be read.
std::string read_input(const std::string& path);

// Adds `--arch sm_XY` to a SASS subcommand: parsed once by nvidia::parse_architecture (sm_52 or
// SM52), refused with the list of architectures otherwise. `target` is left empty when the
// option is not given.
void add_architecture_option(CLI::App& command, std::shared_ptr<std::optional<nvidia::Architecture>> target,
                             const std::string& what);

// Prints every diagnostic to standard error, one per line.
void report(const support::Diagnostics& diagnostics);

}  // namespace gpuatom::cli
