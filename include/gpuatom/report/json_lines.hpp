// `--json` of asm, disasm and check: one JSON object per line, so that a
// compiler's test can read every instruction and every diagnostic without parsing text. Keys are
// stable (docs/reference/cli.md lists them with each command):
//
//   {"kind":"instruction","file":F,"line":N,"text":"ATOM.E.ADD …","word":"0x…"|null,"word_high":"0x…"|null}
//     (disasm of code adds "kernel":K,"address":N)
//   {"kind":"diagnostic","severity":"error"|"warning"|"note","file":F,"line":N,"column":N,
//    "offset":N|null,"message":M,"rule":R|null}
//   {"kind":"summary","file":F,"instructions":N,"errors":N,"warnings":N}
//
// Line and column are 1-based, 0 where the place is a byte offset (binary input). With --json,
// diagnostics are objects on standard output instead of text on standard error; the exit code is
// the command's as without it.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "gpuatom/support/diagnostic.hpp"

namespace gpuatom::report {

// Code (a cubin, raw code, a listing's words) adds where the instruction is: "kernel" and "address".
struct CodePlace {
  std::string_view kernel;
  uint64_t address = 0;
};

// Each returns whole lines, each with its '\n'; invalid UTF-8 from an input becomes U+FFFD.
std::string json_instruction(std::string_view file, uint32_t line, std::string_view text,
                             std::optional<uint64_t> word = std::nullopt,
                             std::optional<uint64_t> word_high = std::nullopt,
                             std::optional<CodePlace> place = std::nullopt);
std::string json_diagnostics(const support::Diagnostics& diagnostics);  // a line per diagnostic
std::string json_summary(std::string_view file, size_t instructions, const support::Diagnostics& diagnostics);

}  // namespace gpuatom::report
