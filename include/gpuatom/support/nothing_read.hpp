// The one rule every instruction reader follows (asm, disasm and check; SASS, vISA and AMD; text,
// listings, files of words, cubins, raw code): an input from which no instruction was read is bad
// input, never an empty success. `cuobjdump -sass a.out | gpuatom check sass -` must fail when
// cuobjdump failed and wrote nothing, and so must a cubin without code. Allowing it
// (`--allow-empty`) is for the caller who means it.
#pragma once

#include <cstdint>
#include <string_view>

#include "gpuatom/support/diagnostic.hpp"

namespace gpuatom::support {

// With no instruction read, no error yet, and empty input not allowed: an error at `input` (its
// file, and line 1 of a text or byte 0 of a binary) naming what the input held instead (`held`:
// "0 bytes", "only blank lines and comments", "a cubin with no code section (.text.<kernel>)").
// `instructions` counts every instruction read, atomic or not, read well or not: a listing or a
// cubin of code without atomics read something.
void check_something_read(uint64_t instructions, bool allow_empty, const SourceLocation& input, std::string_view held,
                          Diagnostics& diagnostics);

// Where the rule's error stands for a text input and for a binary one.
SourceLocation start_of_text(const FileName& file);
SourceLocation start_of_bytes(const FileName& file);

// What a text input without instructions held: "0 bytes", or "only blank lines and comments".
std::string_view held_by_text(std::string_view source);

}  // namespace gpuatom::support
