#include "maxwell_fields.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string_view>
#include <utility>

#include "gpuatom/nvidia/text/printer.hpp"
#include "gpuatom/support/bits.hpp"

namespace gpuatom::nvidia::maxwell {

namespace {

using Kind = FieldKind;

uint8_t byte(uint64_t v) { return static_cast<uint8_t>(v); }

std::optional<uint64_t> placeholder(const Writing& w, ModifierSlot slot) {
  if (const auto& p = w.instruction.placeholders[static_cast<int>(slot)]) return *p;
  return std::nullopt;
}

// A placeholder stands for a code that names nothing (§10.3): one whose code names a value would
// encode a word that decodes as that value.
std::string named(const Writing& w, ModifierSlot slot, std::string value) {
  return fmt::format("{} stands for an unassigned {} code, but code {} is {} here",
                     w.instruction.placeholder_spelling(slot), name(slot), *placeholder(w, slot), value);
}

// An op code names an op when the family's SPA 5.0 table takes that op in some size (ATOMS and
// SUATOM have no SAFEADD: nvdisasm prints code 10 there as .INVALIDATOMSOP10). Looked up by
// family and code in a table made once from op_table() (Tables): decode asks for every word.
constexpr int op_families = static_cast<int>(Family::SURED) + 1, op_codes = 32;
using OpsByCode = std::array<std::array<const OpInfo*, op_codes>, op_families>;

OpsByCode make_ops_by_code() {
  OpsByCode t{};
  for (int f = 0; f < op_families; ++f)
    for (const OpInfo& o : op_table()) {
      if (o.code < 0 || !has_op(static_cast<Family>(f), Dialect::spa5, o.op)) continue;
      if (o.code >= op_codes) throw std::logic_error("an op code past the op table's index");
      if (!t[f][o.code]) t[f][o.code] = &o;  // the first of op_table() with the code
    }
  return t;
}

}  // namespace

// What a size code reads as on one architecture: its size and the spelling nvdisasm prints it
// with, or nothing (a reserved code). Not file-local: Tables, which maxwell_fields.hpp names,
// holds them.
struct SizeRead {
  std::optional<Size> size;
  std::string_view spelling;
};

namespace {

// By field, architecture and code, made once from size_from_code() and decoded_size_spelling():
// decode asks for every word.
constexpr int size_fields = static_cast<int>(SizeField::shared) + 1, size_codes = 8;
using SizeReads = std::array<std::array<std::array<SizeRead, size_codes + 1>, architecture_count>, size_fields>;

SizeReads make_size_reads() {
  SizeReads t{};
  for (int f = 0; f < size_fields; ++f)
    for (const Architecture a : architectures())
      for (int c = 0; c <= size_codes; ++c) {  // the last entry: every code past the table
        SizeRead& read = t[f][static_cast<size_t>(a)][c];
        read.size = size_from_code(static_cast<SizeField>(f), c, a);
        if (read.size) read.spelling = decoded_size_spelling(*read.size, a);
      }
  return t;
}

}  // namespace

struct Tables {
  OpsByCode ops;
  SizeReads sizes;
};

namespace {

[[gnu::noinline]] std::unique_ptr<const Tables> make_tables() {
  return std::make_unique<const Tables>(Tables{make_ops_by_code(), make_size_reads()});
}

}  // namespace

const Tables& tables() {
  static const std::unique_ptr<const Tables> made = make_tables();
  return *made;
}

namespace {

const OpInfo* op_named(const OpsByCode& named, Family family, uint64_t code) {
  return code < op_codes ? named[static_cast<int>(family)][code] : nullptr;
}

void read_op(uint64_t v, Reading& r) {
  if (const OpInfo* o = op_named(r.tables.ops, r.family, v))
    r.instruction.op = o->op;
  else
    r.reserved(ModifierSlot::op, Kind::op);
}

// The writers below keep their common case small enough to be inlined into the encoder's walk
// over the fields; a placeholder, and whatever has no value, is written out of line.
[[gnu::noinline]] Written write_unusual_op(const BitField& f, const Writing& w) {
  const Instruction& i = w.instruction;
  if (const auto p = placeholder(w, ModifierSlot::op)) {
    // decode() reads a code the family's table names as that op, not as a placeholder.
    if (const OpInfo* o = op_named(tables().ops, i.family(), *p))
      return named(w, ModifierSlot::op, fmt::format(".{}", o->name));
    return *p;
  }
  if (info(i.op).code < 0) return fmt::format("{} has no op code in the {} field", info(i.op).name, name(f.kind));
  return static_cast<uint64_t>(info(i.op).code);
}

Written write_op(const BitField& f, const Writing& w) {
  const Instruction& i = w.instruction;
  const int code = info(i.op).code;
  if (code < 0 || i.placeholders[static_cast<int>(ModifierSlot::op)]) return write_unusual_op(f, w);
  return static_cast<uint64_t>(code);
}

template <SizeField field, Kind kind>
void read_size(uint64_t v, Reading& r) {
  const SizeRead& read =
      r.tables.sizes[static_cast<int>(field)][static_cast<size_t>(r.arch)][std::min<uint64_t>(v, size_codes)];
  if (read.size) {
    r.instruction.size = *read.size;
    r.instruction.size_spelling = read.spelling;
    return;
  }
  r.reserved(ModifierSlot::size, kind);
}

// A size's code by field, architecture and size, made once from size_code(): encode asks for
// every instruction.
using SizeCodes = std::array<std::array<std::array<std::optional<int>, size_count>, architecture_count>, size_fields>;

[[gnu::noinline]] SizeCodes make_size_codes() {
  SizeCodes t{};
  for (int f = 0; f < size_fields; ++f)
    for (const Architecture a : architectures())
      for (int s = 0; s < size_count; ++s)
        t[f][static_cast<size_t>(a)][s] = size_code(static_cast<SizeField>(f), static_cast<Size>(s), a);
  return t;
}

std::optional<int> size_code_of(SizeField field, Size size, Architecture arch) {
  static const SizeCodes codes = make_size_codes();
  return codes[static_cast<int>(field)][static_cast<size_t>(arch)][static_cast<int>(size)];
}

template <SizeField field>
[[gnu::noinline]] Written write_unusual_size(const Writing& w) {
  const Instruction& i = w.instruction;
  if (const auto p = placeholder(w, ModifierSlot::size)) {
    if (const auto s = size_from_code(field, static_cast<int>(*p), w.arch))
      return named(w, ModifierSlot::size, std::string(size_name(*s)));
    return *p;
  }
  if (const auto code = size_code_of(field, i.size, w.arch)) return static_cast<uint64_t>(*code);
  return fmt::format("size {} has no code in this opcode's size field on {}", size_name(i.size), name(w.arch));
}

template <SizeField field>
Written write_size(const BitField&, const Writing& w) {
  const Instruction& i = w.instruction;
  if (!i.placeholders[static_cast<int>(ModifierSlot::size)])
    if (const auto code = size_code_of(field, i.size, w.arch)) return static_cast<uint64_t>(*code);
  return write_unusual_size<field>(w);
}

// ImmS20 / ImmS24÷4, or unsigned when Ra = RZ, the absolute form (§6.5).
template <int bits, int scale>
void read_offset(uint64_t v, Reading& r) {
  Address& a = r.instruction.address;
  a.offset = (a.base == RZ ? static_cast<int64_t>(v) : support::sign_extend(v, bits)) * scale;
}

template <int scale>
[[gnu::noinline]] Written write_unusual_offset(const BitField& f, const Writing& w) {
  const Address& a = w.instruction.address;
  if (a.offset % scale) return fmt::format("the offset {} is not a multiple of {}", signed_hex(a.offset), scale);
  const int64_t field = a.offset / scale;
  const int64_t span = int64_t{1} << f.width;
  const bool fits = a.absolute() ? field >= 0 && field < span : field >= -span / 2 && field < span / 2;
  if (!fits) return fmt::format("the offset {} does not fit the {} field", signed_hex(a.offset), name(f.kind));
  return static_cast<uint64_t>(field) & static_cast<uint64_t>(span - 1);
}

template <int scale>
Written write_offset(const BitField& f, const Writing& w) {
  const Address& a = w.instruction.address;
  const int64_t field = a.offset / scale;
  const int64_t span = int64_t{1} << f.width;
  const bool fits = a.absolute() ? field >= 0 && field < span : field >= -span / 2 && field < span / 2;
  if (a.offset % scale || !fits) return write_unusual_offset<scale>(f, w);
  return static_cast<uint64_t>(field) & static_cast<uint64_t>(span - 1);
}

// The Rb field and the 2-bit layout give the compare and swap registers (§6.2). nvdisasm prints a
// register 255 that is not RZ — a packed pair from field 255 or past R254, or the swap register of
// layout 2 — as `???255`.
void read_cas_layout(uint64_t v, Reading& r) {
  Instruction& i = r.instruction;
  i.size = r.value(Kind::cas_size) ? Size::U64 : Size::U32;
  const uint8_t field = byte(r.value(Kind::rb));
  const int n = i.data_registers();
  const auto unnamed = [&](OperandRole role) { i.unnamed_register[static_cast<int>(role)] = true; };
  switch (static_cast<CasLayout>(v)) {
    case CasLayout::packed:
      i.rb = field;
      i.rc = field + n >= RZ ? RZ : static_cast<uint8_t>(field + n);
      if (field == RZ) unnamed(OperandRole::rb);
      if (field + n >= RZ) unnamed(OperandRole::rc);
      break;
    case CasLayout::rc_is_rz:
      i.rb = field;
      i.rc = RZ;
      break;
    case CasLayout::compare_is_rz:
      i.rb = RZ;
      i.rc = field;
      if (field == RZ) unnamed(OperandRole::rc);
      break;
    case CasLayout::invalid:
      i.rb = field;
      i.rc = field;
      r.refused(fmt::format("{} {} names no operands", name(Kind::cas_layout), static_cast<int>(CasLayout::invalid)));
      break;
  }
}

Written write_cas_layout(const BitField&, const Writing& w) {
  if (w.instruction.cas_layout() == CasLayout::invalid)
    return std::string("the swap register Rc must be Rb+1 (Rb+2 for 64-bit), or RZ, or Rb must be RZ (§6.2)");
  return static_cast<uint64_t>(w.instruction.cas_layout());
}

// A surface's dimension and clamp: the tables' rows by code, a reserved name past their end.
template <typename Table, typename Set>
void read_surface_code(uint64_t v, Reading& r, const Table& table, ModifierSlot slot, Kind kind, Set set) {
  if (v < table.size())
    set(r.instruction.surface, table[v]);
  else
    r.reserved(slot, kind);
}

template <typename Table>
Written write_surface_code(const Writing& w, const Table& table, ModifierSlot slot, uint64_t code) {
  if (const auto p = placeholder(w, slot)) {
    if (*p < table.size()) return named(w, slot, fmt::format(".{}", table[*p].name));
    return *p;
  }
  return code;
}

using B = const BitField&;
using R = Reading&;
using W = const Writing&;
// One entry per FieldKind, in the enum's order: the read, then the write.
constexpr std::array<FieldCodec, field_kind_count> codecs = {{
    {Kind::rd, [](uint64_t v, R r) { r.instruction.rd = byte(v); },
     [](B, W w) -> Written { return uint64_t{w.instruction.rd.value_or(RZ)}; }},
    {Kind::ra, [](uint64_t v, R r) { r.instruction.address.base = byte(v); },
     [](B, W w) -> Written { return uint64_t{w.instruction.address.base}; }},
    // A compare form's Rb is read with its layout (read_cas_layout); layout 2 keeps the swap
    // register in the Rb field, the compare value being RZ (§6.2).
    {Kind::rb, [](uint64_t v, R r) { r.instruction.rb = byte(v); },
     [](B, W w) -> Written {
       const Instruction& i = w.instruction;
       if (i.is_compare() && !i.is_surface() && i.cas_layout() == CasLayout::compare_is_rz)
         return uint64_t{i.rc.value_or(RZ)};
       return uint64_t{i.rb.value_or(RZ)};
     }},
    {Kind::rc, [](uint64_t v, R r) { r.instruction.surface.handle_register = byte(v); },
     [](B, W w) -> Written { return uint64_t{w.instruction.surface.handle_register.value_or(RZ)}; }},
    {Kind::guard, [](uint64_t v, R r) { r.instruction.guard.predicate = byte(v); },
     [](B, W w) -> Written { return uint64_t{w.instruction.guard.predicate}; }},
    {Kind::guard_negate, [](uint64_t v, R r) { r.instruction.guard.negated = v != 0; },
     [](B, W w) -> Written { return uint64_t{w.instruction.guard.negated}; }},
    {Kind::offset20, read_offset<20, 1>, write_offset<1>},
    {Kind::offset22_div4, read_offset<22, 4>, write_offset<4>},
    {Kind::extended, [](uint64_t v, R r) { r.instruction.extended = v != 0; },
     [](B, W w) -> Written { return uint64_t{w.instruction.extended}; }},
    {Kind::byte_address, [](uint64_t v, R r) { r.instruction.surface.byte_address = v != 0; },
     [](B, W w) -> Written { return uint64_t{w.instruction.surface.byte_address}; }},
    {Kind::atom_size, read_size<SizeField::atom, Kind::atom_size>, write_size<SizeField::atom>},
    {Kind::cas_size, [](uint64_t, R) {},  // read with the layout (read_cas_layout)
     [](B, W w) -> Written { return uint64_t{w.instruction.data_bits() == 64}; }},
    {Kind::shared_size, read_size<SizeField::shared, Kind::shared_size>, write_size<SizeField::shared>},
    {Kind::surface_size, read_size<SizeField::surface, Kind::surface_size>, write_size<SizeField::surface>},
    {Kind::op, read_op, write_op},
    {Kind::cas_layout, read_cas_layout, write_cas_layout},
    {Kind::cas_kind, [](uint64_t v, R r) { r.instruction.op = v ? AtomOp::CAST_SPIN : AtomOp::CAST; },
     [](B, W w) -> Written { return uint64_t{w.instruction.op == AtomOp::CAST_SPIN}; }},
    // SUATOM.P CAS: a code other than 0 prints as .???n.
    {Kind::formatted_cas_op,
     [](uint64_t v, R r) {
       if (v != 0) r.reserved(ModifierSlot::op, Kind::formatted_cas_op);
     },
     [](B, W w) -> Written { return placeholder(w, ModifierSlot::op).value_or(0); }},
    // The sparse predicate Ps, bit-inverted: 0 is PT (§6.6). A form of a Ps pair always prints its
    // Ps, PT included; elsewhere a PT field is "no Ps".
    {Kind::sparse,
     [](uint64_t v, R r) {
       if (r.form.ps == FormPs::with || v != 0) r.instruction.ps = static_cast<uint8_t>(7 - v);
     },
     [](B, W w) -> Written { return w.instruction.ps ? 7u - *w.instruction.ps : 0u; }},
    {Kind::dim,
     [](uint64_t v, R r) {
       read_surface_code(v, r, dim_table(), ModifierSlot::dim, Kind::dim,
                         [](Surface& s, const auto& d) { s.dim = d.dim; });
     },
     [](B, W w) {
       return write_surface_code(w, dim_table(), ModifierSlot::dim,
                                 static_cast<uint64_t>(info(w.instruction.surface.dim).code));
     }},
    {Kind::ts_index, [](uint64_t v, R r) { r.instruction.surface.handle_indices = {static_cast<uint32_t>(v)}; },
     [](B, W w) -> Written {
       const auto& indices = w.instruction.surface.handle_indices;
       if (indices.size() != 1) return std::string("a bound surface takes one #tsPtrIdxU13");
       return uint64_t{indices[0]};
     }},
    {Kind::clamp,
     [](uint64_t v, R r) {
       read_surface_code(v, r, clamp_table(), ModifierSlot::clamp, Kind::clamp,
                         [](Surface& s, const auto& c) { s.clamp = c.clamp; });
     },
     [](B, W w) {
       return write_surface_code(w, clamp_table(), ModifierSlot::clamp,
                                 static_cast<uint64_t>(info(w.instruction.surface.clamp).code));
     }},
    // decode() warns about a set unassigned bit before reading the fields; encode() writes 0.
    {Kind::unassigned, [](uint64_t, R) {}, [](B, W) -> Written { return uint64_t{0}; }},
}};

constexpr bool in_kind_order() {
  for (size_t k = 0; k < codecs.size(); ++k)
    if (static_cast<size_t>(codecs[k].kind) != k) return false;
  return true;
}
static_assert(in_kind_order(), "one codec per FieldKind, in the enum's order");

constexpr bool read_once_each() {
  std::array<int, field_kind_count> seen{};
  for (const Kind k : read_order) ++seen[static_cast<size_t>(k)];
  for (const int n : seen)
    if (n != 1) return false;
  return true;
}
static_assert(read_once_each(), "read_order names every FieldKind once");

}  // namespace

void Reading::reserved(ModifierSlot slot, FieldKind field) {
  const uint64_t code = value(field);
  instruction.placeholders[static_cast<int>(slot)] = static_cast<uint16_t>(code);
  out.warning(instruction.where,
              fmt::format("{} field value {} of {} names no {}; printed as nvdisasm prints it, {}", name(field), code,
                          form.name, name(slot), instruction.placeholder_spelling(slot)),
              "docs/oracles.md");
}

void Reading::refused(const std::string& why) {
  out.error(instruction.where,
            fmt::format("nvdisasm {} calls this {} word invalid: {}", nvdisasm_name(arch), form.name, why),
            "docs/oracles.md");
}

const FieldCodec& codec(FieldKind kind) { return codecs[static_cast<size_t>(kind)]; }

namespace {

// The walk over read_order unrolled at compile time: each field's codec is then a known function,
// called directly and inlined, not through a pointer (decode runs this for every word).
template <size_t... I>
void read_in_order(Reading& r, std::index_sequence<I...> /*kinds*/) {
  const auto read = [&r](auto index) {
    constexpr FieldKind kind = read_order[decltype(index)::value];
    if (r.has(kind)) codecs[static_cast<size_t>(kind)].read(r.value(kind), r);
  };
  (read(std::integral_constant<size_t, I>{}), ...);
}

// The same for writing, over every kind in the enum's order: the word is the same in any order.
template <size_t... K>
bool write_in_kind_order(const FieldsByKind& fields, const Writing& w, uint64_t& word,
                         std::index_sequence<K...> /*kinds*/) {
  const auto write = [&](auto kind) {
    const BitField* f = fields[decltype(kind)::value];
    if (!f) return true;
    const Written value = codecs[decltype(kind)::value].write(*f, w);
    const uint64_t* v = std::get_if<uint64_t>(&value);
    if (!v || *v >> f->width) return false;
    word |= *v << f->lo;
    return true;
  };
  return (write(std::integral_constant<size_t, K>{}) && ...);
}

}  // namespace

void read_fields(Reading& reading) { read_in_order(reading, std::make_index_sequence<read_order.size()>{}); }

bool write_fields(const FieldsByKind& fields, const Writing& writing, uint64_t& word) {
  return write_in_kind_order(fields, writing, word, std::make_index_sequence<field_kind_count>{});
}

}  // namespace gpuatom::nvidia::maxwell
