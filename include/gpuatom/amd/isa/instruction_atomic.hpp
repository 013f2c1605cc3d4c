// `gpuatom alu amd MNEMONIC --target gfx942 …`: one AMD atomic instruction computed as the wave
// executes it (amd/isa/semantics.hpp: its operation, unit and data order; amd/isa/float_rules.hpp:
// the target's float rules with the ASSUMPTION switches of docs/spec/amd-isa.md §7).
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "gpuatom/alu/operand_text.hpp"
#include "gpuatom/alu/operation.hpp"

namespace gpuatom::amd::isa {

struct InstructionAtomicArgs {
  std::string mnemonic, target;
  std::optional<std::string> old_value, operand, compare;
  std::string lds_denormals = "kept", l2_add_f32 = "manuals", inf_minus_inf = "quiet";
};

// What the instruction computes: its ALU operation, old/value/compare as the ALU takes them, and
// lines saying where it runs and which rules apply.
struct InstructionAtomic {
  alu::Operation operation;
  alu::OperandValue old, value, compare;
  bool returns = false;
  std::string flush_rule;  // the rule that flushes subnormals here, for `why`
  std::vector<std::string> notes;
};

// Throws support::InputError for an unknown target or mnemonic, one the target lacks (naming the first target
// that has it), one the executor does not run (with its reason), or a missing or stray operand.
InstructionAtomic instruction_atomic(const InstructionAtomicArgs& args);

}  // namespace gpuatom::amd::isa
