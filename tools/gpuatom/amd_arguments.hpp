// What `gpuatom amd outcome` and `gpuatom amd matrix` share: the §9 switch flags and turning a
// user's spelling of a selector into its value, or into exit 2 with the valid spellings listed.
#pragma once

#include <fmt/format.h>

#include <map>
#include <memory>
#include <string>

#include "command.hpp"
#include "gpuatom/amd/device.hpp"
#include "gpuatom/amd/evaluate.hpp"
#include "gpuatom/amd/options.hpp"
#include "gpuatom/amd/request.hpp"
#include "gpuatom/amd/spelling.hpp"

namespace gpuatom::cli {

// The switch flags as typed; absent ones keep the spec's defaults.
using SwitchArgs = std::map<std::string, std::string>;

// Adds one flag per switch of docs/spec/amd.md §9 (--no-hw-instruction, --sub-pcie, …).
void add_switch_flags(CLI::App& command, SwitchArgs& args);
amd::ModelOptions model_options(const SwitchArgs& args);

// --device: one device by any name (column header, product, gfx target); a name that may mean
// several devices, or none on the page, is bad input that says which or why.
amd::DeviceId parse_device(std::string_view flag, const std::string& text);

// The selectors of one cell as typed: --memory, --granularity, --scope, --pcie, --strategy.
struct CellArgs {
  std::string memory, granularity, scope, pcie;
  std::string strategy = "hw";
};
// Adds them to a command; `required` makes memory, granularity and scope required (else the
// command asks for them itself, as `alu amd` does only with --device). `context` opens each help
// text ("AMD with --device: ").
void add_cell_options(CLI::App& command, CellArgs& args, bool required, std::string_view context = "");
// The selectors but PCIe (ask_cell reads --pcie); `missing` names what the command needs them for.
amd::Selectors parse_cell(const CellArgs& args, std::string_view missing = "");

// One cell asked of the model. `pcie` empty: the user left --pcie out, and the cell is the one
// both settings give (`pcie_matters` false), or both cells when they differ.
struct AskedCell {
  amd::Explanation with_pcie, without_pcie;
  bool pcie_given = false;
  bool pcie_matters = false;
  const amd::Explanation& chosen() const { return pcie_given || !pcie_matters ? without_pcie : with_pcie; }
};
AskedCell ask_cell(const amd::Device& device, const amd::AtomicRequest& request, amd::Selectors selectors,
                   const std::string& pcie, const amd::ModelOptions& options);
// --pcie decides the cell: bad input naming both outcomes.
[[noreturn]] void refuse_pcie_matters(const amd::Device& device, const AskedCell& cell);

// What AMD's published tables say of `e`'s cell beside the model, in words, or "" when they agree
// (the device is on them and the cell is no known anomaly).
std::string published_note(const amd::Explanation& e);

template <class Value>
Value parse_spelling(std::string_view flag, const std::string& text, std::span<const amd::Spelling<Value>> table) {
  if (const auto value = amd::find_spelling(table, text)) return *value;
  throw BadInput(fmt::format("{} {}: expected one of: {}", flag, text, amd::describe_spellings(table)));
}

}  // namespace gpuatom::cli
