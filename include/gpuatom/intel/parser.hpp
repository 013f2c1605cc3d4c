// Reads vISA assembly text (spec/intel.md §10) into a Module: the declarations and the
// typed_atomic / svm_atomic instructions, each with the source location of every field.
//
// The parser checks what the text itself decides — syntax, known mnemonics, ops, masks and
// spellings, declared names of the right kind, declaration limits — and reports each problem as
// "file:line:col: error: … (spec/intel.md §x)" at the offending token, then goes on with the
// next line. Rules that concern the instruction's meaning (operand roles, types, bounds, exec
// sizes, platform) are the validator's (validator.hpp), so that decoded binaries get them too.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "gpuatom/intel/declarations.hpp"
#include "gpuatom/intel/instruction.hpp"
#include "gpuatom/support/diagnostic.hpp"

namespace gpuatom::intel {

struct ParseOptions {
  // Accept a bare `%null` in raw-operand position (IGC's assembler does not; spec §10.2).
  bool lenient = false;
};

struct Module {
  std::string file;
  std::optional<std::string> version;  // ".version 4.2" → "4.2"
  std::optional<std::string> kernel;   // ".kernel \"k\"" → "\"k\"" (as written, quotes kept)
  DeclarationTable declarations;
  std::vector<Instruction> instructions;
};

// Lines with errors contribute no instruction or declaration; `diagnostics` says why.
Module parse_visa(std::string_view source, const std::string& file, const ParseOptions& options,
                  support::Diagnostics& diagnostics);

}  // namespace gpuatom::intel
