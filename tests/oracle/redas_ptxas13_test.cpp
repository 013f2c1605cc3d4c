// REDAS against the tools: ptxas 13.0 (beside CUDA 13's nvcc) assembles one kernel per PTX
// red.async op and type for sm_90, sm_100 and sm_120. On sm_90 nvdisasm 11.8 reads each kernel's
// code section raw (it refuses CUDA 13's ELF itself, as in nvcc_cubin_test.cpp) and `gpuatom disasm
// sass` must list the same REDAS lines; on every target each REDAS word decodes, prints, parses
// and encodes back to itself. Skips without ptxas 13 or the 11.8 tools.
#include <fmt/format.h>
#include <gtest/gtest.h>

#include <cstring>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <string>
#include <variant>
#include <vector>

#include "common/nvcc.hpp"
#include "gpuatom/nvidia/binary/cubin.hpp"
#include "gpuatom/nvidia/binary/sass128.hpp"
#include "gpuatom/nvidia/text/parser.hpp"
#include "gpuatom/nvidia/text/printer.hpp"
#include "oracle/nvdisasm_raw.hpp"
#include "oracle/nvidia_tools.hpp"
#include "oracle/sass_listing.hpp"

namespace {

namespace fs = std::filesystem;
using gpuatom::nvidia::Architecture;
using gpuatom::nvidia::Instruction;
using gpuatom::nvidia::Word128;

// Every op and type PTX red.async takes (PTX ISA 8.1).
constexpr const char* red_async_types[] = {"add.u32", "add.s32", "add.u64", "min.u32", "min.s32", "max.u32",
                                           "max.s32", "inc.u32", "dec.u32", "and.b32", "or.b32",  "xor.b32"};

std::string red_async_ptx(const std::string& target) {
  std::string ptx = fmt::format(".version 8.8\n.target {}\n.address_size 64\n", target);
  int k = 0;
  for (const std::string type : red_async_types) {
    const bool wide = type.ends_with("64");
    ptx += fmt::format(
        ".visible .entry k{}(.param .u32 p, .param .u64 q) {{\n"
        "  .reg .b32 r<4>; .reg .b64 d<2>;\n"
        "  ld.param.u32 r1, [p]; ld.param.u64 d1, [q]; cvt.u32.u64 r2, d1;\n"
        "  red.async.relaxed.cluster.shared::cluster.mbarrier::complete_tx::bytes.{} [r1], {}, [r2];\n"
        "  ret;\n}}\n",
        k++, type, wide ? "d1" : "r1");
  }
  return ptx;
}

// word → text → word, the text read back as a person would give it (control bits from the word).
void expect_round_trip(const Word128& word, Architecture arch) {
  const auto decoded = gpuatom::nvidia::decode128(word, arch);
  ASSERT_TRUE(std::holds_alternative<Instruction>(decoded)) << std::get<gpuatom::support::Diagnostic>(decoded).message;
  const std::string text = print(std::get<Instruction>(decoded));
  auto parsed = gpuatom::nvidia::parse_sass(text, "t.sass", arch);
  ASSERT_EQ(parsed.diagnostics.format_all(), "") << text;
  ASSERT_EQ(parsed.instructions.size(), 1u);
  Instruction i = parsed.instructions[0];
  i.kept_bits = with_control_bits(i.kept_bits, gpuatom::nvidia::control_bits(word));
  const auto encoded = encode128(i, arch);
  ASSERT_TRUE(std::holds_alternative<Word128>(encoded)) << text;
  EXPECT_EQ(std::get<Word128>(encoded), word) << text;
}

TEST(OracleRedas, EveryRedAsyncWordOfPtxas13ReadsAsNvdisasmPrintsItAndRoundTrips) {
  GPUATOM_REQUIRE_NVIDIA_TOOLS(tools);
  const auto nvcc = gpuatom::testing::nvcc13();
  const fs::path ptxas = nvcc ? nvcc->parent_path() / "ptxas" : fs::path();
  if (!nvcc || !fs::exists(ptxas))
    GTEST_SKIP() << "no CUDA 13 ptxas (beside /usr/local/cuda/bin/nvcc or $GPUATOM_NVCC)";
  const fs::path dir = gpuatom::testing::make_temporary_directory("gpuatom-redas-oracle");
  size_t listed = 0, round_trips = 0;
  for (const Architecture arch : {Architecture::sm_90, Architecture::sm_100, Architecture::sm_120}) {
    const std::string name(gpuatom::nvidia::name(arch));
    SCOPED_TRACE(name);
    const fs::path source = dir / (name + ".ptx"), cubin = dir / (name + ".cubin");
    std::ofstream(source) << red_async_ptx(name);
    gpuatom::testing::ChildOptions build;
    build.args = {ptxas.string(), "-arch=" + name, source.string(), "-o", cubin.string()};
    const auto built = gpuatom::testing::run_child(build);
    ASSERT_EQ(built.exit_code, 0) << built.err;
    // The kernels' code views point into these bytes, which must outlive them.
    const std::string bytes = gpuatom::testing::slurp_file(cubin);
    const auto read = gpuatom::nvidia::read_cubin(bytes, cubin.string());
    ASSERT_TRUE(std::holds_alternative<gpuatom::nvidia::Cubin>(read));
    std::vector<std::string> theirs;
    size_t words = 0;
    for (const auto& k : std::get<gpuatom::nvidia::Cubin>(read).kernels) {
      for (size_t at = 0; at + 16 <= k.code.size(); at += 16) {
        Word128 w;
        std::memcpy(&w.lo, k.code.data() + at, 8);
        std::memcpy(&w.hi, k.code.data() + at + 8, 8);
        if ((w.lo & 0xfff) != 0xdbe) continue;
        ++words;
        expect_round_trip(w, arch);
      }
      if (arch != Architecture::sm_90) continue;  // nvdisasm 11.8 knows no Blackwell
      const fs::path raw = dir / (name + "-" + k.name + ".bin");
      std::ofstream(raw, std::ios::binary) << k.code;
      gpuatom::testing::ChildOptions options;
      options.args = {(tools / "nvdisasm").string(), "-b", gpuatom::nvidia::nvdisasm_name(arch), raw.string()};
      const auto out = gpuatom::testing::run_child(options);
      ASSERT_EQ(out.exit_code, 0) << out.err;
      for (std::string& line : gpuatom::oracle::atomic_lines(out.out)) theirs.push_back(std::move(line));
    }
    EXPECT_EQ(words, std::size(red_async_types));
    round_trips += words;
    if (arch != Architecture::sm_90) continue;
    gpuatom::testing::ChildOptions options;
    options.args = {GPUATOM_CLI, "disasm", "sass", cubin.string()};
    const auto ours_run = gpuatom::testing::run_child(options);
    ASSERT_EQ(ours_run.exit_code, 0) << ours_run.err;
    const std::vector<std::string> ours = gpuatom::oracle::atomic_lines(ours_run.out);
    ASSERT_EQ(ours.size(), theirs.size()) << ours_run.out;
    ASSERT_EQ(ours.size(), std::size(red_async_types));
    for (size_t i = 0; i < ours.size(); ++i)
      EXPECT_EQ(gpuatom::oracle::squeeze(ours[i]), gpuatom::oracle::squeeze(theirs[i])) << "atomic " << i;
    listed += ours.size();
  }
  std::cout << fmt::format(
      "ptxas 13 red.async: {} sm_90 REDAS lines listed as nvdisasm 11.8 lists them; {} words (sm_90, sm_100, "
      "sm_120) round-trip\n",
      listed, round_trips);
  fs::remove_all(dir);
}

}  // namespace
