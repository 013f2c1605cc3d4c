#include "amd_arguments.hpp"

#include <fmt/ranges.h>

namespace gpuatom::cli {

void add_switch_flags(CLI::App& command, SwitchArgs& args) {
  for (const amd::SwitchInfo& sw : amd::switches()) {
    const std::string description = fmt::format("{}: {} (default {}; PROPOSED: {})", sw.name,
                                                fmt::join(sw.values, " | "), sw.values.front(), sw.why_open);
    // CLI11 stores into the map entry, which exists only when the flag is given.
    command.add_option_function<std::string>(
        std::string(sw.flag), [&args, name = std::string(sw.name)](const std::string& value) { args[name] = value; },
        description);
  }
}

amd::ModelOptions model_options(const SwitchArgs& args) {
  amd::ModelOptions options;
  for (const auto& [name, value] : args)
    if (auto error = amd::set_switch(options, name, value)) throw BadInput(*error);
  return options;
}

std::optional<amd::PcieAtomics> CellArgs::pcie_value() const {
  if (pcie.empty()) return std::nullopt;
  return parse_spelling("--pcie", pcie, amd::pcie_spellings());
}

void add_cell_options(CLI::App& command, CellArgs& args, bool required, std::string_view context) {
  const std::string c(context);
  const auto option = [&](const char* flag, std::string& value, const std::string& help) {
    CLI::Option* o = command.add_option(flag, value, c + help);
    if (required) o->required();
  };
  option("--memory", args.memory, "Device DRAM | Migratable Host DRAM | Pinned Host DRAM");
  option("--granularity", args.granularity, "Coarse-grained | Fine-grained");
  option("--scope", args.scope, "Device | System");
  command.add_option("--pcie", args.pcie,
                     c + "yes (PCIe atomics) | no (No PCIe atomics); may be left out where it "
                         "does not change the cell");
  command.add_option("--strategy", args.strategy, c + "hw (HW atomics, default) | cas (CAS emulation)");
}

amd::Selectors parse_cell(const CellArgs& args, std::string_view missing) {
  const auto given = [&](const char* flag, const std::string& value) -> const std::string& {
    if (value.empty()) throw BadInput(fmt::format("missing {}: {}", flag, missing));
    return value;
  };
  amd::Selectors s;
  s.strategy = parse_spelling("--strategy", args.strategy, amd::strategy_spellings());
  s.memory = parse_spelling("--memory", given("--memory", args.memory), amd::memory_spellings());
  s.granularity =
      parse_spelling("--granularity", given("--granularity", args.granularity), amd::granularity_spellings());
  s.scope = parse_spelling("--scope", given("--scope", args.scope), amd::scope_spellings());
  return s;
}

}  // namespace gpuatom::cli
