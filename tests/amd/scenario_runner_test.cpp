// AMD scenarios executed with their outcomes applied (spec/amd.md §7).
#include <gtest/gtest.h>

#include <algorithm>
#include <set>

#include "common/scenario_text.hpp"
#include "gpuatom/scenario/bind.hpp"

using namespace gpuatom;

namespace {

scenario::RunReport run_ok(const std::string& text, scenario::Mode mode, uint64_t seed = 1) {
  return test::run_scenario_ok(scenario::run_amd, text, "amd.toml", mode, seed);
}

std::string run_error(const std::string& text) { return test::run_scenario_error(scenario::run_amd, text, "amd.toml"); }

std::string scenario_text(const std::string& program, const std::string& options, uint64_t lanes,
                          const std::string& region_attributes, const std::string& expectations) {
  return "isa = \"amd\"\nexhaustive = true\nprogram = \"\"\"\n" + program + "\n\"\"\"\n[options]\n" + options +
         "\n[launch]\nlanes = " + std::to_string(lanes) + "\ngroup = " + std::to_string(lanes) +
         "\n[[region]]\nname = \"x\"\nsize = 8\n" + region_attributes + "\n" + expectations;
}

// Deterministic runs of the two-lane scenario `text` as two one-lane waves over 16 seeds: each
// must pass with 2 operations; returns the most CAS retries a seed produced (some seed
// interleaves load, load, CAS, CAS → a retry).
uint64_t most_retries_over_seeds(const std::string& text) {
  uint64_t most = 0;
  for (uint64_t seed = 1; seed <= 16; ++seed) {
    std::string two_waves = text;
    two_waves.replace(two_waves.find("group = 2"), 9, "group = 1");
    const auto r = run_ok(two_waves, scenario::Mode::deterministic, seed);
    EXPECT_TRUE(r.passed()) << seed;
    EXPECT_EQ(r.counters.operations, 2u);
    most = std::max(most, r.counters.cas_retries);
  }
  return most;
}

const std::string add_one = "\"32 bit atomicAdd\" address=\"addr(x)\" operand=\"1\" scope=\"system\"";
const std::string fine_host = "location = \"host-pinned\"\ngranularity = \"fine\"";

}  // namespace

TEST(AmdRunner, NativeAddIsExact) {
  const auto text = scenario_text(add_one, "device = \"MI300X\"\npcie = \"yes\"", 64, fine_host,
                                  "[[expect]]\nregion = \"x\"\ntype = \"u32\"\nindex = 0\nequals = 64\n"
                                  "[[expect]]\nlane = \"returned\"\npermutation = \"i\"\n");
  for (auto mode : {scenario::Mode::parallel, scenario::Mode::deterministic}) {
    const auto r = run_ok(text, mode);
    EXPECT_TRUE(r.passed()) << r.expectations.size();
    EXPECT_EQ(r.counters.operations, 64u);
  }
}

TEST(AmdRunner, NopWritesNothingAndReturnsZero) {
  // MI200 PCIe, fine-grained host memory, FP32 add: the IF cannot take it → NOP (P4 + H3).
  const std::string program = "\"32 bit float atomicAdd\" address=\"addr(x)\" operand=\"f32(1.0)\"";
  const auto r = run_ok(scenario_text(program, "device = \"MI200 PCIe\"", 8,
                                      fine_host + "\nfill = \"f32(5.0)\"\nfill_type = \"f32\"",
                                      "[[expect]]\nregion = \"x\"\ntype = \"f32\"\nindex = 0\nequals = \"f32(5.0)\"\n"
                                      "[[expect]]\nlane = \"returned\"\neach = 0\n"),
                        scenario::Mode::deterministic);
  EXPECT_TRUE(r.passed());
  EXPECT_EQ(r.counters.operations, 0u);
}

TEST(AmdRunner, CasEmulationLoopsAndCountsRetries) {
  const std::string program = "\"32 bit float atomicAdd\" address=\"addr(x)\" operand=\"f32(1.0)\"";
  const std::string text =
      scenario_text(program, "device = \"MI200 PCIe\"\nstrategy = \"cas\"\npcie = \"yes\"", 2, fine_host,
                    "[[expect]]\nregion = \"x\"\ntype = \"f32\"\nindex = 0\nequals = \"f32(2.0)\"\n");
  EXPECT_EQ(most_retries_over_seeds(text), 1u);
  // Every interleaving gives the right sum.
  const auto exhaustive = run_ok(text, scenario::Mode::exhaustive);
  ASSERT_EQ(exhaustive.outcomes.size(), 1u);
  EXPECT_TRUE(exhaustive.outcomes[0].expectations_hold);
}

TEST(AmdRunner, ScopeDowngradeLosesHostUpdatesOnlyAgainstTheHost) {
  // MI300X, no PCIe atomics, system scope on host memory: load-op-store at the PCIe controller
  // (P1 + P7 + H5). Lane 0 is the host agent.
  const auto text = scenario_text(add_one, "device = \"MI300X\"\nhost_lanes = \"tid == 0\"", 3, fine_host,
                                  "[[expect]]\nregion = \"x\"\ntype = \"u32\"\nindex = 0\nequals = 3\n");
  const auto r = run_ok(text, scenario::Mode::exhaustive);
  std::set<std::string> finals;
  for (const auto& o : r.outcomes) finals.insert(o.text.substr(0, o.text.find(' ')));
  // The host's store can overwrite 0, 1 or 2 device increments: final 3 (no loss), 2 or 1.
  EXPECT_EQ(finals, (std::set<std::string>{"x=[0x1,0x0]", "x=[0x2,0x0]", "x=[0x3,0x0]"}));
  // With PCIe atomics the same program is native everywhere: no loss in any interleaving.
  const auto native = run_ok(scenario_text(add_one, "device = \"MI300X\"\npcie = \"yes\"\nhost_lanes = \"tid == 0\"", 3,
                                           fine_host, "[[expect]]\nregion = \"x\"\ntype = \"u32\"\nindex = 0\nequals = 3\n"),
                             scenario::Mode::exhaustive);
  ASSERT_EQ(native.outcomes.size(), 1u);
  EXPECT_TRUE(native.outcomes[0].expectations_hold);
}

TEST(AmdRunner, NoReturnUpdatesMemoryAndReturnsZero) {
  // MI100 L2 has only the no-return FP32 add (coarse-grained device memory: P2 + H2).
  const std::string program = "\"32 bit float atomicAdd\" address=\"addr(x)\" operand=\"f32(1.0)\"";
  const auto r = run_ok(scenario_text(program, "device = \"MI100\"", 4, "",
                                      "[[expect]]\nregion = \"x\"\ntype = \"f32\"\nindex = 0\nequals = \"f32(4.0)\"\n"
                                      "[[expect]]\nlane = \"returned\"\neach = 0\n"),
                        scenario::Mode::parallel);
  EXPECT_TRUE(r.passed());
}

// HW atomics on a row the device has no instruction for: AMD's tables show ✅ CAS, the compiler's
// loop (A1 + C2 + C3), so the scenario runs a real CAS loop and counts its retries.
TEST(AmdRunner, HwAtomicsWithoutAnInstructionRunTheCompilersCasLoop) {
  const std::string program = "\"32 bit float atomicAdd\" address=\"addr(x)\" operand=\"f32(1.0)\"";
  const std::string expect_two = "[[expect]]\nregion = \"x\"\ntype = \"f32\"\nindex = 0\nequals = \"f32(2.0)\"\n";
  EXPECT_EQ(most_retries_over_seeds(scenario_text(program, "device = \"gfx9 dGPU\"", 2, "", expect_two)), 1u);
}

TEST(AmdRunner, NotApplicableIsRefusedNamingTheRule) {
  // spec/amd.md's first reading of A1, one switch away: n/a, refused before anything runs.
  const std::string program = "\"32 bit float atomicAdd\" address=\"addr(x)\" operand=\"f32(1.0)\"";
  const std::string e =
      run_error(scenario_text(program, "device = \"gfx9 dGPU\"\nno-hw-instruction = \"na\"", 4, "", ""));
  EXPECT_NE(e.find("is n/a on gfx9 dGPU"), std::string::npos) << e;
  EXPECT_NE(e.find("A1"), std::string::npos) << e;
}

// Coarse-grained memory at system scope: AMD's tables mark no downgrade (S1 keeps the outcome), so
// a host agent's update is atomic too and nothing is lost in any interleaving.
TEST(AmdRunner, CoarseGrainedSystemScopeIsNotDowngraded) {
  const auto r = run_ok(scenario_text(add_one, "device = \"MI300X\"\nhost_lanes = \"tid == 0\"", 3,
                                      "location = \"host-pinned\"\ngranularity = \"coarse\"",
                                      "[[expect]]\nregion = \"x\"\ntype = \"u32\"\nindex = 0\nequals = 3\n"),
                        scenario::Mode::exhaustive);
  ASSERT_EQ(r.outcomes.size(), 1u);
  EXPECT_TRUE(r.outcomes[0].expectations_hold);
}

TEST(AmdRunner, BadProgramsNameLineAndColumn) {
  std::string e = run_error(scenario_text("\"32 bit atomicAdd\" address=\"addr(x)\"", "device = \"MI300X\"", 4, "", ""));
  EXPECT_NE(e.find("amd.toml:4:1: error: the operation needs operand="), std::string::npos) << e;
  e = run_error(scenario_text("\"32 bit atomicFoo\" address=\"addr(x)\" operand=\"1\"", "device = \"MI300X\"", 4, "", ""));
  EXPECT_NE(e.find("amd.toml:4:2: error: unknown AMD row '32 bit atomicFoo'"), std::string::npos) << e;
  e = run_error(scenario_text("\"32 bit atomicAdd\" address=\"addr(y)\" operand=\"1\"", "device = \"MI300X\"", 4, "", ""));
  EXPECT_NE(e.find("amd.toml:4:34: error: addr(y)"), std::string::npos) << e;
  e = run_error(scenario_text(add_one, "device = \"MI999\"", 4, "", ""));
  EXPECT_NE(e.find("device = 'MI999': expected one of"), std::string::npos) << e;
  e = run_error(scenario_text("\"32 bit atomicCAS\" address=\"addr(x)\" operand=\"1\"", "device = \"MI300X\"", 4, "", ""));
  EXPECT_NE(e.find("atomicCAS needs compare="), std::string::npos) << e;
}
