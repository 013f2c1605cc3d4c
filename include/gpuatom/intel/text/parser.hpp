// Reads vISA assembly text (docs/spec/intel.md §10) into a Module: the declarations and the
// typed_atomic / svm_atomic instructions, each with the source location of every field.
//
// The parser checks what the text itself decides — syntax, known mnemonics, ops, masks and
// spellings, declared names of the right kind, declaration limits — and reports each problem as
// "file:line:col: error: … (docs/spec/intel.md §x)" at the offending token, then goes on with the
// next line. Rules that concern the instruction's meaning (operand roles, types, bounds, exec
// sizes, platform) are the validator's (validator.hpp), so that decoded binaries get them too.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "gpuatom/intel/declarations.hpp"
#include "gpuatom/intel/instruction.hpp"
#include "gpuatom/intel/text/lexer.hpp"
#include "gpuatom/support/diagnostic.hpp"

namespace gpuatom::intel {

struct ParseOptions {
  // Accept a bare `%null` in raw-operand position (IGC's assembler does not; spec §10.2).
  bool lenient = false;
  // Keep each line read past (Module::others) to print the module back whole. A reader that only
  // checks or encodes the atomics turns it off: such a line is then counted, and nothing of it is
  // held (an IGC dump is mostly such lines).
  bool keep_others = true;
};

// A line of the file that gpuatom reads past without modelling it (docs/intel-igc.md §8): a label,
// a directive it keeps as written (.function, .input, .kernel_attr, a sampler declaration), or an
// instruction that is not one of the atomics gpuatom reads. Kept verbatim, in order, so that
// printing the module gives the whole kernel back.
struct OtherStatement {
  enum class Kind : uint8_t { directive, label, instruction };
  Kind kind = Kind::instruction;
  std::string text;            // as written, from its first token to its last (no comment, no blanks)
  size_t before = 0;           // how many atomic instructions come before it in the file
  bool unread_atomic = false;  // an atomic of a form gpuatom does not read yet (LSC)
  support::SourceLocation where;
};

struct Module {
  std::string file;
  std::optional<std::string> version;  // ".version 4.2" → "4.2"
  std::optional<std::string> kernel;   // ".kernel \"k\"" → "\"k\"" (as written, quotes kept)
  DeclarationTable declarations;
  std::vector<Instruction> instructions;
  std::vector<OtherStatement> others;  // empty unless ParseOptions::keep_others
  // Every line read past, kept or not: by OtherStatement::Kind, and the unread atomics among them.
  std::array<size_t, 3> others_read{};
  size_t unread_atomics_read = 0;
  // The most tokens the parser held at once: one statement's, never the file's.
  size_t most_tokens_held = 0;
  size_t most_text_held = 0;  // bytes of text, where it was read piece by piece

  size_t count(OtherStatement::Kind kind) const;
  size_t unread_atomics() const;
};

// Lines with errors contribute no instruction or declaration; `diagnostics` says why.
Module parse_visa(std::string_view source, const std::string& file, const ParseOptions& options,
                  support::Diagnostics& diagnostics);
// The same, reading the text piece by piece (StatementLexer): with keep_others off, a dump of
// millions of lines is read holding one statement's text and tokens, not the file's.
Module parse_visa(TextPieces pieces, const std::string& file, const ParseOptions& options,
                  support::Diagnostics& diagnostics);

}  // namespace gpuatom::intel
