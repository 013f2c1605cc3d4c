// The atomics in a stretch of machine code (a cubin's `.text.<kernel>` section, a raw dump of
// one), as `nvdisasm` lists the code and `grep` keeps the atomics:
//
//   - Maxwell/Pascal code is bundles of 32 bytes, a scheduling control word and three
//     instructions: every fourth 64-bit word, from the first, is a control word, never an
//     instruction;
//   - Volta on, one 128-bit word per instruction, its control bits inside;
//   - a word whose opcode is no atomic gpuatom knows is another instruction and is passed over
//     (a move, a branch); one with an atomic's opcode that does not decode is listed with the
//     reason, so no atomic is dropped without a word.
#pragma once

#include <cstdint>
#include <optional>
#include <string_view>
#include <vector>

#include "gpuatom/nvidia/architecture.hpp"
#include "gpuatom/nvidia/instruction.hpp"
#include "gpuatom/support/diagnostic.hpp"

namespace gpuatom::nvidia {

struct CodeAtomic {
  uint64_t address = 0;                    // the byte offset in the code, as /*0070*/ prints it
  Word128 word;                            // a Maxwell/Pascal word is `lo`
  std::optional<Instruction> instruction;  // nothing: an atomic's opcode that does not decode
  support::Diagnostics diagnostics;        // the reason, or warnings (rules the word breaks)
};

struct CodeAtomics {
  std::vector<CodeAtomic> atomics;   // in address order
  uint64_t instructions = 0;         // instruction words read, control words not counted
  support::Diagnostics diagnostics;  // about the code as a whole (a size no word divides)
};

// The bytes per instruction word on `arch` in a code section: 8 (Maxwell/Pascal) or 16.
int word_bytes(Architecture arch);
// The 64-bit halves of an instruction word, as listings print them: 1 or 2.
inline size_t word_halves(Architecture arch) { return static_cast<size_t>(word_bytes(arch) / 8); }

// Whether the word at `address` of Maxwell/Pascal code is a scheduling control word.
constexpr bool is_control_word_address(uint64_t address) { return address % 32 == 0; }

// The atomic a word holds, read for `arch` as every reader of words reads it: decode() or
// decode128(), and on both generations the rules of the pages a word breaks (op × size,
// register pairs, reserved codes) as warnings, for the word still prints as nvdisasm prints it.
// Without `instruction`, the diagnostics say why the word holds no atomic.
CodeAtomic decode_atomic(const Word128& word, uint64_t address, Architecture arch,
                         const support::SourceLocation& where);

// The atomic one word of code holds (decode_atomic()), or nothing when its opcode is another
// instruction's. `where` names
// the word in diagnostics.
std::optional<CodeAtomic> atomic_in_word(const Word128& word, uint64_t address, Architecture arch,
                                         const support::SourceLocation& where);
// The same into `out` (its storage reused); false, with `out` as it was, for another instruction.
bool read_atomic_in_word(const Word128& word, uint64_t address, Architecture arch, const support::SourceLocation& where,
                         CodeAtomic& out);

// The atomics in `code`, read for `arch`. Diagnostics name `file` and the byte offset
// `file_offset + address`.
CodeAtomics atomics_in_code(std::string_view code, Architecture arch, const support::FileName& file,
                            uint64_t file_offset = 0);

// The same, one atomic at a time: `visit(CodeAtomic&)` for each, in address order, without
// keeping them (a large section lists in little memory; the visitor may move from it). Returns what atomics_in_code()
// returns besides the atomics.
template <typename Visit>
CodeAtomics for_each_atomic_in_code(std::string_view code, Architecture arch, const support::FileName& file,
                                    uint64_t file_offset, Visit visit);

namespace detail {
uint64_t little_endian64(std::string_view bytes, size_t at);
void check_code_size(std::string_view code, Architecture arch, const support::FileName& file, uint64_t file_offset,
                     CodeAtomics& out);

// Each instruction word of `code` with its byte offset, control words passed over:
// `visit(const Word128&, size_t at)`. Returns how many it visited.
template <typename Visit>
uint64_t for_each_instruction_word(std::string_view code, Architecture arch, Visit visit) {
  const size_t size = static_cast<size_t>(word_bytes(arch));
  const bool spa5 = size == 8;
  uint64_t words = 0;
  for (size_t at = 0; at + size <= code.size(); at += size) {
    if (spa5 && is_control_word_address(at)) continue;
    ++words;
    visit(Word128{little_endian64(code, at), spa5 ? 0 : little_endian64(code, at + 8)}, at);
  }
  return words;
}
}  // namespace detail

template <typename Visit>
CodeAtomics for_each_atomic_in_code(std::string_view code, Architecture arch, const support::FileName& file,
                                    uint64_t file_offset, Visit visit) {
  CodeAtomics out;
  detail::check_code_size(code, arch, file, file_offset, out);
  CodeAtomic atomic;
  out.instructions = detail::for_each_instruction_word(code, arch, [&](const Word128& word, size_t at) {
    if (read_atomic_in_word(word, at, arch, {file, 0, 0, file_offset + at}, atomic)) visit(atomic);
  });
  return out;
}

}  // namespace gpuatom::nvidia
