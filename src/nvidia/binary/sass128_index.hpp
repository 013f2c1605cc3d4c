// The form table read by what each word and each instruction asks first: the forms of an opcode
// (decode128), the forms of a mnemonic (encode128), whether an instruction value is an atomic's
// (the code walk, for every word of a section), and the bits each form's fields cover. Built once
// from sass128_forms.cpp's rows, in their order, so that the first form that matches is the one a
// scan of the whole table finds.
#pragma once

#include <array>
#include <bitset>
#include <cstdint>
#include <span>

#include "gpuatom/nvidia/architecture.hpp"
#include "gpuatom/nvidia/instruction.hpp"
#include "sass128_forms.hpp"

namespace gpuatom::nvidia::sass128 {

// The forms whose opcode (bits 0–11) is `opcode`, in table order, of every generation.
std::span<const Form* const> forms_with_opcode(uint64_t opcode);
// The forms of `generation` among them as decode128 reads them: each with the bits its opcode and
// fields leave, of which a word keeps those that differ from the form's fixed bits (kept_bits).
struct OpcodeForm {
  const Form* form;
  Word128 unfielded;  // ~fields_mask(*form)
  uint32_t usual;     // its usual fields (usual_fields_of), which read_fields reads first
  // Its other fields, in the form's order.
  uint8_t other_count;
  std::array<Field, 20> others;
  std::span<const Field> other_fields() const { return {others.data(), other_count}; }
};
std::span<const OpcodeForm> opcode_forms(Generation generation, uint64_t opcode);
// The forms of `mnemonic` that `generation` has, in table order.
std::span<const Form* const> forms_of(Mnemonic mnemonic, Generation generation);
// Whether some form of `generation` has the instruction value `instruction` (opcode bits 0–8).
bool atomic_instruction(Generation generation, uint64_t instruction);
// The same for every instruction value at once, by value: a code walk asks it of every word.
const std::bitset<0x200>& atomic_instructions(Generation generation);
// Whether `generation` has any form.
bool has_forms(Generation generation);
// The bits the form's opcode and fields cover.
const Word128& fields_mask(const Form& form);

}  // namespace gpuatom::nvidia::sass128
