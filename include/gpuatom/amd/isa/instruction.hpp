// One AMD atomic instruction, neutral between text and binary (like LLVM's MCInst):
//
//     text ──parse──▶ Instruction ──encode──▶ 4, 8 or 12 bytes
//     text ◀──print── Instruction ◀──decode── bytes
//
// It is an encoding row (encoding_table.hpp) and one value per operand of the row, in the row's
// operand order. Values are what LLVM's MCOperand holds, so that a row's fields turn them into bits
// with no other knowledge:
//   registers        the hardware operand code of the (first) register: SGPR n = n, VGPR n = 256 + n,
//                    AGPR n = 768 + n (bit 9 is LLVM's "acc" bit); special registers and inline
//                    constants their scalar source codes (vcc_lo 106, m0 124 (GFX9, GFX10) / 125 (GFX11+),
//                    null 125 (GFX9, GFX10) / 124 (GFX11+), integer constants 128–208, float constants 240–248, …)
//   offsets          the byte offset as a signed number
//   cpol             LLVM's cache-policy bits: glc/sc0 = 1, slc/nt = 2, dlc = 4, scc/sc1 = 16;
//                    gfx12 th = bits 0–2, scope = bits 3–4
//   dmask, dim, gds, one-bit modifiers   their numbers
// An operand the row has no bits for (a returning buffer atomic's `vdata_in`, tied to `vdata`)
// holds the value it is tied to.
#pragma once

#include <cstdint>
#include <optional>
#include <string_view>
#include <vector>

#include "gpuatom/amd/isa/encoding_table.hpp"

namespace gpuatom::amd::isa {

inline constexpr uint32_t vgpr_code_base = 256;
inline constexpr uint32_t agpr_code_base = 768;

struct Instruction {
  const Encoding* encoding = nullptr;
  std::vector<int64_t> values;    // one per encoding->operands entry
  std::string_view spelling;      // the mnemonic as written (an alias), empty: the canonical one
  uint32_t line = 0, column = 0;  // where it was read (text), 0 when built or decoded
  // The 32-bit literal that follows the instruction when a scalar operand holds code 255 (LLVM's
  // disassembler reads one for a MUBUF `soffset` on GFX10/GFX11 and a VIMAGE `rsrc` on GFX12; the
  // assembler never writes one: docs/spec/amd-isa.md §9). Encoded after the instruction's bytes.
  std::optional<uint32_t> literal;

  // The value of the operand slot `name` ("vdst", "offset", "cpol" …), or nothing.
  const int64_t* value(std::string_view name) const;
  std::string_view mnemonic() const { return encoding ? encoding->mnemonic : std::string_view{}; }
};

// Register codes.
constexpr bool is_vgpr_code(int64_t code) { return code >= vgpr_code_base && code < vgpr_code_base + 256; }
constexpr bool is_agpr_code(int64_t code) { return code >= agpr_code_base && code < agpr_code_base + 256; }
constexpr bool is_sgpr_code(int64_t code) { return code >= 0 && code <= 105; }

}  // namespace gpuatom::amd::isa
