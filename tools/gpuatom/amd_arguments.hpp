// What the `amd` commands and `alu amd` share: the §9 switch flags and the cell's selector options
// as typed (the library reads the values: amd/spelling.hpp, amd/asked_cell.hpp).
#pragma once

#include <map>
#include <optional>
#include <string>

#include "command.hpp"
#include "gpuatom/amd/asked_cell.hpp"
#include "gpuatom/amd/options.hpp"
#include "gpuatom/amd/spelling.hpp"

namespace gpuatom::cli {

using amd::parse_spelling;

// The switch flags as typed; absent ones keep the spec's defaults.
using SwitchArgs = std::map<std::string, std::string>;
// Adds one flag per switch of docs/spec/amd.md §9 (--no-hw-instruction, --sub-pcie, …).
void add_switch_flags(CLI::App& command, SwitchArgs& args);
amd::ModelOptions model_options(const SwitchArgs& args);

// The selectors of one cell as typed: --memory, --granularity, --scope, --pcie, --strategy.
struct CellArgs {
  std::string memory, granularity, scope, pcie;
  std::string strategy = "hw";
  std::optional<amd::PcieAtomics> pcie_value() const;  // empty when --pcie was left out
};
// Adds them to a command; `required` makes memory, granularity and scope required (else the
// command asks for them itself, as `alu amd` does only with --device). `context` opens each help
// text ("AMD with --device: ").
void add_cell_options(CLI::App& command, CellArgs& args, bool required, std::string_view context = "");
// The selectors but PCIe; `missing` names what the command needs them for.
amd::Selectors parse_cell(const CellArgs& args, std::string_view missing = "");

}  // namespace gpuatom::cli
