// Every key a scenario file may contain, with its type and meaning: the loader accepts exactly
// these, and the generated reference (docs/reference/scenario-format.md) lists them.
#pragma once

#include <span>
#include <string_view>

namespace gpuatom::scenario {

struct KeyDoc {
  std::string_view table;  // "" for the top level, "launch", "region", "lanes", "expect", "options"
  std::string_view key;    // "*" for free-form names (lanes, options)
  std::string_view type;   // "string", "integer", "expression", "boolean", …
  std::string_view meaning;
};

std::span<const KeyDoc> scenario_keys();

}  // namespace gpuatom::scenario
