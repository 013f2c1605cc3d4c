// Reading a listing's lines (listing.hpp): the line shapes of cuobjdump -sass and nvdisasm -hex,
// each line an instruction, word comments, context, or reported.
#include "gpuatom/nvidia/listing.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <utility>

#include "gpuatom/nvidia/binary/code.hpp"
#include "gpuatom/nvidia/instruction_table.hpp"
#include "gpuatom/nvidia/text/printer.hpp"
#include "gpuatom/support/text.hpp"
#include "listing_rule.hpp"

namespace gpuatom::nvidia {

namespace {

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

// Whether `mnemonic` is an atomic's as the disassemblers print it (upper case: PTX's `atom.add`,
// which `cuobjdump -ptx` prints beside the SASS, is not one).
bool is_printed_atomic(std::string_view mnemonic) {
  if (const auto m = parse_mnemonic(mnemonic); m && info(*m).name == mnemonic) return true;
  for (const UnreadAtomic& u : unread_atomic_mnemonics())
    if (u.name == mnemonic) return true;
  return false;
}

}  // namespace

std::string_view instruction_mnemonic(std::string_view text) {
  size_t i = skip_blanks(text);
  if (i < text.size() && text[i] == '@') {
    while (i < text.size() && !is_blank(text[i])) ++i;
    i = skip_blanks(text, i);
  }
  size_t end = i;
  while (end < text.size() && (std::isalnum(static_cast<unsigned char>(text[end])) || text[end] == '_')) ++end;
  return text.substr(i, end - i);
}

std::optional<support::Diagnostic> word_halves_error(const ListingLine& l, Architecture arch) {
  if (l.words.empty() || l.words.size() == word_halves(arch)) return std::nullopt;
  return support::Diagnostic{
      support::Severity::error, l.words_at,
      fmt::format("an instruction word of {} is {} 64-bit half(s), low then high; the listing gives {}", name(arch),
                  word_halves(arch), l.words.size()),
      listing_rule};
}

bool is_listing(std::string_view source) {
  for (size_t start = 0; start <= source.size();) {
    const size_t end = std::min(source.find('\n', start), source.size());
    const std::string_view line = source.substr(start, end - start);
    if (address_comment(line, skip_blanks(line))) return true;
    start = end + 1;
  }
  return false;
}

ListingReader::ListingReader(std::string_view source, const support::FileName& file, std::optional<Architecture> given)
    : source_(source), file_(file), architecture_(given) {}

std::optional<ListingLine> ListingReader::next() {
  // Lines as Lines splits them: an empty source is one empty line, and a final '\n' ends the last.
  while (next_line_start_ < source_.size() || (next_line_start_ == 0 && line_number_ == 0)) {
    const size_t end = std::min(source_.find('\n', next_line_start_), source_.size());
    const std::string_view line = source_.substr(next_line_start_, end - next_line_start_);
    next_line_start_ = end + 1;
    ++line_number_;
    const size_t first = skip_blanks(line);
    if (const auto address = address_comment(line, first)) {
      end_textless();
      after_reported_ = false;
      ListingLine l = instruction_line(line, first, address->first, address->second);
      open_ = !l.architecture || l.words.size() < word_halves(*l.architecture);
      if (std::optional<ListingLine> done = std::exchange(pending_, std::move(l))) return done;
      continue;
    }
    // A blank or comment line (`#`, `//`) between an instruction and the rest of its word is
    // passed over.
    const std::string_view rest = line.substr(first);
    if (rest.empty() || rest.starts_with("#") || rest.starts_with("//")) continue;
    std::vector<std::pair<uint64_t, uint32_t>> words;  // value, column
    size_t i = first;
    while (i < line.size()) {
      const auto w = word_comment(line, i);
      if (!w) break;
      words.push_back({w->first, static_cast<uint32_t>(i + 1)});
      i = skip_blanks(line, w->second);
    }
    if (i == line.size() && !words.empty()) {
      words_line(words);
    } else {
      end_textless();
      context_line(line, first);
    }
  }
  end_textless();
  return std::exchange(pending_, std::nullopt);
}

// A line of word comments only: the rest of the last instruction's word, or a Maxwell/Pascal
// control word; sm_70+ code has no other.
void ListingReader::words_line(const std::vector<std::pair<uint64_t, uint32_t>>& words) {
  if (std::exchange(after_reported_, false) && !open_) return;  // the rest of a reported line's word
  if (!open_ || !pending_) {
    const std::optional<Architecture> arch =
        pending_ && pending_->architecture ? pending_->architecture : architecture_;
    if (arch && word_halves(*arch) == 2)
      for (const auto& [value, column] : words) {
        if (textless_.empty()) textless_at_ = {file_, line_number_, column, std::nullopt};
        textless_.push_back(value);
        if (textless_.size() == 2) textless_word(*arch);
      }
    return;  // on Maxwell/Pascal, a control word
  }
  ListingLine& last = *pending_;
  const size_t wanted = last.architecture ? word_halves(*last.architecture) : 2;
  for (const auto& [value, column] : words) {
    if (last.words.size() >= wanted) break;
    if (last.words.empty()) last.words_at = {file_, line_number_, column, std::nullopt};
    last.words.push_back(value);
  }
  open_ = last.words.size() < wanted;
}

// A whole 128-bit word with no instruction line: another instruction, printed without its text,
// or an atomic the listing does not show, which is reported.
void ListingReader::textless_word(Architecture arch) {
  const Word128 word{textless_[0], textless_[1]};
  textless_.clear();
  CodeAtomic atomic;
  if (!read_atomic_in_word(word, 0, arch, textless_at_, atomic)) return;
  diagnostics_.error(textless_at_,
                     fmt::format("a word with no instruction line holds an atomic{}: in a listing, an atomic is "
                                 "printed on its address comment's line",
                                 atomic.instruction ? fmt::format(" ('{}')", print(*atomic.instruction)) : ""),
                     listing_rule);
}

// Half a word that no second half follows belongs to no instruction.
void ListingReader::end_textless() {
  if (textless_.empty()) return;
  textless_.clear();
  const std::optional<Architecture> arch = pending_ && pending_->architecture ? pending_->architecture : architecture_;
  diagnostics_.error(textless_at_,
                     fmt::format("a word comment that belongs to no instruction: an instruction word of {} is two "
                                 "64-bit halves, on the instruction's line or the lines after it",
                                 arch ? name(*arch) : "sm_70 on"),
                     listing_rule);
}

// Any other line is context (a header, a kernel's name, a label), or is reported: a line that
// starts with a comment that is no address comment, or an atomic without its address comment.
void ListingReader::context_line(std::string_view line, size_t first) {
  open_ = false;
  after_reported_ = false;
  const std::string_view rest = line.substr(first);
  const support::SourceLocation at{file_, line_number_, static_cast<uint32_t>(first + 1), std::nullopt};
  if (rest.starts_with("/*")) {
    const size_t close = rest.find("*/", 2);
    diagnostics_.error(at,
                       fmt::format("'{}' is not an address comment: a listing's instruction line starts with "
                                   "/*ADDRESS*/, 1 to 16 hex digits (/*00a0*/)",
                                   rest.substr(0, close == std::string_view::npos ? rest.size() : close + 2)),
                       listing_rule);
    after_reported_ = true;
    return;
  }
  if (auto a = header_architecture(line)) {
    architecture_ = a;
    header_line_ = line_number_;
  }
  if (rest.starts_with(function_marker)) {
    function_ = std::string(rest.substr(skip_blanks(rest, function_marker.size())));
    return;
  }
  if (const std::string_view mnemonic = instruction_mnemonic(rest); is_printed_atomic(mnemonic)) {
    after_reported_ = true;
    diagnostics_.error({file_, line_number_, static_cast<uint32_t>(line.find(mnemonic) + 1), std::nullopt},
                       fmt::format("{} without its address comment: in a listing, an instruction line starts with "
                                   "/*ADDRESS*/ (/*00a0*/), and other lines are headers and labels",
                                   mnemonic),
                       listing_rule);
  }
}

ListingLine ListingReader::instruction_line(std::string_view line, size_t first, uint64_t address, size_t text_start) {
  ListingLine l;
  l.line = line_number_;
  l.address = address;
  l.architecture = architecture_;
  l.header_line = header_line_;
  l.function = function_;
  l.text = std::string(line);
  std::fill(l.text.begin() + static_cast<std::ptrdiff_t>(first),
            l.text.begin() + static_cast<std::ptrdiff_t>(text_start), ' ');
  // Word comments anywhere after the instruction, blanked.
  for (size_t i = l.text.find("/*", text_start); i != std::string::npos; i = l.text.find("/*", i + 2)) {
    const auto w = word_comment(l.text, i);
    if (!w) continue;
    if (l.words.empty()) l.words_at = {file_, l.line, static_cast<uint32_t>(i + 1), std::nullopt};
    l.words.push_back(w->first);
    std::fill(l.text.begin() + static_cast<std::ptrdiff_t>(i), l.text.begin() + static_cast<std::ptrdiff_t>(w->second),
              ' ');
  }
  // The braces of a dual-issued pair (Maxwell/Pascal).
  if (const size_t open_brace = l.text.find_first_not_of(" \t\r");
      open_brace != std::string::npos && l.text[open_brace] == '{')
    l.text[open_brace] = ' ';
  if (const size_t close = l.text.find_last_not_of(" \t\r"); close != std::string::npos && l.text[close] == '}')
    l.text[close] = ' ';
  return l;
}

ListingLines listing_lines(std::string_view source, const support::FileName& file, std::optional<Architecture> given) {
  ListingLines out;
  ListingReader reader(source, file, given);
  while (auto l = reader.next()) out.lines.push_back(std::move(*l));
  out.diagnostics = reader.diagnostics();
  return out;
}

}  // namespace gpuatom::nvidia
