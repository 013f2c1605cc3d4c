// Fuzz target: the listing reader (docs/listings.md): text as `check sass` and `asm sass` read it,
// a cuobjdump or nvdisasm listing or not. The first byte picks the --arch (none, sm_52, sm_75,
// sm_90, sm_100); the rest is the text.
//
// Properties, for every instruction the text reads to:
//   1. print → parse for its architecture gives one instruction, without errors, that prints the
//      same text;
//   2. one whose listed word was checked against it (kept_bits set, 128-bit) encodes to a word
//      that decodes to the same text (its ';' aside).
#include "gpuatom/nvidia/listing.hpp"

#include <optional>
#include <variant>

#include "fuzz_check.hpp"
#include "gpuatom/nvidia/binary/sass128.hpp"
#include "gpuatom/nvidia/text/parser.hpp"
#include "gpuatom/nvidia/text/printer.hpp"

using namespace gpuatom;
using namespace gpuatom::nvidia;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size == 0) return 0;
  const std::optional<Architecture> readings[] = {std::nullopt, Architecture::sm_52, Architecture::sm_75,
                                                  Architecture::sm_90, Architecture::sm_100};
  const std::optional<Architecture> arch = readings[data[0] % 5];
  const std::string_view text = fuzz::as_text(data + 1, size - 1);
  const ParsedSass read = read_sass(text, "fuzz.sass", arch);
  (void)listing_lines(text, "fuzz.sass", arch);
  for (const Instruction& inst : read.instructions) {
    const std::string printed = print(inst);
    const ParsedSass again = parse_sass(printed, "fuzz-printed", inst.architecture);
    FUZZ_CHECK(again.instructions.size() == 1 && !again.diagnostics.has_errors(),
               printed + "\n" + again.diagnostics.format_all());
    FUZZ_CHECK(print(again.instructions[0]) == printed, printed + "\nreprinted: " + print(again.instructions[0]));
    if (inst.kept_bits == Word128{} || !inst.architecture || !has_sass128_forms(*inst.architecture)) continue;
    const auto word = encode128(inst, *inst.architecture);
    if (!std::holds_alternative<Word128>(word)) continue;
    auto decoded = decode128(std::get<Word128>(word), *inst.architecture);
    FUZZ_CHECK(std::holds_alternative<Instruction>(decoded), printed);
    Instruction& back = std::get<Instruction>(decoded);
    back.terminated = inst.terminated;  // a listed line may lack its ';' (a dual-issued pair's second)
    FUZZ_CHECK(print(back) == printed, printed + "\nthe word decodes to: " + print(back));
  }
  return 0;
}
