// amd::load_program: the lines of an AMD program of ROCm rows, each a row label and its fields
// (amd/program.hpp).
#include <fmt/format.h>

#include <algorithm>
#include <cctype>

#include "gpuatom/amd/program.hpp"
#include "gpuatom/amd/request.hpp"

namespace gpuatom::amd {

namespace {

// Reads one line: a quoted row label, then key=value fields (values quoted or bare).
class LineReader {
 public:
  LineReader(std::string_view line, support::SourceLocation where, support::Diagnostics& d)
      : line_(line), where_(where), d_(d) {}

  std::optional<ProgramLine> read() {
    skip_space();
    if (at_end()) return std::nullopt;
    ProgramLine op;
    op.where = here();
    const auto label = quoted_or_bare();
    if (!label) return fail("expected the row label in quotes, e.g. \"32 bit atomicAdd\"");
    const auto row = find_row(label->first);
    // The 128-bit requests `gpuatom amd outcome` answers are n/a on every AMD GPU (rule A2): say
    // so as the outcome does, rather than calling them unknown.
    if (const auto wide = find_request(label->first); !row && wide && wide->is_128_bit())
      return fail(fmt::format("'{}' is n/a on every AMD device (A2 NO-128-BIT: AMD GPUs have no 128-bit Exchange or "
                              "CAS; `gpuatom amd outcome --op \"{}\"` explains); a scenario runs one of the 27 rows "
                              "(`gpuatom alu amd --list`)",
                              wide->label, wide->label),
                  label->second);
    if (!row)
      return fail(fmt::format("unknown AMD row '{}' (`gpuatom alu amd --list` prints the 27 rows)", label->first),
                  label->second);
    op.row = &rows()[*row];
    bool has_address = false, has_operand = false;
    for (;;) {
      skip_space();
      if (at_end()) break;
      const support::SourceLocation key_at = here();
      const size_t start = pos_;
      while (!at_end() && (std::isalnum(static_cast<unsigned char>(line_[pos_])) || line_[pos_] == '_')) ++pos_;
      const std::string key(line_.substr(start, pos_ - start));
      skip_space();
      if (key.empty() || at_end() || line_[pos_] != '=') return fail("expected key=\"value\"", key_at);
      ++pos_;
      skip_space();
      const auto value = quoted_or_bare();
      if (!value) return fail(fmt::format("{}= needs a value", key));
      const FieldText text{value->first, value->second};
      if (key == "address") {
        op.address = text;
        has_address = true;
      } else if (key == "operand") {
        op.operand = text;
        has_operand = true;
      } else if (key == "compare") {
        op.compare = text;
      } else if (key == "scope") {
        const auto scope = find_spelling(scope_spellings(), value->first);
        if (!scope) return fail(fmt::format("scope '{}': expected device or system", value->first), value->second);
        op.scope = *scope;
      } else if (key == "result") {
        op.result = value->first;
      } else {
        return fail(fmt::format("unknown field '{}': expected address, operand, compare, scope or result", key),
                    key_at);
      }
    }
    if (!has_address) return fail("the operation needs address=\"…\"", op.where);
    if (!has_operand) return fail("the operation needs operand=\"…\"", op.where);
    const bool is_cas = op.row->kind == RowKind::cas;
    if (is_cas && !op.compare) return fail("atomicCAS needs compare=\"…\"", op.where);
    if (!is_cas && op.compare) return fail("only atomicCAS rows take compare=", op.compare->where);
    return op;
  }

 private:
  bool at_end() const { return pos_ >= line_.size(); }
  void skip_space() {
    while (!at_end() && (line_[pos_] == ' ' || line_[pos_] == '\t' || line_[pos_] == '\r')) ++pos_;
  }
  support::SourceLocation here() const {
    support::SourceLocation at = where_;
    at.column += static_cast<uint32_t>(pos_);
    return at;
  }
  std::nullopt_t fail(std::string message, std::optional<support::SourceLocation> at = std::nullopt) {
    d_.error(at.value_or(here()), std::move(message), "AMD scenario program");
    return std::nullopt;
  }
  // A "quoted" value (the location of its first character) or a bare word.
  std::optional<std::pair<std::string, support::SourceLocation>> quoted_or_bare() {
    if (at_end()) return std::nullopt;
    if (line_[pos_] == '"') {
      ++pos_;
      const support::SourceLocation at = here();
      const size_t close = line_.find('"', pos_);
      if (close == std::string_view::npos) return std::nullopt;
      std::string text(line_.substr(pos_, close - pos_));
      pos_ = close + 1;
      return std::pair{text, at};
    }
    const support::SourceLocation at = here();
    const size_t start = pos_;
    while (!at_end() && line_[pos_] != ' ' && line_[pos_] != '\t') ++pos_;
    if (pos_ == start) return std::nullopt;
    return std::pair{std::string(line_.substr(start, pos_ - start)), at};
  }

  std::string_view line_;
  support::SourceLocation where_;
  support::Diagnostics& d_;
  size_t pos_ = 0;
};

std::string_view strip_comment(std::string_view line) {
  bool quoted = false;
  for (size_t i = 0; i < line.size(); ++i) {
    if (line[i] == '"') quoted = !quoted;
    if (quoted) continue;
    if (line[i] == '#' || (line[i] == '/' && i + 1 < line.size() && line[i + 1] == '/')) return line.substr(0, i);
  }
  return line;
}

}  // namespace

LoadedProgram load_program(std::string_view text, const support::SourceLocation& start) {
  LoadedProgram loaded;
  support::Diagnostics& d = loaded.diagnostics;
  size_t offset = 0;
  uint32_t line_number = 0;
  while (offset <= text.size()) {
    const size_t end = std::min(text.find('\n', offset), text.size());
    const std::string_view line = strip_comment(text.substr(offset, end - offset));
    support::SourceLocation where = start;
    where.line += line_number;
    if (line_number > 0) where.column = 1;
    if (auto op = LineReader(line, where, d).read()) loaded.lines.push_back(std::move(*op));
    ++line_number;
    offset = end + 1;
  }
  if (!d.has_errors() && loaded.lines.empty()) d.error(start, "the program has no operation", "AMD scenario program");
  if (d.has_errors()) loaded.lines.clear();
  return loaded;
}

}  // namespace gpuatom::amd
