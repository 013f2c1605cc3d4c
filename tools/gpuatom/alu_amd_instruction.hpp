// `gpuatom alu amd MNEMONIC --target gfx942 …`: one AMD atomic instruction computed as the wave
// executes it (amd/isa/semantics.hpp: its operation, unit and data order; amd/isa/float_rules.hpp:
// the target's float rules with the ASSUMPTION switches of docs/spec/amd-isa.md §7).
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "alu_values.hpp"
#include "gpuatom/alu/operation.hpp"

namespace gpuatom::cli {

struct AmdInstructionArgs {
  std::string mnemonic, target;
  std::optional<std::string> old_value, operand, compare;
  std::string lds_denormals = "kept", l2_add_f32 = "manuals", inf_minus_inf = "quiet";
};

// What the instruction computes: its ALU operation, old/value/compare as the ALU takes them, and
// lines saying where it runs and which rules apply.
struct AmdInstructionAtomic {
  alu::Operation operation;
  Value old, value, compare;
  bool returns = false;
  std::string flush_rule;  // the rule that flushes subnormals here, for `why`
  std::vector<std::string> notes;
};

// Throws BadInput for an unknown target or mnemonic, one the target lacks (naming the first target
// that has it), one the executor does not run (with its reason), or a missing or stray operand.
AmdInstructionAtomic amd_instruction_atomic(const AmdInstructionArgs& args);

}  // namespace gpuatom::cli
