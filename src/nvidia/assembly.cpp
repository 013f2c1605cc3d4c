#include "gpuatom/nvidia/assembly.hpp"

#include <fmt/format.h>

#include <algorithm>

#include "gpuatom/nvidia/binary/decoder.hpp"
#include "gpuatom/nvidia/binary/encoder.hpp"
#include "gpuatom/nvidia/binary/sass128.hpp"
#include "gpuatom/nvidia/binary/unprinted_bits.hpp"
#include "gpuatom/nvidia/instruction_table.hpp"
#include "gpuatom/support/input_error.hpp"

namespace gpuatom::nvidia {

namespace {

// sm_70+ text without --arch or a listing header: the words would be sm_61's, which it has none of.
support::Diagnostic needs_architecture(const Instruction& inst) {
  support::SourceLocation at = inst.where;
  at.column = inst.columns.mnemonic;
  return {support::Severity::error, at,
          fmt::format("the text looks like sm_70+ disassembly ({} in the sm_70+ spelling): give --arch ({}) to encode "
                      "its 128-bit word; without --arch, --encode writes {}'s 64-bit words",
                      info(inst.mnemonic).name, architecture_range(has_sass128_forms), name(default_word_architecture)),
          "docs/sass128.md"};
}

}  // namespace

std::string EncodedWord::text() const {
  return hi ? fmt::format("0x{:016x} 0x{:016x}", lo, *hi) : fmt::format("0x{:016x}", lo);
}

Architecture word_architecture(const std::optional<Architecture>& given) {
  if (!given) return default_word_architecture;
  if (!is_spa5(*given) && !has_sass128_forms(*given))
    throw support::InputError(
        fmt::format("--arch {} with --encode: gpuatom knows no {} words yet (Maxwell/Pascal 64-bit words, "
                    "Volta … Blackwell 128-bit words: sm_70 and later)",
                    name(*given), generation_info(*given).name));
  return *given;
}

std::variant<EncodedWord, support::Diagnostic> encode_word(const Instruction& inst, Architecture arch) {
  if (is_spa5(arch)) {
    const auto word = encode(inst, arch);
    if (const auto* refused = std::get_if<support::Diagnostic>(&word)) return *refused;
    return EncodedWord{std::get<uint64_t>(word), std::nullopt};
  }
  const auto word = encode128(inst, arch);
  if (const auto* refused = std::get_if<support::Diagnostic>(&word)) return *refused;
  const Word128& w = std::get<Word128>(word);
  return EncodedWord{w.lo, w.hi};
}

void take_control_comments(std::vector<Instruction>& instructions, std::string_view source,
                           support::Diagnostics& diagnostics) {
  std::vector<std::string_view> lines;
  for (size_t start = 0; start <= source.size();) {
    const size_t end = std::min(source.find('\n', start), source.size());
    lines.push_back(source.substr(start, end - start));
    start = end + 1;
  }
  for (Instruction& inst : instructions) {
    if (inst.where.line == 0 || inst.where.line > lines.size()) continue;
    const std::string_view line = lines[inst.where.line - 1];
    const size_t open = line.find("/* stall");
    if (open == std::string_view::npos) continue;
    const size_t close = line.find("*/", open);
    const std::string_view text =
        line.substr(open + 2, close == std::string_view::npos ? std::string_view::npos : close - open - 2);
    const auto control = parse_control_bits(text);
    if (const auto* why = std::get_if<std::string>(&control)) {
      support::SourceLocation at = inst.where;
      at.column = static_cast<uint32_t>(open + 1);
      diagnostics.error(at, fmt::format("control bits: {}", *why), "docs/sass128.md");
      continue;
    }
    inst.kept_bits = with_control_bits(inst.kept_bits, std::get<ControlBits>(control));
  }
}

std::vector<AssembledLine> assemble(const ParsedSass& checked, const std::optional<Architecture>& given, bool encode,
                                    support::Diagnostics& diagnostics) {
  std::vector<AssembledLine> lines;
  if (diagnostics.has_errors()) return lines;
  for (const Instruction& inst : checked.instructions) {
    std::string text = print_with_unprinted_bits(inst);
    if (!encode) {
      lines.push_back({&inst, std::move(text), std::nullopt});
      continue;
    }
    if (!inst.architecture && inst.dialect != Dialect::spa5) {
      diagnostics.add(needs_architecture(inst));
      continue;
    }
    // A listing's header names its code's architecture (docs/listings.md): its words are that one's.
    const auto word = encode_word(inst, word_architecture(inst.architecture ? inst.architecture : given));
    if (const auto* refused = std::get_if<support::Diagnostic>(&word)) {
      diagnostics.add(*refused);
      continue;
    }
    lines.push_back({&inst, std::move(text), std::get<EncodedWord>(word)});
  }
  return lines;
}

}  // namespace gpuatom::nvidia
