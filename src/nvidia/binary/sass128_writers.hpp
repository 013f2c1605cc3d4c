// What encode128 writes in each field kind of the 128-bit forms, one function a kind (write<K>):
// sass128_fields.cpp's codec table names them as its write direction, and encode128 calls them
// through write_field(), a switch the compiler inlines, for every field of every word (an
// indirect call a field cost more than most of the writes themselves).
#pragma once

#include <algorithm>
#include <cstdint>
#include <optional>

#include "sass128_fields.hpp"

namespace gpuatom::nvidia::sass128 {

// The refusals, out of line: formatting them is rare, and each sets Writing::refused.
[[gnu::cold]] void refuse_uniform_register(const Field& f, uint64_t v, Writing& w);
[[gnu::cold]] void refuse_handle_index(const Field& f, uint64_t v, Writing& w);
[[gnu::cold]] void refuse_offset(const Field& f, Writing& w);

namespace writers {

inline std::optional<uint16_t> held(const Writing& w, ModifierSlot slot) {
  return w.instruction.placeholders[static_cast<int>(slot)];
}

// A slot's placeholder, which is its field value, or the value's code.
inline uint64_t held_or(const Writing& w, ModifierSlot slot, uint64_t code) { return held(w, slot).value_or(code); }

// A code decode128 read as an alias of the value's own (kept_bits hold the bits that differ) is
// written as read, while it still names the same value. Without kept bits in the field it is the
// value's own code, whatever the table says of it.
template <typename NamesSame>
uint64_t as_read(const Writing& w, uint64_t own, const Field& f, NamesSame names_same) {
  const uint64_t read = own ^ get(w.instruction.kept_bits, f);
  if (read == own) return own;
  return names_same(read) ? read : own;
}

// A uniform register: URZ is the field's all-ones code; a register past the field's last (UR63 in
// Hopper's 6 bits) exists on no architecture with that field.
inline uint64_t uniform_code(const Field& f, uint64_t v, Writing& w) {
  if (v == URZ) return field_all_ones(f);
  if (v >= field_all_ones(f)) refuse_uniform_register(f, v, w);
  return v;
}

inline size_t handle_index(FieldKind kind) {
  return kind == FieldKind::handle_index0 ? 0 : kind == FieldKind::handle_index1 ? 1 : 2;
}

}  // namespace writers

template <FieldKind K>
uint64_t write(const Field& f, Writing& w);

using WK = FieldKind;

template <>
inline uint64_t write<WK::guard>(const Field&, Writing& w) {
  return w.instruction.guard.predicate;
}
template <>
inline uint64_t write<WK::guard_negate>(const Field&, Writing& w) {
  return w.instruction.guard.negated;
}
template <>
inline uint64_t write<WK::rd>(const Field&, Writing& w) {
  return *w.instruction.rd;
}
template <>
inline uint64_t write<WK::ra>(const Field&, Writing& w) {  // [URb] is [RZ+URb]
  return w.instruction.address.uniform_base ? RZ : w.instruction.address.base;
}
template <>
inline uint64_t write<WK::rb>(const Field&, Writing& w) {
  return *w.instruction.rb;
}
template <>
inline uint64_t write<WK::rc>(const Field&, Writing& w) {
  return *w.instruction.rc;
}
template <>
inline uint64_t write<WK::pu>(const Field&, Writing& w) {  // SUATOM's unprinted PT
  return w.instruction.pu.value_or(PT);
}
// An absolute address is unsigned (decode128).
template <>
inline uint64_t write<WK::offset>(const Field& f, Writing& w) {
  const Address& a = w.instruction.address;
  const int64_t span = int64_t{1} << (f.width - 1);
  const bool unsigned_offset = a.absolute() && a.suffix == RegisterSuffix::none && a.offset >= span;
  if (a.offset < -span || a.offset >= (unsigned_offset ? 2 * span : span)) refuse_offset(f, w);
  return static_cast<uint64_t>(a.offset);
}
// An unprinted descriptor register is in kept_bits, as decode128 read it.
template <>
inline uint64_t write<WK::descriptor>(const Field& f, Writing& w) {
  const auto& d = w.instruction.address.descriptor;
  return d ? writers::uniform_code(f, *d, w) : get(w.instruction.kept_bits, f);
}
template <>
inline uint64_t write<WK::descriptor_present>(const Field&, Writing& w) {
  return w.instruction.address.descriptor.has_value();
}
template <>
inline uint64_t write<WK::uniform_base>(const Field& f, Writing& w) {
  return writers::uniform_code(f, w.instruction.address.base, w);
}
// [URb] is [RZ+URb]; a register address without `+ URn` (REDAS's) is `+ URZ`.
template <>
inline uint64_t write<WK::uniform_index>(const Field& f, Writing& w) {
  const Address& a = w.instruction.address;
  return writers::uniform_code(f, a.uniform_index ? *a.uniform_index : a.uniform_base ? a.base : URZ, w);
}
template <>
inline uint64_t write<WK::op>(const Field& f, Writing& w) {
  if (writers::held(w, ModifierSlot::op)) return w.op;
  return writers::as_read(w, w.op, f, [&](uint64_t c) { return op_from_code(w.form.ops, c) == w.instruction.op; });
}
// The size's low bits; a high bit goes to its own field (size_high).
template <>
inline uint64_t write<WK::size>(const Field& f, Writing& w) {
  const uint64_t v = writers::held(w, ModifierSlot::size) ? w.size : writers::as_read(w, w.size, f, [&](uint64_t c) {
    return size_from_code(w.form.sizes, c) == w.instruction.size;
  });
  return v & low_mask(f.width);
}
template <>
inline uint64_t write<WK::order>(const Field&, Writing& w) {
  return w.order;
}
// takes() lets only the suffixes of `scales` through; an absolute address keeps the bits read.
template <>
inline uint64_t write<WK::scale>(const Field& f, Writing& w) {
  const Address& a = w.instruction.address;
  if (a.base == RZ && a.suffix == RegisterSuffix::none) return get(w.instruction.kept_bits, f);
  return static_cast<uint64_t>(std::find(scales.begin(), scales.end(), a.suffix) - scales.begin());
}
template <>
inline uint64_t write<WK::extended>(const Field&, Writing& w) {
  return w.instruction.extended;
}
template <>
inline uint64_t write<WK::cache>(const Field&, Writing& w) {
  return writers::held_or(w, ModifierSlot::cache, cache_code(w.instruction.memory.cache));
}
template <>
inline uint64_t write<WK::private_flag>(const Field&, Writing& w) {
  return w.instruction.memory.private_;
}
// A uniform address keeps its .64/.U32 bit as read (decode128 keeps 1, .64, as no alias).
template <>
inline uint64_t write<WK::address_wide>(const Field& f, Writing& w) {
  const Address& a = w.instruction.address;
  return a.uniform_base ? 1 ^ get(w.instruction.kept_bits, f) : a.suffix == RegisterSuffix::wide64;
}
template <>
inline uint64_t write<WK::size_high>(const Field&, Writing& w) {
  return w.size >> w.form.field(WK::size)->width;
}
template <>
inline uint64_t write<WK::dim>(const Field&, Writing& w) {
  return writers::held_or(w, ModifierSlot::dim, static_cast<uint64_t>(info(w.instruction.surface.dim).code));
}
template <>
inline uint64_t write<WK::clamp>(const Field&, Writing& w) {
  return writers::held_or(w, ModifierSlot::clamp, static_cast<uint64_t>(info(w.instruction.surface.clamp).code));
}
template <>
inline uint64_t write<WK::byte_address>(const Field&, Writing& w) {
  return w.instruction.surface.byte_address;
}
template <>
inline uint64_t write<WK::handle_register>(const Field&, Writing& w) {
  return *w.instruction.surface.handle_register;
}
template <>
inline uint64_t write<WK::handle_uniform>(const Field& f, Writing& w) {
  return writers::uniform_code(f, *w.instruction.surface.handle_uniform, w);
}
inline uint64_t write_handle_index(const Field& f, Writing& w) {
  const uint64_t v = w.instruction.surface.handle_indices[writers::handle_index(f.kind)];
  if (!fits(v, f)) refuse_handle_index(f, v, w);
  return v;
}
template <>
inline uint64_t write<WK::handle_index0>(const Field& f, Writing& w) {
  return write_handle_index(f, w);
}
template <>
inline uint64_t write<WK::handle_index1>(const Field& f, Writing& w) {
  return write_handle_index(f, w);
}
template <>
inline uint64_t write<WK::handle_index2>(const Field& f, Writing& w) {
  return write_handle_index(f, w);
}
// Left out of the text when URZ, but in the forms that print it.
template <>
inline uint64_t write<WK::second_uniform>(const Field& f, Writing& w) {
  const auto& second = w.instruction.surface.second_uniform;
  return second ? writers::uniform_code(f, *second, w) : field_all_ones(f);
}
template <>
inline uint64_t write<WK::uniform_array>(const Field&, Writing& w) {
  return w.instruction.surface.uniform_array;
}

// The value the instruction puts in the field (or Writing::refused set), by the field's kind.
[[gnu::always_inline]] inline uint64_t write_field(const Field& f, Writing& w) {
  switch (f.kind) {
#define GPUATOM_SASS128_WRITE(kind) \
  case WK::kind: return write<WK::kind>(f, w);
    GPUATOM_SASS128_WRITE(guard)
    GPUATOM_SASS128_WRITE(guard_negate)
    GPUATOM_SASS128_WRITE(rd)
    GPUATOM_SASS128_WRITE(ra)
    GPUATOM_SASS128_WRITE(rb)
    GPUATOM_SASS128_WRITE(rc)
    GPUATOM_SASS128_WRITE(pu)
    GPUATOM_SASS128_WRITE(offset)
    GPUATOM_SASS128_WRITE(descriptor)
    GPUATOM_SASS128_WRITE(descriptor_present)
    GPUATOM_SASS128_WRITE(uniform_base)
    GPUATOM_SASS128_WRITE(uniform_index)
    GPUATOM_SASS128_WRITE(op)
    GPUATOM_SASS128_WRITE(size)
    GPUATOM_SASS128_WRITE(order)
    GPUATOM_SASS128_WRITE(scale)
    GPUATOM_SASS128_WRITE(extended)
    GPUATOM_SASS128_WRITE(cache)
    GPUATOM_SASS128_WRITE(private_flag)
    GPUATOM_SASS128_WRITE(address_wide)
    GPUATOM_SASS128_WRITE(size_high)
    GPUATOM_SASS128_WRITE(dim)
    GPUATOM_SASS128_WRITE(clamp)
    GPUATOM_SASS128_WRITE(byte_address)
    GPUATOM_SASS128_WRITE(handle_register)
    GPUATOM_SASS128_WRITE(handle_uniform)
    GPUATOM_SASS128_WRITE(handle_index0)
    GPUATOM_SASS128_WRITE(handle_index1)
    GPUATOM_SASS128_WRITE(handle_index2)
    GPUATOM_SASS128_WRITE(second_uniform)
    GPUATOM_SASS128_WRITE(uniform_array)
#undef GPUATOM_SASS128_WRITE
  }
  return 0;
}

}  // namespace gpuatom::nvidia::sass128
