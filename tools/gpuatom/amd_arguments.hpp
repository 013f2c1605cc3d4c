// What `gpuatom amd outcome` and `gpuatom amd matrix` share: the §9 switch flags and turning a
// user's spelling of a selector into its value, or into exit 2 with the valid spellings listed.
#pragma once

#include <map>
#include <memory>
#include <string>

#include <fmt/format.h>

#include "command.hpp"
#include "gpuatom/amd/options.hpp"
#include "gpuatom/amd/spelling.hpp"

namespace gpuatom::cli {

// The switch flags as typed; absent ones keep the spec's defaults.
using SwitchArgs = std::map<std::string, std::string>;

// Adds one flag per switch of spec/amd.md §9 (--no-hw-instruction, --sub-pcie, …).
void add_switch_flags(CLI::App& command, SwitchArgs& args);
amd::ModelOptions model_options(const SwitchArgs& args);

template <class Value>
Value parse_spelling(std::string_view flag, const std::string& text, std::span<const amd::Spelling<Value>> table) {
  if (const auto value = amd::find_spelling(table, text)) return *value;
  throw BadInput(fmt::format("{} {}: expected one of: {}", flag, text, amd::describe_spellings(table)));
}

}  // namespace gpuatom::cli
