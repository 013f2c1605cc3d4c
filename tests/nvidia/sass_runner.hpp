// Runs SASS scenarios written as TOML text for the runner's tests (sass_runner_test.cpp,
// sass_surface_runner_test.cpp): scenario::run_sass_and_inspect, with every lane's registers, the
// regions' words and the faults gathered — including what [[expect]] cannot see (helper lanes,
// kept registers). Header-only, as each test folder is one binary.
#pragma once

#include <gtest/gtest.h>

#include <map>
#include <string>
#include <vector>

#include "gpuatom/scenario/bind.hpp"
#include "gpuatom/scenario/scenario.hpp"

namespace gpuatom::sass_runner {

struct Outcome {
  std::string errors;  // diagnostics of a refused scenario; empty when it ran
  scenario::RunReport report;
  std::vector<exec::LaneFault> faults;
  std::map<std::string, std::vector<uint64_t>> lanes;  // register → its value in each lane
  std::map<std::string, std::vector<uint32_t>> words;  // region → its 32-bit words

  uint64_t lane(const std::string& reg, uint64_t tid) const { return lanes.at(reg).at(tid); }
  uint32_t word(const std::string& region, uint64_t index) const { return words.at(region).at(index); }
  uint64_t dword(const std::string& region, uint64_t index) const {
    return uint64_t{word(region, 2 * index + 1)} << 32 | word(region, 2 * index);
  }
  uint64_t sum(const std::string& region) const {
    uint64_t total = 0;
    for (uint32_t w : words.at(region)) total += w;
    return total;
  }
};

// The scenario file: `program` lines start at line 3.
inline std::string sass(const std::string& program, const std::string& tables) {
  return "isa = \"sass\"\nprogram = \"\"\"\n" + program + "\"\"\"\n" + tables;
}

inline Outcome run(const std::string& text, const std::vector<std::string>& registers,
                   scenario::Mode mode = scenario::Mode::deterministic, uint64_t seed = 1) {
  Outcome out;
  auto loaded = scenario::parse_scenario(text, "t.toml");
  if (auto* d = std::get_if<support::Diagnostics>(&loaded)) {
    out.errors = d->format_all();
    return out;
  }
  const scenario::Scenario& s = std::get<scenario::Scenario>(loaded);
  scenario::RunOptions options;
  options.mode = mode;
  options.seed = seed;
  options.quiet = true;
  const auto result = scenario::run_sass_and_inspect(s, options, [&](const scenario::Observation& o) {
    out.faults = o.faults;
    for (const std::string& reg : registers)
      for (uint64_t tid = 0; tid < s.launch.lanes; ++tid)
        out.lanes[reg].push_back(o.lane_value(reg, tid).value_or(~0ULL));
    for (const scenario::RegionText& r : s.regions) {
      std::vector<uint32_t>& w = out.words[r.name];
      for (uint64_t i = 0; i < r.size / 4; ++i)
        w.push_back(static_cast<uint32_t>(o.memory->load(*r.base + 4 * i, 4, r.attributes.space).value_or(0xdeadbeef)));
    }
  });
  if (auto* d = std::get_if<support::Diagnostics>(&result))
    out.errors = d->format_all();
  else
    out.report = std::get<scenario::RunReport>(result);
  return out;
}

// Runs a scenario that must be accepted, and fails the test with its diagnostics if it is not.
inline Outcome run_ok(const std::string& text, const std::vector<std::string>& registers,
                      scenario::Mode mode = scenario::Mode::deterministic, uint64_t seed = 1) {
  Outcome out = run(text, registers, mode, seed);
  EXPECT_EQ(out.errors, "") << text;
  EXPECT_TRUE(out.report.passed());
  return out;
}

inline constexpr uint64_t keep = 0x77;  // an initial register value an untouched register keeps

}  // namespace gpuatom::sass_runner
