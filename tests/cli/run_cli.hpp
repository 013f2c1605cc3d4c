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

// `args` is appended to the binary's path and run by the shell, so quote as in a terminal.
inline CliRun run_gpuatom(const std::string& args) {
  const std::string command = std::string(GPUATOM_CLI) + " " + args + " 2>&1";
  FILE* pipe = popen(command.c_str(), "r");
  if (!pipe) return {-1, "popen failed"};
  std::string out;
  std::array<char, 4096> buffer;
  size_t n;
  while ((n = fread(buffer.data(), 1, buffer.size(), pipe)) > 0) out.append(buffer.data(), n);
  const int status = pclose(pipe);
  return {WIFEXITED(status) ? WEXITSTATUS(status) : -1, out};
}
