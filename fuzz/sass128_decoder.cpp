// Fuzz target: the 128-bit decoder and encoder (docs/sass128.md). The input's first 16 bytes,
// little endian (zero-padded when shorter), are one instruction word, low half first; the 17th
// picks the architecture (sm_75, sm_80, sm_89, sm_90, sm_100, sm_120).
//
// Properties, for a word that decodes:
//   1. decode → print → parse for that architecture gives one instruction, without parse
//      errors, that prints the same text;
//   2. the decoded instruction re-encodes to the word itself (kept bits included);
//   3. so does the instruction its text parses to, given the decoded kept bits — or, where the
//      text holds a placeholder that may stand in two fields, some word gpuatom decodes.
#include <fmt/format.h>

#include <variant>

#include "fuzz_check.hpp"
#include "gpuatom/nvidia/binary/sass128.hpp"
#include "gpuatom/nvidia/text/parser.hpp"
#include "gpuatom/nvidia/text/printer.hpp"

using namespace gpuatom;
using namespace gpuatom::nvidia;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  Word128 word;
  for (size_t k = 0; k < size && k < 16; ++k) (k < 8 ? word.lo : word.hi) |= uint64_t{data[k]} << (8 * (k % 8));
  constexpr Architecture readings[] = {Architecture::sm_75, Architecture::sm_80,  Architecture::sm_89,
                                       Architecture::sm_90, Architecture::sm_100, Architecture::sm_120};
  const Architecture arch = readings[size > 16 ? data[16] % 6 : 3];
  const std::string hex = fmt::format("0x{:016x} 0x{:016x} ({})", word.lo, word.hi, name(arch));

  const auto decoded = decode128(word, arch, {"fuzz.bin", 0, 0, 0});
  if (const auto* why = std::get_if<support::Diagnostic>(&decoded)) {
    (void)support::format(*why);
    return 0;
  }
  const Instruction& inst = std::get<Instruction>(decoded);
  const std::string text = print(inst);
  const ParsedSass reparsed = parse_sass(text, "fuzz-decoded", arch);
  FUZZ_CHECK(reparsed.instructions.size() == 1 && !reparsed.diagnostics.has_errors(),
             hex + "\n" + text + "\n" + reparsed.diagnostics.format_all());
  const std::string again = print(reparsed.instructions[0]);
  FUZZ_CHECK(again == text, hex + "\nprinted:   " + text + "\nreprinted: " + again);

  const auto direct = encode128(inst, arch);
  FUZZ_CHECK(
      std::holds_alternative<Word128>(direct) && std::get<Word128>(direct) == word,
      hex + "\n" + text + "\n" +
          (std::holds_alternative<support::Diagnostic>(direct) ? support::format(std::get<support::Diagnostic>(direct))
                                                               : std::string("re-encoded to another word")));
  Instruction from_text = reparsed.instructions[0];
  from_text.kept_bits = inst.kept_bits;
  const auto encoded = encode128(from_text, arch);
  FUZZ_CHECK(std::holds_alternative<Word128>(encoded), hex + "\n" + text);
  if (std::get<Word128>(encoded) == word) return 0;
  // nvdisasm's text does not always tell its word: an unnamed cache operation and an unnamed size
  // print alike (REDG.XOR.INVALID6, SURED….OR.INVALID6.STRONG), and the parser cannot know which
  // codes a form leaves unnamed. Then the word the text encodes to must still be an instruction.
  FUZZ_CHECK(from_text.has_placeholder(), hex + "\n" + text + "\nre-encoded to another word without a placeholder");
  const auto other = decode128(std::get<Word128>(encoded), arch);
  FUZZ_CHECK(std::holds_alternative<Instruction>(other),
             hex + "\n" + text + "\nits text encodes to a word that does not decode");
  return 0;
}
