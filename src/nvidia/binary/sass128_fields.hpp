// Each field kind of the 128-bit forms, read and written side by side: decode128 and encode128
// walk a form's fields through the one table of these, so the two directions of a field cannot
// drift apart. The bit helpers both directions share live here too.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <span>
#include <string>

#include "gpuatom/nvidia/instruction.hpp"
#include "gpuatom/support/diagnostic.hpp"
#include "sass128_forms.hpp"

namespace gpuatom::nvidia::sass128 {

inline uint64_t low_mask(int width) { return width >= 64 ? ~0ULL : (1ULL << width) - 1; }

// Bits lo … lo + width - 1 of a word, counted over all 128.
inline uint64_t get(const Word128& w, int lo, int width) {
  const uint64_t mask = low_mask(width);
  if (lo >= 64) return (w.hi >> (lo - 64)) & mask;
  uint64_t v = w.lo >> lo;
  if (lo + width > 64) v |= w.hi << (64 - lo);
  return v & mask;
}
// A form's field is 1–63 bits wide (FieldList checks it), so its mask needs no test for 64: each
// word reads about a dozen fields.
inline uint64_t get(const Word128& w, const Field& f) {
  const uint64_t mask = (uint64_t{1} << f.width) - 1;
  if (f.lo >= 64) return (w.hi >> (f.lo - 64)) & mask;
  uint64_t v = w.lo >> f.lo;
  if (f.lo + f.width > 64) v |= w.hi << (64 - f.lo);
  return v & mask;
}

inline void put(Word128& w, int lo, int width, uint64_t value) {
  const uint64_t mask = low_mask(width);
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

inline Word128 operator|(Word128 a, Word128 b) { return {a.lo | b.lo, a.hi | b.hi}; }
inline Word128 operator&(Word128 a, Word128 b) { return {a.lo & b.lo, a.hi & b.hi}; }
inline Word128 operator^(Word128 a, Word128 b) { return {a.lo ^ b.lo, a.hi ^ b.hi}; }
inline Word128 operator~(Word128 a) { return {~a.lo, ~a.hi}; }

// A field's largest value: a uniform register field's URZ.
inline uint64_t field_all_ones(const Field& f) { return low_mask(f.width); }

inline Word128 field_mask(const Field& f) {
  Word128 m;
  put(m, f.lo, f.width, ~0ULL);
  return m;
}

// Whether a code fits its field (EXCH's 8 does not fit RED's three op bits).
inline bool fits(uint64_t code, const Field& f) { return f.width >= 64 || code >> f.width == 0; }

// ATOMS's index scales, by the scale field's code.
inline constexpr std::array<RegisterSuffix, 4> scales = {RegisterSuffix::none, RegisterSuffix::x4, RegisterSuffix::x8,
                                                         RegisterSuffix::x16};

// The row of a surface table (dims, clamps) whose Maxwell field code is `code`.
template <typename Table>
const typename Table::value_type* by_code(const Table& rows, uint64_t code) {
  return find_row(rows, [&](const auto& row) { return static_cast<uint64_t>(row.code) == code; });
}

support::Diagnostic refusal(const support::SourceLocation& where, std::string message);

// The code tables as decode128 reads them, by code: what a code names (nothing: a placeholder)
// and, for an op or a size, that value's own code, against which an alias is kept. Made once
// from sass128_forms.cpp's tables (read_tables()), so that each word's reads are array loads,
// not calls (decode128 reads an op, a size and an order for most words).
struct OpRead {
  std::optional<AtomOp> op;
  uint8_t own = 0;
};
struct SizeRead {
  std::optional<Size> size;
  uint8_t own = 0;
};
struct ReadTables {
  static constexpr size_t op_codes = 16;     // the widest op field has 4 bits
  static constexpr size_t size_codes = 32;   // 4 size bits and a high bit
  static constexpr size_t order_codes = 16;  // 4 order bits
  static constexpr size_t small_codes = 8;   // the cache operation's, dimension's and clamp's fields: 3 bits at most
  std::array<std::array<OpRead, op_codes>, static_cast<size_t>(OpCodes::reduce_async) + 1> ops;
  std::array<std::array<SizeRead, size_codes>, static_cast<size_t>(SizeCodes::reduce_async) + 1> sizes;
  std::array<std::array<std::optional<Order>, order_codes>, static_cast<size_t>(OrderCodes::reduce_async) + 1> orders;
  std::array<std::optional<CacheOp>, small_codes> caches;
  std::array<std::optional<Dim>, small_codes> dims;
  std::array<std::optional<Clamp>, small_codes> clamps;
};
const ReadTables& read_tables();

// What reading a word's fields builds besides the instruction.
struct Reading {
  Reading(const Form& read_form, const Word128& read_word, Architecture read_arch, Instruction& into)
      : form(read_form), word(read_word), arch(read_arch), instruction(into), tables(read_tables()) {}
  const Form& form;
  const Word128& word;
  Architecture arch;
  Instruction& instruction;
  const ReadTables& tables;
  // A second code for the same value (a compare's op 2 reads as CAS, like 0): the bits in which it
  // differs from the value's own code, kept so that the word encodes back.
  Word128 aliases{};
  const Field* descriptor = nullptr;
  bool descriptor_shown = form.descriptor_always;
  std::optional<support::Diagnostic> refused;  // a code that names nothing and has no placeholder

  void alias(const Field& f, uint64_t read, uint64_t own) {
    if (read != own) put(aliases, f.lo, f.width, read ^ own);
  }
};

// The fields most forms have where most forms have them (sass128_forms.cpp's rows): decode128
// reads a form's fields of these (usual_fields_of) with the bits known when compiled, and the
// form's other fields in its order after them. The order is free but for two pairs of kinds
// whose reads set one member (Ra and a uniform base; .E's .64 bit and a scale): a form with both
// reads them in its order, as others.
inline constexpr std::array<Field, 23> usual_fields = {{
    {FieldKind::guard, 12, 3},
    {FieldKind::guard_negate, 15, 1},
    {FieldKind::rd, 16, 8},
    {FieldKind::ra, 24, 8},
    {FieldKind::rb, 32, 8},
    {FieldKind::offset, 40, 24},
    {FieldKind::rc, 64, 8},
    {FieldKind::extended, 72, 1},
    {FieldKind::pu, 81, 3},
    {FieldKind::order, 77, 4},
    {FieldKind::cache, 84, 3},
    {FieldKind::size, 73, 3},
    {FieldKind::size, 73, 4},
    {FieldKind::size, 73, 2},
    {FieldKind::op, 87, 4},
    {FieldKind::op, 87, 3},
    {FieldKind::op, 88, 2},
    {FieldKind::op, 87, 2},
    {FieldKind::uniform_index, 64, 6},
    {FieldKind::scale, 78, 2},
    {FieldKind::size_high, 87, 1},
    {FieldKind::address_wide, 70, 1},
    {FieldKind::descriptor, 64, 6},
}};
// Which of usual_fields the form has as they are there, a bit each by its place in usual_fields.
uint32_t usual_fields_of(const Form& form);
// Whether the form's field `f` is one of its usual fields (`usual`, by usual_fields_of).
bool is_usual(uint32_t usual, const Field& f);

// Reads the form's usual fields (`usual`, by usual_fields_of), then `others` in their order, each
// by its codec, inlined: a word reads about a dozen fields. A refusal (Reading::refused) is the
// caller's to look at afterwards.
void read_fields(Reading& reading, uint32_t usual, std::span<const Field> others);

// The codes encode128 chose for a form before writing its fields, and why it stopped, if it did.
struct Writing {
  // A constructor, not an aggregate: brace-initialising one zeroed all of `refused` (a Diagnostic)
  // for every word.
  Writing(const Form& written_form, const Instruction& written, Architecture written_arch, uint64_t op_code,
          uint64_t size_code, uint64_t order_code)
      : form(written_form), instruction(written), arch(written_arch), op(op_code), size(size_code), order(order_code) {}
  const Form& form;
  const Instruction& instruction;
  Architecture arch;
  uint64_t op;
  uint64_t size;
  uint64_t order;
  std::optional<support::Diagnostic> refused;
};

// One field kind's two directions: `read` sets what the field's value means in the instruction
// (or sets Reading::refused), `write` gives the value the instruction puts in the field (or sets
// Writing::refused).
struct FieldCodec {
  FieldKind kind;
  void (*read)(const Field& field, uint64_t value, Reading& reading);
  uint64_t (*write)(const Field& field, Writing& writing);
};

// One per FieldKind, in the enum's order; inline, for every field of every word asks it.
extern const std::array<FieldCodec, field_kind_count> field_codecs;
inline const FieldCodec& codec(FieldKind kind) { return field_codecs[static_cast<size_t>(kind)]; }

// A field value that names nothing prints as nvdisasm prints it, .INVALIDn in its slot: the
// instruction prints and encodes back, and does not execute.
void set_placeholder(Instruction& i, ModifierSlot slot, uint64_t value);

// The bits of a decoded instruction's kept bits that hold its lone placeholders' fields (cache
// operation, size, clamp): decode128 keeps them so that its text, which does not say which slot a
// lone placeholder fills, encodes back (unprinted_bits.cpp leaves them out where it does anyway).
Word128 placeholder_hints(const Instruction& i);

// A uniform register field's all-ones code is URZ: 63 in the 6-bit fields of Volta … Hopper, 255
// in Blackwell's 8-bit ones (nvdisasm 13.0 prints UR0 … UR254 there).
uint8_t uniform_register(const Field& f, uint64_t value);

}  // namespace gpuatom::nvidia::sass128
