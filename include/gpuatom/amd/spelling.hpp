// How users may spell a value on the command line: its page name or a short alias, with case,
// spaces, '-' and '_' ignored ("Pinned Host DRAM", "pinned", "pinned-host"). One table per value
// set feeds both the parser and the "expected one of …" message, so they cannot drift apart.
#pragma once

#include <optional>
#include <span>
#include <string>
#include <string_view>

#include "gpuatom/support/input_error.hpp"

namespace gpuatom::amd {

template <class Value>
struct Spelling {
  Value value;
  std::string_view name;     // as the page or the spec writes it; printed in outputs
  std::string_view aliases;  // space-separated short forms accepted on input
};

// True when two spellings differ only in case, spaces, '-' and '_'.
bool same_spelling(std::string_view a, std::string_view b);

// True when `text` is `name` or one of the space-separated `aliases`.
bool matches_spelling(std::string_view text, std::string_view name, std::string_view aliases);

template <class Value>
std::optional<Value> find_spelling(std::span<const Spelling<Value>> table, std::string_view text) {
  for (const auto& s : table)
    if (matches_spelling(text, s.name, s.aliases)) return s.value;
  return std::nullopt;
}

// "Device DRAM (device), Migratable Host DRAM (migratable, migratable-host), …"
template <class Value>
std::string describe_spellings(std::span<const Spelling<Value>> table) {
  std::string out;
  for (const auto& s : table) {
    if (!out.empty()) out += ", ";
    out += s.name;
    if (!s.aliases.empty()) {
      out += " (";
      std::string_view rest = s.aliases;
      bool first = true;
      while (!rest.empty()) {
        const size_t space = rest.find(' ');
        if (!first) out += ", ";
        out += rest.substr(0, space);
        first = false;
        rest = space == std::string_view::npos ? std::string_view{} : rest.substr(space + 1);
      }
      out += ")";
    }
  }
  return out;
}

// The value `text` spells; support::InputError "FLAG TEXT: expected one of: …" otherwise.
template <class Value>
Value parse_spelling(std::string_view flag, std::string_view text, std::span<const Spelling<Value>> table) {
  if (const auto value = find_spelling(table, text)) return *value;
  throw support::InputError(std::string(flag) + " " + std::string(text) +
                            ": expected one of: " + describe_spellings(table));
}

template <class Value>
std::string_view spelling_name(std::span<const Spelling<Value>> table, Value value) {
  for (const auto& s : table)
    if (s.value == value) return s.name;
  return "?";
}

}  // namespace gpuatom::amd
