// An Intel atomic asked for by its spelling alone (`gpuatom alu intel svm_atomic.cmpxchg --old 1
// --src0 2 --src1 1`), read in the steps the command takes: its form (enough to list the form's
// ops), its instruction (enough for --platform's rules), then its ALU operation and operands: which
// of Src0 and Src1 the op reads or must leave out, and where in the ALU's operands each goes. Each
// step throws support::InputError with the message the command prints.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "gpuatom/alu/lane_result.hpp"
#include "gpuatom/alu/operand_text.hpp"
#include "gpuatom/alu/operation.hpp"
#include "gpuatom/intel/instruction.hpp"

namespace gpuatom::intel {

// The atomic as written: its spelling, and the flags that complete it.
struct SpelledAtomicText {
  std::string spelling;                              // "svm_atomic.add.64", "add.64", "lsc_atomic_icas.slm"
  std::string form = "svm";                          // --form: the form of a spelling without a prefix
  std::string data = "d32";                          // --data: an LSC atomic's element size
  std::optional<std::string> old_value, src0, src1;  // --old, --src0, --src1 (an LSC atomic's src1, src2)
};

// The form the spelling's prefix names, else the one --form names.
Form read_form(const SpelledAtomicText& text);

// "add", "add.16", "add.64", …: every op and width `form` allows, in the op table's order.
std::vector<std::string> legal_spellings(Form form);

// The instruction spelled, in `form` (read_form's). An LSC atomic accesses --data elements when
// they are an atomic's (d32, d64, d16c32), else d32: read_operands refuses the others.
Instruction read_instruction(const SpelledAtomicText& text, Form form);

// What the ALU computes: the operation, its width in bits, and old, value and compare as it takes
// them (Src0 and Src1 placed by the op's roles: CMPXCHG and LSC icas/fcas compare with one and
// store the other).
struct AluAtomic {
  alu::Operation operation;
  int bits = 32;
  alu::OperandValue old, value, compare;
};

// The operation of `instruction` (read_instruction's) and the operands the text gives it: a source
// the op reads is required, one it does not read is refused, each with the rule it breaks.
AluAtomic read_operands(const Instruction& instruction, const SpelledAtomicText& text);

// One lane's result. A 16-bit atomic returns into the low half of a dword whose upper 16 bits are
// zero (ASSUMPTION, docs/spec/intel.md §5.1).
alu::LaneResult lane_result(const AluAtomic& atomic);

}  // namespace gpuatom::intel
