// SASS text and words for the Python module: `check sass`, `asm sass` and `disasm sass` of the CLI
// (tools/gpuatom/*_sass_command.cpp) on strings and word lists, their diagnostics kept as values
// for Python to turn into objects instead of printed.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "gpuatom/support/diagnostic.hpp"

namespace gpuatom::python {

struct AssembledText {
  std::string text;
  std::optional<uint64_t> word, word_high;  // with encode: the word (a 128-bit one's halves)
  uint32_t line = 0;
};

struct TextResult {
  std::vector<support::Diagnostic> diagnostics;  // errors first, then warnings (as the CLI reports them)
  std::vector<AssembledText> lines;              // asm: one per instruction; disasm: the listing's lines
  bool ok = false;                               // no error
};

// `check sass` (`arch` empty: each line's spelling decides).
TextResult nvidia_check(const std::string& source, const std::string& file, const std::string& arch,
                        bool rules_as_warnings);
// `asm sass [--encode]`.
TextResult nvidia_asm(const std::string& source, const std::string& file, const std::string& arch, bool encode,
                      bool rules_as_warnings);
// `disasm sass WORD…` (a 128-bit word is two, low then high).
TextResult nvidia_disasm(const std::vector<uint64_t>& words, const std::string& arch, bool control);

}  // namespace gpuatom::python
