// Listings in and out: the line shapes of cuobjdump -sass and nvdisasm -hex (listing.hpp), and
// the check of a listed word against its text.
#include "gpuatom/nvidia/listing.hpp"

#include <algorithm>
#include <cctype>

#include <fmt/format.h>

#include "gpuatom/nvidia/binary/code.hpp"
#include "gpuatom/nvidia/binary/decoder.hpp"
#include "gpuatom/nvidia/text/printer.hpp"
#include "gpuatom/nvidia/binary/sass128.hpp"
#include "gpuatom/support/text.hpp"

namespace gpuatom::nvidia {

namespace {

constexpr const char* listing_rule = "docs/listings.md";
constexpr std::string_view function_marker = "Function :";

bool is_hex(char c) { return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F'); }
bool is_blank(char c) { return c == ' ' || c == '\t' || c == '\r'; }

size_t skip_blanks(std::string_view line, size_t at = 0) {
  while (at < line.size() && is_blank(line[at])) ++at;
  return at;
}

// `/*0070*/` at `at`: its value and where it ends.
std::optional<std::pair<uint64_t, size_t>> address_comment(std::string_view line, size_t at) {
  if (line.substr(at, 2) != "/*") return std::nullopt;
  size_t i = at + 2;
  const size_t digits = i;
  while (i < line.size() && is_hex(line[i])) ++i;
  if (i == digits || i - digits > 16 || line.substr(i, 2) != "*/") return std::nullopt;
  return std::pair{*support::parse_unsigned(fmt::format("0x{}", line.substr(digits, i - digits))), i + 2};
}

// `/* 0x000000050200098e */` at `at`: its value and where it ends.
std::optional<std::pair<uint64_t, size_t>> word_comment(std::string_view line, size_t at) {
  if (line.substr(at, 2) != "/*") return std::nullopt;
  size_t i = skip_blanks(line, at + 2);
  if (line.substr(i, 2) != "0x" && line.substr(i, 2) != "0X") return std::nullopt;
  i += 2;
  const size_t digits = i;
  while (i < line.size() && is_hex(line[i])) ++i;
  if (i == digits || i - digits > 16) return std::nullopt;
  const uint64_t value = *support::parse_unsigned(fmt::format("0x{}", line.substr(digits, i - digits)));
  i = skip_blanks(line, i);
  if (line.substr(i, 2) != "*/") return std::nullopt;
  return std::pair{value, i + 2};
}

// The architecture a header line names: "code for sm_90" (cuobjdump) or EF_CUDA_SM90 in
// ".headerflags" (both tools).
std::optional<Architecture> header_architecture(std::string_view line) {
  const auto name_after = [&](std::string_view marker, std::string_view prefix) -> std::optional<Architecture> {
    const size_t at = line.find(marker);
    if (at == std::string_view::npos) return std::nullopt;
    size_t end = at + marker.size();
    while (end < line.size() && (std::isalnum(static_cast<unsigned char>(line[end])) || line[end] == '_')) ++end;
    return parse_architecture(fmt::format("{}{}", prefix, line.substr(at + marker.size(), end - at - marker.size())));
  };
  if (auto a = name_after("code for sm_", "sm_")) return a;
  if (line.find(".headerflags") != std::string_view::npos) return name_after("EF_CUDA_SM", "sm_");
  return std::nullopt;
}

// The mnemonic of an instruction text: what follows the guard, up to its first '.', blank or ';'.
std::string_view mnemonic_of(std::string_view text) {
  size_t i = skip_blanks(text);
  if (i < text.size() && text[i] == '@') {
    while (i < text.size() && !is_blank(text[i])) ++i;
    i = skip_blanks(text, i);
  }
  size_t end = i;
  while (end < text.size() && (std::isalnum(static_cast<unsigned char>(text[end])) || text[end] == '_')) ++end;
  return text.substr(i, end - i);
}

struct Lines {
  std::string_view source;
  size_t start = 0;
  uint32_t number = 0;
  bool next(std::string_view& line) {
    if (start > source.size() || (start == source.size() && number > 0)) return false;
    size_t end = source.find('\n', start);
    if (end == std::string_view::npos) end = source.size();
    line = source.substr(start, end - start);
    ++number;
    start = end + 1;
    return true;
  }
};


// The instruction the listed word holds, or why it holds none.
std::variant<Instruction, support::Diagnostic> decode_listed(const ListingLine& l, Architecture arch) {
  if (word_halves(arch) == 1) {
    Decoded decoded = decode(l.words[0], l.words_at, arch);
    if (decoded.instruction && !decoded.diagnostics.has_errors()) return std::move(*decoded.instruction);
    for (const support::Diagnostic& d : decoded.diagnostics.all())
      if (d.severity == support::Severity::error) return d;
    return support::Diagnostic{support::Severity::error, l.words_at,
                               fmt::format("0x{:016x} is no atomic gpuatom reads on {}", l.words[0], name(arch)), listing_rule};
  }
  return decode128({l.words[0], l.words[1]}, arch, l.words_at);
}

// Whether the word's instruction is the line's. nvdisasm 11.8 prints no desc[URn] in a Hopper
// address where 13.0 does (docs/oracles.md): a line without it matches the word with it, and
// takes the word's descriptor (gpuatom prints what 13.0 prints).
bool same(Instruction& listed, Instruction decoded) {
  decoded.terminated = listed.terminated;  // a dual-issued pair's second line has no ';'
  const std::string text = print(decoded);
  if (print(listed) == text) return true;
  if (generation(decoded.architecture.value_or(Architecture::sm_50)) != Generation::hopper || listed.address.descriptor ||
      !decoded.address.descriptor)
    return false;
  listed.address.descriptor = decoded.address.descriptor;
  if (print(listed) == text) return true;
  listed.address.descriptor.reset();
  return false;
}

}  // namespace

std::optional<support::Diagnostic> word_halves_error(const ListingLine& l, Architecture arch) {
  if (l.words.empty() || l.words.size() == word_halves(arch)) return std::nullopt;
  return support::Diagnostic{support::Severity::error, l.words_at,
                             fmt::format("an instruction word of {} is {} 64-bit half(s), low then high; the listing gives {}",
                                         name(arch), word_halves(arch), l.words.size()),
                             listing_rule};
}

bool is_listing(std::string_view source) {
  Lines lines{source};
  std::string_view line;
  while (lines.next(line))
    if (address_comment(line, skip_blanks(line))) return true;
  return false;
}

std::vector<ListingLine> listing_lines(std::string_view source, const support::FileName& file,
                                       std::optional<Architecture> given) {
  std::vector<ListingLine> out;
  std::optional<Architecture> architecture = given;
  uint32_t header_line = 0;
  std::string function;
  bool open = false;  // the last instruction line may still take word comments on the lines after it
  Lines lines{source};
  std::string_view line;
  while (lines.next(line)) {
    const size_t first = skip_blanks(line);
    const auto address = address_comment(line, first);
    if (!address) {
      // A line of word comments only: the rest of the last instruction's word, or a control word.
      std::vector<std::pair<uint64_t, uint32_t>> words;
      size_t i = first;
      while (i < line.size()) {
        const auto w = word_comment(line, i);
        if (!w) break;
        words.push_back({w->first, static_cast<uint32_t>(i + 1)});
        i = skip_blanks(line, w->second);
      }
      // A blank or comment line (`#`, `//`) between an instruction and the rest of its word is
      // passed over.
      const std::string_view rest = line.substr(first);
      if (rest.empty() || rest.starts_with("#") || rest.starts_with("//")) continue;
      if (i < line.size() || words.empty()) {
        open = false;
        if (first < line.size()) {
          if (auto a = header_architecture(line)) {
            architecture = a;
            header_line = lines.number;
          }
          if (const std::string_view f = line.substr(first); f.starts_with(function_marker))
            function = std::string(f.substr(skip_blanks(f, function_marker.size())));
        }
        continue;
      }
      if (!open) continue;
      ListingLine& last = out.back();
      const size_t wanted = last.architecture ? word_halves(*last.architecture) : 2;
      for (const auto& [value, column] : words) {
        if (last.words.size() >= wanted) break;
        if (last.words.empty()) last.words_at = {file, lines.number, column, std::nullopt};
        last.words.push_back(value);
      }
      open = last.words.size() < wanted;
      continue;
    }
    ListingLine l;
    l.line = lines.number;
    l.address = address->first;
    l.architecture = architecture;
    l.header_line = header_line;
    l.function = function;
    l.text = std::string(line);
    std::fill(l.text.begin() + static_cast<std::ptrdiff_t>(first), l.text.begin() + static_cast<std::ptrdiff_t>(address->second), ' ');
    // Word comments anywhere after the instruction, blanked.
    for (size_t i = l.text.find("/*", address->second); i != std::string::npos; i = l.text.find("/*", i + 2)) {
      const auto w = word_comment(l.text, i);
      if (!w) continue;
      if (l.words.empty()) l.words_at = {file, l.line, static_cast<uint32_t>(i + 1), std::nullopt};
      l.words.push_back(w->first);
      std::fill(l.text.begin() + static_cast<std::ptrdiff_t>(i), l.text.begin() + static_cast<std::ptrdiff_t>(w->second), ' ');
    }
    // The braces of a dual-issued pair (Maxwell/Pascal).
    if (const size_t open_brace = l.text.find_first_not_of(" \t\r"); open_brace != std::string::npos && l.text[open_brace] == '{')
      l.text[open_brace] = ' ';
    if (const size_t close = l.text.find_last_not_of(" \t\r"); close != std::string::npos && l.text[close] == '}')
      l.text[close] = ' ';
    open = !l.architecture || l.words.size() < word_halves(*l.architecture);
    out.push_back(std::move(l));
  }
  return out;
}

ParsedSass read_sass(std::string_view source, std::string_view file, std::optional<Architecture> architecture) {
  if (!is_listing(source)) return parse_sass(source, file, architecture);
  ParsedSass out;
  const support::FileName name_of_file(file);
  bool unchecked_words_reported = false;
  std::optional<Architecture> overridden;  // the header that last differed from --arch, reported once each
  for (const ListingLine& l : listing_lines(source, name_of_file, architecture)) {
    const std::string_view mnemonic = mnemonic_of(l.text);
    const support::SourceLocation where{name_of_file, l.line, 0, std::nullopt};
    bool unread = false;
    for (const UnreadAtomic& u : unread_atomic_mnemonics())
      if (support::iequals(u.name, mnemonic)) {
        support::SourceLocation at = where;
        at.column = static_cast<uint32_t>(l.text.find(mnemonic) + 1);
        out.diagnostics.error(at, fmt::format("{} ({}) is an atomic gpuatom does not read yet", u.name, u.what), listing_rule);
        unread = true;
      }
    if (unread || !parse_mnemonic(mnemonic)) continue;  // another instruction: not an atomic
    if (architecture && l.architecture && *l.architecture != *architecture && overridden != l.architecture) {
      out.diagnostics.warning({name_of_file, l.header_line, 1, std::nullopt},
                              fmt::format("the listing's header says this is code for {}: it is read as {}, not as --arch {}",
                                          name(*l.architecture), name(*l.architecture), name(*architecture)),
                              listing_rule);
      overridden = l.architecture;
    }
    auto inst = parse_sass_line(l.text, where, out.diagnostics, l.architecture);
    if (!inst) continue;
    if (!l.words.empty() && !l.architecture && !unchecked_words_reported) {
      out.diagnostics.warning(l.words_at, "the listing names no architecture (no 'code for sm_XX' or .headerflags line): "
                                          "its words are not checked against its text; give --arch to check them",
                              listing_rule);
      unchecked_words_reported = true;
    }
    if (!l.words.empty() && l.architecture) {
      const Architecture arch = *l.architecture;
      if (auto wrong = word_halves_error(l, arch)) {
        out.diagnostics.add(std::move(*wrong));
      } else {
        auto decoded = decode_listed(l, arch);
        if (const auto* why = std::get_if<support::Diagnostic>(&decoded)) {
          out.diagnostics.error(l.words_at, fmt::format("the listed word is not this line's instruction: {}", why->message), listing_rule);
        } else if (!same(*inst, std::get<Instruction>(decoded))) {
          out.diagnostics.error(l.words_at,
                                fmt::format("the listed word holds '{}', not this line's '{}'",
                                            print(std::get<Instruction>(decoded)), print(*inst)),
                                listing_rule);
        } else {
          inst->kept_bits = std::get<Instruction>(decoded).kept_bits;
        }
      }
    }
    out.instructions.push_back(std::move(*inst));
  }
  out.diagnostics.sort_by_line();
  return out;
}

std::string listing_header(Architecture architecture, std::string_view kernel) {
  return fmt::format("\tcode for {}\n\t\tFunction : {}\n", name(architecture), kernel);
}

namespace {
// cuobjdump's columns: the address comment at 9, the opcode at 36 with the guard before it.
constexpr size_t opcode_column = 35;
size_t guard_width(std::string_view text) { return text.starts_with("@") ? std::min<size_t>(text.find(' ') + 1, 19) : 0; }
}  // namespace

size_t listing_width(std::string_view text) { return text.size() - guard_width(text); }

void append_listing_line(std::string& out, uint64_t address, std::string_view text, const Word128& word,
                         Architecture architecture, size_t text_width) {
  // Appended piece by piece: a large code section lists half a million of these lines.
  const auto hex = [&](uint64_t v, int digits) {
    constexpr char digit[] = "0123456789abcdef";
    int n = digits;
    while (n < 16 && (v >> (4 * n)) != 0) ++n;
    for (int k = n - 1; k >= 0; --k) out.push_back(digit[(v >> (4 * k)) & 0xf]);
  };
  const size_t start = out.size();
  out.append("        /*");
  hex(address, 4);
  out.append("*/");
  out.append(opcode_column - (out.size() - start) - guard_width(text), ' ');
  out.append(text);
  const size_t comment = opcode_column + std::max(text_width, listing_width(text)) + 3;
  out.append(comment > out.size() - start ? comment - (out.size() - start) : 0, ' ');
  out.append("/* 0x");
  hex(word.lo, 16);
  out.append(" */\n");
  if (word_halves(architecture) == 2) {
    out.append(comment, ' ');
    out.append("/* 0x");
    hex(word.hi, 16);
    out.append(" */\n");
  }
}

std::string listing_line(uint64_t address, std::string_view text, const Word128& word, Architecture architecture,
                         size_t text_width) {
  std::string out;
  append_listing_line(out, address, text, word, architecture, text_width);
  out.pop_back();  // the newline
  return out;
}

}  // namespace gpuatom::nvidia
