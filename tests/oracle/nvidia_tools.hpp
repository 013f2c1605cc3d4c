// Where the oracle tests find NVIDIA's own tools (nvdisasm, cuobjdump, ptxas 11.8), fetched by
// `scripts/fetch-nvidia-tools` (`make oracle` does it) into build/nvidia-tools/. The tests skip,
// saying so, when the tools are absent: `make test` never downloads them (docs/oracles.md).
#pragma once

#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <optional>
#include <string>

namespace gpuatom::oracle {

// The folder holding the CUDA 11.8 tools: $GPUATOM_NVIDIA_TOOLS, else the fetched copy.
inline std::optional<std::filesystem::path> nvidia_tools() {
  std::filesystem::path dir;
  if (const char* env = std::getenv("GPUATOM_NVIDIA_TOOLS"); env && *env)
    dir = env;
  else
    dir = std::filesystem::path(GPUATOM_SOURCE_DIR) / "build/nvidia-tools/root/usr/bin";
  for (const char* tool : {"nvdisasm", "cuobjdump", "ptxas"})
    if (!std::filesystem::exists(dir / tool)) return std::nullopt;
  return dir;
}

}  // namespace gpuatom::oracle

// In a test body: the tools' folder, or a skip that says how to get them.
#define GPUATOM_REQUIRE_NVIDIA_TOOLS(var)                                       \
  const auto var##_found = ::gpuatom::oracle::nvidia_tools();                   \
  if (!var##_found)                                                             \
    GTEST_SKIP() << "NVIDIA's tools are not fetched: run `make oracle` (or "    \
                    "scripts/fetch-nvidia-tools, or set GPUATOM_NVIDIA_TOOLS)"; \
  const std::filesystem::path var = *var##_found
