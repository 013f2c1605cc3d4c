#include "gpuatom/support/diagnostic.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cstdio>
#include <functional>
#include <mutex>
#include <set>
#include <string_view>

#include "gpuatom/support/text.hpp"

namespace gpuatom::support {

const std::string FileName::empty_name;

FileName::FileName(std::string_view name) {
  if (name.empty()) return;
  // The last name this thread interned: a parser makes one location per token, all in one file.
  thread_local const std::string* last = nullptr;
  if (last && *last == name) {
    name_ = last;
    return;
  }
  // Never freed: locations may outlive any owner (a static one may be printed at exit).
  static std::mutex& mutex = *new std::mutex;
  static std::set<std::string, std::less<>>& names = *new std::set<std::string, std::less<>>;
  const std::scoped_lock lock(mutex);
  auto it = names.find(name);
  if (it == names.end()) it = names.emplace(name).first;
  name_ = last = &*it;
}

std::string format(const Diagnostic& d) {
  const char* severity = d.severity == Severity::error ? "error" : d.severity == Severity::warning ? "warning" : "note";
  std::string where;
  if (d.where.byte_offset)
    where = fmt::format("{}: byte 0x{:x}", d.where.file.view(), *d.where.byte_offset);
  else if (d.where.line)
    where = fmt::format("{}:{}:{}", d.where.file.view(), d.where.line, d.where.column);
  else
    where = d.where.file.str();
  std::string text = fmt::format("{}: {}: {}", where, severity, d.message);
  if (!d.rule.empty()) text += fmt::format(" ({})", d.rule);
  return text;
}

namespace {

// The length of the UTF-8 sequence starting at text[i] when it is well formed and printable,
// else 0.
std::size_t printable_sequence(std::string_view text, std::size_t i) {
  const auto c = static_cast<unsigned char>(text[i]);
  if (c >= 0x20 && c < 0x7f) return 1;
  // The C1 controls U+0080-U+009F are well-formed UTF-8, but some terminals act on them (U+009B
  // starts an escape sequence, as ESC [ does): shown escaped, as C0 is.
  if (c == 0xc2 && i + 1 < text.size() && static_cast<unsigned char>(text[i + 1]) < 0xa0) return 0;
  return utf8_sequence(text, i);
}

}  // namespace

namespace {

char closer(const std::string& piece) {
  return piece.size() == 1 && std::string_view("'\":,;)").find(piece[0]) != std::string_view::npos ? piece[0] : 0;
}

}  // namespace

// Plain printable ASCII with no blank-free run past longest_word: printed as it is. Most
// messages are, and a decoder reading millions of words builds one per word.
bool already_printable(std::string_view message) {
  std::size_t word = 0;
  for (const char c : message) {
    if (c < 0x20 || c > 0x7e) return false;
    word = c == ' ' ? 0 : word + 1;
    if (word > longest_word) return false;
  }
  return true;
}

std::string printable_message(std::string_view message) {
  if (already_printable(message)) return std::string(message);
  std::string out;
  out.reserve(std::min<std::size_t>(message.size(), 1024));
  std::size_t word = 0;  // bytes of the current blank-free run written so far
  bool eliding = false;  // inside a run past longest_word: skip to its end
  char closing = 0;      // the run's last character when it closes (a quote, ':', ','), kept after "…"
  for (std::size_t i = 0; i < message.size();) {
    const std::size_t n = printable_sequence(message, i);
    if (n == 1 && message[i] == ' ') {
      if (eliding) {
        out += "…";
        if (closing) out += closing;
      }
      out += ' ';
      word = 0;
      eliding = false;
      i += 1;
      continue;
    }
    const std::string piece =
        n ? std::string(message.substr(i, n)) : fmt::format("\\x{:02x}", static_cast<unsigned char>(message[i]));
    i += n ? n : 1;
    if (eliding) {
      closing = closer(piece);
      continue;
    }
    if (word + piece.size() > longest_word) {
      eliding = true;
      closing = closer(piece);
      continue;
    }
    out += piece;
    word += piece.size();
  }
  if (eliding) {
    out += "…";
    if (closing) out += closing;
  }
  return out;
}

void Diagnostics::add(Diagnostic d) {
  ++counts_[static_cast<std::size_t>(d.severity)];
  if (list_.size() < max_kept) {
    d.message = printable_message(d.message);
    list_.push_back(std::move(d));
    return;
  }
  if (dropped_++ == 0) {
    first_dropped_ = std::move(d);
  } else if (d.severity < first_dropped_.severity) {
    first_dropped_.severity = d.severity;
  }
}

const std::vector<Diagnostic>& Diagnostics::all() const {
  if (dropped_ == 0) return list_;
  shown_ = list_;
  Diagnostic more = first_dropped_;
  more.message = fmt::format("{} more diagnostic{} not shown (at most {} are listed)", dropped_,
                             dropped_ == 1 ? "" : "s", max_kept);
  more.rule.clear();
  shown_.push_back(std::move(more));
  return shown_;
}

void Diagnostics::append(const Diagnostics& other) {
  for (const Diagnostic& d : other.list_) add(d);
  if (other.dropped_ == 0) return;
  for (std::size_t s = 0; s < 3; ++s) {
    std::size_t listed = 0;
    for (const Diagnostic& d : other.list_) listed += static_cast<std::size_t>(d.severity) == s;
    counts_[s] += other.counts_[s] - listed;
  }
  if (dropped_ == 0)
    first_dropped_ = other.first_dropped_;
  else if (other.first_dropped_.severity < first_dropped_.severity)
    first_dropped_.severity = other.first_dropped_.severity;
  dropped_ += other.dropped_;
}

void Diagnostics::sort_by_line() {
  std::stable_sort(list_.begin(), list_.end(),
                   [](const Diagnostic& a, const Diagnostic& b) { return a.where.line < b.where.line; });
}

bool Diagnostics::has_errors() const { return count(Severity::error) > 0; }

std::string Diagnostics::format_all() const {
  std::string out;
  for (const Diagnostic& d : all()) out += format(d) + "\n";
  return out;
}

void write_stderr(std::string_view text) noexcept { (void)std::fwrite(text.data(), 1, text.size(), stderr); }

}  // namespace gpuatom::support
