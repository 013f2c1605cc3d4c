// Fuzz target: the Maxwell/Pascal decoder (docs/spec/nvidia.md §11, docs/oracles.md). The input's
// first 8 bytes, little endian (zero-padded when shorter), are one instruction word; the ninth
// picks the architecture whose reading is used (sm_50 … sm_62).
//
// Properties, for a word that decodes:
//   1. decode → print → parse gives one instruction, without errors, that prints the same text;
//   2. a word that decodes without errors (nvdisasm reads it) decodes to the same text with its
//      unassigned bits cleared (they draw only a warning);
//   3. such a word re-encodes for its architecture to itself with those bits cleared, both from
//      the decoded instruction and from the instruction its printed text parses to: rule
//      violations and reserved codes are fields like any other.
#include <fmt/format.h>

#include <variant>

#include "fuzz_check.hpp"
#include "gpuatom/nvidia/binary/decoder.hpp"
#include "gpuatom/nvidia/binary/encoder.hpp"
#include "gpuatom/nvidia/instruction_table.hpp"
#include "gpuatom/nvidia/text/parser.hpp"
#include "gpuatom/nvidia/text/printer.hpp"

using namespace gpuatom;
using namespace gpuatom::nvidia;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  uint64_t word = 0;
  for (size_t k = 0; k < size && k < 8; ++k) word |= uint64_t{data[k]} << (8 * k);
  constexpr Architecture readings[] = {Architecture::sm_50, Architecture::sm_52, Architecture::sm_53,
                                       Architecture::sm_60, Architecture::sm_61, Architecture::sm_62};
  const Architecture arch = readings[size > 8 ? data[8] % 6 : 4];
  const std::string hex = fmt::format("0x{:016x} ({})", word, name(arch));

  const Decoded decoded = decode(word, {"fuzz.bin", 0, 0, 0}, arch);
  (void)decoded.diagnostics.format_all();
  if (!decoded.instruction) return 0;
  const std::string text = print(*decoded.instruction);
  const ParsedSass reparsed = parse_sass(text, "fuzz-decoded");
  FUZZ_CHECK(reparsed.instructions.size() == 1 && !reparsed.diagnostics.has_errors(),
             hex + "\n" + text + "\n" + reparsed.diagnostics.format_all());
  const std::string again = print(reparsed.instructions[0]);
  FUZZ_CHECK(again == text, hex + "\nprinted:   " + text + "\nreprinted: " + again);

  if (decoded.diagnostics.has_errors()) return 0;
  // Unassigned bits change nothing but a warning: the word without them decodes the same.
  uint64_t unassigned = 0;
  if (const EncodingInfo* form = find_encoding(word))
    for (const BitField& f : form->fields)
      if (f.kind == FieldKind::unassigned) unassigned |= f.mask();
  if ((word & unassigned) != 0) {
    word &= ~unassigned;
    const Decoded clean = decode(word, {}, arch);
    FUZZ_CHECK(clean.instruction && print(*clean.instruction) == text && !clean.diagnostics.has_errors(),
               fmt::format("{}\n{}\nwithout unassigned bits 0x{:016x}: {}", hex, text, word,
                           clean.instruction ? print(*clean.instruction) : std::string("no instruction")));
  }
  const auto direct = encode(*decoded.instruction, arch);
  FUZZ_CHECK(std::holds_alternative<uint64_t>(direct), hex + "\n" + text + "\n" +
                                                           (std::holds_alternative<support::Diagnostic>(direct)
                                                                ? support::format(std::get<support::Diagnostic>(direct))
                                                                : std::string()));
  FUZZ_CHECK(std::get<uint64_t>(direct) == word,
             fmt::format("{}\n{}\nre-encoded 0x{:016x}", hex, text, std::get<uint64_t>(direct)));
  const auto from_text = encode(reparsed.instructions[0], arch);
  FUZZ_CHECK(std::holds_alternative<uint64_t>(from_text) && std::get<uint64_t>(from_text) == word, hex + "\n" + text);
  return 0;
}
