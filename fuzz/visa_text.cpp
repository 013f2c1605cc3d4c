// Fuzz target: the vISA text parser, validator, printer and encoder (docs/spec/intel.md §2, §10).
//
// Properties:
//   1. parse → print → parse: the canonical text of what parsed reads back without errors to the
//      same declarations and instructions (same fields) and prints identically;
//   2. read a line at a time (as `gpuatom check visa` reads a file, in pieces of whole lines) with
//      the lines read past not kept, the text gives the same diagnostics, instructions and counts
//      as read whole;
//   3. every instruction the validator accepts (gen12 or pvc) encodes, and its bytes decode,
//      without errors, to one instruction with the same fields; with 2-byte ids as well, where
//      the encoder can write them.
#include <optional>
#include <span>
#include <string>
#include <string_view>

#include "fuzz_check.hpp"
#include "gpuatom/intel/binary/decoder.hpp"
#include "gpuatom/intel/binary/encoder.hpp"
#include "gpuatom/intel/text/parser.hpp"
#include "gpuatom/intel/text/printer.hpp"
#include "gpuatom/intel/validator.hpp"

using namespace gpuatom;
using namespace gpuatom::intel;

namespace {

void check_encoding(const Instruction& instruction, const DeclarationTable& declarations) {
  const std::string text = print_instruction(instruction, &declarations);
  for (IdWidth ids : {IdWidth::four, IdWidth::two}) {
    std::vector<uint8_t> bytes;
    const std::optional<std::string> refused = encode(instruction, bytes, ids);
    if (refused) {
      FUZZ_CHECK(ids == IdWidth::two, text + "\nrefused: " + *refused);
      FUZZ_CHECK(bytes.empty(), text + "\nbytes appended although refused");
      continue;
    }
    support::Diagnostics d;
    DecodeOptions options;
    options.ids = ids;
    const std::vector<Instruction> decoded = decode(bytes, "fuzz-encoded.bin", options, d);
    FUZZ_CHECK(!d.has_errors() && decoded.size() == 1, text + "\n" + d.format_all());
    FUZZ_CHECK(decoded[0].same_fields(instruction),
               text + "\ndecoded: " + print_instruction(decoded[0], &declarations));
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string_view source = fuzz::as_text(data, size);
  {
    support::Diagnostics lenient;
    (void)parse_visa(source, "fuzz-lenient.visaasm", {true}, lenient);
    (void)lenient.format_all();
  }
  support::Diagnostics d;
  const Module module = parse_visa(source, "fuzz.visaasm", {}, d);
  (void)d.format_all();
  {
    size_t at = 0;
    std::string piece;
    support::Diagnostics piecewise;
    const Module streamed = parse_visa(
        [&]() -> std::optional<std::string_view> {
          if (at >= source.size()) return std::nullopt;
          const size_t newline = source.find('\n', at);
          const size_t end = newline == std::string_view::npos ? source.size() : newline + 1;
          piece.assign(source.substr(at, end - at));
          at = end;
          return std::string_view(piece);
        },
        "fuzz.visaasm", {.lenient = false, .keep_others = false}, piecewise);
    FUZZ_CHECK(piecewise.format_all() == d.format_all(),
               "read in pieces:\n" + piecewise.format_all() + "\nread whole:\n" + d.format_all());
    FUZZ_CHECK(streamed.instructions.size() == module.instructions.size() && streamed.others.empty() &&
                   streamed.others_read == module.others_read &&
                   streamed.unread_atomics_read == module.unread_atomics_read,
               "read in pieces, the module differs");
    for (size_t k = 0; k < module.instructions.size(); ++k)
      FUZZ_CHECK(streamed.instructions[k].same_fields(module.instructions[k]),
                 "instruction " + std::to_string(k) + " differs when read in pieces");
  }

  const std::string canonical = print_module(module);
  support::Diagnostics again;
  const Module reparsed = parse_visa(canonical, "fuzz-printed.visaasm", {}, again);
  FUZZ_CHECK(!again.has_errors(), canonical + "\n" + again.format_all());
  FUZZ_CHECK(reparsed.instructions.size() == module.instructions.size(), canonical);
  FUZZ_CHECK(reparsed.declarations.generals().size() == module.declarations.generals().size() &&
                 reparsed.declarations.predicates().size() == module.declarations.predicates().size() &&
                 reparsed.declarations.surfaces().size() == module.declarations.surfaces().size(),
             canonical);
  for (size_t k = 0; k < module.instructions.size(); ++k)
    FUZZ_CHECK(reparsed.instructions[k].same_fields(module.instructions[k]),
               canonical + "\ninstruction " + std::to_string(k) + " reads back as " +
                   print_instruction(reparsed.instructions[k], &reparsed.declarations));
  const std::string reprinted = print_module(reparsed);
  FUZZ_CHECK(reprinted == canonical, "printed:\n" + canonical + "\nreprinted:\n" + reprinted);

  for (const Instruction& instruction : module.instructions) {
    bool valid = false;
    for (Platform platform : {Platform::gen12, Platform::pvc}) {
      support::Diagnostics v;
      validate(std::span<const Instruction>(&instruction, 1), &module.declarations, {platform}, v);
      (void)v.format_all();
      valid = valid || !v.has_errors();
    }
    if (valid) check_encoding(instruction, module.declarations);
  }
  return 0;
}
