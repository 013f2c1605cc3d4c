#include "gpuatom/nvidia/opcodes.hpp"

#include <fmt/format.h>

#include <array>

#include "gpuatom/nvidia/instruction_table.hpp"
#include "gpuatom/support/text.hpp"

namespace gpuatom::nvidia {

namespace {

using support::iequals;

constexpr std::array<OpInfo, atom_op_count> atom_op_infos = {{
    {AtomOp::ADD, "ADD", 0, alu::Op::add, true, false},
    {AtomOp::MIN, "MIN", 1, alu::Op::min, true, false},
    {AtomOp::MAX, "MAX", 2, alu::Op::max, true, false},
    {AtomOp::INC, "INC", 3, alu::Op::inc_bounded, true, false},
    {AtomOp::DEC, "DEC", 4, alu::Op::dec_bounded, true, false},
    {AtomOp::AND, "AND", 5, alu::Op::bit_and, true, false},
    {AtomOp::OR, "OR", 6, alu::Op::bit_or, true, false},
    {AtomOp::XOR, "XOR", 7, alu::Op::bit_xor, true, false},
    {AtomOp::EXCH, "EXCH", 8, alu::Op::exchange, true, false},
    {AtomOp::SAFEADD, "SAFEADD", 10, alu::Op::add, true, false},
    {AtomOp::CAS, "CAS", -1, alu::Op::compare_swap, true, false},
    {AtomOp::CAST, "CAST", -1, alu::Op::compare_store_flag, true, false},
    {AtomOp::CAST_SPIN, "CAST.SPIN", -1, alu::Op::compare_store_flag, true, false},
    {AtomOp::POPC_INC, "POPC.INC", -1, alu::Op::add, false, true},
    {AtomOp::ARRIVE, "ARRIVE", -1, alu::Op::add, false, true},
}};

// §4.1 and §10.3: every spelling, canonical case, each size's own name first (SizeInfo::spelling,
// size_name()). The order is the one "expected …" messages list. nvdisasm prints two aliases for
// a decoded size on some architectures (decoded_size_spelling(), docs/oracles.md).
constexpr std::array<SizeSpelling, 24> spellings = {{
    {".U32", Size::U32, false},
    {".32", Size::U32, false, std::nullopt, true},
    {".S32", Size::S32, false},
    {".U64", Size::U64, false},
    {".64", Size::U64, false, std::nullopt, true},
    {".S64", Size::S64, false},
    {".F32.FTZ.RN", Size::F32_FTZ_RN, false},
    {".F16x2.RN", Size::F16x2, false},
    {".F16x2.FTZ.RN", Size::F16x2, false, Feature::f16x2_ftz_spelling, false, true},
    {".F64.RN", Size::F64_RN, false},
    {".SD32", Size::SD32, false},
    {".SD64", Size::SD64, false},
    {".BF16x2.RN", Size::BF16x2, true},
    {".128", Size::U128, false},
    {".U128", Size::U128, false, Feature::atom_size4_u128},
    {".F16x4.RN", Size::F16x4, true},
    {".F16x8.RN", Size::F16x8, true},
    {".BF16x4.RN", Size::BF16x4, true},
    {".BF16x8.RN", Size::BF16x8, true},
    {".F32x2.FTZ.RN", Size::F32x2, true},
    {".F32x4.FTZ.RN", Size::F32x4, true},
    {".F32.RN", Size::F32_RN, true},
    {".F32x2.RN", Size::F32x2_RN, true},
    {".F32x4.RN", Size::F32x4_RN, true},
}};

// A size's own name: its first spelling.
constexpr std::string_view first_spelling(Size size) {
  for (const SizeSpelling& s : spellings)
    if (s.size == size) return s.text;
  return "";
}

// The canonical SASS suffix: the size's name, and nothing for U32 (§10.4).
constexpr SizeInfo size_row(Size s, alu::Type type, int bits, int atom, int surface, int shared, bool vector) {
  return {s, s == Size::U32 ? std::string_view() : first_spelling(s), type, bits, atom, surface, shared, vector};
}

constexpr std::array<SizeInfo, size_count> sizes = {{
    //                                           bits atom surface shared vector
    size_row(Size::U32, alu::Type::u32, 32, 0, 0, 0, false),
    size_row(Size::S32, alu::Type::s32, 32, 1, 1, 1, false),
    size_row(Size::U64, alu::Type::u64, 64, 2, 2, 2, false),
    size_row(Size::S64, alu::Type::s64, 64, 5, 5, 3, false),
    size_row(Size::F32_FTZ_RN, alu::Type::f32, 32, 3, 3, -1, false),
    size_row(Size::F16x2, alu::Type::f16x2, 32, 4, 4, -1, false),
    size_row(Size::F64_RN, alu::Type::f64, 64, 6, -1, -1, false),
    // SD32/SD64: raw data, arithmetic and comparisons as S32/S64 (ASSUMPTION, spec §3.3).
    size_row(Size::SD32, alu::Type::s32, 32, -1, 6, -1, false),
    size_row(Size::SD64, alu::Type::s64, 64, -1, 7, -1, false),
    size_row(Size::BF16x2, alu::Type::bf16x2, 32, -1, -1, -1, false),
    size_row(Size::U128, alu::Type::u128, 128, -1, -1, -1, false),
    // sm_90 vectors (PTX atom/red .v2/.v4/.v8), as ptxas 13.0 output prints them.
    size_row(Size::F16x4, alu::Type::f16x2, 64, -1, -1, -1, true),
    size_row(Size::F16x8, alu::Type::f16x2, 128, -1, -1, -1, true),
    size_row(Size::BF16x4, alu::Type::bf16x2, 64, -1, -1, -1, true),
    size_row(Size::BF16x8, alu::Type::bf16x2, 128, -1, -1, -1, true),
    size_row(Size::F32x2, alu::Type::f32, 64, -1, -1, -1, true),
    size_row(Size::F32x4, alu::Type::f32, 128, -1, -1, -1, true),
    size_row(Size::F32_RN, alu::Type::f32, 32, -1, -1, -1, false),
    size_row(Size::F32x2_RN, alu::Type::f32, 64, -1, -1, -1, true),
    size_row(Size::F32x4_RN, alu::Type::f32, 128, -1, -1, -1, true),
}};

// One row per op: the sizes it takes, per family (docs/spec/nvidia.md §5). Bit i = Size i.
constexpr uint32_t bit(Size s) { return 1u << static_cast<int>(s); }
constexpr uint32_t U32 = bit(Size::U32), S32 = bit(Size::S32), U64 = bit(Size::U64), S64 = bit(Size::S64),
                   F32 = bit(Size::F32_FTZ_RN), F16x2 = bit(Size::F16x2), F64 = bit(Size::F64_RN),
                   SD32 = bit(Size::SD32), SD64 = bit(Size::SD64), BF16x2 = bit(Size::BF16x2), U128 = bit(Size::U128),
                   F16x4 = bit(Size::F16x4), F16x8 = bit(Size::F16x8), BF16x4 = bit(Size::BF16x4),
                   BF16x8 = bit(Size::BF16x8), F32x2 = bit(Size::F32x2), F32x4 = bit(Size::F32x4),
                   F32_NOFTZ = bit(Size::F32_RN) | bit(Size::F32x2_RN) | bit(Size::F32x4_RN);
constexpr uint32_t HALF_VECTORS = F16x4 | F16x8 | BF16x4 | BF16x8;

struct Row {
  AtomOp op;
  uint32_t atom;    // §5.1 ATOM / ATOM.CAS
  uint32_t atoms;   // §5.2 ATOMS / ATOMS.CAS / ATOMS.CAST
  uint32_t red;     // §5.3 RED
  uint32_t suatom;  // §5.4 SUATOM
  uint32_t sured;   // §5.5 SURED
};

constexpr uint32_t INT_ATOM = U32 | S32 | U64;
constexpr std::array<Row, atom_op_count> rows = {{
    //  op                ATOM                          ATOMS                RED                        SUATOM SURED
    {AtomOp::ADD, INT_ATOM | F32 | F16x2 | F64, U32 | S32 | U64, INT_ATOM | F32 | F16x2 | F64,
     U32 | S32 | SD32 | U64 | F32 | F16x2, U32 | S32 | SD32 | U64 | F32 | F16x2},
    {AtomOp::MIN, INT_ATOM | S64 | F16x2, U32 | S32 | U64 | S64, INT_ATOM | S64 | F16x2,
     U32 | S32 | SD32 | U64 | S64 | SD64 | F16x2, U32 | S32 | SD32 | U64 | S64 | SD64 | F16x2},
    {AtomOp::MAX, INT_ATOM | S64 | F16x2, U32 | S32 | U64 | S64, INT_ATOM | S64 | F16x2,
     U32 | S32 | SD32 | U64 | S64 | SD64 | F16x2, U32 | S32 | SD32 | U64 | S64 | SD64 | F16x2},
    {AtomOp::INC, U32, U32, U32, U32, U32},
    {AtomOp::DEC, U32, U32, U32, U32, U32},
    {AtomOp::AND, INT_ATOM, U32 | S32 | U64, INT_ATOM, U32 | S32 | SD32 | U64, U32 | S32 | SD32 | U64},
    {AtomOp::OR, INT_ATOM, U32 | S32 | U64, INT_ATOM, U32 | S32 | SD32 | U64, U32 | S32 | SD32 | U64},
    {AtomOp::XOR, INT_ATOM, U32 | S32 | U64, INT_ATOM, U32 | S32 | SD32 | U64, U32 | S32 | SD32 | U64},
    {AtomOp::EXCH, INT_ATOM, U32 | S32 | U64, 0, U32 | S32 | U64, 0},
    {AtomOp::SAFEADD, U64, 0, 0, 0, 0},
    {AtomOp::CAS, INT_ATOM, U32 | S32 | U64, 0, U32 | S32 | U64, 0},
    // ATOMS.CAST{.SPIN}: shared-memory compare-and-store, 32 or 64 bits (spec §3.4, §11.2).
    {AtomOp::CAST, 0, U32 | U64, 0, 0, 0},
    {AtomOp::CAST_SPIN, 0, U32 | U64, 0, 0, 0},
    // Modern-only ops: no SPA 5.0 row (see modern_extra).
    {AtomOp::POPC_INC, 0, 0, 0, 0, 0},
    {AtomOp::ARRIVE, 0, 0, 0, 0, 0},
}};

// sm_70+ additions, as ptxas 11.8 and 13.0 emit them for sm_70…sm_90 (docs/oracles.md):
// BF16x2 add/min/max; the sm_90 vectors (add on every vector size, min/max on the 16-bit ones);
// .128 exchange and CAS on global and shared memory (sm_90); ATOM.CAST.SPIN, 32 and 64 bits
// (sm_90: a compare-and-store on shared memory reached through a generic address).
// Hopper's f32 sizes without .FTZ (F32.RN, F32x2.RN, F32x4.RN): add, min and max, as nvdisasm
// reads its float forms' codes 12–14. POPC.INC prints ".32" (ATOMS, sm_80+); ARRIVE's sizes are not documented: 32 and
// 64 bits are accepted (PROPOSED by gpuatom, docs/spec/nvidia.md §10.3 lists the op only).
uint32_t modern_extra(Family family, AtomOp op) {
  if ((family == Family::ATOMS || family == Family::ATOM) && op == AtomOp::POPC_INC) return U32;  // ATOM: 0xf8a
  if (family == Family::ATOMS && op == AtomOp::ARRIVE) return U64;  // ATOMS.ARRIVE.64 (nvdisasm 11.8, sm_80 on)
  if (family == Family::ATOM && op == AtomOp::ARRIVE) return U32 | U64;
  if (family == Family::ATOM && op == AtomOp::CAST_SPIN) return U32 | U64;
  if ((family == Family::ATOM || family == Family::ATOMS) && (op == AtomOp::EXCH || op == AtomOp::CAS)) return U128;
  if (family != Family::ATOM && family != Family::RED) return 0;
  if (op == AtomOp::ADD) return BF16x2 | HALF_VECTORS | F32x2 | F32x4 | F32_NOFTZ;
  if (op == AtomOp::MIN || op == AtomOp::MAX) return BF16x2 | HALF_VECTORS | F32_NOFTZ;
  return 0;
}

uint32_t legal_sizes(Family family, Dialect dialect, AtomOp op) {
  const Row& row = rows[static_cast<int>(op)];
  uint32_t set = 0;
  switch (family) {
    case Family::ATOM: set = row.atom; break;
    case Family::ATOMS: set = row.atoms; break;
    case Family::RED: set = row.red; break;
    case Family::SUATOM: set = row.suatom; break;
    case Family::SURED: set = row.sured; break;
  }
  if (dialect == Dialect::modern) set |= modern_extra(family, op);
  return set;
}

}  // namespace

std::span<const OpInfo> op_table() { return atom_op_infos; }
std::span<const SizeInfo> size_table() { return sizes; }
const OpInfo& info(AtomOp op) { return atom_op_infos[static_cast<int>(op)]; }
const SizeInfo& info(Size size) { return sizes[static_cast<int>(size)]; }

std::string_view name(Family family) {
  // The SPA 5.0 mnemonic of the family.
  for (const MnemonicInfo& m : mnemonic_table())
    if (m.family == family && !m.modern_only) return m.name;
  return "?";
}

std::string_view size_name(Size size) { return first_spelling(size); }

std::string_view compact_size_spelling(Size size) {
  for (const SizeSpelling& s : spellings)
    if (s.size == size && s.compact) return s.text;
  return size_name(size);
}

std::string_view legality_source(Family family) {
  switch (family) {
    case Family::ATOM: return "docs/spec/nvidia.md §5.1 (seed 000 op table)";
    case Family::ATOMS: return "docs/spec/nvidia.md §5.2";
    case Family::RED: return "docs/spec/nvidia.md §5.3";
    case Family::SUATOM: return "docs/spec/nvidia.md §5.4 (seed 002 op table)";
    case Family::SURED: return "docs/spec/nvidia.md §5.5";
  }
  return "docs/spec/nvidia.md §5";
}

std::span<const SizeSpelling> size_spellings() { return spellings; }

const SizeSpelling* find_size_spelling(std::string_view text) {
  for (const SizeSpelling& s : spellings)
    if (iequals(s.text, text)) return &s;
  return nullptr;
}

std::optional<Size> parse_size(std::string_view text) {
  if (const SizeSpelling* s = find_size_spelling(text)) return s->size;
  return std::nullopt;
}

std::optional<AtomOp> parse_op(std::string_view text) {
  for (const OpInfo& o : atom_op_infos)
    if (iequals(o.name, text)) return o.op;
  return std::nullopt;
}

std::variant<OpSize, std::string> parse_op_size(std::string_view text) {
  // Longest op name first, so "CAST.SPIN" wins over "CAST".
  const OpInfo* best = nullptr;
  for (const OpInfo& o : atom_op_infos) {
    if (!support::istarts_with(text, o.name)) continue;
    if (text.size() > o.name.size() && text[o.name.size()] != '.') continue;
    if (!best || o.name.size() > best->name.size()) best = &o;
  }
  if (!best) {
    const std::string_view head = text.substr(0, text.find('.'));
    std::string names;
    for (const OpInfo& o : atom_op_infos) names += fmt::format(" {}", o.name);
    return fmt::format("unknown operation '{}': expected one of{} (docs/spec/nvidia.md §3, §10.3)", head, names);
  }
  const std::string_view rest = text.substr(best->name.size());
  if (rest.empty()) return OpSize{best->op, Size::U32};
  if (const auto size = parse_size(rest)) return OpSize{best->op, *size};
  std::string expected;
  for (const SizeSpelling& s : spellings) expected += fmt::format(" {}", s.text);
  return fmt::format("unknown size '{}' after .{}: expected{} (docs/spec/nvidia.md §4.1)", rest, best->name, expected);
}

bool legal(Family family, Dialect dialect, AtomOp op, Size size) {
  return (legal_sizes(family, dialect, op) & bit(size)) != 0;
}

bool has_op(Family family, Dialect dialect, AtomOp op) { return legal_sizes(family, dialect, op) != 0; }

std::optional<std::string> illegal_reason(Family family, Dialect dialect, AtomOp op, Size size) {
  if (legal(family, dialect, op, size)) return std::nullopt;
  const std::string_view spelled = size_name(size);
  if (size == Size::U128 && dialect == Dialect::spa5)
    return fmt::format(
        "{}.{}{} is illegal: \".128 aliases to .U128, but is illegal\" on SPA 5.0 (seed 000, "
        "docs/spec/nvidia.md §4.1)",
        name(family), info(op).name, spelled);
  std::string allowed;
  const uint32_t set = legal_sizes(family, dialect, op);
  for (const SizeInfo& s : sizes) {
    if (!(set & bit(s.size))) continue;
    if (!allowed.empty()) allowed += ' ';
    allowed += size_name(s.size);
  }
  if (allowed.empty())
    return fmt::format("{}.{} does not exist: {} has no .{} operation (op × size legality, {})", name(family),
                       info(op).name, name(family), info(op).name, legality_source(family));
  return fmt::format("{}.{}{} is illegal: .{} on {} takes only {} (op × size legality, {})", name(family),
                     info(op).name, spelled, info(op).name, name(family), allowed, legality_source(family));
}

namespace {

// What one size code names on one architecture, before any table: the rules of opcodes.hpp.
std::optional<Size> read_size_code(SizeField field, int code, Architecture arch) {
  if (field == SizeField::atom && code == 4 && has(arch, Feature::atom_size4_u128)) return Size::U128;
  if (code == 4 && field != SizeField::shared && !has(arch, Feature::f16x2_atomics)) return std::nullopt;
  if (field == SizeField::atom && code == 6 && !has(arch, Feature::f64_atomics)) return std::nullopt;
  for (const SizeInfo& s : sizes) {
    const int own = field == SizeField::atom      ? s.atom_code
                    : field == SizeField::surface ? s.surface_code
                                                  : s.shared_code;
    if (own == code) return s.size;
  }
  return std::nullopt;
}

constexpr int size_field_count = 3, size_code_count = 8;
// The tables below are indexed by the Architecture enum, a row per architecture of the table
// (architecture.cpp asserts that the table has architecture_count rows, in the enum's order).
constexpr int architecture_rows = static_cast<int>(architecture_count);

// Both directions for every field, architecture and code, built once: the decoder and encoder
// ask per word.
struct SizeCodes {
  std::optional<Size> size[size_field_count][architecture_rows][size_code_count];
  std::optional<int> code[size_field_count][architecture_rows][size_count];
};

const SizeCodes& size_codes() {
  static const SizeCodes table = [] {
    SizeCodes t{};
    for (int f = 0; f < size_field_count; ++f)
      for (int a = 0; a < architecture_rows; ++a)
        for (int c = size_code_count - 1; c >= 0; --c)  // downwards: the lowest code of a size wins
          if (const auto s = read_size_code(static_cast<SizeField>(f), c, static_cast<Architecture>(a))) {
            t.size[f][a][c] = s;
            t.code[f][a][static_cast<int>(*s)] = c;
          }
    return t;
  }();
  return table;
}

}  // namespace

std::optional<Size> size_from_code(SizeField field, int code, Architecture arch) {
  if (code < 0 || code >= size_code_count) return std::nullopt;
  return size_codes().size[static_cast<int>(field)][static_cast<int>(arch)][code];
}

std::optional<int> size_code(SizeField field, Size size, Architecture arch) {
  return size_codes().code[static_cast<int>(field)][static_cast<int>(arch)][static_cast<int>(size)];
}

std::string_view decoded_size_spelling(Size size, Architecture arch) {
  // By size and architecture, built once from the spellings: the decoder asks per word.
  static const auto table = [] {
    std::array<std::array<std::string_view, architecture_count>, size_count> t{};
    for (const SizeSpelling& s : spellings)
      if (s.decoded_with)
        for (const Architecture a : architectures())
          if (has(a, *s.decoded_with)) t[static_cast<int>(s.size)][static_cast<int>(a)] = s.text;
    return t;
  }();
  return table[static_cast<int>(size)][static_cast<int>(arch)];
}

}  // namespace gpuatom::nvidia
