// The 128-bit instruction words of sm_75 … sm_121 (Turing to Blackwell), in both directions:
//
//     128-bit word ──decode128──▶ Instruction ──print──▶ the line nvdisasm prints
//     128-bit word ◀─encode128─── Instruction ◀──parse── text
//
// One table of forms drives both (src/nvidia/binary/sass128_forms.cpp): each form is an opcode, the
// generations that have it, the bits it fixes and its fields, like the Maxwell encoding table. The
// forms and fields are read from ptxas 13.0's words and nvdisasm 13.0's text of them
// (tests/conformance/nvidia/cuda13, docs/sass128.md). Volta (sm_70, sm_72) has no form yet.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <variant>

#include "gpuatom/nvidia/architecture.hpp"
#include "gpuatom/nvidia/instruction.hpp"
#include "gpuatom/support/diagnostic.hpp"

namespace gpuatom::nvidia {

// The control bits of a 128-bit word (bits 105–127), as nvdisasm's listings and the scheduling
// comments name them.
struct ControlBits {
  uint8_t stall = 0;          // bits 105–108: cycles to wait before issuing the next instruction
  bool yield = false;         // bit 109
  uint8_t write_barrier = 7;  // bits 110–112: the scoreboard set on write (7: none)
  uint8_t read_barrier = 7;   // bits 113–115: the scoreboard set on read (7: none)
  uint8_t wait_mask = 0;      // bits 116–121: the scoreboards waited on
  uint8_t reuse = 0;          // bits 122–125: operand reuse flags
};
ControlBits control_bits(const Word128& word);
// The word with its control bits replaced.
Word128 with_control_bits(Word128 word, const ControlBits& control);
// Every field with its raw value ("stall 1, yield 1, write barrier 2, read barrier 7, wait mask
// 0x00, reuse 0x0"): the bits as they are, with no reading of what a value means to the scheduler.
std::string describe(const ControlBits& control);
// The control bits a describe() text names ("stall 1, yield 1, …"; any of the six fields, in any
// order, the others as ControlBits{} has them), or why the text names none.
std::variant<ControlBits, std::string> parse_control_bits(std::string_view text);

// Whether the architecture has 128-bit atomic forms gpuatom knows (Turing on).
bool has_sass128_forms(Architecture arch);

// Whether the word's instruction (opcode bits 0–8; bits 9–11 are its operand shape) is one of
// the atomics of `arch`'s generation: what tells an atomic from another instruction in a listing
// of whole code. An atomic in a shape gpuatom has no form for is one: decode128() says why.
bool has_atomic_opcode(const Word128& word, Architecture arch);

// The instruction a word holds on `arch`, or a diagnostic at `where` saying why it holds none
// gpuatom knows. The instruction's kept_bits hold what no printed field does.
std::variant<Instruction, support::Diagnostic> decode128(const Word128& word, Architecture arch,
                                                         const support::SourceLocation& where = {});
// The same into `into`, a default-constructed Instruction (a reader of many words reuses its
// storage): nothing, or why the word holds no instruction (`into` then holds part of one).
std::optional<support::Diagnostic> decode128_into(const Word128& word, Architecture arch,
                                                  const support::SourceLocation& where, Instruction& into);

// The word for an instruction in the sm_70+ spelling on `arch`, or a diagnostic naming what no
// form of that generation holds. The instruction's kept_bits (control bits included) are written in.
std::variant<Word128, support::Diagnostic> encode128(const Instruction& instruction, Architecture arch);

}  // namespace gpuatom::nvidia
