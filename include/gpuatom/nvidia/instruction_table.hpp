// The NVIDIA instruction table: mnemonics, modifiers (in the order the disassembler prints
// them), operand shapes and the Maxwell 64-bit encodings with their bit fields
// (docs/spec/nvidia.md §2, §10, §11). Ops and sizes with their codes and legality are in
// opcodes.hpp. The parser, printer, validator, encoder and decoder all read these tables;
// none of them keeps its own list of spellings, codes or bit positions.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>

#include "gpuatom/nvidia/opcodes.hpp"

namespace gpuatom::nvidia {

// Register numbers (spec §1): general R0–R254 and RZ = 255; predicates P0–P6 and PT = 7;
// uniform registers (sm_70+, §10.3) UR0–UR254 and URZ = 255, as Blackwell's 8-bit fields number
// them. Volta … Hopper have 6-bit fields, UR0–UR62 with URZ in the field's 63: which exist on an
// architecture is uniform_register_exists()'s (architecture.hpp), and a 6-bit field writes URZ as 63.
inline constexpr uint8_t RZ = 255;
inline constexpr uint8_t PT = 7;
inline constexpr uint8_t URZ = 255;
// How nvdisasm spells a register field of 255 where RZ would mean something else (a CAS operand
// past R254, §6.2): the parser reads it, the printer writes it.
inline constexpr std::string_view unnamed_register = "???255";

// --- Register files: the one register grammar the parser reads and the printer writes --------

enum class RegisterFile : uint8_t { general, predicate, uniform };
struct RegisterFileInfo {
  RegisterFile file;
  std::string_view prefix;  // "R": R0, R1, …
  std::string_view last;    // the name of the highest number: "RZ", "PT", "URZ" (R255 reads as RZ, UR255 as URZ)
  uint8_t last_number;      // RZ, PT, URZ
};
std::span<const RegisterFileInfo> register_file_table();
const RegisterFileInfo& info(RegisterFile file);
// "R7", "RZ"; "P3", "PT"; "UR8", "URZ".
std::string register_name(RegisterFile file, uint8_t number);
// "R7" → 7, "RZ" or "R255" → RZ, case-insensitively; nothing for any other text.
std::optional<uint8_t> parse_register(RegisterFile file, std::string_view text);

// --- Mnemonics ------------------------------------------------------------------------------

// REDAS: PTX red.async (sm_90 on), a reduction of shared::cluster memory that also signals an
// mbarrier; gpuatom executes its reduction as RED's (docs/spec/nvidia.md).
enum class Mnemonic : uint8_t { ATOM, ATOMG, ATOMS, RED, REDG, SUATOM, SURED, REDAS };

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
// Atomic mnemonics NVIDIA's disassemblers print that gpuatom does not read yet (none now; REDAS,
// the sm_90+ red.async, was one): a listing's line with one is reported, not passed over as
// another instruction. With what each is, for the message.
struct UnreadAtomic {
  std::string_view name;
  std::string_view what;
};
std::span<const UnreadAtomic> unread_atomic_mnemonics();
// "ATOM, ATOMS, RED, SUATOM, SURED" (SPA 5.0) or "ATOMG, REDG" (the sm_70+ spellings), for messages.
std::string mnemonic_names(bool modern_only);

// --- Surface modifiers (§8.1, §11.3) ---------------------------------------------------------

enum class Dim : uint8_t { d1, d1_buffer, d1_array, d2, d2_array, d3 };
struct DimInfo {
  Dim dim;
  std::string_view name;  // "1D_ARRAY": its entry in modifier_table()
  int code;               // 3-bit field
  int coordinates;        // registers read from Ra on
  int alignment;          // Ra must be a multiple of this (DERIVED, §8.1)
};
std::span<const DimInfo> dim_table();
const DimInfo& info(Dim dim);

enum class Clamp : uint8_t { ign, near, trap };
struct ClampInfo {
  Clamp clamp;
  std::string_view name;  // its entry in modifier_table()
  int code;               // 2-bit field; 3 is invalid
};
std::span<const ClampInfo> clamp_table();
const ClampInfo& info(Clamp clamp);

// --- Modern (sm_70+) memory modifiers (§10.3): recorded and shown, no effect on execution ---

enum class Strength : uint8_t { none, strong, constant, mmio };
// VC: a scope nvdisasm prints from Ampere on (.CONSTANT.VC, order codes 13 and 14).
enum class Scope : uint8_t { none, cta, sm, gpu, sys, vc };
enum class CacheOp : uint8_t { none, ef, el, lu, eu, na };

// --- Modifiers ------------------------------------------------------------------------------

// The modifier slots of one instruction word. slot_table() lists them in the one order every
// spelling uses, the order nvdisasm prints them (§10.2 for SPA 5.0, §10.3 for sm_70+):
//   OPC [.D] [.BA] [.dim] [.E] .op [.sz] [.cache] [.strength] [.scope] [.PRIVATE] [.clamp]
// The printer writes the slots in that order and the parser requires it.
// The cache operation comes before the size: nvdisasm prints ATOM.E.ADD.EF.S32 and
// SURED.D.1D.ADD.EF.S32 (the cache operations are sm_70+ spellings only).
enum class ModifierSlot : uint8_t {
  mode,
  byte_address,
  dim,
  uniform_array,  // .UAI (sm_120, sm_121 SUATOM)
  extended,
  op,
  cache,
  size,
  strength,
  scope,
  private_,
  clamp
};
inline constexpr int slot_count = static_cast<int>(ModifierSlot::clamp) + 1;

// Which mnemonics a slot may appear on.
enum class SlotUse : uint8_t {
  any,
  surface,
  extended_address,
  memory,  // surfaces and the global/generic forms (the cache operation: not ATOMS)
};

struct SlotInfo {
  ModifierSlot slot;
  std::string_view name;  // for diagnostics: "operation", "size", "mode (.D)", ".BA", …
  bool placeholder;       // an enumerated field: may hold an `.INVALIDn` placeholder (§10.3)
  SlotUse use;
  std::optional<uint8_t> unwritten;  // the value an unwritten modifier has, never printed (.NEAR)
};
// In print order; slot_table()[i].slot == ModifierSlot(i).
std::span<const SlotInfo> slot_table();
const SlotInfo& info(ModifierSlot slot);
std::string_view name(ModifierSlot slot);  // info(slot).name

// Slots whose value is an enumerated field: only these can hold an `.INVALIDn` placeholder
// (the disassembler's spelling for an unassigned field value, §10.3).
bool takes_placeholder(ModifierSlot slot);

// How disassemblers spell an unassigned field value, without the number: the sm_70+ `INVALID`
// (its slot given by position, §10.3) and nvdisasm's SPA 5.0 stems, each naming its slot
// (docs/oracles.md): INVALIDATOMOP (ATOM, RED), INVALIDATOMSOP (ATOMS, SUATOM), ??? (the op of
// SUATOM.P.CAS), INVALIDATOMICSIZE, INVALIDSURFACEDIM, INVALIDSURFACECLAMP.
// nvdisasm's `???` stem where a sm_70+ word's field is unnamed outside INVALID's slots: `.???0`
// in the .E slot (a 64-bit register address, Ra.64, with .E clear) and `.???n` for a size of
// ATOMS.POPC.INC/ARRIVE. The same stem as SUATOM.P.CAS's op, told apart by the mnemonic (a
// surface has no .E) and by the op before it.
inline constexpr std::string_view unnamed_stem = "???";

struct PlaceholderStem {
  std::string_view text;
  std::optional<ModifierSlot> slot;  // nothing: `INVALID`, whose slot is the next free one
  uint8_t families = 0xff;           // the families whose SPA 5.0 words print it, bit i = Family(i)
  bool formatted_cas = false;        // the op of SUATOM.P.CAS: read as a compare whatever its number
};
std::span<const PlaceholderStem> placeholder_stems();
// The stem a placeholder prints with, by slot, family and op: a SPA 5.0 word's by slot and family
// (`formatted_cas` for the op of SUATOM.P.CAS); the sm_70+ dialect's `INVALID`, but for the
// `???` of unnamed_stem.
std::string_view placeholder_stem(ModifierSlot slot, Family family, AtomOp op, Dialect dialect, bool formatted_cas);

// The surface mode slot's values: .D (raw data, seed 002) and .P (formatted, read by nvdisasm).
inline constexpr uint8_t mode_raw = 1, mode_formatted = 2;

// One modifier spelling that is not an op or a size (those are in opcodes.hpp).
struct ModifierInfo {
  std::string_view name;  // without the dot
  ModifierSlot slot;
  uint8_t value;     // Dim, Clamp, Strength, Scope or CacheOp value; 1 for flags
  bool modern_only;  // a sm_70+ spelling
};
std::span<const ModifierInfo> modifier_table();
const ModifierInfo* find_modifier(std::string_view name);  // case-insensitive
// The spelling of `value` in `slot` (without the dot), from modifier_table(); "" for none.
std::string_view modifier_name(ModifierSlot slot, uint8_t value);
// The spellings of a slot's values, each with its dot, in table order: ".1D .1D_BUFFER …".
std::string modifier_names(ModifierSlot slot);

// Whether a slot may appear on a mnemonic at all (".E" on ATOMS, ".BA" on ATOM are errors).
bool slot_applies(ModifierSlot slot, Mnemonic mnemonic);

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
  std::string_view text;  // for diagnostics: "[Ps,] Rd, [Ra + ImmS20], Rb"
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
  atom,
  atom_cas,
  atom_sparse,
  atom_cas_sparse,
  atoms,
  atoms_cast,
  atoms_cas,
  red,
  suatom_bound,
  suatom_bound_cas,
  suatom_bindless,
  suatom_bindless_sparse,
  suatom_bindless_cas,
  sured_bound,
  sured_bindless,
  suatom_formatted_bound,
  suatom_formatted_bindless,
  suatom_formatted_cas_bound,
  suatom_formatted_cas_bindless,
  sured_formatted_bound,
  sured_formatted_bindless,
};
inline constexpr int encoding_form_count = static_cast<int>(EncodingForm::sured_formatted_bindless) + 1;

// What a bit field of a word holds.
enum class FieldKind : uint8_t {
  rd,
  ra,
  rb,
  rc,  // registers (RED/SURED: the data register Rb is at bits 0–7)
  guard,
  guard_negate,      // Pg, @!
  offset20,          // ImmS20 / ImmU20 (unsigned when Ra is RZ)
  offset22_div4,     // ATOMS ImmS24 / ImmU24 divided by 4
  extended,          // .E
  byte_address,      // .BA
  atom_size,         // 3-bit ATOM/RED size code (SizeInfo::atom_code)
  cas_size,          // 1-bit: 0 = 32-bit, 1 = 64-bit
  shared_size,       // 2-bit ATOMS size (SizeInfo::shared_code)
  surface_size,      // 3-bit SUATOM/SURED size (SizeInfo::surface_code)
  op,                // OpInfo::code
  cas_layout,        // CasLayout
  cas_kind,          // ATOMS.CAST: 0 CAST, 1 CAST.SPIN
  formatted_cas_op,  // SUATOM.P CAS: 0 CAS; nvdisasm prints any other value as .???n
  sparse,            // Ps, bit-inverted (field v names predicate 7 − v, §6.6)
  dim,
  ts_index,
  clamp,
  unassigned,  // encoder writes 0, decoder warns on non-zero (§11.2)
};
inline constexpr int field_kind_count = static_cast<int>(FieldKind::unassigned) + 1;
std::string_view name(FieldKind kind);

struct BitField {
  FieldKind kind;
  uint8_t lo;  // lowest bit
  uint8_t width;
  constexpr uint64_t mask() const { return (width == 64 ? ~0ULL : ((1ULL << width) - 1)) << lo; }
};

// What a form is, besides its fields: which ops it takes, its surface mode and handle, and
// whether a sparse predicate selects it. The encoder picks the form of an instruction by these
// attributes and the decoder reads them back; neither keeps its own list of forms.
enum class FormOps : uint8_t {
  any,      // the op field names the op (RED, SURED: the op field is all there is)
  op,       // every op but the compare family, in the op field
  compare,  // CAS, CAST and CAST.SPIN (ATOM, SUATOM): decodes as CAS
  cas,      // CAS alone (ATOMS.CAS)
  cast,     // CAST and CAST.SPIN (ATOMS.CAST, told apart by the cas_kind field)
};
enum class FormHandle : uint8_t { none, bound, bindless };  // surface handle: #tsPtrIdxU13 or Rc
enum class FormPs : uint8_t {
  without,   // the form without Ps of a pair
  with,      // the form with Ps of a pair: Ps always prints, PT included
  optional,  // Ps does not choose the form; a Ps field, if any, holds PT for "no Ps"
};

struct EncodingInfo {
  EncodingForm form;
  std::string_view name;  // "SUATOM bindless .op with Ps": made from the mnemonic and the attributes
  Mnemonic mnemonic;
  uint64_t match;  // opcode bits …
  uint64_t mask;   // … and which bits are opcode
  FormOps ops;
  bool formatted;  // surface mode .P (else .D)
  FormHandle handle;
  FormPs ps;
  std::span<const BitField> fields;
};

std::span<const EncodingInfo> encoding_table();
const EncodingInfo& info(EncodingForm form);
// The form whose opcode bits a word carries, or nullptr.
const EncodingInfo* find_encoding(uint64_t word);

// Whether a form with these attributes holds `op` (ops of FormOps::op are the non-compare ones).
bool form_takes(FormOps ops, AtomOp op);
// The op a compare form is named and decoded by, the first of op_table() it takes: CAS (ATOM.CAS,
// ATOMS.CAS, SUATOM .CAS), CAST (ATOMS.CAST, whose kind bit may make it CAST.SPIN); nothing for
// a form whose op field names the op.
std::optional<AtomOp> compare_op(FormOps ops);

// Where each field kind lies in one form's word (mask 0 for a kind the form does not have, which
// then reads 0), and which bits are unassigned: built once from the form's field list for the
// encoder and the decoder.
struct FieldLayout {
  std::array<uint8_t, field_kind_count> shift{};
  std::array<uint64_t, field_kind_count> mask{};  // shifted down to bit 0
  uint64_t unassigned = 0;
  bool has(FieldKind kind) const { return mask[static_cast<size_t>(kind)] != 0; }
  uint64_t read(uint64_t word, FieldKind kind) const {
    const auto k = static_cast<size_t>(kind);
    return (word >> shift[k]) & mask[k];
  }
};
const FieldLayout& layout(EncodingForm form);

// The ATOM.CAS / ATOMS.CAS 2-bit operand layout (§6.2, §11.2).
enum class CasLayout : uint8_t { packed = 0, rc_is_rz = 1, compare_is_rz = 2, invalid = 3 };

}  // namespace gpuatom::nvidia
