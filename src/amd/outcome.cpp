#include "gpuatom/amd/outcome.hpp"

#include <array>

#include "gpuatom/amd/spelling.hpp"

namespace gpuatom::amd {

namespace {

struct Names {
  Outcome outcome;
  std::string_view name;
  std::string_view label;
};

constexpr std::array<Names, 7> outcome_table = {{
    {Outcome::native, "Native", "✅ Native"},
    {Outcome::cas, "CAS", "✅ CAS"},
    {Outcome::no_return, "NoReturn", "✅ NoReturn"},
    {Outcome::scope_downgrade, "Scope Downgrade", "⚠️ Scope Downgrade"},
    {Outcome::scope_downgrade_cas, "Scope Downgrade - CAS", "⚠️ Scope Downgrade - CAS"},
    {Outcome::nop, "NOP", "❌ NOP"},
    {Outcome::not_applicable, "n/a", "n/a"},
}};

constexpr std::array<Outcome, 7> order = {
    Outcome::native, Outcome::cas,           Outcome::no_return, Outcome::scope_downgrade, Outcome::scope_downgrade_cas,
    Outcome::nop,    Outcome::not_applicable};

}  // namespace

std::span<const Outcome> all_outcomes() { return order; }

std::string_view name(Outcome outcome) { return outcome_table[static_cast<size_t>(outcome)].name; }
std::string_view label(Outcome outcome) { return outcome_table[static_cast<size_t>(outcome)].label; }

bool correct_at_requested_scope(Outcome outcome) {
  return outcome == Outcome::native || outcome == Outcome::cas || outcome == Outcome::no_return;
}

bool more_severe(Outcome a, Outcome b) { return static_cast<uint8_t>(a) > static_cast<uint8_t>(b); }
Outcome most_severe(Outcome a, Outcome b) { return more_severe(b, a) ? b : a; }

std::optional<Outcome> find_outcome(std::string_view text) {
  for (const Names& n : outcome_table)
    if (text == n.label || same_spelling(text, n.name)) return n.outcome;
  return std::nullopt;
}

}  // namespace gpuatom::amd
