// Diagnostics every front-end reports: "file:line:col: error: message (rule)" for text and
// "file: byte 0x30: error: message (rule)" for binaries. A rule names where the spec states it.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace gpuatom::support {

enum class Severity : uint8_t { error, warning, note };

struct SourceLocation {
  std::string file;                    // "-" for standard input, "<command line>" for arguments
  uint32_t line = 0;                   // 1-based; 0 when the location is a byte offset
  uint32_t column = 0;                 // 1-based
  std::optional<uint64_t> byte_offset; // for binary inputs
};

struct Diagnostic {
  Severity severity = Severity::error;
  SourceLocation where;
  std::string message;
  std::string rule;  // e.g. "spec/nvidia.md §6.2"; empty when none applies
};

// "file:3:14: error: Rc must be Rb+1 or RZ (spec/nvidia.md §6.2)"
std::string format(const Diagnostic& diagnostic);

// Input echoed in messages is bounded: a word of the message (a run without blanks) longer than
// this many bytes keeps its first bytes, cut at a UTF-8 character boundary, then "…" and its
// closing quote and punctuation. A 10 MB unknown token gives a one-line message.
inline constexpr std::size_t max_echoed_word = 64;
std::string bound_echoed_words(std::string message);

// A list of diagnostics collected while reading one input.
class Diagnostics {
 public:
  void add(Diagnostic d) {
    d.message = bound_echoed_words(std::move(d.message));
    list_.push_back(std::move(d));
  }
  void error(SourceLocation where, std::string message, std::string rule = {}) {
    add({Severity::error, std::move(where), std::move(message), std::move(rule)});
  }
  void warning(SourceLocation where, std::string message, std::string rule = {}) {
    add({Severity::warning, std::move(where), std::move(message), std::move(rule)});
  }
  void append(const Diagnostics& other) { list_.insert(list_.end(), other.list_.begin(), other.list_.end()); }
  void note(SourceLocation where, std::string message, std::string rule = {}) {
    add({Severity::note, std::move(where), std::move(message), std::move(rule)});
  }
  bool has_errors() const;
  const std::vector<Diagnostic>& all() const { return list_; }
  std::string format_all() const;  // one formatted diagnostic per line

 private:
  std::vector<Diagnostic> list_;
};

}  // namespace gpuatom::support
