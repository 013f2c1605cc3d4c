// Where the oracle tests find LLVM 19's llvm-mc and clang-19 (the judges of AMD instructions),
// fetched by `scripts/fetch-amd-isa-tools` (`make oracle-amd-isa` does it) into
// build/amd-isa-tools/. The tests skip, saying so, when the tools are absent: `make test` never
// downloads them (docs/oracles.md).
#pragma once

#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <optional>
#include <string>

namespace gpuatom::oracle {

struct AmdIsaTools {
  std::filesystem::path llvm_mc, clang;
  std::string library_path;  // LD_LIBRARY_PATH for both
};

// $GPUATOM_AMD_ISA_TOOLS (the unpacked root), else the fetched copy.
inline std::optional<AmdIsaTools> amd_isa_tools() {
  std::filesystem::path root;
  if (const char* env = std::getenv("GPUATOM_AMD_ISA_TOOLS"); env && *env)
    root = env;
  else
    root = std::filesystem::path(GPUATOM_SOURCE_DIR) / "build/amd-isa-tools/root";
  AmdIsaTools tools{root / "usr/lib/llvm-19/bin/llvm-mc", root / "usr/lib/llvm-19/bin/clang",
                    (root / "usr/lib/x86_64-linux-gnu").string() + ":" + (root / "usr/lib/llvm-19/lib").string()};
  if (!std::filesystem::exists(tools.llvm_mc)) return std::nullopt;
  return tools;
}

}  // namespace gpuatom::oracle

// In a test body: the tools, or a skip that says how to get them.
#define GPUATOM_REQUIRE_AMD_ISA_TOOLS(var)                                        \
  const auto var##_found = ::gpuatom::oracle::amd_isa_tools();                    \
  if (!var##_found)                                                               \
    GTEST_SKIP() << "LLVM 19 is not fetched: run `make oracle-amd-isa` (or "      \
                    "scripts/fetch-amd-isa-tools, or set GPUATOM_AMD_ISA_TOOLS)"; \
  const ::gpuatom::oracle::AmdIsaTools var = *var##_found
