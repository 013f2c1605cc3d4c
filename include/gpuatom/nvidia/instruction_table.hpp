// The NVIDIA instruction table: mnemonics, modifiers (in the order the disassembler prints
// them), operand shapes and the Maxwell 64-bit encodings with their bit fields
// (spec/nvidia.md §2, §10, §11). Ops and sizes with their codes and legality are in
// opcodes.hpp. The parser, printer, validator, encoder and decoder all read these tables;
// none of them keeps its own list of spellings, codes or bit positions.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string_view>

#include "gpuatom/nvidia/opcodes.hpp"

namespace gpuatom::nvidia {

// Register numbers (spec §1): general R0–R254 and RZ = 255; predicates P0–P6 and PT = 7;
// uniform registers UR0–UR62 and URZ = 63 (sm_70+, §10.3).
inline constexpr uint8_t RZ = 255;
inline constexpr uint8_t PT = 7;
inline constexpr uint8_t URZ = 63;

// --- Mnemonics ------------------------------------------------------------------------------

enum class Mnemonic : uint8_t { ATOM, ATOMG, ATOMS, RED, REDG, SUATOM, SURED };

struct MnemonicInfo {
  Mnemonic mnemonic;
  std::string_view name;
  Family family;          // whose op × size table applies
  bool modern_only;       // ATOMG, REDG: sm_70+ spellings
  bool returns;           // writes the old value to Rd (false: RED, REDG, SURED)
  bool surface;           // SUATOM, SURED: .D{.BA}.dim … {.clamp} (or .P.dim …), [Ra] coordinates, a handle
  bool extended_address;  // may carry .E (generic/global memory)
};

std::span<const MnemonicInfo> mnemonic_table();
const MnemonicInfo& info(Mnemonic mnemonic);
std::optional<Mnemonic> parse_mnemonic(std::string_view name);  // case-insensitive

// --- Surface modifiers (§8.1, §11.3) ---------------------------------------------------------

enum class Dim : uint8_t { d1, d1_buffer, d1_array, d2, d2_array, d3 };
struct DimInfo {
  Dim dim;
  std::string_view name;  // "1D_ARRAY"
  int code;               // 3-bit field
  int coordinates;        // registers read from Ra on
  int alignment;          // Ra must be a multiple of this (DERIVED, §8.1)
};
std::span<const DimInfo> dim_table();
const DimInfo& info(Dim dim);

enum class Clamp : uint8_t { ign, near, trap };
struct ClampInfo {
  Clamp clamp;
  std::string_view name;
  int code;  // 2-bit field; 3 is invalid
};
std::span<const ClampInfo> clamp_table();
const ClampInfo& info(Clamp clamp);

// --- Modern (sm_70+) memory modifiers (§10.3): recorded and shown, no effect on execution ---

enum class Strength : uint8_t { none, strong, constant, mmio };
enum class Scope : uint8_t { none, cta, sm, gpu, sys };
enum class CacheOp : uint8_t { none, ef, el, lu, eu, na };

// --- Modifiers ------------------------------------------------------------------------------

// The modifier slots of one instruction word, in the one order every spelling uses
// (§10.2 for SPA 5.0, §10.3 for sm_70+):
//   OPC [.D] [.BA] [.dim] [.E] .op [.sz] [.cache] [.strength] [.scope] [.PRIVATE] [.clamp]
enum class Slot : uint8_t { mode, byte_address, dim, extended, op, size, cache, strength, scope, private_, clamp };
inline constexpr int slot_count = static_cast<int>(Slot::clamp) + 1;
std::string_view name(Slot slot);  // "operation", "size", … for diagnostics

// Slots whose value is an enumerated field: only these can hold an `.INVALIDn` placeholder
// (the disassembler's spelling for an unassigned field value, §10.3).
bool takes_placeholder(Slot slot);

// How disassemblers spell an unassigned field value, without the number: the sm_70+ `INVALID`
// (its slot given by position, §10.3) and nvdisasm's SPA 5.0 stems, each naming its slot
// (docs/oracles.md): INVALIDATOMOP (ATOM, RED), INVALIDATOMSOP (ATOMS, SUATOM), ??? (the op of
// SUATOM.P.CAS), INVALIDATOMICSIZE, INVALIDSURFACEDIM, INVALIDSURFACECLAMP.
struct PlaceholderStem {
  std::string_view text;
  std::optional<Slot> slot;  // nothing: `INVALID`, whose slot is the next free one
};
std::span<const PlaceholderStem> placeholder_stems();
// The stem a SPA 5.0 word's placeholder prints with, by slot and family; `formatted_cas` for the
// op of SUATOM.P.CAS. The sm_70+ dialect always prints `INVALID`.
std::string_view placeholder_stem(Slot slot, Family family, Dialect dialect, bool formatted_cas);

// The surface mode slot's values: .D (raw data, seed 002) and .P (formatted, read by nvdisasm).
inline constexpr uint8_t mode_raw = 1, mode_formatted = 2;

// One modifier spelling that is not an op or a size (those are in opcodes.hpp).
struct ModifierInfo {
  std::string_view name;  // without the dot
  Slot slot;
  uint8_t value;          // Dim, Clamp, Strength, Scope or CacheOp value; 1 for flags
  bool modern_only;       // a sm_70+ spelling
};
std::span<const ModifierInfo> modifier_table();
const ModifierInfo* find_modifier(std::string_view name);  // case-insensitive

// Whether a slot may appear on a mnemonic at all (".E" on ATOMS, ".BA" on ATOM are errors).
bool slot_applies(Slot slot, Mnemonic mnemonic);

// The printed name of a slot's enumerated value ("GPU" for Scope::gpu); "" for none.
std::string_view name(Strength strength);
std::string_view name(Scope scope);
std::string_view name(CacheOp cache);

// --- Operand shapes (§10.2, §10.3) -----------------------------------------------------------

enum class OperandRole : uint8_t {
  ps,           // sparse status predicate (SPA 5.0)
  pu,           // predicate destination (sm_70+)
  rd,           // destination register
  address,      // [Ra + imm], [imm], desc[UR][R.64 + UR + imm], surface [Ra]
  rb,           // data (CAS: compare value)
  rc,           // CAS swap register (ATOM/ATOMS)
  handle,       // surface: bindless Rc or bound #tsPtrIdxU13 immediate(s)
  trailing_rz,  // non-CAS forms: an explicit ", RZ" is accepted and dropped (§6.1)
};
inline constexpr int operand_role_count = static_cast<int>(OperandRole::trailing_rz) + 1;
std::string_view name(OperandRole role);

struct OperandSlot {
  OperandRole role;
  bool optional;
};

struct OperandShape {
  std::string_view text;              // for diagnostics: "[Ps,] Rd, [Ra + ImmS20], Rb"
  std::span<const OperandSlot> slots;
};

// The operands of `mnemonic.op` in a dialect.
const OperandShape& operand_shape(Mnemonic mnemonic, Dialect dialect, AtomOp op);

// --- Maxwell encodings (§11) -----------------------------------------------------------------

// One opcode of §11.2; the ATOMS compare and the SUATOM and SURED rows are split by form. The
// rows marked "nvdisasm" are the opcodes NVIDIA's disassembler (CUDA 11.8) reads beyond the
// public decoders (docs/oracles.md): ATOM with a sparse predicate, and the formatted (.P)
// surface forms.
enum class EncodingForm : uint8_t {
  atom, atom_cas, atom_sparse, atom_cas_sparse, atoms, atoms_cast, atoms_cas, red,
  suatom_bound, suatom_bound_cas, suatom_bindless, suatom_bindless_sparse, suatom_bindless_cas,
  sured_bound, sured_bindless,
  suatom_formatted_bound, suatom_formatted_bindless, suatom_formatted_cas_bound, suatom_formatted_cas_bindless,
  sured_formatted_bound, sured_formatted_bindless,
};
inline constexpr int encoding_form_count = static_cast<int>(EncodingForm::sured_formatted_bindless) + 1;

// What a bit field of a word holds.
enum class FieldKind : uint8_t {
  rd, ra, rb, rc,              // registers (RED/SURED: the data register Rb is at bits 0–7)
  guard, guard_negate,         // Pg, @!
  offset20,                    // ImmS20 / ImmU20 (unsigned when Ra is RZ)
  offset22_div4,               // ATOMS ImmS24 / ImmU24 divided by 4
  extended,                    // .E
  byte_address,                // .BA
  atom_size,                   // 3-bit ATOM/RED size code (SizeInfo::atom_code)
  cas_size,                    // 1-bit: 0 = 32-bit, 1 = 64-bit
  shared_size,                 // 2-bit ATOMS size (SizeInfo::shared_code)
  surface_size,                // 3-bit SUATOM/SURED size (SizeInfo::surface_code)
  op,                          // OpInfo::code
  cas_layout,                  // CasLayout
  cas_kind,                    // ATOMS.CAST: 0 CAST, 1 CAST.SPIN
  formatted_cas_op,            // SUATOM.P CAS: 0 CAS; nvdisasm prints any other value as .???n
  sparse,                      // Ps, bit-inverted (field v names predicate 7 − v, §6.6)
  dim, ts_index, clamp,
  unassigned,                  // encoder writes 0, decoder warns on non-zero (§11.2)
};
inline constexpr int field_kind_count = static_cast<int>(FieldKind::unassigned) + 1;
std::string_view name(FieldKind kind);

struct BitField {
  FieldKind kind;
  uint8_t lo;     // lowest bit
  uint8_t width;
  constexpr uint64_t mask() const { return (width == 64 ? ~0ULL : ((1ULL << width) - 1)) << lo; }
};

struct EncodingInfo {
  EncodingForm form;
  std::string_view name;    // "SUATOM bindless .op with Ps"
  Mnemonic mnemonic;
  uint64_t match;           // opcode bits …
  uint64_t mask;            // … and which bits are opcode
  std::span<const BitField> fields;
};

std::span<const EncodingInfo> encoding_table();
const EncodingInfo& info(EncodingForm form);
// The form whose opcode bits a word carries, or nullptr.
const EncodingInfo* find_encoding(uint64_t word);

// The ATOM.CAS / ATOMS.CAS 2-bit operand layout (§6.2, §11.2).
enum class CasLayout : uint8_t { packed = 0, rc_is_rz = 1, compare_is_rz = 2, invalid = 3 };

}  // namespace gpuatom::nvidia
