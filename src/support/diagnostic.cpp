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

bool Diagnostics::has_errors() const {
  return std::any_of(list_.begin(), list_.end(), [](const Diagnostic& d) { return d.severity == Severity::error; });
}

std::string Diagnostics::format_all() const {
  std::string out;
  for (const Diagnostic& d : list_) out += format(d) + "\n";
  return out;
}

}  // namespace gpuatom::support
