// The 128-bit differential run (issue 27): random words in every atomic opcode gpuatom knows on
// sm_70 … sm_90, read by decode128() for an architecture and by nvdisasm 11.8 -b SMxy of the same
// architecture. Bits 12–104 are random, the control bits (105–127) zero. The figures per
// architecture are printed and recorded in docs/oracles.md, with every kind of difference left.
// Every word read alike encodes back to itself, and one without a placeholder (.INVALIDn, which no
// compiler writes) comes back through gpuatom's own text too (disasm sass --control's line,
// unprinted bits included, read by asm sass --encode).
//
// nvdisasm 11.8 and 13.0 disagree on one thing for Hopper: 11.8 prints a 64-bit address without
// its desc[URn] where 13.0 prints it (the same words; gpuatom follows 13.0, the tool that ships
// for Hopper now), so on sm_90 desc[URn] is set aside on both sides before comparing.
#include <fmt/format.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <map>
#include <memory>
#include <random>

#include "gpuatom/nvidia/architecture.hpp"
#include "gpuatom/nvidia/binary/sass128.hpp"
#include "gpuatom/nvidia/binary/unprinted_bits.hpp"
#include "gpuatom/nvidia/text/printer.hpp"
#include "nvidia/text_round_trip.hpp"
#include "oracle/nvdisasm_raw.hpp"
#include "oracle/nvidia_tools.hpp"
#include "oracle/sass_listing.hpp"

using namespace gpuatom::nvidia;

namespace {

constexpr int words_per_opcode = 400;
// Every opcode of a 128-bit atomic form of any generation (src/nvidia/binary/sass128_forms.cpp).
constexpr std::array<uint16_t, 19> atomic_opcodes = {0x38a, 0x38b, 0x3a8, 0x3a9, 0x38c, 0x38d, 0x58d,
                                                     0x98c, 0xf8c, 0x3a2, 0x9a2, 0x9a3, 0x9a6, 0x98a,
                                                     0x9a8, 0x98e, 0x3a0, 0x59f, 0xf9f};

// Both texts as the 11.8 tools would compare them (docs/oracles.md).
std::string comparable(const std::string& text, Architecture arch) {
  return gpuatom::oracle::squeeze(gpuatom::oracle::as_cuda118_prints(text, arch));
}

std::vector<Word128> random_words(uint64_t seed) {
  std::mt19937_64 gen(seed);
  std::vector<Word128> words;
  for (int k = 0; k < words_per_opcode; ++k)
    for (const uint16_t opcode : atomic_opcodes)
      words.push_back({(gen() & ~0xfffULL) | opcode, gen() & ((1ULL << 41) - 1)});
  return words;
}

// The figures of the last run (docs/oracles.md): the words are seeded, so a run reads the same
// words; fewer agreeing words, or more printed with other text, is a regression. What is left
// is listed in docs/oracles.md.
struct Recorded {
  Architecture arch;
  size_t agree_at_least;
  size_t other_text_at_most;
};
constexpr std::array recorded = {
    Recorded{Architecture::sm_70, 2398, 2}, Recorded{Architecture::sm_72, 2400, 0},
    Recorded{Architecture::sm_75, 1860, 0}, Recorded{Architecture::sm_80, 1729, 0},
    Recorded{Architecture::sm_86, 1754, 0}, Recorded{Architecture::sm_87, 1692, 0},
    Recorded{Architecture::sm_89, 1742, 0}, Recorded{Architecture::sm_90, 2285, 2},
};

class OracleWords128 : public ::testing::TestWithParam<Architecture> {};

TEST_P(OracleWords128, Decode128ReadsRandomWordsAsNvdisasmDoes) {
  GPUATOM_REQUIRE_NVIDIA_TOOLS(tools);
  const Architecture arch = GetParam();
  const std::vector<Word128> words = random_words(0x27 + static_cast<uint64_t>(arch));
  const auto oracle = gpuatom::oracle::nvdisasm_words128(tools / "nvdisasm", nvdisasm_name(arch), words);
  size_t read = 0, agree = 0, refused = 0, invalid = 0, flagged = 0, round_trips = 0, shown = 0;
  // Agreeing words back through gpuatom's own text; those with unprinted bits; those with a
  // placeholder that do not come back (which slot a lone .INVALIDn fills the text does not say).
  size_t through_text = 0, commented = 0, placeholders_not_back = 0;
  std::map<std::string, size_t> refusals;  // the first words of each refusal, counted
  // GPUATOM_ORACLE_DUMP=dir writes every word read differently to dir/<arch>.tsv (word, nvdisasm, gpuatom).
  std::unique_ptr<std::ofstream> dump;
  if (const char* dir = std::getenv("GPUATOM_ORACLE_DUMP"); dir && *dir)
    dump = std::make_unique<std::ofstream>(std::filesystem::path(dir) / fmt::format("{}.tsv", name(arch)));
  for (size_t i = 0; i < words.size(); ++i) {
    const auto decoded = decode128(words[i], arch);
    const auto* inst = std::get_if<Instruction>(&decoded);
    if (!oracle[i] || !gpuatom::oracle::is_atomic(*oracle[i])) {  // invalid, or another instruction
      ++invalid;
      if (!inst) ++flagged;
      continue;
    }
    ++read;
    if (!inst) {
      ++refused;
      const std::string& why = std::get<gpuatom::support::Diagnostic>(decoded).message;
      ++refusals[why.substr(0, why.find(" hold "))];
      continue;
    }
    Instruction unterminated = *inst;
    unterminated.terminated = false;
    const std::string got = comparable(print(unterminated), arch), want = comparable(*oracle[i], arch);
    if (got != want) {
      if (dump) *dump << fmt::format("0x{:016x} 0x{:016x}\t{}\t{}\n", words[i].lo, words[i].hi, want, got);
      if (shown++ < 3)
        std::cout << fmt::format(
            "[ oracle ]   {} 0x{:016x} 0x{:016x}\n[ oracle ]     nvdisasm: {}\n[ oracle ]      gpuatom: {}\n",
            name(arch), words[i].lo, words[i].hi, want, got);
      continue;
    }
    ++agree;
    const auto again = encode128(*inst, arch);
    if (const auto* w = std::get_if<Word128>(&again); w && w->lo == words[i].lo && w->hi == words[i].hi) ++round_trips;
    // disasm sass --control's line, read by asm sass --encode: the same word (docs/sass128.md).
    if (const auto why = text_round_trip::failure(words[i], arch); !why)
      ++through_text;
    else if (inst->has_placeholder())
      ++placeholders_not_back;
    else if (shown++ < 6)
      std::cout << fmt::format("[ oracle ]   {} 0x{:016x} 0x{:016x}: {}\n", name(arch), words[i].lo, words[i].hi, *why);
    if (!gpuatom::nvidia::unprinted_comment(*inst).empty()) ++commented;
  }
  std::cout << fmt::format(
      "[ oracle ] {}: {} random words, nvdisasm reads {} as atomics; gpuatom prints the same "
      "text for {} ({:.2f} %), refuses {}, prints other text for {}; {} of the agreeing words "
      "re-encode to themselves; {} words nvdisasm calls invalid or no atomic, {} of them refused\n",
      name(arch), words.size(), read, agree, read ? 100.0 * agree / read : 0.0, refused, read - agree - refused,
      round_trips, invalid, flagged);
  std::cout << fmt::format(
      "[ oracle ] {}: {} of the {} agreeing words come back through gpuatom's text (disasm sass --control, then asm "
      "sass --encode); {} of them print unprinted bits; {} with a placeholder do not\n",
      name(arch), through_text, agree, commented, placeholders_not_back);
  for (const auto& [why, count] : refusals) std::cout << fmt::format("[ oracle ]   refused {:>5}: {}\n", count, why);
  const auto r = std::find_if(recorded.begin(), recorded.end(), [&](const Recorded& x) { return x.arch == arch; });
  ASSERT_NE(r, recorded.end());
  EXPECT_GE(agree, r->agree_at_least);
  EXPECT_LE(read - agree - refused, r->other_text_at_most) << "words printed with text other than nvdisasm's";
  EXPECT_EQ(round_trips, agree) << "every word read alike encodes back to itself";
  EXPECT_EQ(through_text + placeholders_not_back, agree)
      << "every word read alike without a placeholder comes back through gpuatom's text";
  EXPECT_GT(commented, 0u) << "random words set bits the text does not show";
  EXPECT_GT(read, words.size() / 5) << "a fifth of the random words in atomic opcodes are atomics nvdisasm reads";
}

INSTANTIATE_TEST_SUITE_P(VoltaToHopper, OracleWords128,
                         ::testing::Values(Architecture::sm_70, Architecture::sm_72, Architecture::sm_75,
                                           Architecture::sm_80, Architecture::sm_86, Architecture::sm_87,
                                           Architecture::sm_89, Architecture::sm_90),
                         [](const auto& param) { return std::string(name(param.param)); });

}  // namespace
