#include "sass128_fields.hpp"

#include <fmt/format.h>

#include <algorithm>

#include "gpuatom/nvidia/text/printer.hpp"
#include "gpuatom/support/bits.hpp"
#include "sass128_writers.hpp"

namespace gpuatom::nvidia::sass128 {

namespace {

using Kind = FieldKind;
using writers::handle_index;

void read_handle_index(const Field& f, uint64_t v, Reading& r) {
  auto& indices = r.instruction.surface.handle_indices;
  const size_t k = handle_index(f.kind);
  if (indices.size() <= k) indices.resize(k + 1);
  indices[k] = static_cast<uint32_t>(v);
}

void read_op(const Field& f, uint64_t v, Reading& r) {
  if (const auto op = op_from_code(r.form.ops, v)) {
    r.instruction.op = *op;
    r.alias(f, v, *op_code(r.form.ops, *op));
  } else {
    set_placeholder(r.instruction, ModifierSlot::op, v);
  }
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
    {Kind::guard, [](F, uint64_t v, R r) { r.instruction.guard.predicate = byte(v); }, write<Kind::guard>},
    {Kind::guard_negate, [](F, uint64_t v, R r) { r.instruction.guard.negated = v != 0; }, write<Kind::guard_negate>},
    {Kind::rd, [](F, uint64_t v, R r) { r.instruction.rd = byte(v); }, write<Kind::rd>},
    {Kind::ra, [](F, uint64_t v, R r) { r.instruction.address.base = byte(v); }, write<Kind::ra>},
    {Kind::rb, [](F, uint64_t v, R r) { r.instruction.rb = byte(v); }, write<Kind::rb>},
    {Kind::rc, [](F, uint64_t v, R r) { r.instruction.rc = byte(v); }, write<Kind::rc>},
    {Kind::pu, [](F, uint64_t v, R r) { r.instruction.pu = byte(v); }, write<Kind::pu>},
    {Kind::offset, [](F f, uint64_t v, R r) { r.instruction.address.offset = support::sign_extend(v, f.width); },
     write<Kind::offset>},
    // An unprinted descriptor register is in kept_bits, as decode128 read it.
    {Kind::descriptor, [](F f, uint64_t, R r) { r.descriptor = &f; }, write<Kind::descriptor>},
    {Kind::descriptor_present, [](F, uint64_t v, R r) { r.descriptor_shown = v != 0; },
     write<Kind::descriptor_present>},
    {Kind::uniform_base,
     [](F f, uint64_t v, R r) {
       r.instruction.address.uniform_base = true;
       r.instruction.address.base = uniform_register(f, v);
     },
     write<Kind::uniform_base>},
    {Kind::uniform_index, [](F f, uint64_t v, R r) { r.instruction.address.uniform_index = uniform_register(f, v); },
     write<Kind::uniform_index>},
    {Kind::op, read_op, write<Kind::op>},
    {Kind::size, read_size, write<Kind::size>},
    {Kind::order, read_order, write<Kind::order>},
    {Kind::scale, [](F, uint64_t v, R r) { r.instruction.address.suffix = scales[v]; }, write<Kind::scale>},
    {Kind::extended, [](F, uint64_t v, R r) { r.instruction.extended = v != 0; }, write<Kind::extended>},
    {Kind::cache,
     [](F, uint64_t v, R r) {
       if (const auto cache = cache_from_code(v))
         r.instruction.memory.cache = *cache;
       else
         set_placeholder(r.instruction, ModifierSlot::cache, v);
     },
     write<Kind::cache>},
    {Kind::private_flag,
     [](F, uint64_t v, R r) { r.instruction.memory.private_ = r.instruction.memory.private_ || v != 0; },
     write<Kind::private_flag>},
    // A uniform address keeps its .64/.U32 bit as read (decode128 keeps 1, .64, as no alias).
    {Kind::address_wide,
     [](F, uint64_t v, R r) { r.instruction.address.suffix = v ? RegisterSuffix::wide64 : RegisterSuffix::u32; },
     write<Kind::address_wide>},
    {Kind::size_high, [](F, uint64_t, R) {}, write<Kind::size_high>},  // read_size reads it
    {Kind::dim,
     [](F, uint64_t v, R r) {
       read_coded(v, r, dim_table(), ModifierSlot::dim, [](Instruction& i, const auto& d) { i.surface.dim = d.dim; });
     },
     write<Kind::dim>},
    {Kind::clamp,
     [](F, uint64_t v, R r) {
       read_coded(v, r, clamp_table(), ModifierSlot::clamp,
                  [](Instruction& i, const auto& c) { i.surface.clamp = c.clamp; });
     },
     write<Kind::clamp>},
    {Kind::byte_address, [](F, uint64_t v, R r) { r.instruction.surface.byte_address = v != 0; },
     write<Kind::byte_address>},
    {Kind::handle_register, [](F, uint64_t v, R r) { r.instruction.surface.handle_register = byte(v); },
     write<Kind::handle_register>},
    {Kind::handle_uniform, [](F f, uint64_t v, R r) { r.instruction.surface.handle_uniform = uniform_register(f, v); },
     write<Kind::handle_uniform>},
    {Kind::handle_index0, read_handle_index, write<Kind::handle_index0>},
    {Kind::handle_index1, read_handle_index, write<Kind::handle_index1>},
    {Kind::handle_index2, read_handle_index, write<Kind::handle_index2>},
    // Left out of the text when URZ, but in the forms that print it.
    {Kind::second_uniform,
     [](F f, uint64_t v, R r) {
       if (v != field_all_ones(f) || r.form.second_uniform_urz_printed)
         r.instruction.surface.second_uniform = uniform_register(f, v);
     },
     write<Kind::second_uniform>},
    {Kind::uniform_array, [](F, uint64_t v, R r) { r.instruction.surface.uniform_array = v != 0; },
     write<Kind::uniform_array>},
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

void refuse_uniform_register(const Field& f, uint64_t v, Writing& w) {
  w.refused =
      refusal(w.instruction.where,
              fmt::format("{} ({}) on {} ({}): {} does not exist there; its uniform registers are "
                          "UR0–UR{} and URZ ({}-bit fields; Blackwell's have 8)",
                          info(w.instruction.mnemonic).name, w.form.name, name(w.arch), generation_info(w.arch).name,
                          uniform_register_name(static_cast<uint8_t>(v)), field_all_ones(f) - 1, f.width));
}

void refuse_handle_index(const Field& f, uint64_t v, Writing& w) {
  w.refused = refusal(w.instruction.where, fmt::format("{} ({}): the handle immediate 0x{:x} does not fit {} bits",
                                                       info(w.instruction.mnemonic).name, w.form.name, v, f.width));
}

void refuse_offset(const Field& f, Writing& w) {
  w.refused = refusal(w.instruction.where, fmt::format("{} ({}): the offset {} does not fit {} signed bits",
                                                       info(w.instruction.mnemonic).name, w.form.name,
                                                       signed_hex(w.instruction.address.offset), f.width));
}

void set_placeholder(Instruction& i, ModifierSlot slot, uint64_t value) {
  i.placeholders[static_cast<int>(slot)] = static_cast<uint16_t>(value);
  i.generic_placeholders = true;
}

uint8_t uniform_register(const Field& f, uint64_t value) {
  return value == field_all_ones(f) ? URZ : static_cast<uint8_t>(value);
}

}  // namespace gpuatom::nvidia::sass128
