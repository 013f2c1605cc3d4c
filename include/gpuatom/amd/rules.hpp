// The rules of docs/spec/amd.md §6 by identifier, and the record one of them leaves when it fires.
// Explanations list firings in the order the rules fired: A → P → (H or C) → S.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "gpuatom/amd/outcome.hpp"
#include "gpuatom/amd/sources.hpp"

namespace gpuatom::amd {

enum class RuleId : uint8_t {
  a1,
  a2,  // availability
  p1,
  p2,
  p3,
  p4,
  p5,
  p6,
  p7,
  p8,  // path
  h1,
  h2,
  h3,
  h4,
  h5,  // HW atomics
  c1,
  c2,
  c3,
  c4,
  c5,
  c6,  // CAS emulation
  s1,  // scope
};

// How firmly a rule (or one firing of it) rests on the page (docs/spec/amd.md labels).
enum class Basis : uint8_t {
  page,      // says what a page sentence says
  derived,   // DERIVED: follows from the page's prose by the reasoning given
  decision,  // DECISION: a product decision (2026-11-22)
  proposed,  // PROPOSED: this spec's default; a §9 switch changes it (or the spec says why not)
  tables,    // TABLES: AMD's published tables show it where the prose is silent or reads otherwise
};
std::string_view tag(Basis basis);  // "", "DERIVED", "DECISION", "PROPOSED", "TABLES"

struct RuleInfo {
  RuleId id;
  std::string_view code;     // "P7 HOST-OVER-PCIE": what explanations print
  std::string_view summary;  // condition → effect, one line
  Basis basis;               // the rule's usual basis; a firing may rest on a weaker one
};

std::span<const RuleInfo> rule_catalog();  // in identifier order
const RuleInfo& rule_info(RuleId id);
std::optional<RuleId> find_rule(std::string_view code);  // "P7", "p7", "P7 HOST-OVER-PCIE"

// One rule firing for one case.
struct Firing {
  RuleId rule;
  std::string reason;                      // one line about this case
  Source source;                           // the page sentence or decision behind it
  Basis basis;                             // the tag this firing carries
  std::vector<std::string_view> switches;  // §9 switches whose value decided it
  std::optional<Outcome> outcome;          // the outcome it produced or kept, when it decides one
};

}  // namespace gpuatom::amd
