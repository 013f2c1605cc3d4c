// `gpuatom disasm sass kernel.cubin` against nvdisasm 11.8 on a cubin CUDA 13's nvcc builds here
// from tests/conformance/nvidia/cubins/atomics.cu, for every architecture nvdisasm 11.8 reads
// (sm_75 … sm_90; nvcc 13 builds nothing older). nvdisasm 11.8 refuses the CUDA 13 ELF itself
// ("does not contain Cuda architecture information"), so it reads each kernel's code section raw
// (`nvdisasm -b SMxy`), as the PTX oracle does; gpuatom reads the cubin. The atomic lines must be
// the same, in order (desc[URn] set aside on Hopper: docs/oracles.md). Skips without nvcc or the
// 11.8 tools.
#include <fmt/format.h>
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <iostream>
#include <string>
#include <variant>
#include <vector>

#include "common/nvcc.hpp"
#include "gpuatom/nvidia/architecture.hpp"
#include "gpuatom/nvidia/binary/cubin.hpp"
#include "oracle/nvdisasm_raw.hpp"
#include "oracle/nvidia_tools.hpp"
#include "oracle/sass_listing.hpp"

namespace {

namespace fs = std::filesystem;
using gpuatom::nvidia::Architecture;

TEST(OracleNvccCubin, GpuatomListsTheAtomicLinesNvdisasmPrints) {
  GPUATOM_REQUIRE_NVIDIA_TOOLS(tools);
  const auto nvcc = gpuatom::testing::nvcc13();
  if (!nvcc) GTEST_SKIP() << "no CUDA 13 nvcc (/usr/local/cuda/bin/nvcc or $GPUATOM_NVCC)";
  const fs::path dir = gpuatom::testing::make_temporary_directory("gpuatom-nvcc-oracle");
  size_t compared = 0;
  for (const Architecture arch : {Architecture::sm_75, Architecture::sm_80, Architecture::sm_86, Architecture::sm_87,
                                  Architecture::sm_89, Architecture::sm_90}) {
    const std::string name(gpuatom::nvidia::name(arch));
    SCOPED_TRACE(name);
    const fs::path cubin = dir / (name + ".cubin");
    const auto failed = gpuatom::testing::build_cubin(
        *nvcc, fs::path(GPUATOM_SOURCE_DIR) / "tests/conformance/nvidia/cubins/atomics.cu", name, cubin);
    ASSERT_FALSE(failed) << *failed;

    // nvdisasm 11.8 on each raw code section, in section order.
    const std::string bytes = gpuatom::testing::slurp_file(cubin);
    const auto read = gpuatom::nvidia::read_cubin(bytes, cubin.string());
    ASSERT_TRUE(std::holds_alternative<gpuatom::nvidia::Cubin>(read));
    std::vector<std::string> theirs;
    for (const auto& k : std::get<gpuatom::nvidia::Cubin>(read).kernels) {
      const fs::path raw = dir / (name + "-" + k.name + ".bin");
      std::ofstream(raw, std::ios::binary) << k.code;
      gpuatom::testing::ChildOptions options;
      options.args = {(tools / "nvdisasm").string(), "-b", gpuatom::nvidia::nvdisasm_name(arch), raw.string()};
      const auto listed = gpuatom::testing::run_child(options);
      ASSERT_EQ(listed.exit_code, 0) << listed.err;
      for (std::string& line : gpuatom::oracle::atomic_lines(listed.out)) theirs.push_back(std::move(line));
    }

    // gpuatom, as a user runs it.
    gpuatom::testing::ChildOptions options;
    options.args = {GPUATOM_CLI, "disasm", "sass", cubin.string()};
    const auto ours_run = gpuatom::testing::run_child(options);
    ASSERT_EQ(ours_run.exit_code, 0) << ours_run.err;
    const std::vector<std::string> ours = gpuatom::oracle::atomic_lines(ours_run.out);

    ASSERT_EQ(ours.size(), theirs.size()) << ours_run.out;
    EXPECT_GE(ours.size(), 25u);
    for (size_t i = 0; i < ours.size(); ++i)
      EXPECT_EQ(gpuatom::oracle::as_cuda118_prints(ours[i], arch), gpuatom::oracle::squeeze(theirs[i]))
          << "atomic " << i;
    compared += ours.size();
  }
  std::cout << fmt::format(
      "nvcc 13 cubins, sm_75 … sm_90: {} atomic lines listed by gpuatom as nvdisasm 11.8 lists them\n", compared);
  fs::remove_all(dir);
}

}  // namespace
