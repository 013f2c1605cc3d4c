// What AMD's published tables corrected in docs/spec/amd.md (issue 17), each correction with the page
// sentence it rests on, and docs/reference/amd.md's rule section: every rule with the sentences
// its firings quote, collected by evaluating every cell of the 8 tables.
#pragma once

#include <span>
#include <string>
#include <string_view>

namespace gpuatom::amd {

struct Correction {
  std::string_view issue_rule;  // which of the issue's four disagreement rules it answers
  std::string_view rules;       // the model's rules it changed: "C1", "A1, C2–C5"
  std::string_view spec_said;   // docs/spec/amd.md's reading
  std::string_view model_now;   // what the model does now, as AMD's tables show
  std::string_view sentence;    // the page sentence it rests on, verbatim
};

std::span<const Correction> corrections();

// "## Rules" (each rule, its basis and the sentences it quotes) and "## Corrections to docs/spec/amd.md".
std::string rules_markdown();

}  // namespace gpuatom::amd
