// What the SASS subcommands (asm, disasm, check) share: reading an input file or standard
// input, and printing diagnostics.
#pragma once

#include <CLI/CLI.hpp>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>

#include "gpuatom/nvidia/architecture.hpp"
#include "gpuatom/nvidia/text/parser.hpp"
#include "gpuatom/support/diagnostic.hpp"

namespace gpuatom::cli {

// What asm, disasm and check read at most from one input (text, a listing, a cubin): /dev/zero is
// refused after this, not read until memory runs out.
inline constexpr uint64_t max_input_bytes = uint64_t{256} << 20;

// The whole file ("-" reads standard input), through support::read_whole_input, as every reader
// of the CLI. Throws BadInput naming the file and the reason when it cannot be read.
std::string read_input(const std::string& path);

// Adds `--arch sm_XY` to a SASS subcommand: parsed once by nvidia::parse_architecture (sm_52 or
// SM52), refused with the list of architectures otherwise. `target` is left empty when the
// option is not given.
void add_architecture_option(CLI::App& command, std::shared_ptr<std::optional<nvidia::Architecture>> target,
                             const std::string& what);

// Prints every diagnostic to standard error, one per line.
void report(const support::Diagnostics& diagnostics);

}  // namespace gpuatom::cli
