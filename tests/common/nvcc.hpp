// CUDA 13's nvcc, where the machine has it (the development and CI machines do; no GPU needed):
// the tests that build a cubin from tests/conformance/nvidia/cubins/atomics.cu skip without it.
#pragma once

#include <cstdlib>
#include <filesystem>
#include <optional>
#include <string>

#include "common/child_process.hpp"

namespace gpuatom::testing {

// $GPUATOM_NVCC, else /usr/local/cuda/bin/nvcc, when it says it is release 13.
inline std::optional<std::filesystem::path> nvcc13() {
  std::filesystem::path p = "/usr/local/cuda/bin/nvcc";
  if (const char* env = std::getenv("GPUATOM_NVCC"); env && *env) p = env;
  if (!std::filesystem::exists(p)) return std::nullopt;
  ChildOptions options;
  options.args = {p.string(), "--version"};
  if (run_child(options).out.find("release 13.") == std::string::npos) return std::nullopt;
  return p;
}

// `nvcc -cubin -arch <arch> <source> -o <cubin>`; the error text, or nothing when it worked.
inline std::optional<std::string> build_cubin(const std::filesystem::path& nvcc, const std::filesystem::path& source,
                                              const std::string& arch, const std::filesystem::path& cubin) {
  ChildOptions options;
  options.args = {nvcc.string(), "-cubin", "-arch", arch, source.string(), "-o", cubin.string()};
  options.kill_after_seconds = 300;
  const ChildResult r = run_child(options);
  if (r.exited && r.exit_code == 0) return std::nullopt;
  return "nvcc -arch " + arch + " failed: " + r.err;
}

}  // namespace gpuatom::testing
