#include "gpuatom/nvidia/disassembly_walks.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <variant>

#include "gpuatom/nvidia/binary/decoder.hpp"
#include "gpuatom/nvidia/binary/sass128.hpp"
#include "gpuatom/nvidia/listing.hpp"
#include "gpuatom/support/input_error.hpp"
#include "gpuatom/support/text.hpp"

namespace gpuatom::nvidia {

namespace {

support::Diagnostic error_at(const support::SourceLocation& where, std::string message, std::string rule = {}) {
  return {support::Severity::error, where, std::move(message), std::move(rule)};
}

// Without --arch, words are read as sm_61's; a 128-bit word given as its two halves reads as two
// words that are no Maxwell/Pascal atomic. The architecture they read on, if they do.
std::optional<Architecture> reads_as_128_bit(uint64_t low, uint64_t high) {
  for (const Architecture arch : architectures())
    if (has_sass128_forms(arch) && has_atomic_opcode({low, high}, arch) &&
        std::holds_alternative<Instruction>(decode128({low, high}, arch)))
      return arch;
  return std::nullopt;
}

support::Diagnostic needs_arch(const support::SourceLocation& where, uint64_t low, uint64_t high, Architecture arch) {
  return error_at(where,
                  fmt::format("0x{:016x} 0x{:016x} are no Maxwell/Pascal atomics (without --arch, words are read as "
                              "{}'s), but they read as one 128-bit word, low then high, of sm_70 on: give --arch "
                              "(--arch {}, say)",
                              low, high, name(default_word_architecture), name(arch)),
                  "docs/sass128.md");
}

// A text of words' line without its comment and its blanks; empty when nothing is left.
std::string_view word_token(std::string_view line, size_t& first) {
  for (std::string_view comment : {"//", "#"})
    if (size_t c = line.find(comment); c != std::string_view::npos) line = line.substr(0, c);
  first = line.find_first_not_of(" \t\r");
  if (first == std::string_view::npos) return {};
  const size_t last = line.find_last_not_of(" \t\r");
  return line.substr(first, last - first + 1);
}

// One line's word, or the error that it is none: `halves` hex words, blank-separated.
std::optional<Word128> read_text_word(std::string_view token, const support::SourceLocation& where, size_t halves,
                                      bool arch_given, DisassemblyPass& pass) {
  const size_t space = token.find_first_of(" \t");
  const size_t second = space == std::string_view::npos ? space : token.find_first_not_of(" \t", space);
  const auto low = parse_hex_word(token.substr(0, space));
  const auto high = second == std::string_view::npos ? std::nullopt : parse_hex_word(token.substr(second));
  if (halves == 2 && !(low && high)) {
    pass.diagnose(error_at(where, fmt::format("'{}' is not a 128-bit word: two 64-bit hex halves, low then high "
                                              "(0x000000040a0079a8 0x004e2800081ee1c6)",
                                              token)));
    return std::nullopt;
  }
  if (halves == 1 && (!low || space != std::string_view::npos)) {
    std::string hint;
    if (low && high && !arch_given)
      hint =
          "; two words on a line are a 128-bit word's halves, low then high: give --arch for sm_70 on (--arch sm_90, "
          "say)";
    pass.diagnose(error_at(
        where, fmt::format("'{}' is not a 64-bit hex word (one per line, e.g. 0xed07000100570200){}", token, hint)));
    return std::nullopt;
  }
  return Word128{*low, halves == 2 ? *high : 0};
}

}  // namespace

std::optional<uint64_t> parse_hex_word(std::string_view text) {
  if (support::istarts_with(text, "0x")) text.remove_prefix(2);
  if (text.empty() || text.size() > 16) return std::nullopt;
  std::string prefixed("0x");
  prefixed += text;
  return support::parse_unsigned(prefixed);
}

bool spelt_as_word(std::string_view text) {
  if (support::istarts_with(text, "0x")) text.remove_prefix(2);
  return !text.empty() && text.find_first_not_of("0123456789abcdefABCDEF") == std::string_view::npos;
}

Architecture cubin_code_architecture(const Cubin& cubin, const std::optional<Architecture>& given,
                                     std::string_view file) {
  if (!given) return cubin.architecture;
  if (same_base(*given, cubin.architecture)) return *given;
  throw support::InputError(fmt::format("{}: the cubin is code for {} (its ELF header), not --arch {}", file,
                                        name(cubin.architecture), name(*given)));
}

void require_control_bits(bool control, Architecture arch, std::string_view what) {
  if (control && is_spa5(arch))
    throw support::InputError(
        fmt::format("--control prints a 128-bit word's control bits (sm_70 on); {} is {} code, which keeps "
                    "them in control words",
                    what, name(arch)));
}

void walk_code(std::string_view kernel, std::string_view code, Architecture arch, std::string_view file,
               uint64_t file_offset, DisassemblyPass& pass) {
  pass.section(kernel, arch, true);
  const CodeAtomics walked = for_each_atomic_in_code(code, arch, support::FileName(file), file_offset,
                                                     [&](CodeAtomic& atomic) { pass.atomic(atomic, 0); });
  pass.read(walked.instructions);
  pass.diagnose(walked.diagnostics);
}

void walk_listing(std::string_view input, std::string_view file, const std::optional<Architecture>& given, bool control,
                  DisassemblyPass& pass) {
  const Architecture fallback = given.value_or(default_word_architecture);
  const support::FileName file_name(file);
  ListingReader reader(input, file_name, given);
  std::optional<Architecture> section_arch;
  uint32_t section_header = 0;
  std::string section_function;
  bool control_warned = false;
  CodeAtomic atomic;
  while (const std::optional<ListingLine> l = reader.next()) {
    pass.read(1);
    const Architecture arch = l->architecture.value_or(fallback);
    if (arch != section_arch || l->header_line != section_header || l->function != section_function) {
      section_arch = arch;
      section_header = l->header_line;
      section_function = l->function;
      pass.section(section_function.empty() ? file : std::string_view(section_function), arch, false);
      if (control && is_spa5(arch) && !control_warned) {
        pass.diagnose(support::Diagnostic{support::Severity::warning,
                                          {file_name, l->line, 1, std::nullopt},
                                          fmt::format("--control: {} code keeps its control bits in control words, "
                                                      "which are passed over; its lines have no control comment",
                                                      name(arch)),
                                          "docs/listings.md"});
        control_warned = true;
      }
    }
    if (auto wrong = word_halves_error(*l, arch)) {
      pass.diagnose(*wrong);
      continue;
    }
    if (l->words.empty()) {
      pass.diagnose(error_at({file_name, l->line, 1, std::nullopt},
                             "an instruction line without its word: disasm reads a listing's words "
                             "(cuobjdump -sass, nvdisasm -hex); check and asm read its text",
                             "docs/listings.md"));
      continue;
    }
    const Word128 word{l->words[0], l->words.size() == 2 ? l->words[1] : 0};
    if (read_atomic_in_word(word, l->address, arch, l->words_at, atomic)) pass.atomic(atomic, 0);
  }
  pass.diagnose(reader.diagnostics());
}

void walk_argument_words(const std::vector<std::string>& words, Architecture arch, bool arch_given,
                         DisassemblyPass& pass) {
  const size_t halves = word_halves(arch);
  pass.words(arch);
  for (size_t i = 0; i < words.size(); i += halves) {
    const support::SourceLocation where{"<command line>", 0, 0, i * 8};
    const auto low = parse_hex_word(words[i]);
    const auto high = halves == 2 ? parse_hex_word(words[i + 1]) : std::optional<uint64_t>(0);
    if (!low || !high) {
      pass.diagnose(error_at(where, fmt::format("'{}' is not a 64-bit hex word", words[low ? i + 1 : i])));
      continue;
    }
    pass.read(1);
    CodeAtomic atomic = decode_atomic({*low, *high}, 0, arch, where);
    if (!atomic.instruction && !arch_given && i + 1 < words.size()) {
      const auto next = parse_hex_word(words[i + 1]);
      if (const auto wide = next ? reads_as_128_bit(*low, *next) : std::nullopt) {
        pass.diagnose(needs_arch(where, *low, *next, *wide));
        ++i;
        continue;
      }
    }
    pass.atomic(atomic, 0);
  }
}

void walk_text_words(std::string_view text, std::string_view file, Architecture arch, bool arch_given,
                     DisassemblyPass& pass) {
  const size_t halves = word_halves(arch);
  const support::FileName file_name(file);
  pass.words(arch);
  uint32_t line_number = 0;
  for (size_t start = 0; start < text.size();) {
    const size_t end = std::min(text.find('\n', start), text.size());
    const std::string_view line = text.substr(start, end - start);
    ++line_number;
    start = end + 1;
    size_t first = 0;
    const std::string_view token = word_token(line, first);
    if (token.empty()) continue;
    const support::SourceLocation where{file_name, line_number, static_cast<uint32_t>(first + 1), std::nullopt};
    const std::optional<Word128> word = read_text_word(token, where, halves, arch_given, pass);
    if (!word) continue;
    pass.read(1);
    pass.atomic(decode_atomic(*word, 0, arch, where), line_number);
  }
}

}  // namespace gpuatom::nvidia
