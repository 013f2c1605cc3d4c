// Runs the gpuatom binary as a user would and captures what it prints.
#pragma once

#include <sys/wait.h>

#include <array>
#include <cstdio>
#include <string>

struct CliRun {
  int exit_code;
  std::string out;  // stdout and stderr together
};

// Runs a shell command line and captures stdout and stderr together.
inline CliRun run_gpuatom_command(const std::string& command_line) {
  const std::string command = command_line + " 2>&1";
  FILE* pipe = popen(command.c_str(), "r");
  if (!pipe) return {-1, "popen failed"};
  std::string out;
  std::array<char, 4096> buffer;
  size_t n;
  while ((n = fread(buffer.data(), 1, buffer.size(), pipe)) > 0) out.append(buffer.data(), n);
  const int status = pclose(pipe);
  return {WIFEXITED(status) ? WEXITSTATUS(status) : -1, out};
}

// `args` is appended to the binary's path and run by the shell, so quote as in a terminal.
inline CliRun run_gpuatom(const std::string& args) {
  return run_gpuatom_command(std::string(GPUATOM_CLI) + " " + args);
}

// A file of the source tree, by its path from the root.
inline std::string source(const std::string& path) { return std::string(GPUATOM_SOURCE_DIR) + "/" + path; }

// The CLI tests' batch of scenarios (tests/cli/data/batch).
inline std::string batch() { return std::string(GPUATOM_SOURCE_DIR) + "/tests/cli/data/batch"; }

// A file of the CLI's memory tests (tests/cli/data/memory/).
inline std::string memory_data(const std::string& name) {
  return std::string(GPUATOM_SOURCE_DIR) + "/tests/cli/data/memory/" + name;
}

// As run_gpuatom, with `assignments` ("NAME=value ") set in the environment of the command.
inline CliRun run_gpuatom_with_env(const std::string& assignments, const std::string& args) {
  return run_gpuatom_command("env " + assignments + std::string(GPUATOM_CLI) + " " + args);
}
