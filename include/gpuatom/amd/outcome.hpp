// The seven outcomes of AMD's support page (docs/spec/amd.md §7) and their severity order (§6.6).
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string_view>

namespace gpuatom::amd {

// Declared from least to most severe, so the order of the values is the severity order:
// n/a > NOP > Scope Downgrade - CAS > Scope Downgrade > NoReturn > CAS > Native.
enum class Outcome : uint8_t { native, cas, no_return, scope_downgrade, scope_downgrade_cas, nop, not_applicable };

std::span<const Outcome> all_outcomes();  // least severe first

std::string_view name(Outcome outcome);   // "Native", "Scope Downgrade - CAS", "n/a"
std::string_view label(Outcome outcome);  // as a table cell: "✅ Native", "⚠️ Scope Downgrade", "❌ NOP", "n/a"

// The page's legend: ✅ correct answer; ⚠️ correct only at a weaker scope; ❌ the operation fails.
bool correct_at_requested_scope(Outcome outcome);

// When rules compete, the more severe outcome wins (docs/spec/amd.md §6.6).
bool more_severe(Outcome a, Outcome b);
Outcome most_severe(Outcome a, Outcome b);

// Accepts a label or a name ("✅ CAS", "CAS", "scope downgrade - cas").
std::optional<Outcome> find_outcome(std::string_view text);

}  // namespace gpuatom::amd
