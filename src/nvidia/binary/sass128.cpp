#include "gpuatom/nvidia/sass128.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <vector>

#include "gpuatom/nvidia/printer.hpp"
#include "gpuatom/support/bits.hpp"
#include "sass128_forms.hpp"

namespace gpuatom::nvidia {

namespace {

using sass128::AddressForm;
using sass128::Field;
using Kind = sass128::FieldKind;
using sass128::Form;

constexpr uint64_t opcode_mask = 0xfff;

uint64_t get(const Word128& w, int lo, int width) {
  const uint64_t mask = width == 64 ? ~0ULL : (1ULL << width) - 1;
  if (lo >= 64) return (w.hi >> (lo - 64)) & mask;
  uint64_t v = w.lo >> lo;
  if (lo + width > 64) v |= w.hi << (64 - lo);
  return v & mask;
}

void put(Word128& w, int lo, int width, uint64_t value) {
  const uint64_t mask = width == 64 ? ~0ULL : (1ULL << width) - 1;
  value &= mask;
  if (lo >= 64) {
    w.hi = (w.hi & ~(mask << (lo - 64))) | value << (lo - 64);
    return;
  }
  w.lo = (w.lo & ~(mask << lo)) | value << lo;
  if (lo + width > 64) {
    const int over = lo + width - 64;
    const uint64_t high_mask = (1ULL << over) - 1;
    w.hi = (w.hi & ~high_mask) | (value >> (64 - lo));
  }
}

Word128 field_mask(const Field& f) {
  Word128 m;
  put(m, f.lo, f.width, ~0ULL);
  return m;
}

Word128 operator|(Word128 a, Word128 b) { return {a.lo | b.lo, a.hi | b.hi}; }
Word128 operator&(Word128 a, Word128 b) { return {a.lo & b.lo, a.hi & b.hi}; }
Word128 operator^(Word128 a, Word128 b) { return {a.lo ^ b.lo, a.hi ^ b.hi}; }
Word128 operator~(Word128 a) { return {~a.lo, ~a.hi}; }

Word128 fixed(const Form& form) { return {form.opcode | form.fixed_low, form.fixed_high}; }

// The bits a form's fields and opcode cover; what is left is fixed or kept. Built once for every
// form: decode128 and encode128 ask per word.
const Word128& fields_mask(const Form& form) {
  static const std::vector<Word128> masks = [] {
    std::vector<Word128> out;
    for (const Form& f : sass128::forms()) {
      Word128 m{opcode_mask, 0};
      for (const Field& field : f.field_list()) m = m | field_mask(field);
      out.push_back(m);
    }
    return out;
  }();
  return masks[static_cast<size_t>(&form - sass128::forms().data())];
}

constexpr std::array<RegisterSuffix, 4> scales = {RegisterSuffix::none, RegisterSuffix::x4, RegisterSuffix::x8,
                                                  RegisterSuffix::x16};

// What a coded field names, for the message about a code that names nothing.
std::string_view what(Kind kind) {
  switch (kind) {
    case Kind::op: return "operation";
    case Kind::size: return "size";
    case Kind::order: return "memory order";
    case Kind::cache: return "cache operation";
    case Kind::dim: return "surface dimension";
    case Kind::clamp: return "clamp mode";
    default: return "value";
  }
}

// The row of a surface table (dims, clamps) whose Maxwell field code is `code`.
template <typename Table>
const typename Table::value_type* by_code(const Table& rows, uint64_t code) {
  return sass128::find_row(rows, [&](const auto& row) { return static_cast<uint64_t>(row.code) == code; });
}

support::Diagnostic error(const support::SourceLocation& where, std::string message) {
  return support::Diagnostic{support::Severity::error, where, std::move(message), "docs/sass128.md"};
}

}  // namespace

ControlBits control_bits(const Word128& w) {
  return {static_cast<uint8_t>(get(w, 105, 4)), get(w, 109, 1) != 0, static_cast<uint8_t>(get(w, 110, 3)),
          static_cast<uint8_t>(get(w, 113, 3)), static_cast<uint8_t>(get(w, 116, 6)), static_cast<uint8_t>(get(w, 122, 4))};
}

Word128 with_control_bits(Word128 w, const ControlBits& c) {
  put(w, 105, 4, c.stall);
  put(w, 109, 1, c.yield);
  put(w, 110, 3, c.write_barrier);
  put(w, 113, 3, c.read_barrier);
  put(w, 116, 6, c.wait_mask);
  put(w, 122, 4, c.reuse);
  return w;
}

std::string describe(const ControlBits& c) {
  return fmt::format("stall {}, yield {}, write barrier {}, read barrier {}, wait mask 0x{:02x}, reuse 0x{:x}", c.stall,
                     c.yield ? 1 : 0, c.write_barrier, c.read_barrier, c.wait_mask, c.reuse);
}

bool has_sass128_forms(Architecture arch) {
  for (const Form& form : sass128::forms())
    if (sass128::in(form.generations, generation(arch))) return true;
  return false;
}

bool has_atomic_opcode(const Word128& word, Architecture arch) {
  // Bits 0–8 name the instruction, bits 9–11 the shape of its operands (0x38a and 0x98a are both
  // ATOM): an atomic in an operand shape gpuatom has no form for is still an atomic, reported
  // rather than passed over.
  constexpr uint64_t instruction_mask = 0x1ff;
  for (const Form& form : sass128::forms())
    if ((form.opcode & instruction_mask) == (word.lo & instruction_mask) && sass128::in(form.generations, generation(arch)))
      return true;
  return false;
}

std::variant<Instruction, support::Diagnostic> decode128(const Word128& word, Architecture arch,
                                                         const support::SourceLocation& where) {
  const GenerationInfo& g = generation_info(arch);
  if (g.word != WordFormat::sass128)
    return error(where, fmt::format("{} ({}) has 64-bit words, not 128-bit ones", name(arch), g.name));
  const uint64_t opcode = word.lo & opcode_mask;
  const Form* form = nullptr;
  for (const Form& f : sass128::forms())
    if (f.opcode == opcode && sass128::in(f.generations, g.generation) && (word.hi & f.select_high) == (f.fixed_high & f.select_high) &&
        (word.lo & f.select_low) == (f.fixed_low & f.select_low)) {
      form = &f;
      break;
    }
  if (!form) {
    if (!has_sass128_forms(arch))
      return error(where, fmt::format("gpuatom knows no 128-bit atomic forms of {} ({}) yet", name(arch), g.name));
    return error(where, fmt::format("opcode 0x{:03x} is no atomic form gpuatom knows on {} ({})", opcode, name(arch), g.name));
  }

  Instruction i;
  i.mnemonic = form->mnemonic;
  i.dialect = Dialect::modern;
  i.architecture = arch;
  i.where = where;
  i.address.suffix = form->address == AddressForm::wide ? RegisterSuffix::wide64 : RegisterSuffix::none;
  Word128 kept = (word ^ fixed(*form)) & ~fields_mask(*form);
  const Field* descriptor = nullptr;
  bool descriptor_shown = form->descriptor_always;
  const auto refuse = [&](const Field& f, uint64_t v) {
    return error(where, fmt::format("{} ({}) on {}: bits {}–{} hold {}, which names no {}", info(form->mnemonic).name, form->name, name(arch), f.lo,
                                    f.lo + f.width - 1, v, what(f.kind)));
  };
  for (const Field& f : form->field_list()) {
    const uint64_t v = get(word, f.lo, f.width);
    const auto byte = static_cast<uint8_t>(v);
    switch (f.kind) {
      case Kind::guard: i.guard.predicate = byte; break;
      case Kind::guard_negate: i.guard.negated = v != 0; break;
      case Kind::rd: i.rd = byte; break;
      case Kind::ra: i.address.base = byte; break;
      case Kind::rb: i.rb = byte; break;
      case Kind::rc: i.rc = byte; break;
      case Kind::pu: i.pu = byte; break;
      case Kind::offset: i.address.offset = support::sign_extend(v, f.width); break;
      case Kind::descriptor: descriptor = &f; break;
      case Kind::descriptor_present: descriptor_shown = v != 0; break;
      case Kind::uniform_base:
        i.address.uniform_base = true;
        i.address.base = byte;
        break;
      case Kind::uniform_index: i.address.uniform_index = byte; break;
      case Kind::op:
        if (const auto op = sass128::op_from_code(form->ops, v)) i.op = *op;
        else return refuse(f, v);
        break;
      case Kind::size:
        if (const auto size = sass128::size_from_code(form->sizes, v)) i.size = *size;
        else return refuse(f, v);
        break;
      case Kind::order:
        if (const auto memory = sass128::order_from_code(form->orders, v)) {
          i.memory.strength = memory->strength;
          i.memory.scope = memory->scope;
          i.memory.private_ = i.memory.private_ || memory->private_;
        } else {
          return refuse(f, v);
        }
        break;
      case Kind::scale: i.address.suffix = scales[v]; break;
      case Kind::cache:
        if (const auto cache = sass128::cache_from_code(v)) i.memory.cache = *cache;
        else return refuse(f, v);
        // nvdisasm prints an ATOM's cache operation before its size (ATOM.E.INC.EL.64), where
        // gpuatom's text has no place for it yet: refused, not printed without it.
        if (i.memory.cache != CacheOp::none && !info(form->mnemonic).surface)
          return error(where, fmt::format("{} ({}) on {}: bits {}–{} name the cache operation .{}, which gpuatom prints "
                                          "only on surfaces so far", info(form->mnemonic).name, form->name, name(arch),
                                          f.lo, f.lo + f.width - 1, nvidia::name(i.memory.cache)));
        break;
      case Kind::private_flag: i.memory.private_ = i.memory.private_ || v != 0; break;
      case Kind::dim:
        if (const auto* d = by_code(dim_table(), v)) i.surface.dim = d->dim;
        else return refuse(f, v);
        break;
      case Kind::clamp:
        if (const auto* c = by_code(clamp_table(), v)) i.surface.clamp = c->clamp;
        else return refuse(f, v);
        break;
      case Kind::byte_address: i.surface.byte_address = v != 0; break;
      case Kind::extended: i.extended = v != 0; break;
      case Kind::handle_register: i.surface.handle_register = byte; break;
      case Kind::handle_uniform: i.surface.handle_uniform = byte; break;
      case Kind::handle_index0:
      case Kind::handle_index1: {
        const size_t k = f.kind == Kind::handle_index0 ? 0 : 1;
        if (i.surface.handle_indices.size() <= k) i.surface.handle_indices.resize(k + 1);
        i.surface.handle_indices[k] = static_cast<uint32_t>(v);
        break;
      }
    }
  }
  // A form without an op or size field has its code table's one op or size.
  if (!form->has(Kind::op)) i.op = *sass128::op_from_code(form->ops, 0);
  if (!form->has(Kind::size)) {
    i.size = *sass128::size_from_code(form->sizes, 0);
    i.size_spelling = compact_size_spelling(i.size);  // nvdisasm prints ATOMS.POPC.INC.32
  }
  // An address printed without desc[] keeps its descriptor register's bits as read.
  if (descriptor && descriptor_shown) i.address.descriptor = static_cast<uint8_t>(get(word, descriptor->lo, descriptor->width));
  else if (descriptor) kept = kept | (word & field_mask(*descriptor));
  i.kept_bits = kept;
  return i;
}

namespace {

// Whether a form holds the instruction's address and operands (its op, size and order are asked
// of the code tables).
bool takes(const Form& form, const Instruction& i) {
  const Address& a = i.address;
  bool address = false;
  switch (form.address) {
    case AddressForm::plain:
      address = !a.uniform_base && !a.descriptor && !a.uniform_index && a.suffix == RegisterSuffix::none;
      break;
    case AddressForm::scaled:
      address = !a.uniform_base && !a.descriptor && !a.uniform_index &&
                std::find(scales.begin(), scales.end(), a.suffix) != scales.end();
      break;
    case AddressForm::wide:
      address = !a.uniform_base && !a.uniform_index && a.suffix == RegisterSuffix::wide64 &&
                (a.descriptor ? form.has(Kind::descriptor) : !form.descriptor_always);
      break;
    case AddressForm::uniform: address = a.uniform_base && !a.descriptor && !a.uniform_index && a.suffix == RegisterSuffix::none; break;
    case AddressForm::plus_uniform:
      address = !a.uniform_base && !a.descriptor && a.uniform_index && a.suffix == RegisterSuffix::none;
      break;
  }
  const Surface& s = i.surface;
  const size_t indices = form.has(Kind::handle_index1) ? 2 : form.has(Kind::handle_index0) ? 1 : 0;
  const bool surface = !s.formatted && s.handle_register.has_value() == form.has(Kind::handle_register) &&
                       s.handle_uniform.has_value() == form.has(Kind::handle_uniform) && s.handle_indices.size() == indices;
  // A form without a field for .PRIVATE or a cache operation takes none; Turing's .PRIVATE has a
  // bit of its own, later generations' is an order code.
  const bool private_ok = !i.memory.private_ || form.has(Kind::private_flag) ||
                          (form.has(Kind::order) && form.orders != sass128::OrderCodes::turing);
  const bool cache_ok = i.memory.cache == CacheOp::none || (form.has(Kind::cache) && info(form.mnemonic).surface);
  return address && surface && private_ok && cache_ok && (form.has(Kind::offset) || a.offset == 0) &&
         (form.has(Kind::extended) || !i.extended) && i.rd.has_value() == form.has(Kind::rd) && i.pu.has_value() == form.has(Kind::pu) &&
         i.rc.has_value() == form.has(Kind::rc) && i.rb.has_value() == form.has(Kind::rb);
}

// Whether a code fits its field (EXCH's 8 does not fit RED's three op bits).
bool fits(uint64_t code, const Field& f) { return f.width >= 64 || code >> f.width == 0; }

}  // namespace

std::variant<Word128, support::Diagnostic> encode128(const Instruction& i, Architecture arch) {
  const GenerationInfo& g = generation_info(arch);
  const std::string_view mn = info(i.mnemonic).name;
  if (g.word != WordFormat::sass128)
    return error(i.where, fmt::format("{} ({}) has 64-bit words, not 128-bit ones", name(arch), g.name));
  if (i.dialect != Dialect::modern)
    return error(i.where, fmt::format("{} is written in the SPA 5.0 spelling, which {} does not print", mn, name(arch)));
  if (i.has_placeholder()) return error(i.where, fmt::format("{} holds an .INVALID placeholder: no word holds it", mn));
  bool mnemonic_known = false;
  for (const Form& form : sass128::forms()) {
    if (form.mnemonic != i.mnemonic || !sass128::in(form.generations, g.generation)) continue;
    mnemonic_known = true;
    if (!takes(form, i)) continue;
    const auto op = sass128::op_code(form.ops, i.op);
    const auto size = sass128::size_code(form.sizes, i.size);
    // A form without an order field takes no .STRONG.<scope>.
    const bool unordered = i.memory.strength == Strength::none && i.memory.scope == Scope::none && !i.memory.private_;
    const uint64_t order = form.has(Kind::order) ? sass128::order_code(form.orders, i.memory).value_or(~0ULL) : unordered ? 0 : ~0ULL;
    if (!op || !size || order == ~0ULL) continue;
    const auto too_wide = [&](const Field& f) {
      return (f.kind == Kind::op && !fits(*op, f)) || (f.kind == Kind::size && !fits(*size, f)) ||
             (f.kind == Kind::order && !fits(order, f));
    };
    if (std::any_of(form.field_list().begin(), form.field_list().end(), too_wide)) continue;
    Word128 w = fixed(form) ^ (i.kept_bits & ~fields_mask(form));
    for (const Field& f : form.field_list()) {
      uint64_t v = 0;
      switch (f.kind) {
        case Kind::guard: v = i.guard.predicate; break;
        case Kind::guard_negate: v = i.guard.negated; break;
        case Kind::rd: v = *i.rd; break;
        case Kind::ra: v = i.address.base; break;
        case Kind::rb: v = *i.rb; break;
        case Kind::rc: v = *i.rc; break;
        case Kind::pu: v = *i.pu; break;
        case Kind::offset: {
          const int64_t span = int64_t{1} << (f.width - 1);
          if (i.address.offset < -span || i.address.offset >= span)
            return error(i.where, fmt::format("{} ({}): the offset {} does not fit {} signed bits", mn, form.name,
                                              signed_hex(i.address.offset), f.width));
          v = static_cast<uint64_t>(i.address.offset);
          break;
        }
        case Kind::descriptor:
          // An unprinted descriptor register is in kept_bits, as decode128() read it.
          v = i.address.descriptor ? *i.address.descriptor : get(i.kept_bits, f.lo, f.width);
          break;
        case Kind::descriptor_present: v = i.address.descriptor.has_value(); break;
        case Kind::uniform_base: v = i.address.base; break;
        case Kind::uniform_index: v = *i.address.uniform_index; break;
        case Kind::op: v = *op; break;
        case Kind::size: v = *size; break;
        case Kind::order: v = order; break;
        case Kind::scale:  // takes() let only the suffixes of `scales` through
          v = static_cast<uint64_t>(std::find(scales.begin(), scales.end(), i.address.suffix) - scales.begin());
          break;
        case Kind::cache: v = sass128::cache_code(i.memory.cache); break;
        case Kind::private_flag: v = i.memory.private_; break;
        case Kind::dim: v = static_cast<uint64_t>(info(i.surface.dim).code); break;
        case Kind::clamp: v = static_cast<uint64_t>(info(i.surface.clamp).code); break;
        case Kind::byte_address: v = i.surface.byte_address; break;
        case Kind::extended: v = i.extended; break;
        case Kind::handle_register: v = *i.surface.handle_register; break;
        case Kind::handle_uniform: v = *i.surface.handle_uniform; break;
        case Kind::handle_index0:
        case Kind::handle_index1: {
          v = i.surface.handle_indices[f.kind == Kind::handle_index0 ? 0 : 1];
          if (!fits(v, f))
            return error(i.where, fmt::format("{} ({}): the handle immediate 0x{:x} does not fit {} bits", mn, form.name, v, f.width));
          break;
        }
      }
      put(w, f.lo, f.width, v);
    }
    return w;
  }
  if (!mnemonic_known)
    return error(i.where, fmt::format("{} has no 128-bit form gpuatom knows on {} ({})", mn, name(arch), g.name));
  return error(i.where, fmt::format("no 128-bit {} form of {} ({}) holds '{}'", mn, name(arch), g.name, print(i)));
}

}  // namespace gpuatom::nvidia
