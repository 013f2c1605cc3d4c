#include "gpuatom/intel/atomic_ops.hpp"

#include <fmt/format.h>

#include <array>

#include "gpuatom/intel/lsc.hpp"
#include "gpuatom/support/text.hpp"

namespace gpuatom::intel {

namespace {

using alu::Op;
using support::iequals;
// docs/spec/intel.md §3.1: code, name, memory/return semantics and operand roles.
constexpr std::array<AtomicOpInfo, 19> atomic_ops = {{
    {AtomicOp::ADD, "add", "ADD", Op::add, Role::value, Role::null, false, false},
    {AtomicOp::SUB, "sub", "SUB", Op::sub, Role::value, Role::null, false, false},
    {AtomicOp::INC, "inc", "INC", Op::inc_wrap, Role::null, Role::null, false, false},
    {AtomicOp::DEC, "dec", "DEC", Op::dec_wrap, Role::null, Role::null, false, false},
    {AtomicOp::MIN, "min", "MIN", Op::min, Role::value, Role::null, false, false},
    {AtomicOp::MAX, "max", "MAX", Op::max, Role::value, Role::null, false, false},
    {AtomicOp::XCHG, "xchg", "XCHG", Op::exchange, Role::value, Role::null, false, false},
    {AtomicOp::CMPXCHG, "cmpxchg", "CMPXCHG", Op::compare_swap, Role::new_value, Role::comparand, false, false},
    {AtomicOp::AND, "and", "AND", Op::bit_and, Role::value, Role::null, false, false},
    {AtomicOp::OR, "or", "OR", Op::bit_or, Role::value, Role::null, false, false},
    {AtomicOp::XOR, "xor", "XOR", Op::bit_xor, Role::value, Role::null, false, false},
    {AtomicOp::IMIN, "minsint", "IMIN", Op::min, Role::value, Role::null, false, true},
    {AtomicOp::IMAX, "maxsint", "IMAX", Op::max, Role::value, Role::null, false, true},
    {AtomicOp::PREDEC, "predec", "PREDEC", Op::predec, Role::null, Role::null, false, false},
    {AtomicOp::FMAX, "fmax", "FMAX", Op::max, Role::value, Role::null, true, false},
    {AtomicOp::FMIN, "fmin", "FMIN", Op::min, Role::value, Role::null, true, false},
    {AtomicOp::FCMPWR, "fcmpwr", "FCMPWR", Op::compare_swap_float, Role::comparand, Role::new_value, true, false},
    // IGC's ops past the pages (docs/intel-igc.md §1, §2): SVM only; F, DF (.64) or HF (.16).
    {AtomicOp::FADD, "fadd", "FADD", Op::add, Role::value, Role::null, true, false},
    {AtomicOp::FSUB, "fsub", "FSUB", Op::sub, Role::value, Role::null, true, false},
}};

}  // namespace

std::span<const AtomicOpInfo> atomic_op_table() { return atomic_ops; }

const AtomicOpInfo* find(AtomicOp op) {
  for (const AtomicOpInfo& i : atomic_ops)
    if (i.op == op) return &i;
  return nullptr;
}

std::optional<AtomicOp> from_code(unsigned code) {
  for (const AtomicOpInfo& i : atomic_ops)
    if (static_cast<unsigned>(i.op) == code) return i.op;
  return std::nullopt;
}

std::optional<AtomicOp> parse_op(std::string_view name) {
  // IGC's lexer is lower-case; the pages' upper-case names are accepted as aliases (§10.1).
  if (iequals(name, "imin")) return AtomicOp::IMIN;
  if (iequals(name, "imax")) return AtomicOp::IMAX;
  for (const AtomicOpInfo& i : atomic_ops)
    if (iequals(i.name, name) || iequals(i.page_name, name)) return i.op;
  return std::nullopt;
}

bool is_float_add(AtomicOp op) { return op == AtomicOp::FADD || op == AtomicOp::FSUB; }

int bits(Width width) { return width == Width::w16 ? 16 : width == Width::w64 ? 64 : 32; }
std::string_view suffix(Width width) { return width == Width::w16 ? ".16" : width == Width::w64 ? ".64" : ""; }

std::optional<std::string> illegal_reason(Form form, AtomicOp op, Width width) {
  const AtomicOpInfo* i = find(op);
  if (!i) return fmt::format("op code 0x{:02x} is reserved (docs/spec/intel.md §3.1)", static_cast<unsigned>(op));
  if (width == Width::w64) {
    if (form == Form::typed)
      return fmt::format("typed_atomic.{}.64 is illegal: TYPED_ATOMIC has no 64-bit form (docs/spec/intel.md §5.2)",
                         i->name);
  }
  if (width == Width::w64 && form == Form::dword)
    return fmt::format("dword_atomic.{}.64 is illegal: DWORD_ATOMIC has no 64-bit form (docs/intel-igc.md §3)",
                       i->name);
  if (form == Form::typed && is_float_add(op))
    return fmt::format(
        "typed_atomic.{} is illegal: fadd and fsub are SVM and DWORD ops (TYPED_ATOMIC's page has "
        "none; docs/intel-igc.md §2, §3)",
        i->name);
  return std::nullopt;
}

alu::Operation to_alu(AtomicOp op, Width width) {
  const AtomicOpInfo* i = find(op);
  alu::Operation operation;
  operation.op = i ? i->alu_op : alu::Op::add;
  if (i && i->is_float) {
    operation.type = width == Width::w16 ? alu::Type::f16 : width == Width::w64 ? alu::Type::f64 : alu::Type::f32;
  } else {
    const bool s = i && i->is_signed;
    switch (width) {
      case Width::w16: operation.type = s ? alu::Type::s16 : alu::Type::u16; break;
      case Width::w32: operation.type = s ? alu::Type::s32 : alu::Type::u32; break;
      case Width::w64: operation.type = s ? alu::Type::s64 : alu::Type::u64; break;
    }
  }
  // fmin/fmax: a quiet NaN is ignored, a signalling NaN wins bit-exact, two NaNs of a class keep
  // the memory value (DECISION / ASSUMPTION, §4.1); no denormal flushing (ASSUMPTION).
  operation.floats.min_max = {false, numeric::MinMaxNan::signaling_wins, numeric::DefaultNan::quiet};
  // fadd/fsub: IEEE round to nearest even, no flushing, the first NaN (old, then Src0) made quiet,
  // the quiet default NaN for inf − inf (ASSUMPTION intel.fadd-rules, docs/intel-igc.md §7).
  operation.floats.add = {false, false, numeric::NanResult::propagate, numeric::DefaultNan::quiet};
  return operation;
}

OperandPlacement operand_placement(AtomicOp op) {
  const AtomicOpInfo* i = find(op);
  if (!i) return {};
  const auto value = [](Role r) { return r == Role::value || r == Role::new_value ? ~uint64_t{0} : 0; };
  const auto compare = [](Role r) { return r == Role::comparand ? ~uint64_t{0} : 0; };
  return {value(i->src0), compare(i->src0), value(i->src1), compare(i->src1)};
}

alu::Operands operands(AtomicOp op, uint64_t src0, uint64_t src1) { return operand_placement(op)(src0, src1); }

// ---- Op byte -------------------------------------------------------------------------------

std::optional<uint8_t> width_bits(Form form, Width width) {
  if (form != Form::svm) {                         // TYPED and DWORD: bit 5 for 16-bit, no 64-bit form
    if (width == Width::w64) return std::nullopt;  // no 64-bit typed atomics (§5.2)
    return width == Width::w16 ? uint8_t{0x20} : uint8_t{0x00};
  }
  switch (width) {
    case Width::w32: return uint8_t{0x00};
    case Width::w16: return uint8_t{0x20};
    case Width::w64: return uint8_t{0x40};
  }
  return std::nullopt;
}

std::optional<Width> width_from_op_byte(Form form, uint8_t op_byte) {
  if (form != Form::svm) {
    if (op_byte & 0xC0) return std::nullopt;  // bits 7:6 = 0 (§2.5)
    return (op_byte & 0x20) ? Width::w16 : Width::w32;
  }
  if (op_byte & 0x80) return std::nullopt;  // bit 7 = 0 (§2.6)
  switch ((op_byte >> 5) & 3) {
    case 0: return Width::w32;
    case 1: return Width::w16;
    case 2: return Width::w64;
    default: return std::nullopt;  // 11 is invalid
  }
}

std::optional<Width> parse_width_suffix(Form form, std::string_view digits) {
  // TYPED and DWORD: .16 only (§10.1; IGC's printer writes no .32).
  if (digits == "16") return Width::w16;
  if (form == Form::svm && digits == "32") return Width::w32;
  if (form == Form::svm && digits == "64") return Width::w64;
  return std::nullopt;
}

// ---- Operand slots and forms ---------------------------------------------------------------

namespace {

using BF = ByteField;
constexpr LayoutItem typed_layout[] = {
    {BF::opcode},
    {BF::op},
    {BF::exec_size},
    {BF::predicate},
    {BF::surface},
    {BF::raw, OperandSlot::u},
    {BF::raw, OperandSlot::v},
    {BF::raw, OperandSlot::r},
    {BF::raw, OperandSlot::lod},
    {BF::raw, OperandSlot::src0},
    {BF::raw, OperandSlot::src1},
    {BF::raw, OperandSlot::dst},
};
// DWORD_ATOMIC (0x7D): IGC visa/ByteCodeReaderNG.cpp readInstructionDataportNG (docs/intel-igc.md §3).
constexpr LayoutItem dword_layout[] = {
    {BF::opcode},
    {BF::op},
    {BF::exec_size},
    {BF::predicate},
    {BF::surface},
    {BF::raw, OperandSlot::offsets},
    {BF::raw, OperandSlot::src0},
    {BF::raw, OperandSlot::src1},
    {BF::raw, OperandSlot::dst},
};
constexpr LayoutItem svm_layout[] = {
    {BF::opcode},
    {BF::sub_opcode},
    {BF::exec_size},
    {BF::predicate},
    {BF::op},
    {BF::raw, OperandSlot::addresses},
    {BF::raw, OperandSlot::src0},
    {BF::raw, OperandSlot::src1},
    {BF::raw, OperandSlot::dst},
};
// Text order: TYPED puts Dst last, SVM right after the addresses (§10.1, IGC printInstructionSVM).
constexpr OperandSlot typed_text[] = {OperandSlot::u,    OperandSlot::v,    OperandSlot::r,  OperandSlot::lod,
                                      OperandSlot::src0, OperandSlot::src1, OperandSlot::dst};
constexpr OperandSlot svm_text[] = {OperandSlot::addresses, OperandSlot::dst, OperandSlot::src0, OperandSlot::src1};
constexpr OperandSlot dword_text[] = {OperandSlot::offsets, OperandSlot::src0, OperandSlot::src1,
                                      OperandSlot::dst};  // IGC printInstructionDataport
// LSC (docs/intel-igc.md §4.2, §4.3; IGC ByteCodeReaderNG.cpp readInstructionLscUntyped/Typed).
constexpr LayoutItem lsc_untyped_layout[] = {
    {BF::opcode},
    {BF::lsc_op},
    {BF::exec_size},
    {BF::predicate},
    {BF::lsc_sfid},
    {BF::lsc_cache_l1},
    {BF::lsc_cache_l3},
    {BF::lsc_addr_type},
    {BF::lsc_scale},
    {BF::lsc_offset},
    {BF::lsc_addr_size},
    {BF::lsc_data_size},
    {BF::lsc_data_order},
    {BF::lsc_data_elems},
    {BF::lsc_chmask},
    {BF::lsc_surface},
    {BF::raw, OperandSlot::dst},
    {BF::raw, OperandSlot::addresses},
    {BF::raw, OperandSlot::src0},
    {BF::raw, OperandSlot::src1},
};
constexpr LayoutItem lsc_typed_layout[] = {
    {BF::opcode},
    {BF::lsc_op},
    {BF::exec_size},
    {BF::predicate},
    {BF::lsc_cache_l1},
    {BF::lsc_cache_l3},
    {BF::lsc_addr_type},
    {BF::lsc_addr_size},
    {BF::lsc_data_size},
    {BF::lsc_data_order},
    {BF::lsc_data_elems},
    {BF::lsc_chmask},
    {BF::lsc_surface},
    {BF::raw, OperandSlot::dst},
    {BF::raw, OperandSlot::u},
    {BF::raw, OperandSlot::v},
    {BF::raw, OperandSlot::r},
    {BF::raw, OperandSlot::lod},
    {BF::raw, OperandSlot::src0},
    {BF::raw, OperandSlot::src1},
};
constexpr OperandSlot lsc_untyped_text[] = {OperandSlot::dst, OperandSlot::addresses, OperandSlot::src0,
                                            OperandSlot::src1};
constexpr OperandSlot lsc_typed_text[] = {OperandSlot::dst, OperandSlot::u,    OperandSlot::v,   OperandSlot::r,
                                          OperandSlot::lod, OperandSlot::src0, OperandSlot::src1};
constexpr uint8_t lsc_exec_sizes[] = {1, 2, 4, 8, 16, 32};
constexpr uint8_t typed_exec_sizes[] = {8};
constexpr uint8_t svm_exec_sizes[] = {1, 2, 4, 8};
constexpr uint8_t dword_exec_sizes[] = {1, 2, 4, 8, 16};  // IGC writes 1 and 16 for SLM atomics

constexpr std::array<FormInfo, 5> forms = {{
    {Form::typed, "typed_atomic", "TYPED_ATOMIC", "TYPED_ATOMIC", 0x73, std::nullopt, typed_layout, typed_text,
     typed_exec_sizes, true},
    {Form::svm, "svm_atomic", "SVM_ATOMIC", "SVM ATOMIC", 0x4E, uint8_t{0x05}, svm_layout, svm_text, svm_exec_sizes,
     false},
    {Form::dword, "dword_atomic", "DWORD_ATOMIC", "DWORD_ATOMIC", 0x7D, std::nullopt, dword_layout, dword_text,
     dword_exec_sizes, true},
    // The mnemonic is a prefix: lsc_atomic_<op> (lsc.hpp).
    {Form::lsc_untyped, "lsc_atomic", "LSC_ATOMIC", "LSC_UNTYPED", 0x89, std::nullopt, lsc_untyped_layout,
     lsc_untyped_text, lsc_exec_sizes, false},
    {Form::lsc_typed, "lsc_atomic", "LSC_ATOMIC", "LSC_TYPED", 0x8A, std::nullopt, lsc_typed_layout, lsc_typed_text,
     lsc_exec_sizes, false},
}};

constexpr std::array<std::string_view, slot_count> slot_names = {"U",    "V",    "R",   "LOD",    "Addresses",
                                                                 "Src0", "Src1", "Dst", "Offsets"};

}  // namespace

std::string_view slot_name(OperandSlot slot) { return slot_names[static_cast<size_t>(slot)]; }

std::span<const FormInfo> form_table() { return forms; }
const FormInfo& form_info(Form form) { return forms[static_cast<size_t>(form)]; }

const FormInfo* find_form(std::string_view word) {
  for (const FormInfo& f : forms)
    if (!is_lsc(f.form) && iequals(word, f.mnemonic)) return &f;
  return nullptr;
}

bool uses_slot(Form form, OperandSlot slot) {
  for (OperandSlot s : form_info(form).text_operands)
    if (s == slot) return true;
  return false;
}

namespace {

size_t field_bytes(ByteField field, IdWidth ids, bool register_surface) {
  switch (field) {
    case ByteField::raw: return raw_operand_bytes(ids);
    case ByteField::predicate:
    case ByteField::lsc_scale: return 2;
    case ByteField::lsc_offset: return 4;
    case ByteField::lsc_surface: return register_surface ? 9 : 6;
    default: return 1;
  }
}

}  // namespace

size_t encoded_size(Form form, IdWidth ids, bool register_surface) {
  size_t size = 0;
  for (const LayoutItem& item : form_info(form).layout) size += field_bytes(item.field, ids, register_surface);
  return size;
}

size_t lsc_surface_offset(Form form) {
  size_t at = 0;
  for (const LayoutItem& item : form_info(form).layout) {
    if (item.field == ByteField::lsc_surface) return at;
    at += field_bytes(item.field, IdWidth::four, false);
  }
  return at;
}

// ---- Exec size and masks -------------------------------------------------------------------

std::optional<uint8_t> exec_size_code(unsigned channels) {
  for (uint8_t code = 0; code <= 5; ++code)
    if ((1u << code) == channels) return code;
  return std::nullopt;
}

std::optional<unsigned> channels_from_code(uint8_t code) {
  if (code > 5) return std::nullopt;
  return 1u << code;
}

namespace {

constexpr std::array<MaskInfo, 16> masks = {{
    {0, "M1", 0, false},
    {1, "M2", 4, false},
    {2, "M3", 8, false},
    {3, "M4", 12, false},
    {4, "M5", 16, false},
    {5, "M6", 20, false},
    {6, "M7", 24, false},
    {7, "M8", 28, false},
    {8, "M1_NM", 0, true},
    {9, "M2_NM", 4, true},
    {10, "M3_NM", 8, true},
    {11, "M4_NM", 12, true},
    {12, "M5_NM", 16, true},
    {13, "M6_NM", 20, true},
    {14, "M7_NM", 24, true},
    {15, "M8_NM", 28, true},
}};

}  // namespace

std::span<const MaskInfo> mask_table() { return masks; }
const MaskInfo& mask_info(uint8_t code) { return masks[code & 15]; }

std::optional<uint8_t> parse_mask(std::string_view name) {
  if (iequals(name, "NoMask")) return uint8_t{8};  // = M1_NM (§10.2)
  for (const MaskInfo& m : masks)
    if (iequals(m.name, name)) return m.code;
  return std::nullopt;
}

// ---- Surfaces ------------------------------------------------------------------------------

namespace {

// IGC visa/Common_ISA_util.cpp vISAPreDefSurf; older releases named 0/4/5 T0/T252/T255 (§2.7).
constexpr std::array<PredefinedSurface, 6> predefined_surface_table = {{
    {0, "%slm", "T0", "shared local memory"},
    {1, "T1", "", "stack (reserved)"},
    {2, "T2", "", "reserved"},
    {3, "TSS", "", "scratch (reserved)"},
    {4, "%bss", "T252", "bindless surface state"},
    {5, "%scratch", "T255", "stateless"},
}};

constexpr std::array<SurfaceTypeInfo, 5> surface_types = {{
    {SurfaceType::d1, "1d", false, false},
    {SurfaceType::d1_array, "1d_array", true, false},
    {SurfaceType::d2, "2d", true, false},
    {SurfaceType::d2_array, "2d_array", true, true},
    {SurfaceType::d3, "3d", true, true},
}};

}  // namespace

std::span<const PredefinedSurface> predefined_surfaces() { return predefined_surface_table; }

const PredefinedSurface* find_predefined_surface(std::string_view name) {
  for (const PredefinedSurface& s : predefined_surface_table)
    if (s.name == name || (!s.old_alias.empty() && s.old_alias == name)) return &s;
  return nullptr;
}

std::span<const SurfaceTypeInfo> surface_type_table() { return surface_types; }
const SurfaceTypeInfo& info(SurfaceType type) { return surface_types[static_cast<size_t>(type)]; }

std::optional<SurfaceType> parse_surface_type(std::string_view name) {
  for (const SurfaceTypeInfo& t : surface_types)
    if (iequals(t.name, name)) return t.type;
  return std::nullopt;
}

// ---- Operand types -------------------------------------------------------------------------

bool TypeRule::accepts(DataType type) const {
  for (uint8_t i = 0; i < accepted_count; ++i)
    if (accepted[i] == type) return true;
  return false;
}

TypeRule type_rule(Form form, AtomicOp op, Width width, OperandSlot slot) {
  const auto one = [](DataType t, uint8_t bytes) { return TypeRule{{t, t}, 1, bytes}; };
  // Coordinates UD, addresses UQ (§3.4).
  if (slot == OperandSlot::u || slot == OperandSlot::v || slot == OperandSlot::r || slot == OperandSlot::lod ||
      slot == OperandSlot::offsets)
    return one(DataType::UD, 4);
  if (slot == OperandSlot::addresses) return one(DataType::UQ, 8);
  const AtomicOpInfo* i = find(op);
  const bool wide = width == Width::w64;  // 16-bit ops keep 32-bit types, unpacked (§5.1)
  const uint8_t bytes = wide ? 8 : 4;
  if (i && i->is_signed) return one(wide ? DataType::Q : DataType::D, bytes);
  // Ops whose bits do not depend on signedness take either: DWORD_ATOMIC's verifier takes D or UD
  // for add and sub (IGC IsaVerification.cpp), and IGC writes D operands for the SVM atomics of
  // OpenCL's int (docs/oracles.md, "IGC"). min and max stay unsigned, minsint and maxsint signed.
  const bool bitwise = op == AtomicOp::ADD || op == AtomicOp::SUB || op == AtomicOp::AND || op == AtomicOp::OR ||
                       op == AtomicOp::XOR || op == AtomicOp::XCHG || op == AtomicOp::CMPXCHG;
  if (form != Form::typed && bitwise)
    return wide ? TypeRule{{DataType::UQ, DataType::Q}, 2, 8} : TypeRule{{DataType::UD, DataType::D}, 2, 4};
  if (i && i->is_float) {
    // Typed float ops take F or UD bit patterns (§3.3, §3.4); SVM's page says F.
    if (form == Form::typed) return TypeRule{{DataType::F, DataType::UD}, 2, 4};
    return one(wide ? DataType::DF : DataType::F, bytes);
  }
  return one(wide ? DataType::UQ : DataType::UD, bytes);
}

}  // namespace gpuatom::intel
