#include "gpuatom/nvidia/binary/unprinted_bits.hpp"

#include <fmt/format.h>

#include "gpuatom/nvidia/binary/sass128.hpp"
#include "gpuatom/nvidia/text/parser.hpp"
#include "gpuatom/nvidia/text/printer.hpp"
#include "gpuatom/support/text.hpp"
#include "sass128_fields.hpp"

namespace gpuatom::nvidia {

namespace {

using sass128::operator|;  // NOLINT(misc-unused-using-decls)
using sass128::operator&;  // NOLINT(misc-unused-using-decls)
using sass128::operator~;  // NOLINT(misc-unused-using-decls)

constexpr std::string_view opening = "/* unprinted:";
constexpr std::string_view example = "`/* unprinted: 0x… 0x… */`, the low half, then the high half";

// Whether the instruction's text, with `bits` as its unprinted comment, encodes to the
// instruction's word (the control bits aside).
bool comes_back_with(const Instruction& instruction, const Word128& bits) {
  const Architecture arch = *instruction.architecture;
  const auto word = encode128(instruction, arch);
  support::Diagnostics ignored;
  auto read = parse_sass_line(print(instruction), {}, ignored, arch);
  if (!read || !std::holds_alternative<Word128>(word)) return false;
  read->kept_bits = bits;
  const auto again = encode128(*read, arch);
  const Word128& control = control_mask();
  const auto* back = std::get_if<Word128>(&again);
  const Word128& w = std::get<Word128>(word);
  return back && ((back->lo ^ w.lo) & ~control.lo) == 0 && ((back->hi ^ w.hi) & ~control.hi) == 0;
}

}  // namespace

Word128 control_mask() {
  // The control fields' one layout is sass128.cpp's: writing zeros over all-ones leaves them clear.
  static const Word128 mask = [] {
    const Word128 cleared = with_control_bits({~0ULL, ~0ULL}, ControlBits{0, false, 0, 0, 0, 0});
    return Word128{~cleared.lo, ~cleared.hi};
  }();
  return mask;
}

Word128 unprinted_bits(const Instruction& instruction) {
  const Word128& control = control_mask();
  const Word128 bits{instruction.kept_bits.lo & ~control.lo, instruction.kept_bits.hi & ~control.hi};
  // Besides the bits no field shows, decode128() keeps what tells apart texts that read alike: the
  // opcode (with a placeholder, or in sm_120's SUATOM) and the fields of lone placeholders. Each is
  // left out where the text tells it anyway.
  constexpr uint64_t opcode_mask = 0xfff;
  const Word128 opcode{bits.lo & opcode_mask, 0};
  const Word128 hints = sass128::placeholder_hints(instruction);
  if ((opcode == Word128{} && hints == Word128{}) || !instruction.architecture) return bits;
  const Word128 plain = bits & ~(opcode | hints);
  for (const Word128& candidate : {plain, plain | opcode, plain | hints})
    if (comes_back_with(instruction, candidate)) return candidate;
  return bits;
}

std::string unprinted_comment(const Instruction& instruction) {
  const Word128 bits = unprinted_bits(instruction);
  if (bits == Word128{}) return {};
  return fmt::format("{} 0x{:016x} 0x{:016x} */", opening, bits.lo, bits.hi);
}

std::string print_with_unprinted_bits(const Instruction& instruction) {
  std::string text = print(instruction);
  if (const std::string comment = unprinted_comment(instruction); !comment.empty()) text += "  " + comment;
  return text;
}

std::optional<UnprintedComment> find_unprinted_comment(std::string_view line) {
  const size_t open = line.find(opening);
  if (open == std::string_view::npos) return std::nullopt;
  UnprintedComment found{static_cast<uint32_t>(open + 1), std::string()};
  const size_t close = line.find("*/", open);
  std::string_view rest =
      line.substr(open + opening.size(), close == std::string_view::npos ? 0 : close - open - opening.size());
  Word128 bits;
  for (uint64_t* half : {&bits.lo, &bits.hi}) {
    while (!rest.empty() && (rest.front() == ' ' || rest.front() == '\t')) rest.remove_prefix(1);
    const std::string_view number = rest.substr(0, rest.find_first_of(" \t"));
    rest.remove_prefix(number.size());
    const auto value = number.starts_with("0x") ? support::parse_unsigned(number) : std::nullopt;
    if (!value) {
      found.bits = fmt::format("unprinted bits: expected two 64-bit hex numbers, {}", example);
      return found;
    }
    *half = *value;
  }
  while (!rest.empty() && (rest.front() == ' ' || rest.front() == '\t')) rest.remove_prefix(1);
  while (!rest.empty() && (rest.back() == ' ' || rest.back() == '\t')) rest.remove_suffix(1);
  if (!rest.empty()) {
    found.bits = fmt::format("unprinted bits: '{}' after the two halves, {}", rest, example);
    return found;
  }
  const Word128& control = control_mask();
  if ((bits.lo & control.lo) || (bits.hi & control.hi)) {
    found.bits = std::string(
        "unprinted bits: bits 105–127 are the control bits, which a `/* stall …` comment gives (disasm sass "
        "--control)");
    return found;
  }
  found.bits = bits;
  return found;
}

}  // namespace gpuatom::nvidia
