// THE Intel vISA atomic instruction table (TYPED_ATOMIC and SVM ATOMIC), read by the ALU
// spelling, the parser, printer, validator, encoder and decoder alike — never a second copy:
//
//   ops        codes, text and page names, operand roles, ALU mapping        docs/spec/intel.md §3.1
//   widths     .16/.32/.64 and their Op-byte bits per form                    §5, §2.5, §2.6
//   forms      mnemonics, opcode bytes, byte layouts, operand order in text   §2.5, §2.6, §10.1
//   exec size  size codes and the execution-mask table (M1 … M8_NM, NoMask)   §2.3, §6
//   predicate  the pred word's bit fields                                     §2.4
//   surfaces   predefined surface indices and the surface types' coordinates  §2.7, §8
//   types      which data type each operand slot takes                        §3.4
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <variant>

#include "gpuatom/alu/operation.hpp"
#include "gpuatom/intel/data_types.hpp"

namespace gpuatom::intel {

enum class AtomicOp : uint8_t {
  ADD = 0x00,
  SUB = 0x01,
  INC = 0x02,
  DEC = 0x03,
  MIN = 0x04,
  MAX = 0x05,
  XCHG = 0x06,
  CMPXCHG = 0x07,
  AND = 0x08,
  OR = 0x09,
  XOR = 0x0A,
  IMIN = 0x0B,
  IMAX = 0x0C,
  PREDEC = 0x0D,
  FMAX = 0x10,
  FMIN = 0x11,
  FCMPWR = 0x12,
  FADD = 0x13,
  FSUB = 0x14,
};

enum class Width : uint8_t { w16, w32, w64 };
// TYPED_ATOMIC, SVM ATOMIC, DWORD_ATOMIC, and the LSC atomics (LSC_UNTYPED, LSC_TYPED; lsc.hpp).
enum class Form : uint8_t { typed, svm, dword, lsc_untyped, lsc_typed };

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
  bool is_signed;  // IMIN / IMAX compare as signed
};

std::span<const AtomicOpInfo> atomic_op_table();
const AtomicOpInfo* find(AtomicOp op);  // nullptr for reserved codes
std::optional<AtomicOp> from_code(unsigned code);
// Text names: the canonical suffix, the aliases imin/imax, and the page's upper-case names.
std::optional<AtomicOp> parse_op(std::string_view name);
int bits(Width width);

// fadd (0x13) and fsub (0x14): IGC's float add ops, on neither page (docs/intel-igc.md §2).
bool is_float_add(AtomicOp op);
std::string_view suffix(Width width);  // "", ".16", ".64"

// Why `op` at `width` is illegal for the form (docs/spec/intel.md §5.1, §5.2, §3.3), or nothing.
std::optional<std::string> illegal_reason(Form form, AtomicOp op, Width width);

// The ALU operation for an op and width (operand types: UD/D/UQ/Q/F/HF per §3.4).
alu::Operation to_alu(AtomicOp op, Width width);

// Maps the instruction's Src0/Src1 onto the ALU's operands according to the op's roles
// (CMPXCHG stores Src0 where old == Src1; FCMPWR stores Src1 where old == Src0).
alu::Operands operands(AtomicOp op, uint64_t src0, uint64_t src1);

// The same mapping looked up once, for a loop over an instruction's channels: each source ANDed
// into the operand its role names (all ones) or none (zero), with no branch per channel.
struct OperandPlacement {
  uint64_t src0_value = 0, src0_compare = 0, src1_value = 0, src1_compare = 0;
  alu::Operands operator()(uint64_t v0, uint64_t v1) const {
    return {(v0 & src0_value) | (v1 & src1_value), (v0 & src0_compare) | (v1 & src1_compare)};
  }
  // Src0 is the value and nothing else goes anywhere (add, min, …).
  bool src0_only() const { return src0_value == ~uint64_t{0} && !src0_compare && !src1_value && !src1_compare; }
};
OperandPlacement operand_placement(AtomicOp op);

// ---- Op byte -------------------------------------------------------------------------------

inline constexpr uint8_t op_code_bits = 0x1F;  // bits 4:0 of the Op byte: the AtomicOp code

// The Op-byte bits that encode `width` for the form (TYPED: bit 5 for 16-bit; SVM: bits 6:5 =
// 00 32-bit, 01 16-bit, 10 64-bit). Nothing when the form has no such width (TYPED .64).
std::optional<uint8_t> width_bits(Form form, Width width);
// The width the Op byte's width bits encode; nothing for SVM's invalid 11 or a set reserved bit
// (TYPED bits 7:6, SVM bit 7).
std::optional<Width> width_from_op_byte(Form form, uint8_t op_byte);
// Text suffixes the form accepts after the op (§10.1): TYPED only ".16"; SVM ".16", ".32", ".64".
std::optional<Width> parse_width_suffix(Form form, std::string_view digits);

// ---- Operand slots and forms ---------------------------------------------------------------

// Every raw-operand position of the three instructions. An Instruction keeps one RawOperand per
// slot; a form uses the slots its layout lists (typed: U V R LOD Src0 Src1 Dst, SVM: Addresses
// Src0 Src1 Dst, DWORD: Offsets Src0 Src1 Dst).
enum class OperandSlot : uint8_t { u, v, r, lod, addresses, src0, src1, dst, offsets };
inline constexpr size_t slot_count = 9;
std::string_view slot_name(OperandSlot slot);  // "U", "V", "R", "LOD", "Addresses", "Src0", "Src1", "Dst", "Offsets"

// The byte-level fields of an encoded instruction, in the order a layout lists them.
enum class ByteField : uint8_t {
  opcode,
  sub_opcode,
  op,
  exec_size,
  predicate,
  surface,
  raw,
  // LSC (docs/intel-igc.md §4.2, §4.3): one byte each, but the scale (2), the offset (4) and the
  // surface vector operand (6 bytes as an immediate, 9 as a register).
  lsc_op,
  lsc_sfid,
  lsc_cache_l1,
  lsc_cache_l3,
  lsc_addr_type,
  lsc_scale,
  lsc_offset,
  lsc_addr_size,
  lsc_data_size,
  lsc_data_order,
  lsc_data_elems,
  lsc_chmask,
  lsc_surface,
};

struct LayoutItem {
  ByteField field;
  OperandSlot slot = OperandSlot::u;  // for ByteField::raw only
};

// Raw operands carry a 4-byte variable id (files of version >= 3.4) or, with the decoder's
// legacy option, a 2-byte id; then a 2-byte byte offset (§2.2).
enum class IdWidth : uint8_t { four = 4, two = 2 };
inline constexpr uint32_t null_variable_id = 0;         // V0, `%null`
inline constexpr uint32_t first_user_variable_id = 32;  // 1 … 31 are IGC's predefined variables
inline constexpr size_t raw_operand_bytes(IdWidth ids) { return static_cast<size_t>(ids) + 2; }

struct FormInfo {
  Form form;
  std::string_view mnemonic;           // "typed_atomic", "svm_atomic", "dword_atomic" (IGC's assembler)
  std::string_view page_mnemonic;      // "TYPED_ATOMIC", "SVM_ATOMIC", "DWORD_ATOMIC" (the pages' text; an alias)
  std::string_view page_name;          // "TYPED_ATOMIC", "SVM ATOMIC", "DWORD_ATOMIC" (for messages)
  uint8_t opcode;                      // 0x73, 0x4E, 0x7D
  std::optional<uint8_t> sub_opcode;   // SVM's 0x05 (ATOMIC)
  std::span<const LayoutItem> layout;  // binary field order (§2.5, §2.6)
  std::span<const OperandSlot> text_operands;  // raw operands in text order (after the surface, §10.1)
  std::span<const uint8_t> page_exec_sizes;    // the page's channel counts: typed 8; SVM 1 2 4 8; DWORD 1 … 16
  bool has_surface;                            // a surface byte and operand (TYPED, DWORD)
};

std::span<const FormInfo> form_table();
const FormInfo& form_info(Form form);
// The form whose whole mnemonic `word` is, either case (typed_atomic, SVM_ATOMIC, …); nullptr for
// any other word, `lsc_atomic` included: an LSC mnemonic is that prefix and its op (lsc.hpp).
const FormInfo* find_form(std::string_view word);
bool uses_slot(Form form, OperandSlot slot);
// Bytes of one encoded instruction: 48 / 30 / 30, or 34 / 22 / 22 with 2-byte ids; LSC 50 / 61
// with an immediate surface, 3 more with a register.
size_t encoded_size(Form form, IdWidth ids = IdWidth::four, bool register_surface = false);
// Where an LSC form's surface operand starts (its tag byte says how long it is).
size_t lsc_surface_offset(Form form);
// The first byte of a vector operand: an immediate (class 5) or a general variable (class 0).
inline constexpr uint8_t vector_operand_immediate = 5;
inline constexpr uint8_t vector_operand_class_bits = 0x07;

// ---- Exec size byte (§2.3) and execution masks (§6.1) ---------------------------------------

inline constexpr uint8_t exec_size_code_bits = 0x07;     // bits 2:0
inline constexpr uint8_t exec_size_reserved_bit = 0x08;  // bit 3, must be 0
inline constexpr unsigned exec_mask_shift = 4;           // bits 7:4

std::optional<uint8_t> exec_size_code(unsigned channels);  // 1 2 4 8 16 32 -> 0 … 5
std::optional<unsigned> channels_from_code(uint8_t code);

struct MaskInfo {
  uint8_t code;            // 0 … 15
  std::string_view name;   // "M1" … "M8", "M1_NM" … "M8_NM"
  uint8_t channel_offset;  // 4 × (code & 7): the first EM / predicate bit channel 0 reads
  bool no_mask;            // _NM: the execution mask is ignored (the predicate is not)
};
std::span<const MaskInfo> mask_table();
const MaskInfo& mask_info(uint8_t code);  // code & 15
// "M1" … "M8_NM" and "NoMask" (= M1_NM), either case.
std::optional<uint8_t> parse_mask(std::string_view name);

// ---- Pred word (§2.4) ------------------------------------------------------------------------

inline constexpr uint16_t pred_id_bits = 0x0FFF;
inline constexpr uint16_t pred_reserved_bit = 0x1000;
inline constexpr unsigned pred_control_shift = 13;  // bits 14:13: 0 per channel, 1 .any, 2 .all
inline constexpr uint16_t pred_invert_bit = 0x8000;
inline constexpr uint16_t max_predicate_id = 0x0FFF;

// ---- Surfaces (§2.7, §8) ---------------------------------------------------------------------

struct PredefinedSurface {
  uint8_t index;
  std::string_view name;       // the canonical text name ("%slm")
  std::string_view old_alias;  // the older IGC name accepted as an alias ("T0"), or empty
  std::string_view meaning;
};
std::span<const PredefinedSurface> predefined_surfaces();  // indices 0 … 5
inline constexpr uint8_t first_declared_surface = 6;
// The predefined surface spelled `name` (canonical name or alias, exact case), if any.
const PredefinedSurface* find_predefined_surface(std::string_view name);

// The TYPED_ATOMIC page's surface types and which coordinates each uses (§8; U and LOD always).
enum class SurfaceType : uint8_t { d1, d1_array, d2, d2_array, d3 };
struct SurfaceTypeInfo {
  SurfaceType type;
  std::string_view name;  // "1d", "1d_array", "2d", "2d_array", "3d"
  bool uses_v;            // Y or array index
  bool uses_r;            // Z or array index
};
std::span<const SurfaceTypeInfo> surface_type_table();
const SurfaceTypeInfo& info(SurfaceType type);
std::optional<SurfaceType> parse_surface_type(std::string_view name);  // either case

// ---- Operand types (§3.4, §5) ----------------------------------------------------------------

// What a slot's variable must be. A declared type in `accepted` is clean; another type of
// `element_bytes` is a warning (signedness or int/float mismatch); another size is an error.
struct TypeRule {
  std::array<DataType, 2> accepted{};
  uint8_t accepted_count = 0;
  uint8_t element_bytes = 4;  // bytes per channel in the operand (16-bit ops keep dwords, §5.1)
  bool accepts(DataType type) const;
};
TypeRule type_rule(Form form, AtomicOp op, Width width, OperandSlot slot);

}  // namespace gpuatom::intel
