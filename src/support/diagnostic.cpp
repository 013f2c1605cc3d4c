#include "gpuatom/support/diagnostic.hpp"

#include <algorithm>

#include <fmt/format.h>

namespace gpuatom::support {

std::string format(const Diagnostic& d) {
  const char* severity = d.severity == Severity::error ? "error" : d.severity == Severity::warning ? "warning" : "note";
  std::string where;
  if (d.where.byte_offset)
    where = fmt::format("{}: byte 0x{:x}", d.where.file, *d.where.byte_offset);
  else if (d.where.line)
    where = fmt::format("{}:{}:{}", d.where.file, d.where.line, d.where.column);
  else
    where = d.where.file;
  std::string text = fmt::format("{}: {}: {}", where, severity, d.message);
  if (!d.rule.empty()) text += fmt::format(" ({})", d.rule);
  return text;
}

std::string bound_echoed_words(std::string message) {
  const auto blank = [](char c) { return c == ' ' || c == '\n' || c == '\t'; };
  const auto closing = [](char c) { return c == '\'' || c == '"' || c == ')' || c == ']' || c == ':' || c == ',' || c == ';'; };
  std::size_t start = 0;
  while (start < message.size()) {
    if (blank(message[start])) {
      ++start;
      continue;
    }
    std::size_t end = start;
    while (end < message.size() && !blank(message[end])) ++end;
    if (end - start > max_echoed_word) {
      std::size_t keep = start + max_echoed_word;
      while (keep > start && (static_cast<unsigned char>(message[keep]) & 0xC0) == 0x80) --keep;  // a continuation byte
      std::size_t tail = end;
      while (tail > keep && end - tail < 3 && closing(message[tail - 1])) --tail;
      const std::string replacement = "…" + message.substr(tail, end - tail);
      message.replace(keep, end - keep, replacement);
      end = keep + replacement.size();
    }
    start = end;
  }
  return message;
}

bool Diagnostics::has_errors() const {
  return std::any_of(list_.begin(), list_.end(), [](const Diagnostic& d) { return d.severity == Severity::error; });
}

std::string Diagnostics::format_all() const {
  std::string out;
  for (const Diagnostic& d : list_) out += format(d) + "\n";
  return out;
}

}  // namespace gpuatom::support
