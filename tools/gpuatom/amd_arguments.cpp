#include "amd_arguments.hpp"

#include <fmt/ranges.h>

#include "gpuatom/amd/known_anomalies.hpp"

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

amd::DeviceId parse_device(std::string_view flag, const std::string& text) {
  const amd::DeviceName found = amd::find_device(text);
  if (found.devices.size() == 1) return found.devices.front();
  if (found.devices.size() > 1) {
    std::string which;
    for (size_t k = 0; k < found.devices.size(); ++k)
      which += fmt::format("{}\"{}\"",
                           k == 0                          ? ""
                           : k + 1 == found.devices.size() ? " or "
                                                           : ", ",
                           amd::device(found.devices[k]).name);
    throw BadInput(fmt::format("{} {}: the name may mean {} on AMD's tables; name one of them{}", flag, text, which,
                               found.devices.front() == amd::DeviceId::mi200_pcie
                                   ? " (\"MI200 A+A\" when the host CPU is an AMD CPU on Infinity Fabric)"
                                   : ""));
  }
  if (!found.why.empty()) throw BadInput(fmt::format("{} {}: {}", flag, text, found.why));
  throw BadInput(fmt::format("{} {}: expected one of: {}", flag, text, amd::describe_device_names()));
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

void refuse_pcie_matters(const amd::Device& device, const AskedCell& cell) {
  throw BadInput(fmt::format("--pcie decides this cell on {}: {} with PCIe atomics, {} without; give --pcie yes or no",
                             device.name, amd::label(cell.with_pcie.outcome), amd::label(cell.without_pcie.outcome)));
}

AskedCell ask_cell(const amd::Device& device, const amd::AtomicRequest& request, amd::Selectors selectors,
                   const std::string& pcie, const amd::ModelOptions& options) {
  AskedCell cell;
  cell.pcie_given = !pcie.empty();
  if (cell.pcie_given) {
    selectors.pcie = parse_spelling("--pcie", pcie, amd::pcie_spellings());
    cell.without_pcie = amd::evaluate(device, request, selectors, options);
    return cell;
  }
  selectors.pcie = amd::PcieAtomics::unsupported;
  cell.without_pcie = amd::evaluate(device, request, selectors, options);
  selectors.pcie = amd::PcieAtomics::supported;
  cell.with_pcie = amd::evaluate(device, request, selectors, options);
  cell.pcie_matters = cell.with_pcie.outcome != cell.without_pcie.outcome ||
                      cell.with_pcie.path.stages != cell.without_pcie.path.stages;
  return cell;
}

std::string published_note(const amd::Explanation& e) {
  if (!e.device->published)
    return fmt::format("{} is not on {}: its outcome rests on ASSUMPTION amd.mi350x-as-mi300x", e.device->name,
                       amd::published_source);
  if (e.request.is_128_bit()) return "";
  if (const amd::KnownAnomaly* a = amd::published_difference(*e.device, e.request.label, e.selectors))
    return fmt::format("{} say {} here; the model keeps {}: {}", amd::published_source, a->amd_says,
                       amd::label(e.outcome), a->why);
  return "";
}

amd::ModelOptions model_options(const SwitchArgs& args) {
  amd::ModelOptions options;
  for (const auto& [name, value] : args)
    if (auto error = amd::set_switch(options, name, value)) throw BadInput(*error);
  return options;
}

}  // namespace gpuatom::cli
