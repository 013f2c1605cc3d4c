// The table behind decode128() and encode128(): every 128-bit atomic form gpuatom knows, each an
// opcode, the generations that have it, the bits it fixes and its fields (bit positions counted
// over the whole word, 0–127). Read from ptxas 13.0's words and nvdisasm 13.0's text of them
// (tests/conformance/nvidia/cuda13); docs/sass128.md says how each field was found. What each
// field kind means, read and written, is sass128_fields.cpp's.
#pragma once

#include <algorithm>
#include <array>
#include <cstdint>
#include <initializer_list>
#include <optional>
#include <span>
#include <stdexcept>
#include <string_view>

#include "gpuatom/nvidia/architecture.hpp"
#include "gpuatom/nvidia/instruction.hpp"

namespace gpuatom::nvidia::sass128 {

enum class FieldKind : uint8_t {
  guard,         // the guard predicate, 3 bits (7 = PT)
  guard_negate,  // `@!`
  rd,
  ra,
  rb,
  rc,                  // 8-bit registers (255 = RZ)
  pu,                  // the predicate destination
  offset,              // the signed byte offset (24 bits; 23 in Blackwell's ATOM/ATOMG with desc[])
  descriptor,          // desc[URn]: the uniform register, 6 bits
  descriptor_present,  // whether desc[] is printed (sm_80 … sm_89; Hopper on always print it)
  uniform_base,        // [URn + offset]
  uniform_index,       // [Ra + URn]
  op,                  // through the form's OpCodes
  size,                // through the form's SizeCodes
  order,               // .STRONG.<scope>, through the generation's OrderCodes
  scale,               // ATOMS's .X4/.X8/.X16 index scaling: 0 none, 1 X4, 2 X8, 3 X16
  extended,            // .E: a 64-bit address (bit 72; clear in code built for 32-bit addresses)
  cache,               // a surface's .EF/.EL/.LU/.EU/.NA (1 = none)
  private_flag,        // .PRIVATE, where it has a bit of its own (Turing); from Ampere it is an order code
  address_wide,        // a general address's register: 1 .64, 0 .U32 (bit 70)
  size_high,           // the size code's bit above the size field (Hopper's float forms: bit 87)
  // Surfaces (SURED): the dimension and clamp as the Maxwell fields number them (DimInfo::code,
  // ClampInfo::code), .BA, and the surface handle: a register Rc, a uniform register URc, or the
  // immediates nvdisasm prints after it ("0x0, 0x5c": handle index 0, then 1, then 2).
  dim,
  clamp,
  byte_address,
  handle_register,
  handle_uniform,
  handle_index0,
  handle_index1,
  handle_index2,
  // sm_120's and sm_121's SUATOM: a second uniform register, printed after the handle and left
  // out when URZ (8 bits, URZ = 255), and .UAI.
  second_uniform,
  uniform_array,
};
inline constexpr size_t field_kind_count = static_cast<size_t>(FieldKind::uniform_array) + 1;

struct Field {
  FieldKind kind;
  uint8_t lo;  // the lowest bit, 0–127
  uint8_t width;
};

// The address a form takes.
enum class AddressForm : uint8_t {
  plain,                // [Ra + offset]
  scaled,               // [Ra.Xn + offset] (ATOMS)
  wide,                 // [Ra.64 + offset], with desc[URn] where the form has a descriptor field
  uniform,              // [URn + offset]
  plus_uniform,         // [Ra + URn]
  scaled_plus_uniform,  // [Ra.Xn + URn + offset] (ATOMS); [URn + offset] when Ra is RZ and unscaled
  // [Ra.U32 + URn + offset] or [Ra.64 + URn + offset] (the address_wide field; .64 without it):
  // the uniform register of desc[] as an index instead. Turing … Ada print [URn + offset] when
  // Ra is RZ (general_rz_elided); Hopper prints RZ.
  general,
  general_rz_elided,
  // [Ra.U32 + URn + offset] or [Ra.64 + URn + offset] with `+ URn` left out when it is URZ, and RZ
  // printed (REDAS: nvdisasm 11.8 and 13.0 alike).
  general_urz_elided,
};

// Which op codes a form's op field holds.
// `global`: ATOMG's, the integer ops and SAFEADD (9).
// `compare_to_predicate`: Blackwell's ATOMS 0x58d, CAST (1) and CAST.SPIN (3) only.
// `reduce_async`: REDAS's, ADD … XOR (no EXCH: nvdisasm prints code 8 as .INVALID8).
enum class OpCodes : uint8_t {
  integer,
  global,
  compare,
  compare_to_predicate,
  floating,
  fixed_popc_inc,
  fixed_arrive,
  reduce_async,
};
// Which size codes a form's size field holds.
enum class SizeCodes : uint8_t {
  atom_before_hopper,
  atom,
  shared_before_hopper,
  shared,
  compare_before_hopper,
  compare,
  floating,
  u32,
  surface,       // the Maxwell surface size field's codes (SizeInfo::surface_code)
  arrive,        // ATOMS.ARRIVE: .64 at 2 (POPC.INC's .32 is u32's 0); every other code prints ???n
  reduce_async,  // REDAS: U32 0, S32 1, U64 2; 3 … 7 print .INVALIDn
};
// Which .STRONG.<scope> codes: Turing's, or Ampere's and later's; `reduce_async`: Hopper's REDAS,
// whose code 0 prints nothing and whose others print `???n` placeholders of a strength and a scope
// of its own (docs/sass128.md).
enum class OrderCodes : uint8_t { none, turing, ampere, reduce_async };

using GenerationSet = uint16_t;  // bit i = Generation(i)

// A form's fields, in any order: at most 20, each kind at most once. Where each kind sits is kept
// beside them, so the encoder and decoder find a field without a scan (they ask for every word).
struct FieldList {
  static constexpr uint8_t absent = 0xff;
  std::array<Field, 20> items{};
  uint8_t count = 0;
  std::array<uint8_t, field_kind_count> position{};
  constexpr FieldList(std::initializer_list<Field> fields) {
    position.fill(absent);
    for (const Field& f : fields) {
      // The table is constexpr: a kind named twice stops the build here.
      if (position[static_cast<size_t>(f.kind)] != absent) throw std::logic_error("a form names a field kind twice");
      if (f.width == 0 || f.width > 63) throw std::logic_error("a field is 1 to 63 bits wide (get() relies on it)");
      position[static_cast<size_t>(f.kind)] = count;
      items[count++] = f;
    }
  }
};

// A form, written with designated initialisers: what a row leaves out takes the default here.
struct Form {
  std::string_view name;  // its operands ("compare, [Ra]"), for messages after the mnemonic
  Mnemonic mnemonic;
  uint16_t opcode;  // bits 0–11
  GenerationSet generations;
  AddressForm address = AddressForm::plain;
  bool descriptor_always = false;  // desc[URn] is always printed
  // A clear .E prints as .???0 with a .U32 register too, not only with .64 (ATOM 0xf8a).
  bool e_placeholder_any_width = false;
  // A SUATOM form of sm_120 and sm_121 only (Feature::suatom_uniform_array): their SUATOM words
  // have a second uniform register and .UAI; the generation's other rows are the other
  // architectures'.
  bool uniform_array_only = false;
  // The second uniform register is printed when URZ too (sm_120's 0xf94 and 0xf96), not left out.
  bool second_uniform_urz_printed = false;
  OpCodes ops;
  SizeCodes sizes;
  OrderCodes orders = OrderCodes::none;
  uint64_t fixed_low = 0;    // the bits 12–63 the form fixes (an unused Ra is RZ: 0xff << 24)
  uint64_t fixed_high = 0;   // the bits 64–127 the form fixes (besides its fields)
  uint64_t select_high = 0;  // which of them tell this form from another of the same opcode
  uint64_t select_low = 0;   // the same among bits 12–63 (a uniform-address form's Ra is RZ)
  FieldList fields;
  std::span<const Field> field_list() const { return {fields.items.data(), fields.count}; }
  bool has(FieldKind kind) const { return fields.position[static_cast<size_t>(kind)] != FieldList::absent; }
  const Field* field(FieldKind kind) const {  // the form's field of that kind, if any
    const uint8_t at = fields.position[static_cast<size_t>(kind)];
    return at == FieldList::absent ? nullptr : &fields.items[at];
  }
};

std::span<const Form> forms();

// The first row of a code table that `match` takes, or nothing: each direction of each code table
// below, and the decoder's reading of a surface's dimension and clamp codes.
template <typename Table, typename Match>
const typename Table::value_type* find_row(const Table& rows, Match match) {
  const auto row = std::find_if(rows.begin(), rows.end(), match);
  return row == rows.end() ? nullptr : &*row;
}
inline bool in(GenerationSet set, Generation generation) { return (set >> static_cast<int>(generation)) & 1u; }

// The code tables: a value of the field, or nothing when the form's field names no such thing.
std::optional<AtomOp> op_from_code(OpCodes codes, uint64_t code);
std::optional<uint64_t> op_code(OpCodes codes, AtomOp op);
std::optional<Size> size_from_code(SizeCodes codes, uint64_t code);
std::optional<uint64_t> size_code(SizeCodes codes, Size size);
// An order code's strength, scope and .PRIVATE, or (Turing's strength codes 0 and 3, Hopper's
// REDAS) the placeholders nvdisasm prints in the strength's and the scope's place.
struct Order {
  MemoryModifiers memory;
  std::optional<uint8_t> strength_placeholder;
  std::optional<uint8_t> scope_placeholder;
};
std::optional<Order> order_from_code(OrderCodes codes, uint64_t code);
std::optional<uint64_t> order_code(OrderCodes codes, const MemoryModifiers& memory,
                                   std::optional<uint16_t> strength_placeholder = std::nullopt,
                                   std::optional<uint16_t> scope_placeholder = std::nullopt);
std::optional<CacheOp> cache_from_code(uint64_t code);
uint64_t cache_code(CacheOp cache);

}  // namespace gpuatom::nvidia::sass128
