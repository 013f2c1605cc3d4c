#include "sass_input.hpp"

#include <fmt/format.h>

#include <cstdio>

#include "command.hpp"
#include "gpuatom/nvidia/listing.hpp"
#include "gpuatom/support/line_input.hpp"

namespace gpuatom::cli {

std::string read_input(const std::string& path) {
  support::WholeInput input = support::read_whole_input(path, max_input_bytes);
  if (input.problem != support::WholeInput::Problem::none)
    throw BadInput(support::describe(input, path, max_input_bytes));
  return std::move(input.bytes);
}

void add_architecture_option(CLI::App& command, std::shared_ptr<std::optional<nvidia::Architecture>> target,
                             const std::string& what) {
  command.add_option_function<std::string>(
      "--arch",
      [target](const std::string& text) {
        const auto architecture = nvidia::parse_architecture(text);
        if (!architecture)
          throw CLI::ValidationError("--arch", fmt::format("unknown architecture '{}': expected one of {} (or SM52 …)",
                                                           text, nvidia::architecture_names()));
        *target = *architecture;
      },
      what);
}

void report(const support::Diagnostics& diagnostics) {
  for (const support::Diagnostic& d : diagnostics.all()) support::write_stderr(support::format(d) + "\n");
}

}  // namespace gpuatom::cli
