// Diagnostics every front-end reports: "file:line:col: error: message (rule)" for text and
// "file: byte 0x30: error: message (rule)" for binaries. A rule names where the spec states it.
#pragma once

#include <compare>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace gpuatom::support {

enum class Severity : uint8_t { error, warning, note };

// A file name as locations carry it: one pointer to an interned copy, so that copying a
// location (a decoder fills 15 per instruction) copies no string. Equal names share one copy,
// which lives until the program ends; reading it back is `str()` or `view()`.
class FileName {
 public:
  FileName() = default;  // ""
  FileName(const std::string& name) : FileName(std::string_view(name)) {}
  FileName(const char* name) : FileName(std::string_view(name)) {}
  FileName(std::string_view name);

  const std::string& str() const { return *name_; }
  std::string_view view() const { return *name_; }
  bool empty() const { return name_->empty(); }

  bool operator==(const FileName& other) const { return name_ == other.name_; }  // interned
  friend bool operator==(const FileName& a, std::string_view b) { return a.view() == b; }
  friend bool operator==(const FileName& a, const std::string& b) { return a.view() == b; }
  friend bool operator==(const FileName& a, const char* b) { return a.view() == b; }
  std::strong_ordering operator<=>(const FileName& other) const { return view() <=> other.view(); }

 private:
  static const std::string empty_name;
  const std::string* name_ = &empty_name;
};

struct SourceLocation {
  FileName file;                        // "-" for standard input, "<command line>" for arguments
  uint32_t line = 0;                    // 1-based; 0 when the location is a byte offset
  uint32_t column = 0;                  // 1-based
  std::optional<uint64_t> byte_offset;  // for binary inputs
};

struct Diagnostic {
  Severity severity = Severity::error;
  SourceLocation where;
  std::string message;
  std::string rule;  // e.g. "docs/spec/nvidia.md §6.2"; empty when none applies
};

// "file:3:14: error: Rc must be Rb+1 or RZ (docs/spec/nvidia.md §6.2)"
std::string format(const Diagnostic& diagnostic);

// A message as it is shown: bytes that are not printable UTF-8 (control characters, stray
// 0x80-0xff bytes) become \xNN, and any run of more than `longest_word` bytes without a blank
// (a token echoed from the input: a 10 MB line, a run of garbage) keeps its first bytes and its
// closing quote, with "…" between.
inline constexpr std::size_t longest_word = 80;
std::string printable_message(std::string_view message);

// Writes `text` to standard error and never throws: with standard error gone (a full disk,
// 2>/dev/full) the message is lost, and the exit code still says what happened (fmt::print to a
// failing stream throws, and a diagnostic must not become an internal error or an abort).
void write_stderr(std::string_view text) noexcept;

// A list of diagnostics collected while reading one input. Messages are made printable
// (printable_message). Past `max_kept` diagnostics the rest are counted, not kept: all() ends with
// one more entry, at the first one not kept, saying how many there were (so random bytes give a
// short report, not millions of lines).
class Diagnostics {
 public:
  static constexpr std::size_t max_kept = 100;

  void add(Diagnostic d);
  void error(SourceLocation where, std::string message, std::string rule = {}) {
    add({Severity::error, where, std::move(message), std::move(rule)});
  }
  void warning(SourceLocation where, std::string message, std::string rule = {}) {
    add({Severity::warning, where, std::move(message), std::move(rule)});
  }
  void append(const Diagnostics& other);
  void note(SourceLocation where, std::string message, std::string rule = {}) {
    add({Severity::note, where, std::move(message), std::move(rule)});
  }
  // Orders the kept diagnostics by line, keeping the order of those on one line.
  void sort_by_line();
  bool has_errors() const;
  const std::vector<Diagnostic>& all() const;
  std::string format_all() const;  // one formatted diagnostic per line
  // Every diagnostic of `severity` added, including those not kept.
  std::size_t count(Severity severity) const { return counts_[static_cast<std::size_t>(severity)]; }
  // Nothing was ever added: the list is as a new one (a reader that reuses one can keep it).
  bool none_added() const { return counts_[0] == 0 && counts_[1] == 0 && counts_[2] == 0; }

 private:
  std::vector<Diagnostic> list_;  // the first max_kept
  std::size_t counts_[3] = {0, 0, 0};
  std::size_t dropped_ = 0;                // added past max_kept
  Diagnostic first_dropped_;               // where the first of them was, with their worst severity
  mutable std::vector<Diagnostic> shown_;  // list_ and the entry standing for the dropped ones
};

}  // namespace gpuatom::support
