// The pieces of an encoding row's assembly template (encoding_table.hpp): `$name` operands and the
// literal text between them (", ", "off", " idxen offen", "[", "]"), shared by printer and parser,
// and the per-generation facts about operand text both need (docs/spec/amd-isa.md §10).
#pragma once

#include <cstdint>
#include <string_view>
#include <vector>

#include "gpuatom/amd/isa/encoding_table.hpp"
#include "gpuatom/amd/isa/target.hpp"

namespace gpuatom::amd::isa {

struct SyntaxPiece {
  bool operand = false;
  std::string_view text;  // the operand's slot name, or the literal text
};
std::vector<SyntaxPiece> syntax_pieces(std::string_view syntax);

// The range of an `offset` operand as llvm-mc reads it, and whether it is printed signed.
struct OffsetRange {
  int64_t min = 0, max = 0;
  unsigned bits = 0;  // for messages: "a 13-bit signed offset"
  bool is_signed = false;
};
OffsetRange offset_range(const Encoding& encoding, const OperandSlot& slot, const Target& target);
// The offsets the encoding's field keeps (MUBUF: 12 bits where llvm-mc reads 16).
OffsetRange encodable_offset_range(const Encoding& encoding, const OperandSlot& slot, const Target& target);

// Image dimensions (GFX10+): the `dim:` names by encoding and their address counts.
std::string_view dim_name(int64_t dim);
unsigned dim_coordinates(int64_t dim);

// The cache-policy bits llvm-mc 19 names (instruction.hpp): GLC/SC0, SLC/NT, DLC, SCC/SC1; GFX12 TH
// bits 0–2 and SCOPE bits 3–4.
inline constexpr int64_t cpol_glc = 1, cpol_slc = 2, cpol_dlc = 4, cpol_scc = 16;
inline constexpr int64_t th_mask = 7, scope_mask = 24, th_return = 1, th_nt = 2, th_cascade = 4;

// The spelling of the R128A16 flag: `a16` where the target has LLVM's r128-a16 feature (GFX9),
// `r128` elsewhere.
std::string_view r128_flag_name(const Target& target);

}  // namespace gpuatom::amd::isa
