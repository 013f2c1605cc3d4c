// Random 128-bit atomic words as CUDA 13's nvdisasm reads them, sm_75 … sm_121
// (tests/conformance/nvidia/cuda13-random/, written on a GPU machine by
// scripts/nvdisasm-random-words; README.md there). nvdisasm 13 is not in Debian, so its readings
// are committed and this test needs no tool: decode128() must print what nvdisasm printed, and
// every word read alike must encode back to itself. The figures are floors recorded from the
// last change to the decoder (docs/oracles.md): fewer agreeing words, or more words printed with
// other text, fails.
#include <fmt/format.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <memory>
#include <string>
#include <vector>

#include "gpuatom/nvidia/architecture.hpp"
#include "gpuatom/nvidia/binary/sass128.hpp"
#include "gpuatom/nvidia/text/printer.hpp"

namespace {

using gpuatom::nvidia::Architecture;
using gpuatom::nvidia::Instruction;
using gpuatom::nvidia::Word128;

struct Reading {
  std::string set;  // "random" (400 words in each atomic opcode), "sweep" (every opcode) or
                    // "unwritten" (400 words in each opcode of atomics no ptxas writes)
  Word128 word;
  std::string text;  // as nvdisasm printed it, or "<invalid>"
};

std::filesystem::path directory() {
  return std::filesystem::path(GPUATOM_SOURCE_DIR) / "tests/conformance/nvidia/cuda13-random";
}

std::vector<Reading> read_file(const std::filesystem::path& path) {
  std::ifstream in(path);
  EXPECT_TRUE(in) << path;
  std::vector<Reading> out;
  for (std::string line; std::getline(in, line);) {
    if (line.empty() || line.front() == '#') continue;
    std::array<std::string, 4> field;
    size_t start = 0;
    for (size_t k = 0; k < 4; ++k) {
      const size_t tab = k < 3 ? line.find('\t', start) : std::string::npos;
      field[k] = line.substr(start, tab == std::string::npos ? std::string::npos : tab - start);
      if (tab == std::string::npos && k < 3) ADD_FAILURE() << path << ": " << line;
      start = tab + 1;
    }
    out.push_back({field[0], {std::stoull(field[1], nullptr, 16), std::stoull(field[2], nullptr, 16)}, field[3]});
  }
  return out;
}

bool is_atomic_text(std::string_view text) {
  if (!text.empty() && text.front() == '@') text.remove_prefix(std::min(text.size(), text.find(' ') + 1));
  const std::string_view opcode = text.substr(0, text.find_first_of(" ."));
  for (const char* atomic : {"ATOM", "ATOMG", "ATOMS", "RED", "REDG", "REDAS", "SUATOM", "SURED"})
    if (opcode == atomic) return true;
  return false;
}

struct Figures {
  size_t words = 0, read = 0, agree = 0, refused = 0, other = 0, round_trips = 0;
};

// What the last run measured, per architecture (docs/oracles.md): the random set's agreeing words
// (at least) and words printed with other text (at most), then the same for the sweep's atomics
// and for the unwritten set.
struct Recorded {
  Architecture arch;
  size_t random_agree_at_least, random_other_at_most, sweep_agree_at_least, sweep_other_at_most;
  size_t unwritten_agree_at_least = 0, unwritten_other_at_most = 0;
};
constexpr std::array recorded = {
    Recorded{Architecture::sm_75, 1866, 1, 35, 0, 1629, 0},  Recorded{Architecture::sm_80, 1687, 0, 32, 0, 1629, 0},
    Recorded{Architecture::sm_86, 1681, 0, 33, 0, 1658, 0},  Recorded{Architecture::sm_87, 1693, 0, 37, 0, 1682, 0},
    Recorded{Architecture::sm_88, 1712, 0, 28, 0, 1619, 0},  Recorded{Architecture::sm_89, 1719, 0, 34, 0, 1614, 0},
    Recorded{Architecture::sm_90, 2273, 0, 38, 0, 1997, 0},  Recorded{Architecture::sm_100, 2411, 0, 40, 0, 1264, 0},
    Recorded{Architecture::sm_101, 2402, 0, 40, 0, 1175, 0}, Recorded{Architecture::sm_103, 2381, 0, 39, 0, 1200, 0},
    Recorded{Architecture::sm_110, 2431, 0, 32, 0, 1249, 0}, Recorded{Architecture::sm_120, 2466, 0, 37, 0, 1622, 0},
    Recorded{Architecture::sm_121, 2413, 0, 43, 0, 1611, 0},
};

class Nvdisasm13Words : public ::testing::TestWithParam<Recorded> {};

TEST_P(Nvdisasm13Words, Decode128ReadsThemAsNvdisasm13Does) {
  const Recorded& r = GetParam();
  const std::vector<Reading> readings = read_file(directory() / fmt::format("{}.tsv", name(r.arch)));
  Figures random, sweep, unwritten;
  size_t shown = 0;
  // GPUATOM_ORACLE_DUMP=dir writes every word read differently to dir/<arch>.tsv (word, nvdisasm, gpuatom).
  std::unique_ptr<std::ofstream> dump;
  if (const char* dir = std::getenv("GPUATOM_ORACLE_DUMP"); dir && *dir)
    dump = std::make_unique<std::ofstream>(std::filesystem::path(dir) / fmt::format("{}.tsv", name(r.arch)));
  for (const Reading& reading : readings) {
    Figures& f = reading.set == "sweep" ? sweep : reading.set == "unwritten" ? unwritten : random;
    ++f.words;
    if (reading.text == "<invalid>" || !is_atomic_text(reading.text)) continue;
    ++f.read;
    const auto decoded = decode128(reading.word, r.arch);
    const auto* inst = std::get_if<Instruction>(&decoded);
    if (!inst) {
      ++f.refused;
      if (dump)
        *dump << fmt::format("{}\t0x{:016x} 0x{:016x}\t{}\t<refused> {}\n", reading.set, reading.word.lo,
                             reading.word.hi, reading.text, std::get<gpuatom::support::Diagnostic>(decoded).message);
      continue;
    }
    Instruction unterminated = *inst;
    unterminated.terminated = false;
    const std::string got = print(unterminated);
    if (got != reading.text) {
      ++f.other;
      if (dump)
        *dump << fmt::format("{}\t0x{:016x} 0x{:016x}\t{}\t{}\n", reading.set, reading.word.lo, reading.word.hi,
                             reading.text, got);
      if (shown++ < 4)
        std::cout << fmt::format(
            "[ words ] {} {} 0x{:016x} 0x{:016x}\n[ words ]   nvdisasm: {}\n[ words ]    gpuatom: {}\n", name(r.arch),
            reading.set, reading.word.lo, reading.word.hi, reading.text, got);
      continue;
    }
    ++f.agree;
    const auto again = encode128(*inst, r.arch);
    if (const auto* w = std::get_if<Word128>(&again); w && w->lo == reading.word.lo && w->hi == reading.word.hi)
      ++f.round_trips;
  }
  for (const auto& [set, f] :
       {std::pair{"random", random}, std::pair{"sweep", sweep}, std::pair{"unwritten", unwritten}})
    std::cout << fmt::format(
        "[ words ] {} {}: {} words, nvdisasm 13 reads {} as atomics; gpuatom: same text {}, "
        "refuses {}, other text {}; {} re-encode to themselves\n",
        name(r.arch), set, f.words, f.read, f.agree, f.refused, f.other, f.round_trips);
  EXPECT_EQ(random.words, 7600u);
  EXPECT_EQ(unwritten.words, 5200u);
  EXPECT_GE(unwritten.agree, r.unwritten_agree_at_least);
  EXPECT_LE(unwritten.other, r.unwritten_other_at_most);
  EXPECT_EQ(unwritten.round_trips, unwritten.agree) << "every word read alike encodes back to itself";
  EXPECT_GE(random.agree, r.random_agree_at_least);
  EXPECT_LE(random.other, r.random_other_at_most);
  EXPECT_GE(sweep.agree, r.sweep_agree_at_least);
  EXPECT_LE(sweep.other, r.sweep_other_at_most);
  EXPECT_EQ(random.round_trips, random.agree) << "every word read alike encodes back to itself";
  EXPECT_EQ(sweep.round_trips, sweep.agree) << "every word read alike encodes back to itself";
}

INSTANTIATE_TEST_SUITE_P(TuringToBlackwell, Nvdisasm13Words, ::testing::ValuesIn(recorded),
                         [](const auto& param) { return std::string(name(param.param.arch)); });

}  // namespace
