// The nothing-read rule (support/nothing_read.hpp) as every instruction reader of the CLI takes
// it: bad input (exit 2) unless `--allow-empty` is given.
#pragma once

#include <CLI/CLI.hpp>

#include "gpuatom/support/nothing_read.hpp"

namespace gpuatom::cli {

using support::held_by_text;
using support::start_of_bytes;
using support::start_of_text;

class NothingReadRule {
 public:
  // Adds --allow-empty to a reading command.
  void add_option(CLI::App& command);

  // support::check_something_read, allowed by --allow-empty.
  void check(uint64_t instructions, const support::SourceLocation& input, std::string_view held,
             support::Diagnostics& diagnostics) const {
    support::check_something_read(instructions, allow_empty_, input, held, diagnostics);
  }

 private:
  bool allow_empty_ = false;
};

}  // namespace gpuatom::cli
