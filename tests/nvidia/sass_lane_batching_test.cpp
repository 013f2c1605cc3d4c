// The parallel mode's batched accesses (exec/lane_group.hpp, block_inner): two lanes on the two
// words of an aligned 8-byte pair in one host compare-and-swap, and the integer adds of lanes
// that all name one word as one host add of their sum. Each must give what the lanes one at a
// time give: the deterministic mode, which never batches, is the reference. A warp's lanes go
// to the executor as one block when their addresses are affine in tid and the value is the same
// for every lane (nvidia/exec/warp.hpp, each_as_block), the shapes used here.
#include <gtest/gtest.h>

#include <algorithm>
#include <numeric>
#include <string>
#include <vector>

#include "sass_runner.hpp"

namespace gpuatom::sass_runner {
namespace {

// `program` over `lanes` lanes on a region `buf` of `words` words filled by `fill`, with the
// lane registers of `lane_registers` (TOML lines).
std::string batched(const std::string& program, uint64_t lanes, uint64_t words, const std::string& fill,
                    const std::string& lane_registers) {
  return sass(program, "[launch]\nlanes = " + std::to_string(lanes) + "\n[[region]]\nname = \"buf\"\nsize = " +
                           std::to_string(words * 4) + "\nfill = \"" + fill + "\"\n[lanes]\n" + lane_registers);
}

void expect_parallel_as_deterministic(const std::string& text, const std::vector<std::string>& registers) {
  const Outcome one_at_a_time = run_ok(text, registers, scenario::Mode::deterministic);
  const Outcome parallel = run_ok(text, registers, scenario::Mode::parallel);
  EXPECT_EQ(parallel.words, one_at_a_time.words) << text;
  EXPECT_EQ(parallel.lanes, one_at_a_time.lanes) << text;
  EXPECT_EQ(parallel.report.counters.operations, one_at_a_time.report.counters.operations);
}

// A carry out of the lower word of a pair must not reach the upper one: every word is 0xffffffff
// before each lane adds 1, then 0xfffffffe is added to words that hold 0.
TEST(SassLaneBatching, NeighbouringIntegerAddsKeepTheirWordsApart) {
  const std::string text = batched("ATOM.E.ADD R0, [R2], R4 ;\nATOM.E.ADD R1, [R2], R5 ;\n", 256, 256, "0xffffffff",
                                   "R2 = \"lo(addr(buf) + tid * 4)\"\nR3 = \"hi(addr(buf) + tid * 4)\"\n"
                                   "R4 = 1\nR5 = 0xfffffffe\n");
  expect_parallel_as_deterministic(text, {"R0", "R1"});
  const Outcome out = run_ok(text, {"R0", "R1"}, scenario::Mode::parallel);
  for (uint64_t i = 0; i < 256; ++i) {
    EXPECT_EQ(out.word("buf", i), 0xfffffffeu) << "word " << i;
    EXPECT_EQ(out.lane("R0", i), 0xffffffffu) << "lane " << i;
    EXPECT_EQ(out.lane("R1", i), 0u) << "lane " << i;
  }
}

// Pairs that start on the upper word of an 8-byte pair (the first lane goes alone), and lanes
// whose words cross from one 4 KiB page into the next.
TEST(SassLaneBatching, PairsOffTheEightByteGridAndAcrossPages) {
  expect_parallel_as_deterministic(batched("ATOM.E.ADD R0, [R2], R4 ;\nRED.E.ADD [R2], R4 ;\n", 2048, 2050, "i * 3",
                                           "R2 = \"lo(addr(buf) + 4 + tid * 4)\"\n"
                                           "R3 = \"hi(addr(buf) + 4 + tid * 4)\"\nR4 = 0x10001\n"),
                                   {"R0"});
}

// F32 adds in pairs, where some words make the sum need the platform's rules (a subnormal that
// FTZ flushes, an infinity, a NaN): those lanes leave the pair for the exact road.
TEST(SassLaneBatching, FloatPairsWhoseSumsNeedTheRulesTakeTheExactRoad) {
  expect_parallel_as_deterministic(
      batched("ATOM.E.ADD.F32.FTZ.RN R0, [R2], R4 ;\n", 512, 512,
              "i % 5 == 1 ? 3 : (i % 7 == 3 ? 0xff800000 : (i % 11 == 4 ? 0x7fc00001 : f32(0.25) + i))",
              "R2 = \"lo(addr(buf) + tid * 4)\"\nR3 = \"hi(addr(buf) + tid * 4)\"\nR4 = \"f32(1.5)\"\n"),
      {"R0"});
}

// Every lane on one word: the sum lands once, and the values the lanes get back are an order of
// the lanes' adds (each the word as the lanes before it left it).
TEST(SassLaneBatching, IntegerAddsOnOneWordGetBackAnOrderOfTheirAdds) {
  const uint64_t lanes = 96;
  const Outcome out = run_ok(batched("ATOM.E.ADD R0, [R2], R4 ;\n", lanes, 2, "i == 0 ? 0xfffffff0 : 5",
                                     "R2 = \"lo(addr(buf))\"\nR3 = \"hi(addr(buf))\"\nR4 = 0x01000003\n"),
                             {"R0", "R4"}, scenario::Mode::parallel);
  std::vector<uint64_t> order(lanes);
  std::iota(order.begin(), order.end(), 0);
  std::sort(order.begin(), order.end(), [&](uint64_t a, uint64_t b) {
    return static_cast<uint32_t>(out.lane("R0", a) - 0xfffffff0) <
           static_cast<uint32_t>(out.lane("R0", b) - 0xfffffff0);
  });
  uint32_t word = 0xfffffff0;
  for (const uint64_t tid : order) {
    EXPECT_EQ(out.lane("R0", tid), word) << "lane " << tid;
    word += static_cast<uint32_t>(out.lane("R4", tid));
  }
  EXPECT_EQ(out.word("buf", 0), word);
  EXPECT_EQ(out.word("buf", 1), 5u);  // the neighbouring word is untouched
}

}  // namespace
}  // namespace gpuatom::sass_runner
