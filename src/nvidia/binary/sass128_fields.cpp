#include "sass128_fields.hpp"

#include <fmt/format.h>

#include <algorithm>

#include "gpuatom/nvidia/text/printer.hpp"
#include "gpuatom/support/bits.hpp"

namespace gpuatom::nvidia::sass128 {

namespace {

using Kind = FieldKind;

std::optional<uint16_t> held(const Writing& w, ModifierSlot slot) {
  return w.instruction.placeholders[static_cast<int>(slot)];
}

// A slot's placeholder, which is its field value, or the value's code.
uint64_t held_or(const Writing& w, ModifierSlot slot, uint64_t code) { return held(w, slot).value_or(code); }

// A code decode128 read as an alias of the value's own (kept_bits hold the bits that differ) is
// written as read, while it still names the same value.
template <typename NamesSame>
uint64_t as_read(const Writing& w, uint64_t own, const Field& f, NamesSame names_same) {
  const uint64_t read = own ^ get(w.instruction.kept_bits, f);
  return names_same(read) ? read : own;
}

// A uniform register: URZ is the field's all-ones code; a register past the field's last (UR63 in
// Hopper's 6 bits) exists on no architecture with that field.
uint64_t uniform_code(const Field& f, uint64_t v, Writing& w) {
  if (v == URZ) return field_all_ones(f);
  if (v >= field_all_ones(f))
    w.refused =
        refusal(w.instruction.where,
                fmt::format("{} ({}) on {} ({}): {} does not exist there; its uniform registers are "
                            "UR0–UR{} and URZ ({}-bit fields; Blackwell's have 8)",
                            info(w.instruction.mnemonic).name, w.form.name, name(w.arch), generation_info(w.arch).name,
                            uniform_register_name(static_cast<uint8_t>(v)), field_all_ones(f) - 1, f.width));
  return v;
}

size_t handle_index(Kind kind) { return kind == Kind::handle_index0 ? 0 : kind == Kind::handle_index1 ? 1 : 2; }

void read_handle_index(const Field& f, uint64_t v, Reading& r) {
  auto& indices = r.instruction.surface.handle_indices;
  const size_t k = handle_index(f.kind);
  if (indices.size() <= k) indices.resize(k + 1);
  indices[k] = static_cast<uint32_t>(v);
}

uint64_t write_handle_index(const Field& f, Writing& w) {
  const uint64_t v = w.instruction.surface.handle_indices[handle_index(f.kind)];
  if (!fits(v, f))
    w.refused = refusal(w.instruction.where, fmt::format("{} ({}): the handle immediate 0x{:x} does not fit {} bits",
                                                         info(w.instruction.mnemonic).name, w.form.name, v, f.width));
  return v;
}

void read_op(const Field& f, uint64_t v, Reading& r) {
  if (const auto op = op_from_code(r.form.ops, v)) {
    r.instruction.op = *op;
    r.alias(f, v, *op_code(r.form.ops, *op));
  } else {
    set_placeholder(r.instruction, ModifierSlot::op, v);
  }
}

uint64_t write_op(const Field& f, Writing& w) {
  if (held(w, ModifierSlot::op)) return w.op;
  return as_read(w, w.op, f, [&](uint64_t c) { return op_from_code(w.form.ops, c) == w.instruction.op; });
}

// The size code's high bit, where a form has one (size_high), is read with the size.
void read_size(const Field& f, uint64_t v, Reading& r) {
  const Field* high = r.form.field(Kind::size_high);
  const uint64_t code = high ? v | get(r.word, *high) << f.width : v;
  if (const auto size = size_from_code(r.form.sizes, code)) {
    r.instruction.size = *size;
    r.alias(f, v, *size_code(r.form.sizes, *size) & low_mask(f.width));
  } else {
    set_placeholder(r.instruction, ModifierSlot::size, code);
  }
}

// The size's low bits; a high bit goes to its own field (size_high).
uint64_t write_size(const Field& f, Writing& w) {
  const uint64_t v = held(w, ModifierSlot::size) ? w.size : as_read(w, w.size, f, [&](uint64_t c) {
    return size_from_code(w.form.sizes, c) == w.instruction.size;
  });
  return v & low_mask(f.width);
}

void read_order(const Field& f, uint64_t v, Reading& r) {
  Instruction& i = r.instruction;
  const auto order = order_from_code(r.form.orders, v);
  if (!order) {
    r.refused =
        refusal(i.where, fmt::format("{} ({}) on {}: bits {}–{} hold {}, which names no {}", info(r.form.mnemonic).name,
                                     r.form.name, name(r.arch), f.lo, f.lo + f.width - 1, v, "memory order"));
    return;
  }
  i.memory.strength = order->memory.strength;
  i.memory.scope = order->memory.scope;
  i.memory.private_ = i.memory.private_ || order->memory.private_;
  if (order->strength_placeholder) set_placeholder(i, ModifierSlot::strength, *order->strength_placeholder);
  if (order->scope_placeholder) set_placeholder(i, ModifierSlot::scope, *order->scope_placeholder);
}

uint64_t write_offset(const Field& f, Writing& w) {
  const Address& a = w.instruction.address;
  const int64_t span = int64_t{1} << (f.width - 1);
  // An absolute address is unsigned (decode128).
  const bool unsigned_offset = a.absolute() && a.suffix == RegisterSuffix::none && a.offset >= span;
  if (a.offset < -span || a.offset >= (unsigned_offset ? 2 * span : span))
    w.refused = refusal(w.instruction.where,
                        fmt::format("{} ({}): the offset {} does not fit {} signed bits",
                                    info(w.instruction.mnemonic).name, w.form.name, signed_hex(a.offset), f.width));
  return static_cast<uint64_t>(a.offset);
}

// takes() lets only the suffixes of `scales` through; an absolute address keeps the bits read.
uint64_t write_scale(const Field& f, Writing& w) {
  const Address& a = w.instruction.address;
  if (a.base == RZ && a.suffix == RegisterSuffix::none) return get(w.instruction.kept_bits, f);
  return static_cast<uint64_t>(std::find(scales.begin(), scales.end(), a.suffix) - scales.begin());
}

template <typename Table, typename Set>
void read_coded(uint64_t v, Reading& r, const Table& table, ModifierSlot slot, Set set) {
  if (const auto* row = by_code(table, v))
    set(r.instruction, *row);
  else
    set_placeholder(r.instruction, slot, v);
}

uint8_t byte(uint64_t v) { return static_cast<uint8_t>(v); }

// One entry per FieldKind, in the enum's order: the read, then the write.
using F = const Field&;
using R = Reading&;
using W = Writing&;
constexpr std::array<FieldCodec, field_kind_count> codecs = {{
    {Kind::guard, [](F, uint64_t v, R r) { r.instruction.guard.predicate = byte(v); },
     [](F, W w) -> uint64_t { return w.instruction.guard.predicate; }},
    {Kind::guard_negate, [](F, uint64_t v, R r) { r.instruction.guard.negated = v != 0; },
     [](F, W w) -> uint64_t { return w.instruction.guard.negated; }},
    {Kind::rd, [](F, uint64_t v, R r) { r.instruction.rd = byte(v); },
     [](F, W w) -> uint64_t { return *w.instruction.rd; }},
    {Kind::ra, [](F, uint64_t v, R r) { r.instruction.address.base = byte(v); },
     [](F, W w) -> uint64_t {  // [URb] is [RZ+URb]
       return w.instruction.address.uniform_base ? RZ : w.instruction.address.base;
     }},
    {Kind::rb, [](F, uint64_t v, R r) { r.instruction.rb = byte(v); },
     [](F, W w) -> uint64_t { return *w.instruction.rb; }},
    {Kind::rc, [](F, uint64_t v, R r) { r.instruction.rc = byte(v); },
     [](F, W w) -> uint64_t { return *w.instruction.rc; }},
    {Kind::pu, [](F, uint64_t v, R r) { r.instruction.pu = byte(v); },
     [](F, W w) -> uint64_t { return w.instruction.pu.value_or(PT); }},  // SUATOM's unprinted PT
    {Kind::offset, [](F f, uint64_t v, R r) { r.instruction.address.offset = support::sign_extend(v, f.width); },
     write_offset},
    // An unprinted descriptor register is in kept_bits, as decode128 read it.
    {Kind::descriptor, [](F f, uint64_t, R r) { r.descriptor = &f; },
     [](F f, W w) -> uint64_t {
       const auto& d = w.instruction.address.descriptor;
       return d ? uniform_code(f, *d, w) : get(w.instruction.kept_bits, f);
     }},
    {Kind::descriptor_present, [](F, uint64_t v, R r) { r.descriptor_shown = v != 0; },
     [](F, W w) -> uint64_t { return w.instruction.address.descriptor.has_value(); }},
    {Kind::uniform_base,
     [](F f, uint64_t v, R r) {
       r.instruction.address.uniform_base = true;
       r.instruction.address.base = uniform_register(f, v);
     },
     [](F f, W w) { return uniform_code(f, w.instruction.address.base, w); }},
    {Kind::uniform_index, [](F f, uint64_t v, R r) { r.instruction.address.uniform_index = uniform_register(f, v); },
     [](F f, W w) {
       const Address& a = w.instruction.address;
       // [URb] is [RZ+URb]; a register address without `+ URn` (REDAS's) is `+ URZ`.
       return uniform_code(f, a.uniform_index ? *a.uniform_index : a.uniform_base ? a.base : URZ, w);
     }},
    {Kind::op, read_op, write_op},
    {Kind::size, read_size, write_size},
    {Kind::order, read_order, [](F, W w) { return w.order; }},
    {Kind::scale, [](F, uint64_t v, R r) { r.instruction.address.suffix = scales[v]; }, write_scale},
    {Kind::extended, [](F, uint64_t v, R r) { r.instruction.extended = v != 0; },
     [](F, W w) -> uint64_t { return w.instruction.extended; }},
    {Kind::cache,
     [](F, uint64_t v, R r) {
       if (const auto cache = cache_from_code(v))
         r.instruction.memory.cache = *cache;
       else
         set_placeholder(r.instruction, ModifierSlot::cache, v);
     },
     [](F, W w) { return held_or(w, ModifierSlot::cache, cache_code(w.instruction.memory.cache)); }},
    {Kind::private_flag,
     [](F, uint64_t v, R r) { r.instruction.memory.private_ = r.instruction.memory.private_ || v != 0; },
     [](F, W w) -> uint64_t { return w.instruction.memory.private_; }},
    // A uniform address keeps its .64/.U32 bit as read (decode128 keeps 1, .64, as no alias).
    {Kind::address_wide,
     [](F, uint64_t v, R r) { r.instruction.address.suffix = v ? RegisterSuffix::wide64 : RegisterSuffix::u32; },
     [](F f, W w) -> uint64_t {
       const Address& a = w.instruction.address;
       return a.uniform_base ? 1 ^ get(w.instruction.kept_bits, f) : a.suffix == RegisterSuffix::wide64;
     }},
    {Kind::size_high, [](F, uint64_t, R) {},  // read_size reads it
     [](F, W w) { return w.size >> w.form.field(Kind::size)->width; }},
    {Kind::dim,
     [](F, uint64_t v, R r) {
       read_coded(v, r, dim_table(), ModifierSlot::dim, [](Instruction& i, const auto& d) { i.surface.dim = d.dim; });
     },
     [](F, W w) { return held_or(w, ModifierSlot::dim, static_cast<uint64_t>(info(w.instruction.surface.dim).code)); }},
    {Kind::clamp,
     [](F, uint64_t v, R r) {
       read_coded(v, r, clamp_table(), ModifierSlot::clamp,
                  [](Instruction& i, const auto& c) { i.surface.clamp = c.clamp; });
     },
     [](F, W w) {
       return held_or(w, ModifierSlot::clamp, static_cast<uint64_t>(info(w.instruction.surface.clamp).code));
     }},
    {Kind::byte_address, [](F, uint64_t v, R r) { r.instruction.surface.byte_address = v != 0; },
     [](F, W w) -> uint64_t { return w.instruction.surface.byte_address; }},
    {Kind::handle_register, [](F, uint64_t v, R r) { r.instruction.surface.handle_register = byte(v); },
     [](F, W w) -> uint64_t { return *w.instruction.surface.handle_register; }},
    {Kind::handle_uniform, [](F f, uint64_t v, R r) { r.instruction.surface.handle_uniform = uniform_register(f, v); },
     [](F f, W w) { return uniform_code(f, *w.instruction.surface.handle_uniform, w); }},
    {Kind::handle_index0, read_handle_index, write_handle_index},
    {Kind::handle_index1, read_handle_index, write_handle_index},
    {Kind::handle_index2, read_handle_index, write_handle_index},
    // Left out of the text when URZ, but in the forms that print it.
    {Kind::second_uniform,
     [](F f, uint64_t v, R r) {
       if (v != field_all_ones(f) || r.form.second_uniform_urz_printed)
         r.instruction.surface.second_uniform = uniform_register(f, v);
     },
     [](F f, W w) {
       const auto& second = w.instruction.surface.second_uniform;
       return second ? uniform_code(f, *second, w) : field_all_ones(f);
     }},
    {Kind::uniform_array, [](F, uint64_t v, R r) { r.instruction.surface.uniform_array = v != 0; },
     [](F, W w) -> uint64_t { return w.instruction.surface.uniform_array; }},
}};

constexpr bool in_kind_order() {
  for (size_t k = 0; k < codecs.size(); ++k)
    if (static_cast<size_t>(codecs[k].kind) != k) return false;
  return true;
}
static_assert(in_kind_order(), "one codec per FieldKind, in the enum's order");

}  // namespace

support::Diagnostic refusal(const support::SourceLocation& where, std::string message) {
  return support::Diagnostic{support::Severity::error, where, std::move(message), "docs/sass128.md"};
}

const std::array<FieldCodec, field_kind_count> field_codecs = codecs;

void set_placeholder(Instruction& i, ModifierSlot slot, uint64_t value) {
  i.placeholders[static_cast<int>(slot)] = static_cast<uint16_t>(value);
  i.generic_placeholders = true;
}

uint8_t uniform_register(const Field& f, uint64_t value) {
  return value == field_all_ones(f) ? URZ : static_cast<uint8_t>(value);
}

}  // namespace gpuatom::nvidia::sass128
