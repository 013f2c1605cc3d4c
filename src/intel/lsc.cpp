#include "gpuatom/intel/lsc.hpp"

#include <array>

#include "gpuatom/support/text.hpp"

namespace gpuatom::intel {

namespace {

using alu::Op;
// IGC visa_igc_common_header.h LSC_OP; operand counts from IsaDescription.cpp LscOpInfoFind.
constexpr std::array<LscOpInfo, 19> ops = {{
    {0x08, "iinc", AtomicOp::INC, Op::inc_wrap, Role::null, Role::null, 0, false, false},
    {0x09, "idec", AtomicOp::DEC, Op::dec_wrap, Role::null, Role::null, 0, false, false},
    {0x0A, "load", AtomicOp::OR, Op::bit_or, Role::null, Role::null, 0, false, false},  // old | 0
    {0x0B, "store", AtomicOp::XCHG, Op::exchange, Role::value, Role::null, 1, false, false},
    {0x0C, "iadd", AtomicOp::ADD, Op::add, Role::value, Role::null, 1, false, false},
    {0x0D, "isub", AtomicOp::SUB, Op::sub, Role::value, Role::null, 1, false, false},
    {0x0E, "smin", AtomicOp::IMIN, Op::min, Role::value, Role::null, 1, false, true},
    {0x0F, "smax", AtomicOp::IMAX, Op::max, Role::value, Role::null, 1, false, true},
    {0x10, "umin", AtomicOp::MIN, Op::min, Role::value, Role::null, 1, false, false},
    {0x11, "umax", AtomicOp::MAX, Op::max, Role::value, Role::null, 1, false, false},
    {0x12, "icas", AtomicOp::CMPXCHG, Op::compare_swap, Role::comparand, Role::new_value, 2, false, false},
    {0x13, "fadd", AtomicOp::FADD, Op::add, Role::value, Role::null, 1, true, false},
    {0x14, "fsub", AtomicOp::FSUB, Op::sub, Role::value, Role::null, 1, true, false},
    {0x15, "fmin", AtomicOp::FMIN, Op::min, Role::value, Role::null, 1, true, false},
    {0x16, "fmax", AtomicOp::FMAX, Op::max, Role::value, Role::null, 1, true, false},
    {0x17, "fcas", AtomicOp::FCMPWR, Op::compare_swap_float, Role::comparand, Role::new_value, 2, true, false},
    {0x18, "and", AtomicOp::AND, Op::bit_and, Role::value, Role::null, 1, false, false},
    {0x19, "or", AtomicOp::OR, Op::bit_or, Role::value, Role::null, 1, false, false},
    {0x1A, "xor", AtomicOp::XOR, Op::bit_xor, Role::value, Role::null, 1, false, false},
}};

constexpr std::array<std::string_view, 4> sfids = {"ugm", "ugml", "tgm", "slm"};
constexpr std::array<std::string_view, 7> caches = {"df", "uc", "ca", "wb", "wt", "st", "ri"};
constexpr std::array<std::string_view, 6> addr_types = {"", "flat", "bss", "ss", "bti", "arg"};
constexpr std::array<std::string_view, 4> addr_sizes = {"", "a16", "a32", "a64"};
constexpr std::array<std::string_view, 8> data_sizes = {"", "d8", "d16", "d32", "d64", "d8c32", "d16c32", "d16c32h"};
// IGC 2.x's names of the same codes (its LSC_DATA_SIZE printer).
constexpr std::array<std::string_view, 8> data_sizes_u32 = {"",    "d8",    "d16",    "d32",
                                                            "d64", "d8u32", "d16u32", "d16u32h"};
constexpr std::array<unsigned, 9> elem_counts = {0, 1, 2, 3, 4, 8, 16, 32, 64};

template <class E, size_t N>
std::optional<E> lookup(const std::array<std::string_view, N>& names, std::string_view text, size_t first = 0) {
  for (size_t i = first; i < N; ++i)
    if (!names[i].empty() && names[i] == text) return static_cast<E>(i);
  return std::nullopt;
}

template <size_t N>
std::string_view at(const std::array<std::string_view, N>& names, size_t i) {
  return i < N ? names[i] : std::string_view("?");
}

}  // namespace

std::span<const LscOpInfo> lsc_op_table() { return ops; }

const LscOpInfo* find_lsc_op(uint8_t code) {
  for (const LscOpInfo& o : ops)
    if (o.code == code) return &o;
  return nullptr;
}

const LscOpInfo* find_lsc_op(std::string_view name) {
  for (const LscOpInfo& o : ops)
    if (o.name == name) return &o;
  return nullptr;
}

std::string_view name(LscSfid sfid) { return at(sfids, static_cast<size_t>(sfid)); }
std::string_view name(LscCache cache) { return at(caches, static_cast<size_t>(cache)); }
std::string_view name(LscAddrType type) { return at(addr_types, static_cast<size_t>(type)); }
std::string_view name(LscAddrSize size) { return at(addr_sizes, static_cast<size_t>(size)); }
std::string_view name(LscDataSize size, LscShapeNames names) {
  return at(names == LscShapeNames::u32 ? data_sizes_u32 : data_sizes, static_cast<size_t>(size));
}

std::optional<LscSfid> parse_lsc_sfid(std::string_view text) { return lookup<LscSfid>(sfids, text); }
std::optional<LscCache> parse_lsc_cache(std::string_view text) { return lookup<LscCache>(caches, text); }
std::optional<LscAddrType> parse_lsc_addr_type(std::string_view text) { return lookup<LscAddrType>(addr_types, text); }
std::optional<LscAddrSize> parse_lsc_addr_size(std::string_view text) { return lookup<LscAddrSize>(addr_sizes, text); }

std::optional<LscDataSize> parse_lsc_data_size(std::string_view text, LscShapeNames* names) {
  // IGC's lexer takes `u` for `d` (`:u32` is `:d32`).
  if (!text.starts_with("u") && !text.starts_with("d")) return std::nullopt;
  for (size_t i = 1; i < data_sizes.size(); ++i) {
    const bool igc1 = data_sizes[i].substr(1) == text.substr(1);
    if (!igc1 && data_sizes_u32[i].substr(1) != text.substr(1)) continue;
    if (names) *names = igc1 ? LscShapeNames::c32 : LscShapeNames::u32;
    return static_cast<LscDataSize>(i);
  }
  return std::nullopt;
}

std::optional<uint8_t> lsc_elems_code(unsigned count) {
  for (size_t code = 1; code < elem_counts.size(); ++code)
    if (elem_counts[code] == count) return static_cast<uint8_t>(code);
  return std::nullopt;
}

std::optional<unsigned> lsc_elems_count(uint8_t code) {
  if (code == 0 || code >= elem_counts.size()) return std::nullopt;
  return elem_counts[code];
}

unsigned data_element_bytes(const LscFields& lsc) { return lsc.data_size == LscDataSize::d64 ? 8 : 4; }

unsigned address_element_bytes(const LscFields& lsc) {
  return lsc.addr_size == LscAddrSize::a16 ? 2 : lsc.addr_size == LscAddrSize::a32 ? 4 : 8;
}

unsigned access_bits(const LscFields& lsc) {
  switch (lsc.data_size) {
    case LscDataSize::d8:
    case LscDataSize::d8c32: return 8;
    case LscDataSize::d16:
    case LscDataSize::d16c32:
    case LscDataSize::d16c32h: return 16;
    case LscDataSize::d64: return 64;
    default: return 32;
  }
}

alu::Operation lsc_to_alu(const LscFields& lsc) {
  const LscOpInfo* info = find_lsc_op(lsc.op);
  const unsigned bits = access_bits(lsc);
  const Width width = bits == 64 ? Width::w64 : bits == 16 ? Width::w16 : Width::w32;
  // The legacy op of the same arithmetic gives the type and its float rules (§4, §7).
  alu::Operation operation = to_alu(info ? info->like : AtomicOp::ADD, width);
  if (info) operation.op = info->alu_op;
  return operation;
}

OperandPlacement lsc_operand_placement(const LscFields& lsc) {
  const LscOpInfo* info = find_lsc_op(lsc.op);
  if (!info) return {};
  const auto value = [](Role r) { return r == Role::value || r == Role::new_value ? ~uint64_t{0} : 0; };
  const auto compare = [](Role r) { return r == Role::comparand ? ~uint64_t{0} : 0; };
  return {value(info->src0), compare(info->src0), value(info->src1), compare(info->src1)};
}

}  // namespace gpuatom::intel
