// Fuzz target: the vISA binary decoder (docs/spec/intel.md §2), with 4-byte and 2-byte ids.
//
// Properties, for bytes that decode without errors:
//   1. decode → encode gives the same bytes;
//   2. decode → print → parse → encode gives the same bytes: the instructions are printed with
//      a declaration table that names every id they use (when the ids are small enough to
//      declare), and the text, after those declarations, parses to the same fields.
#include <fmt/format.h>

#include <algorithm>

#include "fuzz_check.hpp"
#include "gpuatom/intel/binary/decoder.hpp"
#include "gpuatom/intel/binary/encoder.hpp"
#include "gpuatom/intel/text/parser.hpp"
#include "gpuatom/intel/text/printer.hpp"

using namespace gpuatom;
using namespace gpuatom::intel;

namespace {

std::string hex_dump(std::span<const uint8_t> bytes) {
  std::string out;
  for (uint8_t b : bytes) out += fmt::format("{:02x} ", b);
  return out;
}

// Declarations for every variable id from 32 to the largest used, every predicate id and every
// declared surface index: in declaration order, so that each gets the id the binary uses.
std::optional<std::string> declarations_for(const std::vector<Instruction>& instructions) {
  uint32_t max_variable = first_user_variable_id - 1, max_predicate = 0, max_surface = 5;
  for (const Instruction& i : instructions) {
    for (const RawOperand& o : i.operands) max_variable = std::max(max_variable, o.id);
    if (is_lsc(i.form) && i.lsc.surface.is_register) max_variable = std::max(max_variable, i.lsc.surface.id);
    max_predicate = std::max<uint32_t>(max_predicate, i.predicate.id);
    max_surface = std::max<uint32_t>(max_surface, i.surface);
  }
  if (max_variable > first_user_variable_id + 255 || max_predicate > 256) return std::nullopt;
  std::string text;
  for (uint32_t id = first_user_variable_id; id <= max_variable; ++id)
    text += fmt::format(".decl G{} v_type=G type=ud num_elts=1\n", id);
  for (uint32_t id = 1; id <= max_predicate; ++id) text += fmt::format(".decl Q{} v_type=P num_elts=32\n", id);
  for (uint32_t index = 6; index <= max_surface; ++index) text += fmt::format(".decl S{} v_type=T num_elts=1\n", index);
  return text;
}

void check(std::span<const uint8_t> bytes, IdWidth ids) {
  support::Diagnostics d;
  DecodeOptions options;
  options.ids = ids;
  const std::vector<Instruction> decoded = decode(bytes, "fuzz.bin", options, d);
  (void)d.format_all();
  if (d.has_errors()) return;
  const std::string what = fmt::format("{}-byte ids: {}", static_cast<int>(ids), hex_dump(bytes));

  std::vector<uint8_t> encoded;
  for (const Instruction& i : decoded) {
    const std::optional<std::string> refused = encode(i, encoded, ids);
    FUZZ_CHECK(!refused, what + "\nrefused: " + refused.value_or(""));
  }
  FUZZ_CHECK(std::equal(encoded.begin(), encoded.end(), bytes.begin(), bytes.end()),
             what + "\nre-encoded: " + hex_dump(encoded));

  const std::optional<std::string> prelude = declarations_for(decoded);
  if (!prelude) return;
  support::Diagnostics declared_diagnostics;
  const Module declared = parse_visa(*prelude, "fuzz-decls.visaasm", {}, declared_diagnostics);
  FUZZ_CHECK(!declared_diagnostics.has_errors(), *prelude + declared_diagnostics.format_all());
  std::string text = *prelude;
  for (const Instruction& i : decoded) text += print_instruction(i, &declared.declarations) + "\n";
  support::Diagnostics p;
  const Module parsed = parse_visa(text, "fuzz-printed.visaasm", {}, p);
  FUZZ_CHECK(!p.has_errors() && parsed.instructions.size() == decoded.size(), what + "\n" + text + p.format_all());
  std::vector<uint8_t> from_text;
  for (size_t k = 0; k < decoded.size(); ++k) {
    FUZZ_CHECK(parsed.instructions[k].same_fields(decoded[k]), what + "\n" + text);
    const std::optional<std::string> refused = encode(parsed.instructions[k], from_text, ids);
    FUZZ_CHECK(!refused, what + "\n" + text + "refused: " + refused.value_or(""));
  }
  FUZZ_CHECK(from_text == encoded, what + "\n" + text);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::span<const uint8_t> bytes(data, size);
  check(bytes, IdWidth::four);
  check(bytes, IdWidth::two);
  return 0;
}
