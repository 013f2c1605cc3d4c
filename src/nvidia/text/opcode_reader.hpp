// Reads the instruction word "ATOM.E.CAS.64.STRONG.GPU": the mnemonic and each modifier,
// matched against the instruction table (longest spelling first, so CAST.SPIN beats CAST and
// .F16x2.FTZ.RN beats nothing shorter), each put in its slot, in slot order. Private to the parser.
#pragma once

#include <string_view>
#include <vector>

#include "gpuatom/nvidia/instruction.hpp"
#include "lexer.hpp"

namespace gpuatom::nvidia::detail {

struct OpcodeRead {
  bool modern_spelling = false;  // a modifier, op or size that only sm_70+ prints
};

// One dot-separated part of the word: the mnemonic, then each modifier's parts.
struct WordPart {
  std::string_view text;
  uint32_t column;                       // the '.' before a modifier; the first letter of the mnemonic
  ModifierSlot slot = ModifierSlot::op;  // the slot of the modifier it belongs to, once matched
};

// Fills inst.mnemonic, op, size, size_spelling, extended, surface modifiers, memory
// modifiers, placeholders and their columns. `parts` is the caller's buffer for the word's parts
// (kept for a whole file, so reading a word allocates nothing). Throws SyntaxError.
OpcodeRead read_opcode(const Token& word, Instruction& inst, std::vector<WordPart>& parts);

}  // namespace gpuatom::nvidia::detail
