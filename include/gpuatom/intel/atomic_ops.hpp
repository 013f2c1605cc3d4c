// Intel vISA atomic operations (TYPED_ATOMIC and SVM ATOMIC): op codes, names, operand roles and
// width rules (spec/intel.md §3, §5). The one table that the ALU spelling, and later the parser,
// printer, validator, encoder and decoder, read.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <variant>

#include "gpuatom/alu/operation.hpp"

namespace gpuatom::intel {

enum class AtomicOp : uint8_t {
  ADD = 0x00, SUB = 0x01, INC = 0x02, DEC = 0x03, MIN = 0x04, MAX = 0x05, XCHG = 0x06, CMPXCHG = 0x07,
  AND = 0x08, OR = 0x09, XOR = 0x0A, IMIN = 0x0B, IMAX = 0x0C, PREDEC = 0x0D,
  FMAX = 0x10, FMIN = 0x11, FCMPWR = 0x12,
};

enum class Width : uint8_t { w16, w32, w64 };
enum class Form : uint8_t { typed, svm };  // TYPED_ATOMIC or SVM ATOMIC

// What a source operand carries for an op.
enum class Role : uint8_t { null, value, new_value, comparand };

struct AtomicOpInfo {
  AtomicOp op;
  std::string_view name;       // vISA text suffix without the dot ("minsint" for IMIN)
  std::string_view page_name;  // as the pages name it ("IMIN")
  alu::Op alu_op;
  Role src0;
  Role src1;
  bool is_float;
  bool is_signed;               // IMIN / IMAX compare as signed
};

std::span<const AtomicOpInfo> atomic_op_table();
const AtomicOpInfo* find(AtomicOp op);         // nullptr for reserved codes
std::optional<AtomicOp> from_code(unsigned code);
// Text names: the canonical suffix, the aliases imin/imax, and the page's upper-case names.
std::optional<AtomicOp> parse_op(std::string_view name);
int bits(Width width);
std::string_view suffix(Width width);  // "", ".16", ".64"

// Why `op` at `width` is illegal for the form (spec/intel.md §5.1, §5.2, §3.3), or nothing.
std::optional<std::string> illegal_reason(Form form, AtomicOp op, Width width);

// The ALU operation for an op and width (operand types: UD/D/UQ/Q/F/HF per §3.4).
alu::Operation to_alu(AtomicOp op, Width width);

// Maps the instruction's Src0/Src1 onto the ALU's operands according to the op's roles
// (CMPXCHG stores Src0 where old == Src1; FCMPWR stores Src1 where old == Src0).
alu::Operands operands(AtomicOp op, uint64_t src0, uint64_t src1);

}  // namespace gpuatom::intel
