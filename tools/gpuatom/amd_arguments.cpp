#include "amd_arguments.hpp"

#include <fmt/ranges.h>

namespace gpuatom::cli {

void add_switch_flags(CLI::App& command, SwitchArgs& args) {
  for (const amd::SwitchInfo& sw : amd::switches()) {
    const std::string description =
        fmt::format("{}: {} (default {}; PROPOSED: {})", sw.name, fmt::join(sw.values, " | "), sw.values.front(),
                    sw.why_open);
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

}  // namespace gpuatom::cli
