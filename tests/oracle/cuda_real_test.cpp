// Real CUDA code, whole, as the judge: the cubins scripts/cuda-real-corpus builds from the drivers
// of tests/oracle/nvidia/real (CUB and Thrust 1.17.2: histograms, radix sorts, sparse
// matrix-vector products, as tests/oracle/nvidia/real/builds.txt lists) with nvcc 11.8 and nvcc
// 13.0, in build/nvidia-real/cuda-<release>/<file>.<arch>.cubin. For every cubin:
//
//   - gpuatom's cubin reader reads it whole and lists every atomic line (ATOM, ATOMG, ATOMS, RED,
//     REDG, REDAS, SUATOM, SURED) exactly as NVIDIA's CUDA 11.8 tools list it, in order
//     (cuobjdump -sass for nvcc 11.8's cubins, nvdisasm -b on the code sections of nvcc 13.0's,
//     whose ELF the 11.8 tools refuse: cubin_oracle.hpp, shared with the PTX corpus);
//   - gpuatom's listing reader reads cuobjdump's whole listing with no diagnostic;
//   - every distinct atomic word comes back through gpuatom's own text (word → text → word).
//
// nvcc 13.0's Blackwell cubins (sm_100, sm_120) have no listing here (nvdisasm 11.8 does not know
// Blackwell): there every atomic word must decode and come back through the text. Skips without
// NVIDIA's tools or without the built corpus (`make oracle` builds both).
#include <fmt/format.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <cstdlib>
#include <filesystem>
#include <iostream>
#include <map>
#include <set>
#include <stdexcept>
#include <string>
#include <thread>
#include <utility>
#include <vector>

#include "gpuatom/nvidia/architecture.hpp"
#include "oracle/cubin_oracle.hpp"
#include "oracle/nvidia_tools.hpp"
#include "oracle/sass_listing.hpp"

namespace {

namespace fs = std::filesystem;
using gpuatom::nvidia::Architecture;

// One cubin of the corpus: build/nvidia-real/cuda-13.0/histogram.sm_90.cubin.
struct RealCubin {
  fs::path path;
  std::string release;  // "11.8", "13.0"
  Architecture arch;
};

// The corpus folder: $GPUATOM_NVIDIA_REAL, else what scripts/cuda-real-corpus builds.
fs::path corpus_folder() {
  if (const char* env = std::getenv("GPUATOM_NVIDIA_REAL"); env && *env) return env;
  return fs::path(GPUATOM_SOURCE_DIR) / "build/nvidia-real";
}

std::vector<RealCubin> corpus(const fs::path& folder) {
  std::vector<RealCubin> out;
  for (const char* release : {"11.8", "13.0"}) {
    const fs::path dir = folder / (std::string("cuda-") + release);
    if (!fs::is_directory(dir)) continue;
    for (const auto& entry : fs::directory_iterator(dir)) {
      const fs::path& p = entry.path();
      if (p.extension() != ".cubin") continue;
      const std::string arch_name = p.stem().extension().string();  // ".sm_90"
      const auto arch = gpuatom::nvidia::parse_architecture(arch_name.empty() ? "" : arch_name.substr(1));
      if (!arch) throw std::runtime_error(p.string() + ": no architecture in the name (<file>.<sm_xy>.cubin)");
      out.push_back({p, release, *arch});
    }
  }
  std::sort(out.begin(), out.end(), [](const RealCubin& a, const RealCubin& b) { return a.path < b.path; });
  return out;
}

struct Checked {
  bool listed = false;      // compared with the 11.8 tools' listing
  size_t atomics = 0;       // atomic lines gpuatom listed
  size_t tool_atomics = 0;  // atomic lines the tool listed
  std::vector<gpuatom::nvidia::Word128> words;
  std::vector<std::string> differences;
};

Checked check(const RealCubin& c, const fs::path& tools) {
  Checked out;
  const bool cuda13 = c.release != "11.8";
  const std::string source = fmt::format("{} (nvcc {})", c.path.filename().string(), c.release);
  out.listed = gpuatom::oracle::listed_by_cuda118(c.arch);
  std::string listing;
  if (out.listed) {
    const fs::path scratch = gpuatom::testing::make_temporary_directory("gpuatom-cuda-real");
    gpuatom::oracle::ToolListing listed = gpuatom::oracle::list_cubin(c.path, c.arch, cuda13, tools, scratch);
    fs::remove_all(scratch);
    if (!listed.error.empty()) {
      out.differences.push_back(source + ": " + listed.error);
      return out;
    }
    listing = std::move(listed.text);
  }
  const std::vector<std::string> tool_lines = gpuatom::oracle::atomic_lines(listing);
  out.tool_atomics = tool_lines.size();
  gpuatom::oracle::CubinReading read =
      gpuatom::oracle::read_and_compare_cubin(c.path, c.arch, cuda13, tool_lines, out.listed, source);
  out.atomics = read.atomics;
  out.words = std::move(read.words);
  out.differences = std::move(read.differences);
  if (out.listed && !cuda13)
    for (std::string& d : gpuatom::oracle::read_listing_back(listing, source)) out.differences.push_back(std::move(d));
  return out;
}

// The checks on two threads (the tools are single-threaded; the machine has at least two cores).
std::vector<Checked> check_all(const std::vector<RealCubin>& cubins, const fs::path& tools) {
  std::vector<Checked> results(cubins.size());
  std::atomic<size_t> next{0};
  const auto worker = [&] {
    for (size_t i; (i = next++) < cubins.size();) results[i] = check(cubins[i], tools);
  };
  std::thread other(worker);
  worker();
  other.join();
  return results;
}

TEST(OracleNvidiaReal, EveryAtomicOfCubAndThrustReadsAsNvdisasmListsIt) {
  GPUATOM_REQUIRE_NVIDIA_TOOLS(tools);
  const std::vector<RealCubin> cubins = corpus(corpus_folder());
  if (cubins.empty())
    GTEST_SKIP() << "the real CUDA corpus is not built (" << corpus_folder().string()
                 << "): run `make oracle` or scripts/cuda-real-corpus";
  const std::vector<Checked> results = check_all(cubins, tools);

  // Per (nvcc release, architecture): cubins, atomic lines, lines the tool listed, distinct words.
  struct Figures {
    size_t cubins = 0, atomics = 0, tool_atomics = 0;
    bool listed = false;
    std::set<std::pair<uint64_t, uint64_t>> words;
  };
  std::map<std::pair<std::string, Architecture>, Figures> figures;
  std::map<Architecture, std::vector<gpuatom::nvidia::Word128>> words;  // distinct per architecture
  std::map<Architecture, std::set<std::pair<uint64_t, uint64_t>>> seen;
  size_t differences = 0, atomics = 0;
  for (size_t i = 0; i < cubins.size(); ++i) {
    Figures& f = figures[{cubins[i].release, cubins[i].arch}];
    ++f.cubins;
    f.atomics += results[i].atomics;
    f.tool_atomics += results[i].tool_atomics;
    f.listed = results[i].listed;
    atomics += results[i].atomics;
    EXPECT_GT(results[i].atomics, 0u) << cubins[i].path << ": no atomic at all";
    for (const gpuatom::nvidia::Word128& w : results[i].words) {
      f.words.insert({w.lo, w.hi});
      if (seen[cubins[i].arch].insert({w.lo, w.hi}).second) words[cubins[i].arch].push_back(w);
    }
    for (const std::string& d : results[i].differences)
      if (++differences <= 20) ADD_FAILURE() << d;
  }
  std::string report = fmt::format("{:<5} {:<7} {:>6} {:>8} {:>9} {:>9}\n", "nvcc", "arch", "cubins", "atomics",
                                   "listed by", "distinct");
  for (const auto& [key, f] : figures)
    report += fmt::format("{:<5} {:<7} {:>6} {:>8} {:>9} {:>9}\n", key.first, name(key.second), f.cubins, f.atomics,
                          f.listed ? fmt::format("{}", f.tool_atomics) : std::string("-"), f.words.size());
  report += fmt::format("all: {} cubins, {} atomic lines, {} differences from the CUDA 11.8 tools' listings\n",
                        cubins.size(), atomics, differences);
  std::cout << report;
  EXPECT_EQ(differences, 0u);
  EXPECT_GT(atomics, 1000u) << "the corpus holds too few atomics to say much";
  // Every distinct atomic word, per architecture (both releases together), back through the text.
  gpuatom::oracle::expect_words_through_text(words);
}

}  // namespace
