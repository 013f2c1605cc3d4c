// The C++ API (gpuatom/embed/launch.hpp) against the same work written as scenario files: a
// launch built in C++ and the bundled example file it restates give the same outcomes in every
// mode; values from C++ equal the expressions they replace; bad input names the call.
#include "gpuatom/embed/launch.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <functional>
#include <set>
#include <stdexcept>

#include "gpuatom/scenario/scenario.hpp"

namespace gpuatom::embed {
namespace {

scenario::Scenario example(const std::string& file) {
  auto loaded = scenario::load_scenario(std::string(GPUATOM_SOURCE_DIR) + "/examples/" + file);
  EXPECT_TRUE(std::holds_alternative<scenario::Scenario>(loaded))
      << std::get<support::Diagnostics>(loaded).format_all();
  return std::get<scenario::Scenario>(std::move(loaded));
}

std::set<std::pair<std::map<std::string, std::vector<uint64_t>>, std::map<std::string, std::vector<uint8_t>>>> distinct(
    const Result& r) {
  std::set<std::pair<std::map<std::string, std::vector<uint64_t>>, std::map<std::string, std::vector<uint8_t>>>> out;
  for (const Outcome& o : r.outcomes) out.insert({o.lanes, o.regions});
  return out;
}

// Deterministic runs replay the same schedule, so they agree outcome for outcome; exhaustive runs
// reach the same set; parallel runs leave the same memory and the same multiset of lane values.
void expect_same_work(const Launch& built, const Launch& file, const std::string& read) {
  const Result a_det = built.run({.mode = Mode::deterministic, .seed = 11});
  const Result b_det = file.run({.mode = Mode::deterministic, .seed = 11});
  ASSERT_TRUE(a_det.ok()) << *a_det.error;
  ASSERT_TRUE(b_det.ok()) << *b_det.error;
  EXPECT_EQ(a_det.outcomes, b_det.outcomes);
  EXPECT_TRUE(b_det.report.passed()) << "the file's own expectations hold";

  const Result a_all = built.run({.mode = Mode::exhaustive});
  const Result b_all = file.run({.mode = Mode::exhaustive});
  ASSERT_TRUE(a_all.ok() && b_all.ok());
  EXPECT_GT(a_all.outcomes.size(), 1u);
  EXPECT_EQ(distinct(a_all), distinct(b_all));
  EXPECT_EQ(a_all.report.executions, b_all.report.executions);

  const Result a_par = built.run({.mode = Mode::parallel, .threads = 2});
  const Result b_par = file.run({.mode = Mode::parallel, .threads = 2});
  ASSERT_TRUE(a_par.ok() && b_par.ok());
  EXPECT_EQ(a_par.final().regions, b_par.final().regions);
  auto a_lanes = a_par.final().lanes.at(read), b_lanes = b_par.final().lanes.at(read);
  std::sort(a_lanes.begin(), a_lanes.end());
  std::sort(b_lanes.begin(), b_lanes.end());
  EXPECT_EQ(a_lanes, b_lanes);
}

TEST(EmbedLaunch, NvidiaWarpsDoWhatTheScenarioFileDoes) {
  Launch built(Isa::sass, 3, "inc race");
  built.region("counter", 4)
      .program("ATOM.E.INC R0, [R2], R4 ;\nATOM.E.INC R1, [R2], R4 ;")
      .lanes("R2", "lo(addr(counter))")
      .lanes("R3", "hi(addr(counter))")
      .lanes("R4", 3)
      .read("R0")
      .read("R1");
  Launch file = Launch::from_setup(example("nvidia/inc-race-small.toml"));
  file.read("R0").read("R1");
  expect_same_work(built, file, "R0");
}

TEST(EmbedLaunch, IntelThreadsDoWhatTheScenarioFileDoes) {
  Launch built(Isa::visa, 16, "predec counter");
  built.region("counter", 4)
      .fill("counter", ElementType::u32, 16)
      .program(
          ".decl ADDR v_type=G type=uq num_elts=8 align=GRF\n"
          ".decl OLD  v_type=G type=ud num_elts=8 align=GRF\n"
          "svm_atomic.predec (M1, 8) ADDR.0 OLD.0 %null.0 %null.0\n")
      .lanes("ADDR", "addr(counter)")
      .lanes("OLD", 0xdeadbeef)
      .read("OLD");
  Launch file = Launch::from_setup(example("intel/svm-predec-counter.toml"));
  file.read("OLD");
  // 16 channels: exhaustive mode is capped alike for both (the same first executions).
  const Result a = built.run({.mode = Mode::exhaustive, .max_executions = 200});
  const Result b = file.run({.mode = Mode::exhaustive, .max_executions = 200});
  ASSERT_TRUE(a.ok() && b.ok());
  EXPECT_EQ(a.outcomes, b.outcomes);
  const Result a_det = built.run({.mode = Mode::deterministic, .seed = 5});
  const Result b_det = file.run({.mode = Mode::deterministic, .seed = 5});
  EXPECT_EQ(a_det.outcomes, b_det.outcomes);
  const Result a_par = built.run({.threads = 2});
  EXPECT_EQ(a_par.final().u32("counter", 0), 0u);
}

TEST(EmbedLaunch, AmdWavesDoWhatTheScenarioFileDoes) {
  memory::RegionAttributes host;
  host.location = memory::Location::host_pinned;
  host.granularity = memory::Granularity::fine;
  Launch built(Isa::amd, 4, "fp32 add");
  built.region("sum", 4, host)
      .program("\"32 bit float atomicAdd\" address=\"addr(sum)\" operand=\"f32(1.0)\" scope=\"device\"")
      .group_size(2)
      .option("device", "MI200 PCIe")
      .option("strategy", "cas")
      .option("pcie", "yes")
      .read("returned");
  Launch file = Launch::from_setup(example("amd/fp32-add-fine-host-mi200-cas.toml"));
  file.read("returned");
  expect_same_work(built, file, "returned");
}

TEST(EmbedLaunch, ValuesFromCxxEqualTheExpressionsTheyReplace) {
  const auto sum = [](LaneValues r4) {
    Launch l(Isa::sass, 300, "sum");
    l.region("buf", 300 * 4)
        .program("ATOM.E.ADD R0, [R2], R4 ;")
        .lanes("R2", "lo(addr(buf) + (tid % 7) * 4)")
        .lanes("R3", "hi(addr(buf) + (tid % 7) * 4)")
        .lanes("R4", std::move(r4))
        .read("R4");
    return l.run({.mode = Mode::deterministic, .seed = 3});
  };
  std::vector<uint64_t> values(300);
  for (uint64_t t = 0; t < values.size(); ++t) values[t] = t * t % 1000;
  const Result text = sum("tid * tid % 1000");
  const Result function = sum(LaneValues::of_tid([](uint64_t t) { return t * t % 1000; }));
  const Result table = sum(LaneValues::per_lane(values));
  ASSERT_TRUE(text.ok() && function.ok() && table.ok());
  EXPECT_EQ(text.outcomes, function.outcomes);
  EXPECT_EQ(text.outcomes, table.outcomes);
  EXPECT_EQ(function.final().lane("R4", 299), 299u * 299 % 1000);
}

TEST(EmbedLaunch, FillsFromCxxAndParallelRuns) {
  Launch l(Isa::sass, 1024, "fill");
  l.region("buf", 64 * 4)
      .fill("buf", ElementType::u32, LaneValues::of_tid([](uint64_t i) { return 1000 * i; }))
      .program("ATOM.E.ADD RZ, [R2], R4 ;")
      .lanes("R2", "lo(addr(buf) + (tid % 64) * 4)")
      .lanes("R3", "hi(addr(buf) + (tid % 64) * 4)")
      .lanes("R4", 1);
  const Result r = l.run({.threads = 2});
  ASSERT_TRUE(r.ok()) << *r.error;
  for (uint64_t i = 0; i < 64; ++i) EXPECT_EQ(r.final().u32("buf", i), 1000 * i + 16) << i;
  EXPECT_EQ(r.report.counters.operations, 1024u);
}

TEST(EmbedLaunch, BadInputNamesTheCall) {
  Launch l(Isa::sass, 4, "bad");
  l.region("buf", 16).program("ATOM.E.ADD R0, [R2], R4 ;").lanes("R2", "addr(bfu)").lanes("R999", 1);
  const Result r = l.run();
  ASSERT_FALSE(r.ok());
  EXPECT_TRUE(r.outcomes.empty());
  EXPECT_NE(r.error->find("bad, lanes R2:1:"), std::string::npos) << *r.error;
  EXPECT_NE(r.error->find("bfu"), std::string::npos) << *r.error;
}

TEST(EmbedLaunch, RegionsAddedToAFileGoAfterItsOwn) {
  Launch l = Launch::from_setup(example("nvidia/inc-race-small.toml"));
  l.region("extra", 64);
  const auto& regions = l.setup().regions;
  ASSERT_EQ(regions.size(), 2u);
  EXPECT_GE(*regions[1].base, *regions[0].base + regions[0].size);
  const Result r = l.run({.mode = Mode::deterministic});
  ASSERT_TRUE(r.ok()) << *r.error;
  EXPECT_EQ(r.final().u32("counter", 0), 2u);
}

TEST(EmbedLaunch, AFillOfAnUnknownRegionIsBadInput) {
  Launch l(Isa::sass, 1, "fills");
  l.fill("nowhere", ElementType::u32, 1).region("buf", 4).program("ATOM.E.ADD RZ, [R2], R4 ;");
  const Result r = l.run();
  ASSERT_FALSE(r.ok());
  EXPECT_NE(r.error->find("fills, fill nowhere:1:1: error: no region 'nowhere'"), std::string::npos) << *r.error;
  EXPECT_THROW((void)r.final(), std::logic_error);
}

// What a scenario file refuses, the API refuses, through Result::error, naming the call (issue 39:
// 0 lanes, group_size(0) and a region named "a b" ran; a duplicate or 0-byte region said only
// "cannot be created at 0x…").
TEST(EmbedLaunch, WhatTheFileFormatRefusesTheApiRefuses) {
  struct Case {
    std::function<void(Launch&)> build;
    uint64_t lanes;
    std::string message;
  };
  const std::vector<Case> cases = {
      {[](Launch&) {}, 0, "api, launch:1:1: error: a launch has 1 to 4294967296 lanes, not 0"},
      {[](Launch& l) { l.group_size(0); }, 4, "api, group_size:1:1: error: a group has at least one lane"},
      {[](Launch& l) { l.region("a b", 4); }, 4, "api, region a b:1:1: error: region name 'a b' must be an identifier"},
      {[](Launch& l) { l.region("buf", 4); }, 4, "api, region buf:1:1: error: region 'buf' is defined twice"},
      {[](Launch& l) { l.region("empty", 0); }, 4, "api, region empty:1:1: error: region 'empty' has 0 bytes"},
  };
  for (const Case& c : cases) {
    Launch l(Isa::sass, c.lanes, "api");
    l.region("buf", 16).program("ATOM.E.ADD RZ, [R2], R4 ;").lanes("R2", "lo(addr(buf))").lanes("R3", "hi(addr(buf))");
    l.lanes("R4", 1);
    c.build(l);
    const Result r = l.run({.mode = Mode::deterministic});
    ASSERT_FALSE(r.ok()) << c.message;
    EXPECT_TRUE(r.outcomes.empty());
    EXPECT_NE(r.error->find(c.message), std::string::npos) << *r.error;
    EXPECT_EQ(r.error->find("cannot be created"), std::string::npos) << *r.error;
  }
}

// Outcome::element reads only what lies inside the region (issue 39: index 2^62 wrapped to element
// 0; 9 bytes shifted by 64).
TEST(EmbedLaunch, OutcomeElementIsChecked) {
  Launch l(Isa::sass, 4, "element");
  l.region("buf", 16).program("ATOM.E.ADD RZ, [R2], R4 ;").lanes("R2", "lo(addr(buf))").lanes("R3", "hi(addr(buf))");
  l.lanes("R4", 1);
  const Result r = l.run({.mode = Mode::deterministic});
  ASSERT_TRUE(r.ok()) << *r.error;
  const Outcome& o = r.final();
  EXPECT_EQ(o.u32("buf", 0), 4u);
  EXPECT_EQ(o.u32("buf", 3), 0u);
  EXPECT_EQ(o.element("buf", 15, 1), 0u);
  EXPECT_THROW((void)o.u32("buf", 4), std::out_of_range);
  EXPECT_THROW((void)o.u64("buf", 2), std::out_of_range);
  EXPECT_THROW((void)o.u64("buf", uint64_t{1} << 62), std::out_of_range);
  EXPECT_THROW((void)o.u32("buf", uint64_t{1} << 62), std::out_of_range);
  EXPECT_THROW((void)o.element("buf", 0, 9), std::out_of_range);
  EXPECT_THROW((void)o.element("buf", 0, 0), std::out_of_range);
  EXPECT_THROW((void)o.u32("nowhere", 0), std::out_of_range);
}

}  // namespace
}  // namespace gpuatom::embed
