// Each field kind of the 128-bit forms, read and written side by side: decode128 and encode128
// walk a form's fields through the one table of these, so the two directions of a field cannot
// drift apart. The bit helpers both directions share live here too.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
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

// What reading a word's fields builds besides the instruction.
struct Reading {
  Reading(const Form& read_form, const Word128& read_word, Architecture read_arch, Instruction& into)
      : form(read_form), word(read_word), arch(read_arch), instruction(into) {}
  const Form& form;
  const Word128& word;
  Architecture arch;
  Instruction& instruction;
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
