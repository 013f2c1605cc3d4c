// `gpuatom tour`: a short guided run of `gpuatom alu` examples, one per vendor rule worth seeing
// (report/tour.hpp). It is `make run`'s default until scenario files exist.
#include <fmt/format.h>

#include "command.hpp"
#include "gpuatom/report/tour.hpp"

namespace gpuatom::cli {

void add_tour_command(CLI::App& app, Action& run) {
  CLI::App* cmd = app.add_subcommand("tour", "A short guided run of atomics whose results surprise");
  cmd->callback([&run] {
    run = [] {
      fmt::print("{}", report::tour_text());
      return exit_ok;
    };
  });
}

}  // namespace gpuatom::cli
