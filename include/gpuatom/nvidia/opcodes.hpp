// NVIDIA atomic operations and data sizes: names, hardware codes and op × size legality per
// instruction family (docs/spec/nvidia.md §3, §4.1, §5, §11.3). This is the one table that the ALU
// spelling, and later the parser, printer, validator, encoder and decoder, all read.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <variant>

#include "gpuatom/alu/operation.hpp"
#include "gpuatom/nvidia/architecture.hpp"

namespace gpuatom::nvidia {

// POPC_INC (ATOMS, sm_80+) and ARRIVE (ATOM, sm_80+) are modern spellings with no semantics
// defined here: they parse and print, and refuse to execute (docs/spec/nvidia.md §10.3).
enum class AtomOp : uint8_t {
  ADD,
  MIN,
  MAX,
  INC,
  DEC,
  AND,
  OR,
  XOR,
  EXCH,
  SAFEADD,
  CAS,
  CAST,
  CAST_SPIN,
  POPC_INC,
  ARRIVE
};
inline constexpr int atom_op_count = static_cast<int>(AtomOp::ARRIVE) + 1;

// F16x4 … F32x4: the vector sizes sm_90 prints for PTX's atom/red .v2/.v4/.v8 forms: one atomic
// per element (PTX ISA "atom"), in one 64- or 128-bit access (semantics.hpp, vector_words()).
enum class Size : uint8_t {
  U32,
  S32,
  U64,
  S64,
  F32_FTZ_RN,
  F16x2,
  F64_RN,
  SD32,
  SD64,
  BF16x2,
  U128,
  F16x4,
  F16x8,
  BF16x4,
  BF16x8,
  F32x2,
  F32x4,
  // Hopper's float forms name these codes too (12–14, nvdisasm 11.8 on random words): an f32 add,
  // min or max without .FTZ. No ptxas output here holds them and no GPU has measured them: they
  // parse, print and encode, and do not execute.
  F32_RN,
  F32x2_RN,
  F32x4_RN,
};
inline constexpr int size_count = static_cast<int>(Size::F32x4_RN) + 1;

// Instruction families whose op × size tables differ.
enum class Family : uint8_t { ATOM, ATOMS, RED, SUATOM, SURED };

// SPA 5.0 (Maxwell/Pascal) or the sm_70+ disassembler's spellings, which add BF16x2 and .128.
enum class Dialect : uint8_t { spa5, modern };

// CAS, CAST and CAST.SPIN: the compare-and-swap family (compare in Rb, swap value after it).
constexpr bool is_compare(AtomOp op) { return op == AtomOp::CAS || op == AtomOp::CAST || op == AtomOp::CAST_SPIN; }

struct OpInfo {
  AtomOp op;
  std::string_view name;  // as spelled in SASS, without the dot
  int code;               // 4-bit op field (ATOM/SUATOM), or −1 for ops with their own opcode
  alu::Op alu_op;         // meaningless when !executable
  bool executable;        // false: parses and prints, refuses to execute (POPC.INC, ARRIVE)
  bool modern_only;       // a sm_70+ spelling (selects the modern dialect when parsed)
};

struct SizeInfo {
  Size size;
  std::string_view spelling;  // canonical SASS suffix, e.g. ".F32.FTZ.RN"; "" for U32
  alu::Type type;
  int bits;          // memory access width
  int atom_code;     // ATOM / RED size field (§11.3), −1 if none
  int surface_code;  // SUATOM / SURED size field, −1 if none
  int shared_code;   // ATOMS 2-bit size field (§11.2), −1 if none
  bool vector;       // several 32-bit elements of `type`, each its own atomic
};

// Every way a size can be written, in canonical case (".32" and ".U32" both name U32;
// ".F16x2.FTZ.RN" and ".F16x2.RN" both name F16x2). The parser keeps the entry it read so the
// printer can reproduce the spelling (docs/spec/nvidia.md §4.2, §10.4).
struct SizeSpelling {
  std::string_view text;  // with the leading dot, e.g. ".F16x2.FTZ.RN"
  Size size;
  bool modern_only;  // a sm_70+ spelling (BF16x2, the vector sizes)
  // The feature of the architectures whose nvdisasm prints a decoded `size` with this spelling
  // rather than the canonical one (".U128": atom_size4_u128, ".F16x2.FTZ.RN": f16x2_ftz_spelling);
  // none for most.
  std::optional<Feature> decoded_with = std::nullopt;
  bool compact = false;  // the short spelling nvdisasm prints for a 64-bit CAS and in sm_70+ text
  // Spells a flush the operation does not apply: ".F16x2.FTZ.RN" is the size code of ".F16x2.RN",
  // which keeps subnormals (docs/spec/nvidia.md §4.2); the validator warns where it is written.
  bool unapplied_flush = false;
};
std::span<const SizeSpelling> size_spellings();
// The entry `text` (case-insensitive, with its dots) names, if any.
const SizeSpelling* find_size_spelling(std::string_view text);

std::span<const OpInfo> op_table();
std::span<const SizeInfo> size_table();
const OpInfo& info(AtomOp op);
const SizeInfo& info(Size size);
std::string_view name(Family family);
// The size as messages name it: its first spelling (".U32" for U32, whose SASS suffix is "").
std::string_view size_name(Size size);
// The compact spelling of a size (".64" for U64), or its name when it has none.
std::string_view compact_size_spelling(Size size);

// Parses a size suffix, case-insensitively, with its aliases (".32" = U32, ".64" = U64,
// ".F16x2.FTZ.RN" = ".F16x2.RN"). `text` includes the leading dot(s).
std::optional<Size> parse_size(std::string_view text);
std::optional<AtomOp> parse_op(std::string_view name);

// An op with its size as `gpuatom alu` and the SASS opcode spell them: "ADD.F32.FTZ.RN",
// "CAS.64", "INC" (size U32 when omitted), "CAST.SPIN.64".
struct OpSize {
  AtomOp op;
  Size size;
};
// The op and size, or a message saying what is wrong with the text.
std::variant<OpSize, std::string> parse_op_size(std::string_view text);

// The op × size tables of docs/spec/nvidia.md §5.1–§5.5, plus what sm_70+ ptxas output holds:
// BF16x2, F16x2 and BF16x2 min/max, the vector sizes, .128 exchange and CAS (ATOM and ATOMS),
// ATOM.CAST.SPIN (docs/oracles.md).
bool legal(Family family, Dialect dialect, AtomOp op, Size size);

// --- Maxwell size fields by architecture (docs/oracles.md) -----------------------------------
// nvdisasm reads two size codes differently by generation: ATOM/RED code 4 is .U128 on sm_50 and
// F16x2 from sm_52 on (spelled .F16x2.FTZ.RN on sm_52/sm_53, .F16x2.RN on sm_6x); code 6 is
// .F64.RN from sm_60 on and names nothing before; SUATOM/SURED code 4 is F16x2 from sm_52 on.
enum class SizeField : uint8_t { atom, surface, shared };
std::optional<Size> size_from_code(SizeField field, int code, Architecture arch);
std::optional<int> size_code(SizeField field, Size size, Architecture arch);
// The spelling nvdisasm prints for a decoded size where it is not the canonical one (".U128" on
// sm_50, ".F16x2.FTZ.RN" on sm_52/sm_53); "" otherwise.
std::string_view decoded_size_spelling(Size size, Architecture arch);

// Whether the family has `op` at all in a dialect (on some size): ATOM.CAST.SPIN exists only in
// the sm_70+ tables, so the parser reads it as sm_70+ text.
bool has_op(Family family, Dialect dialect, AtomOp op);

// When `op` on `size` is illegal for the family, the diagnostic naming the rule it breaks.
std::optional<std::string> illegal_reason(Family family, Dialect dialect, AtomOp op, Size size);

// Where each family's table is stated, for diagnostics ("docs/spec/nvidia.md §5.1").
std::string_view legality_source(Family family);

}  // namespace gpuatom::nvidia
