// `gpuatom amd …`: AMD's atomics outcome model (docs/spec/amd.md). Each subcommand lives in its own file.
#include "command.hpp"

namespace gpuatom::cli {

void add_amd_outcome_command(CLI::App& amd_command, Action& run);
void add_amd_matrix_command(CLI::App& amd_command, Action& run);
void add_amd_which_command(CLI::App& amd_command, Action& run);
void add_amd_lower_command(CLI::App& amd_command, Action& run);

void add_amd_command(CLI::App& app, Action& run) {
  CLI::App* amd =
      app.add_subcommand("amd", "AMD atomics: outcomes on each device, memory, granularity and scope, with reasons");
  amd->require_subcommand(1);
  add_amd_outcome_command(*amd, run);
  add_amd_matrix_command(*amd, run);
  add_amd_which_command(*amd, run);
  add_amd_lower_command(*amd, run);
}

}  // namespace gpuatom::cli
