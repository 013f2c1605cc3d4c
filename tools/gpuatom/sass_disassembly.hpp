// How `disasm sass` prints whatever it reads (a cubin, raw code, a listing's words, words on
// their own): every printer goes through print_disassembly(), which walks the input twice. The
// first walk keeps only the diagnostics, the count of instructions read and each section's text
// width; only when nothing is wrong does the second walk print, line by line, as it decodes.
// So bad input prints nothing on standard output, and no output is held whole: a 256 MiB cubin
// lists in the memory of its bytes.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <string_view>

#include "gpuatom/nvidia/architecture.hpp"
#include "gpuatom/nvidia/binary/code.hpp"
#include "gpuatom/support/diagnostic.hpp"

namespace gpuatom::cli {

// One walk over the input. A walker calls these in the input's order.
class DisassemblyPass {
 public:
  virtual ~DisassemblyPass() = default;
  // A kernel's code or a listing's section begins: the atomics after it are listed under its
  // header ("code for sm_90", "Function : kernel"). `always_headed`: the header is printed even
  // when no atomic follows (a cubin lists each kernel), else only before the section's first one.
  virtual void section(std::string_view kernel, nvidia::Architecture arch, bool always_headed) = 0;
  // Words given on their own follow (the command line, a file of words), read for `arch`: each
  // is printed as a plain line, without a section.
  virtual void words(nvidia::Architecture arch) = 0;
  // One atomic: of the current section, or a word on its own; `line` is the line of a text of
  // words (JSON "line"), 0 for code.
  virtual void atomic(const nvidia::CodeAtomic& atomic, uint32_t line) = 0;
  // Instructions read (atomics or not), for the rule that reading nothing is an error.
  virtual void read(uint64_t instructions) = 0;
  // What the walker found besides single atomics (a truncated word, a listing's bad line).
  virtual void diagnose(const support::Diagnostics& diagnostics) = 0;
  virtual void diagnose(const support::Diagnostic& diagnostic) = 0;
};

struct DisassemblyOptions {
  std::string file;  // the input's name, for JSON
  bool json = false;
  bool control = false;  // --control: a 128-bit word's control bits as a comment after its text
  // The nothing-read rule (nothing_read.hpp), given the survey's count: adds its error, if any.
  std::function<void(uint64_t instructions, support::Diagnostics& errors)> nothing_read;
};

// Walks the input with `walk` (called once or twice, the same way each time), reports the
// diagnostics (errors, then warnings: no error is lost behind the cap on what is listed), and
// prints the listing when there is no error. Returns the exit code.
int print_disassembly(const std::function<void(DisassemblyPass&)>& walk, const DisassemblyOptions& options);

}  // namespace gpuatom::cli
