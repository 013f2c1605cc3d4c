#include "gpuatom/report/json_lines.hpp"

#include <fmt/format.h>

#include <nlohmann/json.hpp>

namespace gpuatom::report {

namespace {

using nlohmann::ordered_json;  // keys in the order documented

std::string hex_word(uint64_t word) { return fmt::format("0x{:016x}", word); }

// Invalid UTF-8 from an input becomes U+FFFD rather than an exception.
std::string line_of(const ordered_json& object) {
  return object.dump(-1, ' ', false, ordered_json::error_handler_t::replace) + "\n";
}

const char* severity_name(support::Severity severity) {
  return severity == support::Severity::error ? "error" : severity == support::Severity::warning ? "warning" : "note";
}

}  // namespace

std::string json_instruction(std::string_view file, uint32_t line, std::string_view text, std::optional<uint64_t> word,
                             std::optional<uint64_t> word_high, std::optional<CodePlace> place) {
  ordered_json out;
  out["kind"] = "instruction";
  out["file"] = file;
  out["line"] = line;
  out["text"] = text;
  out["word"] = word ? ordered_json(hex_word(*word)) : ordered_json();
  out["word_high"] = word_high ? ordered_json(hex_word(*word_high)) : ordered_json();
  if (place) {
    out["kernel"] = place->kernel;
    out["address"] = place->address;
  }
  return line_of(out);
}

std::string json_diagnostics(const support::Diagnostics& diagnostics) {
  std::string lines;
  for (const support::Diagnostic& d : diagnostics.all()) {
    ordered_json out;
    out["kind"] = "diagnostic";
    out["severity"] = severity_name(d.severity);
    out["file"] = d.where.file.view();
    out["line"] = d.where.line;
    out["column"] = d.where.column;
    out["offset"] = d.where.byte_offset ? ordered_json(*d.where.byte_offset) : ordered_json();
    out["message"] = d.message;
    out["rule"] = d.rule.empty() ? ordered_json() : ordered_json(d.rule);
    lines += line_of(out);
  }
  return lines;
}

std::string json_summary(std::string_view file, size_t instructions, const support::Diagnostics& diagnostics) {
  ordered_json out;
  out["kind"] = "summary";
  out["file"] = file;
  out["instructions"] = instructions;
  out["errors"] = diagnostics.count(support::Severity::error);
  out["warnings"] = diagnostics.count(support::Severity::warning);
  return line_of(out);
}

}  // namespace gpuatom::report
