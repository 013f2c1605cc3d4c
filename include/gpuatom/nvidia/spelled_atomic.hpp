// An atomic asked for by its spelling alone (`gpuatom alu nvidia ATOMS.CAS.64 --arch sm_90`),
// read in the steps the command takes: the instruction and architecture first (enough to list
// the op × size table), then its op and size, checked against that table and the architecture's
// forms by the rule `check sass --arch` uses, and last its operands, computed for one lane. Each
// step throws support::InputError with the message the command prints.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "gpuatom/alu/lane_result.hpp"
#include "gpuatom/nvidia/architecture.hpp"
#include "gpuatom/nvidia/opcodes.hpp"
#include "gpuatom/nvidia/semantics.hpp"
#include "gpuatom/nvidia/text/spelling.hpp"

namespace gpuatom::nvidia {

struct SpelledAtomic {
  std::string mnemonic;  // --inst, or the spelling's leading mnemonic; ATOM when neither
  std::string op_size;   // OP[.SIZE] with the modifiers that change nothing dropped; empty when listing
  InstructionKind kind;  // its table; the sm_70+ dialect on an architecture of sm_70 on
  std::optional<Architecture> architecture;
};

// Reads `spelling` (nothing when `list`: the table of `mnemonic_flag`, ATOM when empty), the
// instruction `mnemonic_flag` names (empty: none) and the architecture `architecture` names
// (empty: none).
SpelledAtomic read_spelled_atomic(std::string_view spelling, const std::string& mnemonic_flag,
                                  std::string_view architecture, bool list);

// "ADD.S32", "CAS.64", …: every OP.SIZE the instruction's table allows, in the tables' order.
std::vector<std::string> legal_op_sizes(const InstructionKind& kind);

// The op and size of `atomic`: legal for its instruction, and a form its architecture has.
OpSize read_op_size(const SpelledAtomic& atomic);

// The operands as written: --old, --src (Rb; a CAS's comparand) and --swap (a CAS's Rc).
struct SpelledOperands {
  std::optional<std::string> old_value, src, swap;
};

// One lane of the atomic (read_op_size's op and size) on `operands`: a CAS compares with Rb and
// stores Rc (docs/spec/nvidia.md §3.1) and only a CAS takes Rc; a vector size (.F16x8 …) applies
// the operation to each 32-bit element; RED and SURED return nothing. Refuses an op the options
// leave unexecutable (SAFEADD) or the ALU does not compute, and a missing or stray operand.
alu::LaneResult compute_lane(const SpelledAtomic& atomic, OpSize op_size, const SemanticsOptions& options,
                             const SpelledOperands& operands);

}  // namespace gpuatom::nvidia
