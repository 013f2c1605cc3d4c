// What every subcommand file shares: how a subcommand registers itself and reports bad input.
#pragma once

#include <functional>
#include <stdexcept>
#include <string>

#include <CLI/CLI.hpp>

namespace gpuatom::cli {

// Exit codes of every gpuatom command.
inline constexpr int exit_ok = 0;
inline constexpr int exit_expectation_failed = 1;
inline constexpr int exit_bad_input = 2;
inline constexpr int exit_internal_error = 3;
inline constexpr int exit_output_failed = 4;  // standard output could not be written (a full disk, a closed pipe)
inline constexpr int exit_undecided = 5;       // nothing failed, but a check ran out of its budget (`explainable`)

// Thrown by a command for bad input; main() prints "gpuatom: error: <what>" and exits 2.
struct BadInput : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// A subcommand adds itself to the app and sets `run` to the action main() calls after parsing.
using Action = std::function<int()>;
void add_alu_command(CLI::App& app, Action& run);
void add_tour_command(CLI::App& app, Action& run);
void add_explain_command(CLI::App& app, Action& run);
void add_run_command(CLI::App& app, Action& run);
void add_docs_command(CLI::App& app, Action& run);
void add_report_command(CLI::App& app, Action& run);
void add_amd_command(CLI::App& app, Action& run);

// `gpuatom asm|disasm|check <isa>`: each instruction set adds its own subcommand to the parent.
void add_asm_sass_command(CLI::App& parent, Action& run);
void add_asm_visa_command(CLI::App& parent, Action& run);
void add_disasm_sass_command(CLI::App& parent, Action& run);
void add_disasm_visa_command(CLI::App& parent, Action& run);
void add_check_sass_command(CLI::App& parent, Action& run);
void add_check_visa_command(CLI::App& parent, Action& run);
void add_verify_hw_command(CLI::App& app, Action& run);

}  // namespace gpuatom::cli
