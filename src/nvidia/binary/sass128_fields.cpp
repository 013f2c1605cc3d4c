#include "sass128_fields.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <utility>

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
  if (indices.size() <= k) {
    indices.reserve(3);  // one allocation for the three a form may have, not one per index
    indices.resize(k + 1);
  }
  indices[k] = static_cast<uint32_t>(v);
}

[[gnu::always_inline]] inline void read_op(const Field& f, uint64_t v, Reading& r) {
  if (v < ReadTables::op_codes) {
    const OpRead& read = r.tables.ops[static_cast<size_t>(r.form.ops)][v];
    if (read.op) {
      r.instruction.op = *read.op;
      r.alias(f, v, read.own);
    } else {
      set_placeholder(r.instruction, ModifierSlot::op, v);
    }
  } else if (const auto op = op_from_code(r.form.ops, v)) {
    r.instruction.op = *op;
    r.alias(f, v, *op_code(r.form.ops, *op));
  } else {
    set_placeholder(r.instruction, ModifierSlot::op, v);
  }
}

// The size code's high bit, where a form has one (size_high), is read with the size.
[[gnu::always_inline]] inline void read_size(const Field& f, uint64_t v, Reading& r) {
  const Field* high = r.form.field(Kind::size_high);
  const uint64_t code = high ? v | get(r.word, *high) << f.width : v;
  if (code < ReadTables::size_codes) {
    const SizeRead& read = r.tables.sizes[static_cast<size_t>(r.form.sizes)][code];
    if (read.size) {
      r.instruction.size = *read.size;
      r.alias(f, v, read.own & low_mask(f.width));
    } else {
      set_placeholder(r.instruction, ModifierSlot::size, code);
    }
  } else if (const auto size = size_from_code(r.form.sizes, code)) {
    r.instruction.size = *size;
    r.alias(f, v, *size_code(r.form.sizes, *size) & low_mask(f.width));
  } else {
    set_placeholder(r.instruction, ModifierSlot::size, code);
  }
}

[[gnu::always_inline]] inline void read_order(const Field& f, uint64_t v, Reading& r) {
  Instruction& i = r.instruction;
  std::optional<Order> beyond;  // a code past the table, were a field ever that wide
  if (v >= ReadTables::order_codes) beyond = order_from_code(r.form.orders, v);
  const std::optional<Order>& order =
      v < ReadTables::order_codes ? r.tables.orders[static_cast<size_t>(r.form.orders)][v] : beyond;
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

// A small code (a cache operation, a dimension, a clamp) by ReadTables, or by `scan` past its
// end: the value it names, or a placeholder in `slot`.
template <typename Value, typename Scan, typename Set>
void read_small(uint64_t v, Reading& r, const std::array<std::optional<Value>, ReadTables::small_codes>& read,
                ModifierSlot slot, Scan scan, Set set) {
  const std::optional<Value> value = v < read.size() ? read[v] : scan(v);
  if (value)
    set(r.instruction, *value);
  else
    set_placeholder(r.instruction, slot, v);
}

std::optional<Dim> scan_dim(uint64_t v) {
  const auto* row = by_code(dim_table(), v);
  return row ? std::optional<Dim>(row->dim) : std::nullopt;
}
std::optional<Clamp> scan_clamp(uint64_t v) {
  const auto* row = by_code(clamp_table(), v);
  return row ? std::optional<Clamp>(row->clamp) : std::nullopt;
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
       read_small(v, r, r.tables.caches, ModifierSlot::cache, cache_from_code,
                  [](Instruction& i, CacheOp c) { i.memory.cache = c; });
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
       read_small(v, r, r.tables.dims, ModifierSlot::dim, scan_dim, [](Instruction& i, Dim d) { i.surface.dim = d; });
     },
     write<Kind::dim>},
    {Kind::clamp,
     [](F, uint64_t v, R r) {
       read_small(v, r, r.tables.clamps, ModifierSlot::clamp, scan_clamp,
                  [](Instruction& i, Clamp c) { i.surface.clamp = c; });
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

ReadTables build_read_tables() {
  ReadTables t{};
  for (size_t k = 0; k < t.ops.size(); ++k)
    for (uint64_t c = 0; c < ReadTables::op_codes; ++c)
      if (const auto op = op_from_code(static_cast<OpCodes>(k), c))
        t.ops[k][c] = {op, static_cast<uint8_t>(*op_code(static_cast<OpCodes>(k), *op))};
  for (size_t k = 0; k < t.sizes.size(); ++k)
    for (uint64_t c = 0; c < ReadTables::size_codes; ++c)
      if (const auto size = size_from_code(static_cast<SizeCodes>(k), c))
        t.sizes[k][c] = {size, static_cast<uint8_t>(*size_code(static_cast<SizeCodes>(k), *size))};
  for (size_t k = 0; k < t.orders.size(); ++k)
    for (uint64_t c = 0; c < ReadTables::order_codes; ++c)
      t.orders[k][c] = order_from_code(static_cast<OrderCodes>(k), c);
  for (uint64_t c = 0; c < ReadTables::small_codes; ++c) {
    t.caches[c] = cache_from_code(c);
    t.dims[c] = scan_dim(c);
    t.clamps[c] = scan_clamp(c);
  }
  return t;
}

[[gnu::noinline]] const ReadTables* make_read_tables() {
  static const ReadTables made = build_read_tables();
  return &made;
}

// The usual fields the form has, unrolled at compile time: each codec's read inlined with its
// bits known.
template <size_t... U>
[[gnu::always_inline]] inline void read_usual(uint32_t usual, Reading& r, std::index_sequence<U...> /*fields*/) {
  const auto read = [&](auto u) {
    constexpr size_t at = decltype(u)::value;
    constexpr Field f = usual_fields[at];
    if (usual & (1u << at)) codecs[static_cast<size_t>(f.kind)].read(usual_fields[at], get(r.word, f.lo, f.width), r);
  };
  (read(std::integral_constant<size_t, U>{}), ...);
}

// The walk over a form's other fields with each codec's read a known function, called directly
// and inlined: the comparisons of the fold become one jump through a table (GCC's if-to-switch).
template <size_t... K>
[[gnu::always_inline]] inline void read_field(const Field& f, uint64_t v, Reading& r,
                                              std::index_sequence<K...> /*kinds*/) {
  const auto kind = static_cast<size_t>(f.kind);
  (void)((kind == K && (codecs[K].read(f, v, r), true)) || ...);
}

}  // namespace

// The tables' first-use guard and a call, where a guard around their making inline cost a frame.
const ReadTables& read_tables() {
  static const ReadTables* made = make_read_tables();
  return *made;
}

static_assert(usual_fields.size() <= 32, "a set of usual fields fits 32 bits");

// The kinds whose reads set the same member as another's: the address's base, its suffix.
constexpr std::array<std::array<Kind, 2>, 2> rivals = {
    {{Kind::ra, Kind::uniform_base}, {Kind::address_wide, Kind::scale}}};

uint32_t usual_fields_of(const Form& form) {
  const auto has_rival = [&](Kind kind) {
    for (const auto& pair : rivals)
      if ((pair[0] == kind && form.has(pair[1])) || (pair[1] == kind && form.has(pair[0]))) return true;
    return false;
  };
  uint32_t usual = 0;
  for (size_t at = 0; at < usual_fields.size(); ++at) {
    const Field& u = usual_fields[at];
    const Field* f = form.field(u.kind);
    if (f && f->lo == u.lo && f->width == u.width && !has_rival(u.kind)) usual |= 1u << at;
  }
  return usual;
}

bool is_usual(uint32_t usual, const Field& f) {
  for (size_t at = 0; at < usual_fields.size(); ++at)
    if ((usual & (1u << at)) && usual_fields[at].kind == f.kind) return true;
  return false;
}

void read_fields(Reading& reading, uint32_t usual, std::span<const Field> others) {
  read_usual(usual, reading, std::make_index_sequence<usual_fields.size()>{});
  for (const Field& f : others)
    read_field(f, get(reading.word, f), reading, std::make_index_sequence<field_kind_count>{});
}

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
