// The exit codes of every gpuatom command (docs/cli.md), in one place for the command line and
// the library functions that end a command (report/run_scenarios.hpp).
#pragma once

namespace gpuatom::support {

inline constexpr int exit_ok = 0;
inline constexpr int exit_expectation_failed = 1;
inline constexpr int exit_bad_input = 2;
inline constexpr int exit_internal_error = 3;
inline constexpr int exit_output_failed = 4;  // standard output could not be written (a full disk, a closed pipe)
inline constexpr int exit_undecided = 5;      // nothing failed, but a check ran out of its budget (`explainable`)

}  // namespace gpuatom::support
