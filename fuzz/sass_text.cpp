// Fuzz target: the SASS text parser, validator and printer (docs/spec/nvidia.md §4–§11).
//
// Properties, for every instruction a source parses to:
//   1. print → parse gives one instruction, without errors, that prints the same text;
//   2. when the validator finds no error and the encoder gives a word: the word decodes without
//      errors, re-encodes to itself, and its printed text parses and encodes to it again;
//      the decoded instruction prints as the parsed one does with the size spelled canonically.
#include <fmt/format.h>

#include <variant>

#include "fuzz_check.hpp"
#include "gpuatom/nvidia/binary/decoder.hpp"
#include "gpuatom/nvidia/binary/encoder.hpp"
#include "gpuatom/nvidia/text/parser.hpp"
#include "gpuatom/nvidia/text/printer.hpp"
#include "gpuatom/nvidia/validator.hpp"

using namespace gpuatom;
using namespace gpuatom::nvidia;

namespace {

void check_encoding(const Instruction& instruction, const std::string& text) {
  support::Diagnostics validation;
  validate(instruction, validation);
  if (validation.has_errors()) return;
  const auto encoded = encode(instruction);
  if (!std::holds_alternative<uint64_t>(encoded)) return;  // a valid form without a word (sm_70+, ATOM Ps)
  const uint64_t word = std::get<uint64_t>(encoded);
  const std::string hex = fmt::format("{} → 0x{:016x}", text, word);

  const Decoded decoded = decode(word);
  FUZZ_CHECK(decoded.instruction.has_value(), hex);
  // Warnings stay (the validator gives them too, e.g. an odd Ra for a 64-bit address).
  FUZZ_CHECK(!decoded.diagnostics.has_errors(), hex + "\n" + decoded.diagnostics.format_all());
  const auto again = encode(*decoded.instruction);
  FUZZ_CHECK(std::holds_alternative<uint64_t>(again) && std::get<uint64_t>(again) == word, hex);

  const std::string decoded_text = print(*decoded.instruction);
  Instruction canonical = instruction;
  canonical.size_spelling = {};
  canonical.terminated = true;
  canonical.generic_placeholders = false;  // decode() prints nvdisasm's stems (.INVALIDATOMSOP9), not .INVALID9
  FUZZ_CHECK(decoded_text == print(canonical), hex + "\ndecoded: " + decoded_text + "\ncanonical: " + print(canonical));

  const ParsedSass reparsed = check_sass(decoded_text, "fuzz-decoded");
  FUZZ_CHECK(reparsed.instructions.size() == 1 && !reparsed.diagnostics.has_errors(),
             hex + "\n" + decoded_text + "\n" + reparsed.diagnostics.format_all());
  const auto third = encode(reparsed.instructions[0]);
  FUZZ_CHECK(std::holds_alternative<uint64_t>(third) && std::get<uint64_t>(third) == word, hex + "\n" + decoded_text);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const ParsedSass parsed = check_sass(fuzz::as_text(data, size), "fuzz.sass");
  (void)parsed.diagnostics.format_all();
  for (const Instruction& instruction : parsed.instructions) {
    const std::string text = print(instruction);
    const ParsedSass reparsed = parse_sass(text, "fuzz-printed");
    FUZZ_CHECK(reparsed.instructions.size() == 1 && !reparsed.diagnostics.has_errors(),
               text + "\n" + reparsed.diagnostics.format_all());
    const std::string again = print(reparsed.instructions[0]);
    FUZZ_CHECK(again == text, "printed:   " + text + "\nreprinted: " + again);
    check_encoding(instruction, text);
  }
  return 0;
}
