// The one rule every instruction reader of the CLI follows (asm, disasm and check; SASS and vISA;
// text, listings, files of words, cubins, raw code): an input from which no instruction was read
// is bad input (exit 2), never an empty success. `cuobjdump -sass a.out | gpuatom check sass -`
// must fail when cuobjdump failed and wrote nothing, and so must a cubin without code.
// `--allow-empty` is for the caller who means it.
#pragma once

#include <CLI/CLI.hpp>
#include <cstdint>
#include <string_view>

#include "gpuatom/support/diagnostic.hpp"

namespace gpuatom::cli {

class NothingReadRule {
 public:
  // Adds --allow-empty to a reading command.
  void add_option(CLI::App& command);

  // With no instruction read, no error yet, and --allow-empty not given: an error at `input` (its file, and line
  // 1 of a text or byte 0 of a binary) naming what the input held instead (`held`: "0 bytes",
  // "only blank lines and comments", "a cubin with no code section (.text.<kernel>)").
  // `instructions` counts every instruction read, atomic or not, read well or not: a listing or
  // a cubin of code without atomics read something.
  void check(uint64_t instructions, const support::SourceLocation& input, std::string_view held,
             support::Diagnostics& diagnostics) const;

 private:
  bool allow_empty_ = false;
};

// Where the rule's error stands for a text input and for a binary one.
support::SourceLocation start_of_text(const support::FileName& file);
support::SourceLocation start_of_bytes(const support::FileName& file);

// What a text input without instructions held: "0 bytes", or "only blank lines and comments".
std::string_view held_by_text(std::string_view source);

}  // namespace gpuatom::cli
