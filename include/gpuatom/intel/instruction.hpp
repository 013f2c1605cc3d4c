// The neutral Intel atomic instruction value — what the parser and the decoder produce and the
// printer, encoder, validator and executor consume (like LLVM's MCInst):
//
//     text ──parse──▶ Instruction ◀──decode── bytes
//     text ◀──print── Instruction ──encode──▶ bytes
//
// It holds exactly the encoded fields (docs/spec/intel.md §2.3–§2.6), already split into meaning:
// no text spellings (aliases such as `imin` or `NoMask` are gone) and no names — operands are
// variable ids; the DeclarationTable (declarations.hpp) maps ids to names, types and sizes.
// `where` remembers where each field came from (file:line:col, or a byte offset for decoded
// input) so that diagnostics point at the offending token or byte.
//
// Executing one instruction (docs/spec/intel.md §1, §6.1) needs:
//   form, op, width                 what to compute (to_alu(op, width), operands(op, s0, s1))
//   exec.channels, exec.mask        channels n = 0 … channels−1; ChEn from mask_info(exec.mask)
//   predicate                       PM[n] = Pred[n + offset], .any/.all, invert
//   surface                         TYPED: the surface index the harness binds a descriptor to
//   operand(slot)                   variable id + byte offset; channel n's element is at
//                                   offset + n × element_bytes(instruction, slot)
//   DeclarationTable::storage(id)   where that variable lives (aliases resolved)
#pragma once

#include <array>
#include <cstdint>

#include "gpuatom/intel/atomic_ops.hpp"
#include "gpuatom/intel/lsc.hpp"
#include "gpuatom/support/diagnostic.hpp"

namespace gpuatom::intel {

// One raw operand (§2.2): a variable id and a byte offset into it. Id 0 is V0, the null operand
// (`%null.0`); ids 1–31 are IGC's predefined variables (rejected by the validator); user
// variables start at 32.
struct RawOperand {
  uint32_t id = 0;
  uint16_t offset = 0;
  bool is_null() const { return id == 0; }
  bool operator==(const RawOperand&) const = default;
};

// The pred word's control field (§2.4).
enum class PredicateControl : uint8_t { per_channel = 0, any = 1, all = 2 };

// Predication (§2.4, §6.1). id 0 = not predicated; predicate ids start at 1 (P0 is reserved).
struct Predicate {
  uint16_t id = 0;
  PredicateControl control = PredicateControl::per_channel;
  bool invert = false;  // `!`
  bool present() const { return id != 0; }
  bool operator==(const Predicate&) const = default;
};

// The Exec_size byte (§2.3): channel count and execution-mask code.
struct ExecSize {
  uint8_t channels = 8;  // 1, 2, 4, 8, 16 or 32 (the size code is exec_size_code(channels))
  uint8_t mask = 0;      // 0 … 15 = M1 … M8, M1_NM … M8_NM (mask_table())
  uint8_t channel_offset() const { return mask_info(mask).channel_offset; }
  bool no_mask() const { return mask_info(mask).no_mask; }
  bool operator==(const ExecSize&) const = default;
};

// Where each field came from. Text: line and column of its token; decoded: byte offset of its
// first byte. Fields that did not appear (no predicate, a default mask) point at the
// instruction's start.
struct InstructionLocations {
  support::SourceLocation start;                             // the predicate or mnemonic; byte 0 of the instruction
  support::SourceLocation op;                                // the op suffix; the Op byte
  support::SourceLocation width;                             // the width suffix; the Op byte
  support::SourceLocation exec_size;                         // the channel count; the Exec_size byte
  support::SourceLocation mask;                              // the mask name; the Exec_size byte
  support::SourceLocation predicate;                         // the predicate name; the Pred word
  support::SourceLocation surface;                           // the surface; the Surface byte
  std::array<support::SourceLocation, slot_count> operands;  // per OperandSlot
};

struct Instruction {
  Form form = Form::svm;
  AtomicOp op = AtomicOp::ADD;
  Width width = Width::w32;
  ExecSize exec;
  Predicate predicate;
  uint8_t surface = 0;  // TYPED_ATOMIC and DWORD_ATOMIC: surface index (§2.7)
  // LSC forms: the LSC fields (lsc.hpp); `op` is then lsc_op's legacy twin (LscOpInfo::like), for
  // messages only.
  LscFields lsc;
  // One raw operand per OperandSlot; the slots the form does not use stay null.
  std::array<RawOperand, slot_count> operands{};
  InstructionLocations where;

  RawOperand& operand(OperandSlot slot) { return operands[static_cast<size_t>(slot)]; }
  const RawOperand& operand(OperandSlot slot) const { return operands[static_cast<size_t>(slot)]; }
  const support::SourceLocation& location(OperandSlot slot) const { return where.operands[static_cast<size_t>(slot)]; }

  // Equal fields; source locations are not compared.
  bool same_fields(const Instruction& other) const {
    return form == other.form && op == other.op && width == other.width && exec == other.exec &&
           predicate == other.predicate && surface == other.surface && operands == other.operands &&
           (!is_lsc(form) || lsc == other.lsc);
  }
};

// What an instruction computes, whatever its form: the ALU operation, and where its Src0 and
// Src1 go in the ALU's operands (an LSC atomic's by its own table, lsc.hpp).
inline alu::Operation to_alu(const Instruction& instruction) {
  return is_lsc(instruction.form) ? lsc_to_alu(instruction.lsc) : to_alu(instruction.op, instruction.width);
}
inline OperandPlacement operand_placement(const Instruction& instruction) {
  return is_lsc(instruction.form) ? lsc_operand_placement(instruction.lsc) : operand_placement(instruction.op);
}

// Bytes per channel in the operand of `slot`: 4 for coordinates and for 32- and 16-bit data
// (16-bit data is unpacked, one dword per channel, §5.1), 8 for addresses and 64-bit data.
inline uint8_t element_bytes(const Instruction& instruction, OperandSlot slot) {
  if (is_lsc(instruction.form)) {
    if (slot == OperandSlot::addresses) return static_cast<uint8_t>(address_element_bytes(instruction.lsc));
    if (slot == OperandSlot::u || slot == OperandSlot::v || slot == OperandSlot::r || slot == OperandSlot::lod)
      return 4;
    return static_cast<uint8_t>(data_element_bytes(instruction.lsc));
  }
  return type_rule(instruction.form, instruction.op, instruction.width, slot).element_bytes;
}

}  // namespace gpuatom::intel
