// The bits of a 128-bit word that its text does not show, as a comment after the text:
//
//     RED.E.ADD.STRONG.GPU [R8.64], R11 ;  /* unprinted: 0x0000000000000000 0x0000000000000004 */
//
// decode128() keeps, in Instruction::kept_bits, every bit outside its form's fields that differs
// from the form's fixed bits, and the field bits nvdisasm prints alike for two values (the form
// table decides which: sass128_forms.cpp). Besides the control bits, which `--control` prints as
// their own comment, those are bits nvdisasm 11.8 and 13.0 do not print: the descriptor register
// of an sm_80 … sm_89 address written without desc[], the .64 bit of a [URx] address, the unused
// uniform register of an ATOMS immediate address, bits 102–103 (11.8's ?PMn). `disasm sass`
// prints them where there are any (so nvdisasm's text stays the whole line where there are none),
// and the parser reads the comment back into kept_bits, so that word → text → word is the
// identity (docs/sass128.md, "What is kept as read").
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <variant>

#include "gpuatom/nvidia/instruction.hpp"

namespace gpuatom::nvidia {

// The bits the control comment holds (105–127): those an unprinted comment leaves to it.
Word128 control_mask();

// The instruction's kept bits without its control bits: zero for text without the comment, and
// for every word whose text shows all of it.
Word128 unprinted_bits(const Instruction& instruction);

// "/* unprinted: 0x… 0x… */" (the bits as a word is spelled: its low half, then its high half), or
// "" when unprinted_bits() is zero.
std::string unprinted_comment(const Instruction& instruction);

// The instruction's text as print() writes it and, where it has unprinted bits, the comment after
// it: what `disasm sass` prints for a word.
std::string print_with_unprinted_bits(const Instruction& instruction);

// An unprinted comment found on a line: its 1-based column, and the bits it names or why it names
// none.
struct UnprintedComment {
  uint32_t column = 0;
  std::variant<Word128, std::string> bits;
};
// The line's `/* unprinted: … */` comment, if it has one.
std::optional<UnprintedComment> find_unprinted_comment(std::string_view line);

}  // namespace gpuatom::nvidia
