#include "gpuatom/nvidia/binary/sass128.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <bit>
#include <span>
#include <stdexcept>
#include <string>
#include <tuple>
#include <vector>

#include "gpuatom/nvidia/text/printer.hpp"
#include "gpuatom/nvidia/validator.hpp"
#include "gpuatom/support/bits.hpp"
#include "gpuatom/support/text.hpp"
#include "sass128_fields.hpp"
#include "sass128_forms.hpp"
#include "sass128_index.hpp"
#include "sass128_writers.hpp"

namespace gpuatom::nvidia {

namespace {

using sass128::AddressForm;
using sass128::Field;
using Kind = sass128::FieldKind;
using sass128::field_mask;
using sass128::Form;
using sass128::get;
using sass128::put;
using sass128::scales;
// clang-tidy 14 does not see these operators used on Word128 below (misc-unused-using-decls).
using sass128::operator|;  // NOLINT(misc-unused-using-decls)
using sass128::operator&;  // NOLINT(misc-unused-using-decls)
using sass128::operator^;  // NOLINT(misc-unused-using-decls)
using sass128::operator~;  // NOLINT(misc-unused-using-decls)

constexpr uint64_t sass128_opcode_mask = 0xfff;
constexpr int pm_hint_bit = 102;  // bits 102–103: nvdisasm's ?PMn (sm_86 … sm_90)

// sm_120 and sm_121 print SUATOM with a second uniform register and .UAI (nvdisasm 13.0 on random
// words): their SUATOM rows are their own, and Blackwell's others are sm_100 … sm_110's.
bool form_known_on(const Form& form, Architecture arch) {
  return form.mnemonic != Mnemonic::SUATOM || form.uniform_array_only == has(arch, Feature::suatom_uniform_array);
}

Word128 fixed(const Form& form) { return {form.opcode | form.fixed_low, form.fixed_high}; }

}  // namespace

namespace {

// The control bits' one layout: name (as describe() prints it and parse_control_bits() reads it),
// bits, how many hex digits describe() prints (0: decimal), and the ControlBits member.
struct ControlField {
  std::string_view name;
  int lo, width, hex_digits;
  uint8_t ControlBits::*member;  // nullptr: yield, the one bool
};
constexpr std::array<ControlField, 6> control_fields = {{
    {"stall", 105, 4, 0, &ControlBits::stall},
    {"yield", 109, 1, 0, nullptr},
    {"write barrier", 110, 3, 0, &ControlBits::write_barrier},
    {"read barrier", 113, 3, 0, &ControlBits::read_barrier},
    {"wait mask", 116, 6, 2, &ControlBits::wait_mask},
    {"reuse", 122, 4, 1, &ControlBits::reuse},
}};

uint8_t value_of(const ControlBits& c, const ControlField& f) { return f.member ? c.*f.member : c.yield; }
void set_value(ControlBits& c, const ControlField& f, uint64_t v) {
  if (f.member)
    c.*f.member = static_cast<uint8_t>(v);
  else
    c.yield = v != 0;
}

}  // namespace

ControlBits control_bits(const Word128& w) {
  ControlBits c;
  for (const ControlField& f : control_fields) set_value(c, f, get(w, f.lo, f.width));
  return c;
}

Word128 with_control_bits(Word128 w, const ControlBits& c) {
  for (const ControlField& f : control_fields) put(w, f.lo, f.width, value_of(c, f));
  return w;
}

std::string describe(const ControlBits& c) {
  std::string out;
  for (const ControlField& f : control_fields)
    out += fmt::format(
        "{}{} {}", out.empty() ? "" : ", ", f.name,
        f.hex_digits ? fmt::format("0x{:0{}x}", value_of(c, f), f.hex_digits) : fmt::format("{}", value_of(c, f)));
  return out;
}

std::variant<ControlBits, std::string> parse_control_bits(std::string_view text) {
  const auto trim = [](std::string_view t) {
    while (!t.empty() && (t.front() == ' ' || t.front() == '\t')) t.remove_prefix(1);
    while (!t.empty() && (t.back() == ' ' || t.back() == '\t')) t.remove_suffix(1);
    return t;
  };
  ControlBits c;
  while (!text.empty()) {
    const size_t comma = text.find(',');
    const std::string_view item = trim(text.substr(0, comma));
    text = comma == std::string_view::npos ? std::string_view() : text.substr(comma + 1);
    const size_t space = item.rfind(' ');
    const std::string_view key = space == std::string_view::npos ? item : trim(item.substr(0, space));
    const auto* field = sass128::find_row(control_fields, [&](const ControlField& f) { return f.name == key; });
    if (!field || space == std::string_view::npos)
      return fmt::format("'{}' is none of stall, yield, write barrier, read barrier, wait mask, reuse with a value",
                         item);
    const auto value = support::parse_unsigned(item.substr(space + 1), (uint64_t{1} << field->width) - 1);
    if (!value) return fmt::format("'{}': {} takes {} bits", item, field->name, field->width);
    set_value(c, *field, *value);
  }
  return c;
}

bool has_sass128_forms(Architecture arch) { return sass128::has_forms(generation(arch)); }

bool has_atomic_opcode(const Word128& word, Architecture arch) {
  // Bits 0–8 name the instruction, bits 9–11 the shape of its operands (0x38a and 0x98a are both
  // ATOM): an atomic in an operand shape gpuatom has no form for is still an atomic, reported
  // rather than passed over.
  constexpr uint64_t instruction_mask = 0x1ff;
  return sass128::atomic_instruction(generation(arch), word.lo & instruction_mask);
}

namespace {

// The form of `arch`'s generation whose opcode and selecting bits the word has, or nullptr.
const sass128::OpcodeForm* opcode_form_of(const Word128& word, Architecture arch, const GenerationInfo& g) {
  for (const sass128::OpcodeForm& candidate : sass128::opcode_forms(g.generation, word.lo & sass128_opcode_mask)) {
    const Form* f = candidate.form;
    if (form_known_on(*f, arch) && (word.hi & f->select_high) == (f->fixed_high & f->select_high) &&
        (word.lo & f->select_low) == (f->fixed_low & f->select_low))
      return &candidate;
  }
  return nullptr;
}

// Why no form of `arch` reads the word.
[[gnu::cold, gnu::noinline]] support::Diagnostic no_form(const Word128& word, Architecture arch,
                                                         const GenerationInfo& g,
                                                         const support::SourceLocation& where) {
  const uint64_t opcode = word.lo & sass128_opcode_mask;
  if (!has_sass128_forms(arch))
    return sass128::refusal(where,
                            fmt::format("gpuatom knows no 128-bit atomic forms of {} ({}) yet", name(arch), g.name));
  return sass128::refusal(
      where, fmt::format("opcode 0x{:03x} is no atomic form gpuatom knows on {} ({})", opcode, name(arch), g.name));
}

// The addresses nvdisasm prints otherwise than their fields read, after the fields are read.
// Whether nvdisasm prints .???0 in the .E slot of this instruction in this form: .E clear with a
// 64-bit register address, or with any register where the form says so (ATOM 0xf8a).
bool clear_e_prints_placeholder(const Form& form, const Instruction& i) {
  return form.has(Kind::extended) && !i.extended &&
         (i.address.suffix == RegisterSuffix::wide64 ||
          (form.e_placeholder_any_width && i.address.suffix == RegisterSuffix::u32));
}

void read_address_shapes(sass128::Reading& r) {
  const Form& form = r.form;
  Instruction& i = r.instruction;
  // An address of RZ plus a uniform register prints as the uniform register alone ([URb]).
  const auto uniform_alone = [&] {
    i.address.uniform_base = true;
    i.address.base = *i.address.uniform_index;
    i.address.uniform_index.reset();
    i.address.suffix = RegisterSuffix::none;
  };
  // A scaled index of RZ prints as an absolute address ([0x10], not [RZ.X4+0x10]): the scale's
  // bits are kept, as an alias's are.
  if (form.address == AddressForm::scaled && i.address.base == RZ && i.address.suffix != RegisterSuffix::none) {
    r.aliases = r.aliases | (r.word & field_mask(*form.field(Kind::scale)));
    i.address.suffix = RegisterSuffix::none;
  }
  // Turing … Ada print a general address of RZ as the uniform register alone; its .64/.U32 bit is
  // kept (1, .64, reads as no alias). ATOMS's [RZ+URb] too, when unscaled.
  if (form.address == AddressForm::general_rz_elided && i.address.base == RZ) {
    if (const Field* wide = form.field(Kind::address_wide)) r.alias(*wide, get(r.word, *wide), 1);
    uniform_alone();
  }
  // REDAS leaves out `+ URZ`.
  if (form.address == AddressForm::general_urz_elided && i.address.uniform_index == URZ)
    i.address.uniform_index.reset();
  if (form.address == AddressForm::scaled_plus_uniform && i.address.base == RZ &&
      i.address.suffix == RegisterSuffix::none)
    uniform_alone();
  // A 64-bit register address without .E: nvdisasm prints .???0 in the .E slot.
  const bool general = form.address == AddressForm::general || form.address == AddressForm::general_rz_elided;
  if (clear_e_prints_placeholder(form, i) && (general || form.address == AddressForm::wide))
    sass128::set_placeholder(i, ModifierSlot::extended, 0);
  // An address printed without a register is unsigned: nvdisasm prints [0xb21d5f]. One printed
  // with RZ.64 (desc[UR4][RZ.64+-0x14eca5]) is signed.
  if (i.address.absolute() && i.address.suffix == RegisterSuffix::none)
    if (const Field* offset = form.field(Kind::offset)) i.address.offset = static_cast<int64_t>(get(r.word, *offset));
}

// The slots a lone placeholder may stand in that the text does not tell apart (encode128 tries
// each), with the fields that hold each: the cache operation, the size with its high bit, the
// clamp, and Turing's strength (an order code).
struct MovableSlot {
  ModifierSlot slot;
  std::array<Kind, 2> kinds;
};
constexpr std::array<MovableSlot, 4> movable_slots = {{{ModifierSlot::cache, {Kind::cache, Kind::cache}},
                                                       {ModifierSlot::size, {Kind::size, Kind::size_high}},
                                                       {ModifierSlot::clamp, {Kind::clamp, Kind::clamp}},
                                                       {ModifierSlot::strength, {Kind::order, Kind::order}}}};

Word128 fields_of(const Form& form, const MovableSlot& m) {
  Word128 mask;
  for (const Kind k : m.kinds)
    if (const Field* f = form.field(k)) mask = mask | field_mask(*f);
  return mask;
}

// The fields in which the instruction's placeholders of those slots stand.
Word128 placeholder_fields(const Form& form, const Instruction& i) {
  Word128 mask;
  for (const MovableSlot& m : movable_slots)
    if (i.placeholders[static_cast<int>(m.slot)]) mask = mask | fields_of(form, m);
  return mask;
}

// What the fields leave to the form: the one op or size of a form without the field, nvdisasm's
// spellings, and the bits no printed field shows (kept_bits), of those the form's opcode and
// fields leave (`unfielded`).
void read_rest(sass128::Reading& r, const Word128& unfielded) {
  const Form& form = r.form;
  Instruction& i = r.instruction;
  Word128 kept = (r.word ^ fixed(form)) & unfielded;
  // set_placeholder(), the one way a read sets a placeholder, marks them generic: whether any slot
  // holds one, without asking each.
  const bool has_placeholder = i.generic_placeholders;
  if (!form.has(Kind::op)) i.op = *r.tables.ops[static_cast<size_t>(form.ops)][0].op;
  if (!form.has(Kind::size)) i.size = *r.tables.sizes[static_cast<size_t>(form.sizes)][0].size;
  // nvdisasm leaves out a SUATOM's Pu of PT (`SUATOM.D.1D.ADD R2, [R4], R6, R8`); encode128 writes
  // PT for none.
  if (i.mnemonic == Mnemonic::SUATOM && i.pu == PT) i.pu.reset();
  // nvdisasm spells a SUATOM.CAS's .U64 as .U64 on Ampere and Ada, .64 on the others.
  if (i.mnemonic == Mnemonic::SUATOM && i.is_compare() && i.size == Size::U64 &&
      has(r.arch, Feature::surface_compare_u64))
    i.size_spelling = info(Size::U64).spelling;
  // nvdisasm prints ATOMS.POPC.INC.32 and ATOMS.ARRIVE.64.
  if (i.op == AtomOp::POPC_INC || i.op == AtomOp::ARRIVE) i.size_spelling = compact_size_spelling(i.size);
  // An address printed without desc[] keeps its descriptor register's bits as read.
  if (r.descriptor && r.descriptor_shown)
    i.address.descriptor = sass128::uniform_register(*r.descriptor, get(r.word, *r.descriptor));
  else if (r.descriptor)
    kept = kept | (r.word & field_mask(*r.descriptor));
  // With a placeholder the text may read alike for two forms (ATOMG.E.ADD.INVALID7: the integer
  // 0x9a8 or the float 0x9a3): the opcode is kept, where kept bits are otherwise zero.
  if (has_placeholder) kept.lo |= form.opcode;
  // So may a lone placeholder's slot (cache operation, size, clamp or Turing's strength): its field
  // is kept as read, and encode128 puts the placeholder where it writes these bits.
  if (has_placeholder) kept = kept | (r.word & placeholder_fields(form, i));
  // Bits 102–103 (nvdisasm 11.8's ?PMn on sm_86 … sm_90) stay in kept_bits: nvdisasm 13.0 prints
  // nothing for them, and gpuatom follows it (docs/sass128.md).
  i.kept_bits = kept | r.aliases;
}

}  // namespace

Word128 sass128::placeholder_hints(const Instruction& i) {
  if (!i.architecture || !i.has_placeholder()) return {};
  const uint64_t opcode = i.kept_bits.lo & sass128_opcode_mask;
  for (const Form* f : sass128::forms_with_opcode(opcode))
    if (f->mnemonic == i.mnemonic && sass128::in(f->generations, generation(*i.architecture)) &&
        form_known_on(*f, *i.architecture))
      return i.kept_bits & placeholder_fields(*f, i);
  return {};
}

std::optional<support::Diagnostic> decode128_into(const Word128& word, Architecture arch,
                                                  const support::SourceLocation& where, Instruction& i) {
  const GenerationInfo& g = generation_info(arch);
  if (g.word != WordFormat::sass128)
    return sass128::refusal(where, fmt::format("{} ({}) has 64-bit words, not 128-bit ones", name(arch), g.name));
  const sass128::OpcodeForm* found = opcode_form_of(word, arch, g);
  if (!found) return no_form(word, arch, g, where);
  const Form& form = *found->form;
  i.mnemonic = form.mnemonic;
  i.dialect = Dialect::modern;
  i.architecture = arch;
  i.where = where;
  // A general address without the address_wide field is .64 (RED/REDG).
  const bool general = form.address == AddressForm::general || form.address == AddressForm::general_rz_elided;
  i.address.suffix = form.address == AddressForm::wide || general ? RegisterSuffix::wide64 : RegisterSuffix::none;
  sass128::Reading r{form, word, arch, i};
  sass128::read_fields(r, found->usual, found->other_fields());
  if (r.refused) return std::move(r.refused);
  read_address_shapes(r);
  read_rest(r, found->unfielded);
  return std::nullopt;
}

std::variant<Instruction, support::Diagnostic> decode128(const Word128& word, Architecture arch,
                                                         const support::SourceLocation& where) {
  // Built where it is returned: an Instruction is 320 bytes, and a word reads in a few hundred
  // instructions.
  std::variant<Instruction, support::Diagnostic> out(std::in_place_type<Instruction>);
  if (auto why = decode128_into(word, arch, where, std::get<Instruction>(out))) out = std::move(*why);
  return out;
}

namespace {

// What takes() asks of an instruction, one bit a question, so that each candidate form asks
// one compare: the instruction's bits (shape_of), masked by what the form cares about, equal what
// it wants (FormShape). Asked for every candidate form of every word, where the questions one by
// one cost a hundred instructions a form.
enum ShapeBit : uint8_t {
  has_rd,
  has_rb,
  has_rc,
  has_pu,  // or SUATOM, whose forms all have Pu (PT when none is printed)
  has_extended,
  has_offset,  // a nonzero offset
  has_cache,
  has_private,
  formatted,
  has_handle_register,
  has_handle_uniform,
  handle_count,  // 2 bits: how many handle immediates (0–3)
  too_many_handles = handle_count + 2,
  has_second_uniform,
  has_uniform_array,
  // The address forms the address fits (takes() before said how, form by form).
  plain_address,
  scaled_address,
  wide_address,
  descriptor,
  uniform_address,
  general_wide_only,  // AddressForm::general without the address_wide field (.64 only)
  general_any,        // ... with it (.64 or .U32)
  general_rz_elided_wide_only,
  general_rz_elided_any,
  general_urz_elided_address,
  scaled_plus_uniform_address,
  plus_uniform_address,
  never,  // no instruction has it: a form that wants it takes none
};
constexpr uint32_t shape_bit_mask(ShapeBit b) { return uint32_t{1} << b; }

uint32_t address_shape(const Address& a) {
  const bool scaled = std::find(scales.begin(), scales.end(), a.suffix) != scales.end();
  const bool none = a.suffix == RegisterSuffix::none, wide64 = a.suffix == RegisterSuffix::wide64;
  const bool register_only = !a.uniform_base && !a.descriptor && !a.uniform_index;
  const bool indexed_wide = !a.uniform_base && a.uniform_index && !a.descriptor && wide64;
  const bool indexed_any =
      indexed_wide || (!a.uniform_base && a.uniform_index && !a.descriptor && a.suffix == RegisterSuffix::u32);
  const bool elided = a.uniform_base && !a.uniform_index && !a.descriptor && none;
  const auto when = [](bool holds, ShapeBit b) { return holds ? shape_bit_mask(b) : 0u; };
  return when(register_only && none, plain_address) | when(register_only && scaled, scaled_address) |
         when(!a.uniform_base && !a.uniform_index && wide64, wide_address) |
         when(a.descriptor.has_value(), descriptor) |
         when(a.uniform_base && !a.descriptor && !a.uniform_index && none, uniform_address) |
         when(indexed_wide, general_wide_only) | when(indexed_any, general_any) |
         when(indexed_wide || elided, general_rz_elided_wide_only) |
         when(indexed_any || elided, general_rz_elided_any) |
         when(!a.uniform_base && !a.descriptor && (wide64 || a.suffix == RegisterSuffix::u32),
              general_urz_elided_address) |
         when(!a.descriptor &&
                  ((!a.uniform_base && a.uniform_index && scaled) || (a.uniform_base && !a.uniform_index && none)),
              scaled_plus_uniform_address) |
         when(!a.uniform_base && !a.descriptor && a.uniform_index && none, plus_uniform_address);
}

// address_shape() asks only these of an address: its answers, by them, worked out once.
uint32_t address_shape_of(const Address& a) {
  constexpr size_t suffixes = static_cast<size_t>(RegisterSuffix::x16) + 1;
  static const auto shapes = [] {
    std::array<uint32_t, 8 * suffixes> by{};
    for (size_t key = 0; key < by.size(); ++key) {
      Address x;
      x.uniform_base = (key & 1) != 0;
      if (key & 2) x.descriptor = 0;
      if (key & 4) x.uniform_index = 0;
      x.suffix = static_cast<RegisterSuffix>(key / 8);
      by[key] = address_shape(x);
    }
    return by;
  }();
  const size_t suffix = static_cast<size_t>(a.suffix);
  if (suffix >= suffixes) return address_shape(a);
  return shapes[(a.uniform_base ? 1 : 0) | (a.descriptor ? 2 : 0) | (a.uniform_index ? 4 : 0) | suffix * 8];
}

uint32_t shape_of(const Instruction& i) {
  const Surface& s = i.surface;
  const size_t handles = s.handle_indices.size();
  const auto when = [](bool holds, ShapeBit b) { return holds ? shape_bit_mask(b) : 0u; };
  return address_shape_of(i.address) | when(i.rd.has_value(), has_rd) | when(i.rb.has_value(), has_rb) |
         when(i.rc.has_value(), has_rc) | when(i.pu.has_value() || i.mnemonic == Mnemonic::SUATOM, has_pu) |
         when(i.extended, has_extended) | when(i.address.offset != 0, has_offset) |
         when(i.memory.cache != CacheOp::none, has_cache) | when(i.memory.private_, has_private) |
         when(s.formatted, formatted) | when(s.handle_register.has_value(), has_handle_register) |
         when(s.handle_uniform.has_value(), has_handle_uniform) |
         (handles > 3 ? shape_bit_mask(too_many_handles) : static_cast<uint32_t>(handles) << handle_count) |
         when(s.second_uniform.has_value(), has_second_uniform) | when(s.uniform_array, has_uniform_array);
}

// Which bits of an instruction's shape a form asks about, and what it wants them to be.
struct FormShape {
  uint32_t care = 0, want = 0;
  void require(ShapeBit b, bool set) {
    care |= shape_bit_mask(b);
    if (set) want |= shape_bit_mask(b);
  }
};

uint32_t address_bit(const Form& form) {
  const bool wide_only = !form.has(Kind::address_wide);
  switch (form.address) {
    case AddressForm::plain: return shape_bit_mask(plain_address);
    case AddressForm::scaled: return shape_bit_mask(scaled_address);
    case AddressForm::wide: return shape_bit_mask(wide_address);
    case AddressForm::uniform: return shape_bit_mask(uniform_address);
    case AddressForm::general: return shape_bit_mask(wide_only ? general_wide_only : general_any);
    case AddressForm::general_rz_elided:
      return shape_bit_mask(wide_only ? general_rz_elided_wide_only : general_rz_elided_any);
    case AddressForm::general_urz_elided: return shape_bit_mask(general_urz_elided_address);
    case AddressForm::scaled_plus_uniform: return shape_bit_mask(scaled_plus_uniform_address);
    case AddressForm::plus_uniform: return shape_bit_mask(plus_uniform_address);
  }
  return shape_bit_mask(never);
}

// Whether a form holds the instruction's address and operands (its op, size and order are asked
// of the code tables), as the bits of the instruction's shape that it cares about.
FormShape shape_taken(const Form& form) {
  FormShape f;
  f.care = f.want = address_bit(form);
  // A wide address's desc[URn] needs the field; a form that always prints it needs one.
  if (form.address == AddressForm::wide) {
    if (form.descriptor_always)
      f.require(form.has(Kind::descriptor) ? descriptor : never, true);
    else if (!form.has(Kind::descriptor))
      f.require(descriptor, false);
  }
  const size_t indices = form.has(Kind::handle_index2)   ? 3
                         : form.has(Kind::handle_index1) ? 2
                         : form.has(Kind::handle_index0) ? 1
                                                         : 0;
  f.require(formatted, false);
  f.require(has_handle_register, form.has(Kind::handle_register));
  f.require(has_handle_uniform, form.has(Kind::handle_uniform));
  f.care |= 3u << handle_count | shape_bit_mask(too_many_handles);
  f.want |= static_cast<uint32_t>(indices) << handle_count;
  if (!form.has(Kind::second_uniform)) f.require(has_second_uniform, false);
  if (!form.has(Kind::uniform_array)) f.require(has_uniform_array, false);
  // A form without a field for .PRIVATE or a cache operation takes none; Turing's .PRIVATE has a
  // bit of its own, later generations' is an order code.
  if (!form.has(Kind::private_flag) && !(form.has(Kind::order) && form.orders != sass128::OrderCodes::turing))
    f.require(has_private, false);
  if (!form.has(Kind::cache)) f.require(has_cache, false);
  if (!form.has(Kind::offset)) f.require(has_offset, false);
  if (!form.has(Kind::extended)) f.require(has_extended, false);
  f.require(has_rd, form.has(Kind::rd));
  f.require(has_pu, form.has(Kind::pu));
  f.require(has_rc, form.has(Kind::rc));
  f.require(has_rb, form.has(Kind::rb));
  return f;
}

// Whether a code fits its field, where the form has one (a kind is at most one field of a form).
bool code_fits(const Form& form, Kind kind, uint64_t code, int extra_width = 0) {
  const Field* f = form.field(kind);
  return !f || sass128::fits(code, Field{f->kind, f->lo, static_cast<uint8_t>(f->width + extra_width)});
}
// A form without an op or size field has only its table's code 0 (ATOMG 0x3a9: CAS); a size with
// a high bit fits the field and that bit together.
bool op_fits(const Form& form, uint64_t op) {
  return (form.has(Kind::op) || op == 0u) && code_fits(form, Kind::op, op);
}
bool size_fits(const Form& form, uint64_t size) {
  const Field* high = form.field(Kind::size_high);
  return (form.has(Kind::size) || size == 0u) && code_fits(form, Kind::size, size, high ? high->width : 0);
}
// The order code, or ~0 where the form holds none: a form without an order field takes no
// .STRONG.<scope>.
uint64_t order_for(const Form& form, const MemoryModifiers& m, std::optional<uint16_t> strength,
                   std::optional<uint16_t> scope) {
  const bool unordered = m.strength == Strength::none && m.scope == Scope::none && !m.private_ && !strength;
  return form.has(Kind::order) ? sass128::order_code(form.orders, m, strength, scope).value_or(~0ULL)
         : unordered           ? 0
                               : ~0ULL;
}

// The op, size and order codes the form writes.
struct Codes {
  uint64_t op, size, order;
  uint64_t cache = 0;  // the cache operation's code: Candidate::plain_codes() alone sets it
};

// cache_code(), asked once a cache operation.
uint64_t cache_code_of(CacheOp cache) {
  static const auto codes = [] {
    std::array<uint8_t, static_cast<size_t>(CacheOp::na) + 1> by{};
    for (size_t k = 0; k < by.size(); ++k) by[k] = static_cast<uint8_t>(sass128::cache_code(static_cast<CacheOp>(k)));
    return by;
  }();
  const auto k = static_cast<size_t>(cache);
  return k < codes.size() ? codes[k] : sass128::cache_code(cache);
}

// Whether the instruction's placeholders suit the form: each where the form has the field (no
// scope placeholder: every scope code names one), and none for a code that names a value here,
// which would decode as that value (ATOM.E.INVALID0 is no ATOM.E.ADD).
bool placeholders_suit(const Form& form, const Instruction& i) {
  const auto placeholder = [&](ModifierSlot slot) { return i.placeholders[static_cast<int>(slot)]; };
  const bool fit = (!placeholder(ModifierSlot::scope) || form.orders == sass128::OrderCodes::reduce_async) &&
                   !placeholder(ModifierSlot::mode) &&
                   (!placeholder(ModifierSlot::extended) || clear_e_prints_placeholder(form, i)) &&
                   (!placeholder(ModifierSlot::cache) || form.has(Kind::cache)) &&
                   (!placeholder(ModifierSlot::dim) || form.has(Kind::dim)) &&
                   (!placeholder(ModifierSlot::clamp) || form.has(Kind::clamp));
  const auto names = [&](ModifierSlot slot, auto named_by) {
    return placeholder(slot) && named_by(*placeholder(slot));
  };
  return fit && !names(ModifierSlot::op, [&](uint64_t c) { return sass128::op_from_code(form.ops, c).has_value(); }) &&
         !names(ModifierSlot::size, [&](uint64_t c) { return sass128::size_from_code(form.sizes, c).has_value(); }) &&
         !names(ModifierSlot::cache, [](uint64_t c) { return sass128::cache_from_code(c).has_value(); }) &&
         !names(ModifierSlot::dim, [](uint64_t c) { return sass128::by_code(dim_table(), c) != nullptr; }) &&
         !names(ModifierSlot::clamp, [](uint64_t c) { return sass128::by_code(clamp_table(), c) != nullptr; });
}

// The op, size and order codes the form would write for the instruction, or nothing where it
// holds no such code: a placeholder is the field value itself (decode128 read it so).
std::optional<Codes> codes_for(const Form& form, const Instruction& i) {
  const auto placeholder = [&](ModifierSlot slot) { return i.placeholders[static_cast<int>(slot)]; };
  const auto op = placeholder(ModifierSlot::op) ? std::optional<uint64_t>(*placeholder(ModifierSlot::op))
                                                : sass128::op_code(form.ops, i.op);
  const auto size = placeholder(ModifierSlot::size) ? std::optional<uint64_t>(*placeholder(ModifierSlot::size))
                                                    : sass128::size_code(form.sizes, i.size);
  const uint64_t order =
      order_for(form, i.memory, placeholder(ModifierSlot::strength), placeholder(ModifierSlot::scope));
  if (!placeholders_suit(form, i) || !op || !size || order == ~0ULL) return std::nullopt;
  const auto held_fits = [&](Kind kind, ModifierSlot slot) {
    return !placeholder(slot) || code_fits(form, kind, *placeholder(slot));
  };
  if (!op_fits(form, *op) || !size_fits(form, *size) || !code_fits(form, Kind::order, order) ||
      !held_fits(Kind::cache, ModifierSlot::cache) || !held_fits(Kind::dim, ModifierSlot::dim) ||
      !held_fits(Kind::clamp, ModifierSlot::clamp))
    return std::nullopt;
  return Codes{*op, *size, order};
}

// Where a field's value goes in a word, worked out once a field: an or into one half (no field
// of the table crosses bit 64; one that did would be put bit by bit, put()'s way).
struct Placement {
  uint64_t mask = 0;  // the field's bits in its half
  uint8_t half = 0;   // 0: bits 0–63, 1: bits 64–127
  uint8_t shift = 0;
  bool crosses = false;
};
Placement placement(const Field& f) {
  Placement p;
  p.crosses = f.lo < 64 && f.lo + f.width > 64;
  p.half = f.lo >= 64 ? 1 : 0;
  p.shift = static_cast<uint8_t>(f.lo % 64);
  p.mask = ((uint64_t{1} << f.width) - 1) << p.shift;
  return p;
}

// A memory order as a number, for the candidates' tables: strength, scope and .PRIVATE (the
// order codes ask nothing else).
constexpr size_t strengths = static_cast<size_t>(Strength::mmio) + 1;
constexpr size_t scopes = static_cast<size_t>(Scope::vc) + 1;
constexpr size_t order_keys = strengths * scopes * 2;
size_t order_key(const MemoryModifiers& m) {
  return (static_cast<size_t>(m.strength) * scopes + static_cast<size_t>(m.scope)) * 2 + (m.private_ ? 1 : 0);
}
MemoryModifiers memory_of(size_t key) {
  return {static_cast<Strength>(key / 2 / scopes), static_cast<Scope>(key / 2 % scopes), CacheOp::none, key % 2 == 1};
}
constexpr uint8_t no_code = 0xff;

// The forms of each mnemonic and generation, as forms_of() orders them, each with its shape.
constexpr size_t max_fields = std::tuple_size_v<decltype(sass128::FieldList::items)>;
struct Candidate {
  const Form* form;
  FormShape shape;
  Word128 fixed;      // the form's fixed bits
  Word128 unfielded;  // the bits neither its opcode nor a field covers (kept_bits fill them)
  Word128 fielded;    // the bits its fields cover
  std::array<Placement, max_fields> placements;
  // The fields whose writer copies a byte of the instruction (copied_byte()), written by that
  // copy, and the others (their indices), written through write_field() in the form's order.
  struct Copy {
    size_t offset;
    Placement placement;
  };
  std::array<Copy, max_fields> copies;
  std::array<uint8_t, max_fields> written;
  uint8_t copy_count = 0, written_count = 0;
  // Without placeholders, and with no kept bit in a field (no alias read), the op, size (its high
  // bit too), order and cache fields hold the codes plain_codes() chose (write_field() gives no
  // other value then): placed straight from the codes, and the other fields written as above.
  struct Coded {
    uint64_t Codes::*code;
    uint8_t right_shift;  // size_high: the bits above the size field's
    Placement placement;
  };
  std::array<Coded, 5> coded;
  std::array<uint8_t, max_fields> uncoded;
  uint8_t coded_count = 0, uncoded_count = 0;
  // codes_for()'s answers for an instruction without placeholders, by its op, its size and its
  // memory order (order_key): a code, or no_code where the form holds none.
  std::array<uint8_t, atom_op_count> op_codes;
  std::array<uint8_t, size_count> size_codes;
  std::array<uint8_t, order_keys> order_codes;

  std::optional<Codes> plain_codes(const Instruction& i) const {
    const uint8_t op = op_codes[static_cast<size_t>(i.op)], size = size_codes[static_cast<size_t>(i.size)],
                  order = order_codes[order_key(i.memory)];
    if (op == no_code || size == no_code || order == no_code) return std::nullopt;
    return Codes{op, size, order, cache_code_of(i.memory.cache)};
  }
};

// Where a field kind's writer copies one byte of the instruction (a register, the guard, a flag),
// the byte's place in an Instruction; nothing for any other writer. Each answer is checked on two
// instructions that differ in every such byte, so that a writer that comes to do more than copy
// loses the copy rather than being bypassed.
std::optional<size_t> copied_byte(Kind kind) {
  Instruction a, b;
  a.guard = {3, true};
  b.guard = {5, false};
  a.rd = 1, b.rd = 2, a.rb = 3, b.rb = 4, a.rc = 5, b.rc = 6;
  a.extended = a.memory.private_ = a.surface.byte_address = a.surface.uniform_array = true;
  a.surface.handle_register = 7, b.surface.handle_register = 8;
  a.address.base = 9, b.address.base = 10, a.pu = 1, b.pu = 2;  // ra and pu as register_copies() takes them
  const auto at = [&](const auto& member) {
    return static_cast<size_t>(reinterpret_cast<const unsigned char*>(&member) -
                               reinterpret_cast<const unsigned char*>(&a));
  };
  size_t offset = 0;
  switch (kind) {
    case Kind::guard: offset = at(a.guard.predicate); break;
    case Kind::guard_negate: offset = at(a.guard.negated); break;
    case Kind::ra: offset = at(a.address.base); break;
    case Kind::pu: offset = at(*a.pu); break;
    case Kind::rd: offset = at(*a.rd); break;
    case Kind::rb: offset = at(*a.rb); break;
    case Kind::rc: offset = at(*a.rc); break;
    case Kind::extended: offset = at(a.extended); break;
    case Kind::private_flag: offset = at(a.memory.private_); break;
    case Kind::byte_address: offset = at(a.surface.byte_address); break;
    case Kind::handle_register: offset = at(*a.surface.handle_register); break;
    case Kind::uniform_array: offset = at(a.surface.uniform_array); break;
    default: return std::nullopt;
  }
  for (const Instruction* x : {&a, &b}) {
    sass128::Writing w(sass128::forms().front(), *x, Architecture::sm_90, 0, 0, 0);
    if (sass128::write_field(Field{kind, 0, 8}, w) != reinterpret_cast<const unsigned char*>(x)[offset])
      return std::nullopt;
  }
  return offset;
}

// Whether the form's Ra and Pu fields copy the instruction's register: takes() lets through only a
// register base (not [URb], which writes RZ) to a form whose address has one, and a Pu to a form
// with the field but SUATOM's (whose unprinted Pu is PT).
bool copies_register(const Form& form, Kind kind) {
  const AddressForm a = form.address;
  if (kind == Kind::ra)
    return a == AddressForm::plain || a == AddressForm::scaled || a == AddressForm::wide ||
           a == AddressForm::general_urz_elided || a == AddressForm::plus_uniform;
  if (kind == Kind::pu) return form.mnemonic != Mnemonic::SUATOM;
  return true;
}

// A form's candidate: its fields may not overlap, for each is or-ed into bits cleared before.
Candidate candidate(const Form& f) {
  Candidate c{&f, shape_taken(f), fixed(f), ~sass128::fields_mask(f), {}, {}, {}, {}, 0, 0, {}, {}, 0, 0, {}, {}, {}};
  const auto fields = f.field_list();
  for (size_t k = 0; k < fields.size(); ++k) {
    const Word128 mask = field_mask(fields[k]);
    if ((c.fielded & mask) != Word128{}) throw std::logic_error("a 128-bit form's fields overlap");
    c.fielded = c.fielded | mask;
    c.placements[k] = placement(fields[k]);
    static const auto copied = [] {
      std::array<std::optional<size_t>, sass128::field_kind_count> by{};
      for (size_t kind = 0; kind < by.size(); ++kind) by[kind] = copied_byte(static_cast<Kind>(kind));
      return by;
    }();
    if (const auto& offset = copied[static_cast<size_t>(fields[k].kind)];
        offset && !c.placements[k].crosses && copies_register(f, fields[k].kind))
      c.copies[c.copy_count++] = {*offset, c.placements[k]};
    else
      c.written[c.written_count++] = static_cast<uint8_t>(k);
  }
  for (size_t j = 0; j < c.written_count; ++j) {
    const Field& field = fields[c.written[j]];
    const Placement& p = c.placements[c.written[j]];
    uint64_t Codes::*code = field.kind == Kind::op                                      ? &Codes::op
                            : field.kind == Kind::size || field.kind == Kind::size_high ? &Codes::size
                            : field.kind == Kind::order                                 ? &Codes::order
                            : field.kind == Kind::cache                                 ? &Codes::cache
                                                                                        : nullptr;
    if (code && !p.crosses)
      c.coded[c.coded_count++] = {code, field.kind == Kind::size_high ? f.field(Kind::size)->width : uint8_t{0}, p};
    else
      c.uncoded[c.uncoded_count++] = c.written[j];
  }
  // Every code a field holds is under no_code (the widest, a size and its high bit, has 5 bits).
  const auto code = [](bool held, uint64_t v) { return held ? static_cast<uint8_t>(v) : no_code; };
  for (size_t op = 0; op < c.op_codes.size(); ++op) {
    const auto v = sass128::op_code(f.ops, static_cast<AtomOp>(op));
    c.op_codes[op] = code(v && op_fits(f, *v), v.value_or(0));
  }
  for (size_t size = 0; size < c.size_codes.size(); ++size) {
    const auto v = sass128::size_code(f.sizes, static_cast<Size>(size));
    c.size_codes[size] = code(v && size_fits(f, *v), v.value_or(0));
  }
  for (size_t key = 0; key < order_keys; ++key) {
    const uint64_t v = order_for(f, memory_of(key), std::nullopt, std::nullopt);
    c.order_codes[key] = code(v != ~0ULL && code_fits(f, Kind::order, v), v);
  }
  return c;
}
constexpr size_t mnemonic_count = static_cast<size_t>(Mnemonic::REDAS) + 1;
constexpr size_t generation_count = static_cast<size_t>(Generation::blackwell) + 1;
std::span<const Candidate> candidates(Mnemonic mnemonic, Generation generation) {
  static const auto built = [] {
    std::array<std::array<std::vector<Candidate>, generation_count>, mnemonic_count> by;
    for (size_t m = 0; m < mnemonic_count; ++m)
      for (size_t g = 0; g < generation_count; ++g)
        for (const Form* f : sass128::forms_of(static_cast<Mnemonic>(m), static_cast<Generation>(g)))
          by[m][g].push_back(candidate(*f));
    return by;
  }();
  return built[static_cast<size_t>(mnemonic)][static_cast<size_t>(generation)];
}

}  // namespace

namespace {

// `placeholders`: whether the instruction may hold one (false only where it has none).
std::variant<Word128, support::Diagnostic> encode_as_read(const Instruction& i, Architecture arch,
                                                          const Form** used = nullptr, bool placeholders = true);

// Whether the word writes the placeholder codes the instruction's kept bits hold in the fields of
// the movable slots: decode128 keeps them, and disasm prints them in the unprinted comment, where
// the text alone would put a lone placeholder in another slot. A field the kept bits leave zero
// takes any value.
bool writes_kept_placeholders(const Form& form, const Instruction& i, const Word128& w) {
  return std::all_of(movable_slots.begin(), movable_slots.end(), [&](const MovableSlot& m) {
    const Word128 mask = fields_of(form, m);
    const Word128 held = i.kept_bits & mask;
    return held == Word128{} || (w & mask) == held;
  });
}

// Whether a movable slot holds the value an unwritten modifier has, so that a placeholder may stand
// in it instead.
bool at_default(const Instruction& i, ModifierSlot s) {
  switch (s) {
    case ModifierSlot::cache: return i.memory.cache == CacheOp::none;
    case ModifierSlot::size: return i.size == Size::U32;
    case ModifierSlot::clamp: return i.is_surface() && i.surface.clamp == Clamp::near;
    case ModifierSlot::strength: return i.memory.strength == Strength::none;
    default: return false;
  }
}

// Two or more lone placeholders may each stand in another slot than the parser's guess (Turing's
// ATOMG.CAS.INVALID6.INVALID3.SM: a cache operation and a size, or a size and a strength). Each
// placement that keeps their order, into slots that are free or held, is tried; the word that
// writes the kept placeholder codes, if any.
std::optional<Word128> placed_as_kept(const Instruction& i, Architecture arch) {
  std::vector<uint16_t> values;
  for (const MovableSlot& m : movable_slots)
    if (const auto& p = i.placeholders[static_cast<int>(m.slot)]) values.push_back(*p);
  const auto free = [&](ModifierSlot s) { return i.placeholders[static_cast<int>(s)] || at_default(i, s); };
  for (unsigned chosen = 1; chosen < (1u << movable_slots.size()); ++chosen) {
    if (static_cast<size_t>(std::popcount(chosen)) != values.size()) continue;
    Instruction other = i;
    bool fits = true;
    size_t next = 0;
    for (size_t k = 0; k < movable_slots.size(); ++k) {
      auto& slot = other.placeholders[static_cast<int>(movable_slots[k].slot)];
      slot.reset();
      if (!(chosen >> k & 1)) continue;
      fits = fits && free(movable_slots[k].slot);
      slot = values[next++];
    }
    if (!fits) continue;
    const Form* form = nullptr;
    const auto word = encode_as_read(other, arch, &form);
    if (const auto* w = std::get_if<Word128>(&word); w && writes_kept_placeholders(*form, other, *w)) return *w;
  }
  return std::nullopt;
}

}  // namespace

namespace {

// nvdisasm prints an unnamed cache operation, size or clamp alike, and near each other (after the
// op; a surface's clamp last): SURED.D.BA.1D.MIN.INVALID6.STRONG.SM is cache code 6, or surface
// size 6, which is .SD32; SUATOM.D.1D.ADD.INVALID3 may be a clamp. The parser guesses one slot
// for a lone placeholder (Turing's strength is one more); when no form holds the guess, or the
// word it gives differs from the placeholder fields decode128 kept (the unprinted comment), the
// other slots still at their default are tried, in print order.
[[gnu::noinline]] std::variant<Word128, support::Diagnostic> encode_placed(const Instruction& i, Architecture arch) {
  const Form* form = nullptr;
  auto word = encode_as_read(i, arch, &form);
  const auto* first = std::get_if<Word128>(&word);
  if (first && writes_kept_placeholders(*form, i, *first)) return word;
  const auto held = [&](ModifierSlot s) { return i.placeholders[static_cast<int>(s)].has_value(); };
  // Each placeholder into another slot that is free (at its default) or holds one too (a swap):
  // the first that writes the kept placeholder codes, else the first written at all.
  std::optional<Word128> written = first ? std::optional<Word128>(*first) : std::nullopt;
  for (const MovableSlot& from : movable_slots)
    for (const MovableSlot& to : movable_slots) {
      if (from.slot == to.slot || !held(from.slot) || !(held(to.slot) || at_default(i, to.slot))) continue;
      Instruction other = i;
      std::swap(other.placeholders[static_cast<int>(from.slot)], other.placeholders[static_cast<int>(to.slot)]);
      auto read_otherwise = encode_as_read(other, arch, &form);
      const auto* w = std::get_if<Word128>(&read_otherwise);
      if (w && writes_kept_placeholders(*form, other, *w)) return *w;
      if (w && !written) written = *w;
    }
  if (const auto placed = placed_as_kept(i, arch)) return *placed;
  if (written) return *written;
  return word;
}

}  // namespace

// Without a placeholder there is no other slot to try: the word as read, returned where built.
std::variant<Word128, support::Diagnostic> encode128(const Instruction& i, Architecture arch) {
  if (!i.has_placeholder()) return encode_as_read(i, arch, nullptr, false);
  return encode_placed(i, arch);
}

namespace {

// The form's word for the instruction: its fixed bits, the kept ones, and each field as written.
// `plain`: the instruction has no placeholders.
std::variant<Word128, support::Diagnostic> write_form(const Candidate& c, const Instruction& i, Architecture arch,
                                                      const Codes& codes, bool plain) {
  const Form& form = *c.form;
  Word128 w = c.fixed ^ (i.kept_bits & c.unfielded);
  if (i.pm_hint) put(w, pm_hint_bit, 2, i.pm_hint);
  sass128::Writing writing(form, i, arch, codes.op, codes.size, codes.order);
  w = w & ~c.fielded;
  std::array<uint64_t, 2> halves = {w.lo, w.hi};
  // The copies refuse nothing, so the refusal named is still that of the first field that refuses.
  const auto* bytes = reinterpret_cast<const unsigned char*>(&i);
  for (size_t k = 0; k < c.copy_count; ++k) {
    const Placement& p = c.copies[k].placement;
    halves[p.half] |= (uint64_t{bytes[c.copies[k].offset]} << p.shift) & p.mask;
  }
  const bool coded = plain && (i.kept_bits & c.fielded) == Word128{};
  if (coded)
    for (size_t k = 0; k < c.coded_count; ++k) {
      const Placement& p = c.coded[k].placement;
      halves[p.half] |= ((codes.*c.coded[k].code >> c.coded[k].right_shift) << p.shift) & p.mask;
    }
  const auto fields = form.field_list();
  const auto& written = coded ? c.uncoded : c.written;
  for (size_t j = 0, n = coded ? c.uncoded_count : c.written_count; j < n; ++j) {
    const size_t k = written[j];
    const uint64_t v = sass128::write_field(fields[k], writing);
    if (writing.refused) return *writing.refused;
    const Placement& p = c.placements[k];
    if (p.crosses) {
      w = {halves[0], halves[1]};
      put(w, fields[k].lo, fields[k].width, v);
      halves = {w.lo, w.hi};
    } else {
      halves[p.half] |= (v << p.shift) & p.mask;
    }
  }
  w = {halves[0], halves[1]};
  return w;
}

// nvdisasm 11.8 prints Hopper's [Ra.64] without the descriptor register its words hold
// ("@P0 REDG.E.ADD.STRONG.GPU [R4.64], R11"); from Hopper on every such form has one. Why no
// form holds such a text, and how to write it as nvdisasm 13.0 does; empty for any other text.
std::string missing_descriptor(const Instruction& i, Architecture arch) {
  const Address& a = i.address;
  if (a.descriptor || a.uniform_base || a.uniform_index || a.suffix != RegisterSuffix::wide64) return "";
  const auto always = [&](const Form& f) {
    return f.mnemonic == i.mnemonic && f.address == AddressForm::wide && f.descriptor_always &&
           sass128::in(f.generations, generation(arch)) && form_known_on(f, arch);
  };
  if (std::none_of(sass128::forms().begin(), sass128::forms().end(), always)) return "";
  return fmt::format(
      ": its [R{}.64] address lacks the descriptor register (desc[URn]) that each {} word of {} with such an "
      "address holds and nvdisasm 11.8 does not print; give it as nvdisasm 13.0 prints it, desc[URn][R{}.64]",
      a.base, info(i.mnemonic).name, name(arch), a.base);
}

// Whether missing_size_form() refuses the size on the architecture, asked once a pair: its
// message is built only where it is given.
bool size_missing(Architecture arch, Size size) {
  static const auto missing = [] {
    std::array<std::array<bool, size_count>, architecture_count> by{};
    for (size_t a = 0; a < architecture_count; ++a)
      for (size_t z = 0; z < size_count; ++z)
        by[a][z] = missing_size_form(static_cast<Architecture>(a), static_cast<Size>(z)).has_value();
    return by;
  }();
  return missing[static_cast<size_t>(arch)][static_cast<size_t>(size)];
}

std::variant<Word128, support::Diagnostic> encode_as_read(const Instruction& i, Architecture arch, const Form** used,
                                                          bool placeholders) {
  const GenerationInfo& g = generation_info(arch);
  const auto mn = [&] { return info(i.mnemonic).name; };  // for a refusal only
  if (g.word != WordFormat::sass128)
    return sass128::refusal(i.where, fmt::format("{} ({}) has 64-bit words, not 128-bit ones", name(arch), g.name));
  if (i.dialect != Dialect::modern)
    return sass128::refusal(
        i.where, fmt::format("{} is written in the SPA 5.0 spelling, which {} does not print", mn(), name(arch)));
  if (i.pm_hint && !has(arch, Feature::pm_hint))
    return sass128::refusal(i.where, fmt::format("?PM{}: {} words have no ?PM hint ({} have it)", i.pm_hint, name(arch),
                                                 architectures_with(Feature::pm_hint)));
  // A size from a later architecture (.128 before Hopper) is refused by the feature it needs, as
  // the validator refuses it, rather than by a missing size code.
  if (!i.placeholders[static_cast<int>(ModifierSlot::size)] && size_missing(arch, i.size))
    return sass128::refusal(i.where, *missing_size_form(arch, i.size));
  bool mnemonic_known = false;
  const uint32_t shape = shape_of(i);
  const uint64_t kept_opcode = i.kept_bits.lo & sass128_opcode_mask;
  for (const Candidate& each : candidates(i.mnemonic, g.generation)) {
    const Form& form = *each.form;
    if (!form_known_on(form, arch)) continue;
    if (kept_opcode && form.opcode != kept_opcode) continue;
    mnemonic_known = true;
    if ((shape & each.shape.care) != each.shape.want) continue;
    if (const auto codes = placeholders ? codes_for(form, i) : each.plain_codes(i)) {
      if (used) *used = &form;
      return write_form(each, i, arch, *codes, !placeholders);
    }
  }
  if (!mnemonic_known)
    return sass128::refusal(i.where,
                            fmt::format("{} has no 128-bit form gpuatom knows on {} ({})", mn(), name(arch), g.name));
  return sass128::refusal(i.where, fmt::format("no 128-bit {} form of {} ({}) holds '{}'{}", mn(), name(arch), g.name,
                                               print(i), missing_descriptor(i, arch)));
}

}  // namespace

}  // namespace gpuatom::nvidia
