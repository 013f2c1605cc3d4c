// What `asm sass` does with checked SASS text: each instruction's canonical text and, with
// --encode, its word (docs/spec/nvidia.md §10.4, §11; docs/sass128.md): a Maxwell/Pascal 64-bit
// word, or a 128-bit word (sm_70 on) whose control bits come from a listing's word or from the
// `/* stall 1, yield 1, … */` comment `disasm sass --control` prints after its text.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "gpuatom/nvidia/architecture.hpp"
#include "gpuatom/nvidia/instruction.hpp"
#include "gpuatom/nvidia/text/parser.hpp"
#include "gpuatom/support/diagnostic.hpp"

namespace gpuatom::nvidia {

// One instruction's word: a 64-bit one, or a 128-bit one's low and high halves.
struct EncodedWord {
  uint64_t lo = 0;
  std::optional<uint64_t> hi;
  // "0x…" or "0x… 0x…" (low then high), as `asm sass --encode` prints it beside the text.
  std::string text() const;
};

// The architecture whose words --encode writes: `given` (default_word_architecture when not
// given); 64-bit words for sm_5x/sm_6x, 128-bit ones for the generations with 128-bit forms.
// Throws support::InputError for an architecture whose words gpuatom does not know.
Architecture word_architecture(const std::optional<Architecture>& given);

// The word(s) of one instruction on `arch`, or the reason no word holds it.
std::variant<EncodedWord, support::Diagnostic> encode_word(const Instruction& instruction, Architecture arch);

// Sets each instruction's control bits from a `/* stall …` comment on its line of `source` (into
// its kept bits); a comment that does not read is an error at its column. Nothing else changes
// for a line without one.
void take_control_comments(std::vector<Instruction>& instructions, std::string_view source,
                           support::Diagnostics& diagnostics);

// One line `asm sass` prints: the instruction's canonical text, and its word with --encode.
struct AssembledLine {
  const Instruction* instruction;
  std::string text;
  std::optional<EncodedWord> word;
};

// The lines of `checked`'s instructions, each encoded for its listing header's architecture or
// `given` when `encode`; nothing when `diagnostics` already holds an error. An instruction no word
// holds (or sm_70+ text without an architecture to encode it for) adds its error and no line.
std::vector<AssembledLine> assemble(const ParsedSass& checked, const std::optional<Architecture>& given, bool encode,
                                    support::Diagnostics& diagnostics);

}  // namespace gpuatom::nvidia
