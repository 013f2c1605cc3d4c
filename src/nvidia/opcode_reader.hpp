// Reads the instruction word "ATOM.E.CAS.64.STRONG.GPU": the mnemonic and each modifier,
// matched against the instruction table (longest spelling first, so CAST.SPIN beats CAST and
// .F16x2.FTZ.RN beats nothing shorter), each put in its slot, in slot order. Private to the parser.
#pragma once

#include "gpuatom/nvidia/instruction.hpp"
#include "lexer.hpp"

namespace gpuatom::nvidia::detail {

struct OpcodeRead {
  bool modern_spelling = false;  // a modifier, op or size that only sm_70+ prints
};

// Fills inst.mnemonic, op, size, size_spelling, extended, surface modifiers, memory
// modifiers, placeholders and their columns. Throws SyntaxError.
OpcodeRead read_opcode(const Token& word, Instruction& inst);

}  // namespace gpuatom::nvidia::detail
