// A cubin built here by CUDA 13's nvcc (tests/conformance/nvidia/cubins/atomics.cu), listed by
// `gpuatom disasm sass kernel.cubin` as a user would: every atomic decodes, the listing reads back
// through `check sass` with each word checked against its text, and every form it prints is one
// nvdisasm 13.0 printed for that architecture (tests/conformance/nvidia/cuda13). The lines
// themselves are compared with nvdisasm 11.8's where it reads the architecture, in `make oracle`
// (tests/oracle/nvcc_cubin_test.cpp). Skips without nvcc.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>
#include <string>

#include "cli/run_cli.hpp"
#include "common/nvcc.hpp"

namespace {

namespace fs = std::filesystem;

const fs::path source_dir = GPUATOM_SOURCE_DIR;

// "ATOMG.E.ADD.STRONG.GPU" of "@P0 ATOMG.E.ADD.STRONG.GPU PT, …": the opcode and its modifiers.
std::string form_of(std::string_view text) {
  if (text.starts_with("@")) text.remove_prefix(text.find(' ') + 1);
  return std::string(text.substr(0, text.find(' ')));
}

// The forms nvdisasm 13.0 printed for an architecture.
std::set<std::string> nvdisasm13_forms(const std::string& arch) {
  std::set<std::string> out;
  std::istringstream in(gpuatom::testing::slurp_file(source_dir / "tests/conformance/nvidia/cuda13" / (arch + ".tsv")));
  std::string line;
  std::getline(in, line);  // header
  while (std::getline(in, line)) out.insert(form_of(line.substr(0, line.find('\t'))));
  return out;
}

TEST(NvccCubin, ListsEveryAtomicInFormsNvdisasm13Prints) {
  const auto nvcc = gpuatom::testing::nvcc13();
  if (!nvcc) GTEST_SKIP() << "no CUDA 13 nvcc (/usr/local/cuda/bin/nvcc or $GPUATOM_NVCC)";
  const fs::path dir = gpuatom::testing::make_temporary_directory("gpuatom-nvcc");
  for (const std::string arch : {"sm_75", "sm_86", "sm_90", "sm_100", "sm_120"}) {
    SCOPED_TRACE(arch);
    const fs::path cubin = dir / (arch + ".cubin");
    const auto failed =
        gpuatom::testing::build_cubin(*nvcc, source_dir / "tests/conformance/nvidia/cubins/atomics.cu", arch, cubin);
    ASSERT_FALSE(failed) << *failed;
    const CliRun listed = run_gpuatom("disasm sass " + cubin.string() + " 2>/dev/null");
    ASSERT_EQ(listed.exit_code, 0) << listed.out;
    const fs::path listing = dir / (arch + ".sass");
    std::ofstream(listing) << listed.out;
    const CliRun checked = run_gpuatom("check sass " + listing.string());
    EXPECT_EQ(checked.exit_code, 0) << checked.out;
    EXPECT_EQ(checked.out, "");

    const std::set<std::string> forms = nvdisasm13_forms(arch);
    std::istringstream lines(listed.out);
    std::string line;
    int atomics = 0;
    while (std::getline(lines, line)) {
      const size_t address = line.find("*/");
      if (line.find("/*0") == std::string::npos || address == std::string::npos) continue;
      std::string_view text(line);
      text.remove_prefix(text.find_first_not_of(' ', address + 2));
      ++atomics;
      EXPECT_TRUE(forms.count(form_of(text)))
          << "nvdisasm 13.0 printed no " << form_of(text) << " for " << arch << ": " << line;
    }
    EXPECT_GE(atomics, 25) << listed.out;  // atomics.cu: 20 global and 6 shared atomics
    // Kernels keep their mangled names, as cuobjdump prints them (Function : _Z14global_atomics…).
    EXPECT_NE(listed.out.find("global_atomics"), std::string::npos);
    EXPECT_NE(listed.out.find("shared_atomics"), std::string::npos);
  }
  fs::remove_all(dir);
}

}  // namespace
