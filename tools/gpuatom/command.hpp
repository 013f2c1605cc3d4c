// What every subcommand file shares: how a subcommand registers itself and reports bad input.
#pragma once

#include <CLI/CLI.hpp>
#include <cstdint>
#include <functional>
#include <stdexcept>
#include <string>

#include "gpuatom/support/exit_codes.hpp"
#include "gpuatom/support/input_error.hpp"

namespace gpuatom::cli {

// Exit codes of every gpuatom command.
using support::exit_bad_input;
using support::exit_expectation_failed;
using support::exit_internal_error;
using support::exit_ok;
using support::exit_output_failed;
using support::exit_undecided;

// A numeric option's text checked before CLI11 converts it (which would wrap "-1" to 2^64 − 1):
// decimal digits only, within [min, max]; the message names the range.
inline CLI::Validator unsigned_in(uint64_t min, uint64_t max) {
  return CLI::Validator(
      [min, max](std::string& text) -> std::string {
        const bool digits =
            !text.empty() && text.size() <= 20 && text.find_first_not_of("0123456789") == std::string::npos;
        if (digits) {
          try {
            const unsigned long long v = std::stoull(text);
            if (v >= min && v <= max) return {};
          } catch (const std::exception&) {
          }
        }
        return "expected a whole number from " + std::to_string(min) + " to " + std::to_string(max);
      },
      "", "unsigned_in");
}

// Thrown by a command (or the library: support::InputError) for bad input; main() prints
// "gpuatom: error: <what>" and exits 2.
using BadInput = support::InputError;

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
void add_asm_amd_command(CLI::App& parent, Action& run);
void add_disasm_amd_command(CLI::App& parent, Action& run);
void add_check_amd_command(CLI::App& parent, Action& run);
void add_verify_hw_command(CLI::App& app, Action& run);

}  // namespace gpuatom::cli
