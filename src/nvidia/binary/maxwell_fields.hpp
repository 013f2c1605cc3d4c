// Each field kind of the SPA 5.0 (Maxwell/Pascal) 64-bit forms, read and written side by side:
// decode() reads a form's fields through this table, encode() writes them through it, so the
// two directions of a field cannot drift apart.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <variant>

#include "gpuatom/nvidia/instruction.hpp"
#include "gpuatom/support/diagnostic.hpp"

namespace gpuatom::nvidia::maxwell {

// The lookups the field codecs make for every word (an op by its code, a size by its code), made
// once (maxwell_fields.cpp); decode fetches them once per word, so that no codec waits on a
// table's first-use guard.
struct Tables;
const Tables& tables();

// A word being read into an instruction, with the diagnostics the reading reports.
struct Reading {
  uint64_t word;
  const EncodingInfo& form;
  const FieldLayout& fields;
  Architecture arch;
  Instruction& instruction;
  support::Diagnostics& out;
  Family family;  // the form's, found once per form
  const Tables& tables;

  bool has(FieldKind kind) const { return fields.has(kind); }
  uint64_t value(FieldKind kind) const { return fields.read(word, kind); }
  // A field value that names nothing: nvdisasm prints it by a reserved name, and so does gpuatom.
  void reserved(ModifierSlot slot, FieldKind field);
  // What nvdisasm of this architecture refuses: an error (the word still decodes for the reader).
  void refused(const std::string& why);
};

// An instruction being written: a field's value, or the reason no word holds it.
struct Writing {
  const Instruction& instruction;
  Architecture arch;
};
using Written = std::variant<uint64_t, std::string>;

struct FieldCodec {
  FieldKind kind;
  void (*read)(uint64_t value, Reading& reading);
  Written (*write)(const BitField& field, const Writing& writing);
};

const FieldCodec& codec(FieldKind kind);

// Reads every field the reading's form has, in read_order, each by its codec.
void read_fields(Reading& reading);

// A form's fields by kind (nullptr for a kind it has not), made once per form.
using FieldsByKind = std::array<const BitField*, field_kind_count>;
// Writes every field of `fields` into `word` by its codec, in kind order; false, with `word`
// unfinished, when a field has no value or its value does not fit (the caller then walks the
// fields in their own order for the reason).
bool write_fields(const FieldsByKind& fields, const Writing& writing, uint64_t& word);

// The order decode() reads a form's fields in, one for every form: later fields' meanings follow
// from earlier ones (the offset from Ra), and the warnings and errors come in this order.
inline constexpr std::array read_order = {
    FieldKind::guard,      FieldKind::guard_negate, FieldKind::ra,
    FieldKind::rd,         FieldKind::rb,           FieldKind::extended,
    FieldKind::op,         FieldKind::cas_kind,     FieldKind::formatted_cas_op,
    FieldKind::atom_size,  FieldKind::shared_size,  FieldKind::surface_size,
    FieldKind::cas_layout, FieldKind::cas_size,     FieldKind::byte_address,
    FieldKind::dim,        FieldKind::clamp,        FieldKind::rc,
    FieldKind::ts_index,   FieldKind::offset20,     FieldKind::offset22_div4,
    FieldKind::sparse,     FieldKind::unassigned,
};

}  // namespace gpuatom::nvidia::maxwell
