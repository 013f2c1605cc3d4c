// ScriptedLanes and apply_atomic: masks, predicates, helper lanes, per-lane faults, ALU results.
#include "exec/scripted.hpp"

#include <gtest/gtest.h>

#include <stdexcept>

#include "exec/test_support.hpp"
#include "gpuatom/exec/atomic.hpp"
#include "gpuatom/exec/run.hpp"

namespace gpuatom::exec {
namespace {

using testing::buffer_base;
using testing::memory_with_buffer;
using testing::step;
using testing::u32;

RunOptions deterministic(uint64_t seed = 7) { return {Mode::deterministic, 0, seed, false, nullptr}; }
RunOptions parallel(unsigned threads) { return {Mode::parallel, threads, 0, false, nullptr}; }

TEST(ScriptedLanes, MaskedPredicatedHelperAndKilledLanesDoNothing) {
  for (const RunOptions& options : {deterministic(), parallel(2)}) {
    SCOPED_TRACE(name(options.mode));
    auto memory = memory_with_buffer();
    // 8 lanes in groups of 4. Step 0: each lane adds 1 to its own word. Step 1: each adds
    // (1 << lane) to one shared word, so the sum says exactly which lanes ran step 1.
    const uint64_t shared = buffer_base + 0x100;
    std::vector<std::vector<Step>> steps(8);
    for (uint64_t lane = 0; lane < 8; ++lane) {
      steps[lane] = {step(buffer_base + 4 * lane, u32(alu::Op::add), 1),
                     step(shared, u32(alu::Op::add), uint64_t{1} << lane)};
    }
    steps[5][0].predicate = false;  // lane 5 skips step 0 only
    LaneStates states;
    states.active = [](uint64_t lane) { return lane != 1; };
    states.helper = [](uint64_t lane) { return lane == 2; };
    states.killed = [](uint64_t lane) { return lane == 6; };
    ScriptedLaunch launch(*memory, {8, 4}, Script::listed(steps), states);
    const RunResult result = run(launch.agents(), options);

    for (uint64_t lane = 0; lane < 8; ++lane) {
      SCOPED_TRACE(lane);
      const bool off = lane == 1 || lane == 2 || lane == 6;
      const bool step0 = !off && lane != 5;
      EXPECT_EQ(*memory->load(buffer_base + 4 * lane, 4), step0 ? 1u : 0u);
      EXPECT_EQ(launch.status(lane, 0), step0 ? StepStatus::returned : StepStatus::not_run);
      EXPECT_EQ(launch.status(lane, 1), off ? StepStatus::not_run : StepStatus::returned);
      EXPECT_EQ(launch.returned(lane, 0), step0 ? std::optional<uint64_t>(0) : std::nullopt);
    }
    EXPECT_EQ(*memory->load(shared, 4), 0b10111001u);  // lanes 0, 3, 4, 5, 7
    EXPECT_EQ(result.counters, (Counters{4 + 5, 0, 0}));
    EXPECT_TRUE(result.faults.empty());
  }
}

// Faults of every kind, each on its own lane; every other lane and every later step still runs.
TEST(ScriptedLanes, FaultsAreReportedPerLaneAndTheRunContinues) {
  constexpr uint64_t shared_window = 0x1'0000'0000;
  constexpr uint64_t sparse_page = buffer_base + 0x2000;
  const auto make_memory = [&] {
    auto memory = memory_with_buffer();
    memory->set_window(memory::Space::shared, {shared_window, 0x10000});
    memory::RegionAttributes shared_space;
    shared_space.space = memory::Space::shared;
    EXPECT_TRUE(memory->add_region({"smem", shared_window, 0x1000, shared_space}));
    EXPECT_TRUE(memory->set_sparse(sparse_page, 0x1000, true));
    return memory;
  };
  const auto add = u32(alu::Op::add);
  const uint64_t counter = buffer_base + 0x100;
  std::vector<std::vector<Step>> steps = {
      {step(buffer_base, add, 1)},         // lane 0: fine
      {step(buffer_base + 2, add, 1)},     // lane 1: misaligned
      {step(0x5000'0000, add, 1)},         // lane 2: outside every region
      {step(shared_window + 16, add, 1)},  // lane 3: a global access in the shared window
      {step(sparse_page + 8, add, 1)},     // lane 4: sparse page
      {step(shared_window + 32, add, 1)},  // lane 5: a shared access, done right
      {step(buffer_base + 8, add, 1)},     // lane 6: a shared access to global memory
  };
  steps[5][0].space = memory::Space::shared;
  steps[6][0].space = memory::Space::shared;
  for (auto& lane : steps) lane.push_back(step(counter, add, 1));  // step 1: every lane counts

  for (const RunOptions& options : {deterministic(), parallel(2)}) {
    SCOPED_TRACE(name(options.mode));
    auto memory = make_memory();
    ScriptedLaunch launch(*memory, {steps.size(), 4}, Script::listed(steps));
    const RunResult result = run(launch.agents(), options);

    ASSERT_EQ(result.faults.size(), 5u);
    const struct {
      uint64_t lane;
      memory::FaultKind kind;
      uint64_t address;
    } expected[] = {
        {1, memory::FaultKind::misaligned, buffer_base + 2},
        {2, memory::FaultKind::out_of_range, 0x5000'0000},
        {3, memory::FaultKind::invalid_address_space, shared_window + 16},
        {4, memory::FaultKind::sparse, sparse_page + 8},
        {6, memory::FaultKind::out_of_range, buffer_base + 8},
    };
    for (std::size_t i = 0; i < 5; ++i) {
      SCOPED_TRACE(describe(result.faults[i]));
      EXPECT_EQ(result.faults[i].lane, expected[i].lane);
      EXPECT_EQ(result.faults[i].instruction, 0u);
      EXPECT_EQ(result.faults[i].fault.kind, expected[i].kind);
      EXPECT_EQ(result.faults[i].fault.address, expected[i].address);
      EXPECT_EQ(result.faults[i].fault.width, 4u);
      EXPECT_EQ(launch.status(expected[i].lane, 0), StepStatus::faulted);
      EXPECT_EQ(launch.returned(expected[i].lane, 0), std::nullopt);
    }
    EXPECT_EQ(describe(result.faults[0]),
              "lane 1, instruction 0: misaligned 4-byte access at 0x0000000000010002 in region 'buf'");
    EXPECT_EQ(result.counters, (Counters{2 + 7, 0, 5}));
    EXPECT_EQ(*memory->load(buffer_base, 4), 1u);
    EXPECT_EQ(*memory->load(shared_window + 32, 4, memory::Space::shared), 1u);
    EXPECT_EQ(*memory->load(counter, 4), 7u);          // every lane's step 1 ran, faulted lanes included
    EXPECT_EQ(*memory->load(buffer_base + 8, 4), 0u);  // the faulting accesses wrote nothing
  }
}

TEST(ScriptedLanes, RejectsBadGeometryAndUnsupportedOperations) {
  auto memory = memory_with_buffer();
  const auto one_lane = [] { return Script::listed({{step(buffer_base, u32(alu::Op::add), 1)}}); };
  EXPECT_THROW(ScriptedLaunch(*memory, {1, 0}, one_lane()), std::invalid_argument);
  EXPECT_THROW(ScriptedLaunch(*memory, {1, 65}, one_lane()), std::invalid_argument);
  EXPECT_THROW(ScriptedLaunch(*memory, {2, 32}, one_lane()), std::invalid_argument);
  // The ALU has no bounded increment on a signed type, and no float op on integers.
  const alu::Operation signed_inc{alu::Op::inc_bounded, alu::Type::s32, {}};
  EXPECT_THROW(Script::listed({{step(buffer_base, signed_inc, 1)}}), std::invalid_argument);
  // Generated scripts are checked when a step becomes pending; the parallel mode rethrows.
  ScriptedLaunch generated(*memory, {64, 32}, Script::generated(64, 1, [&](uint64_t, uint32_t) {
    return step(buffer_base, signed_inc, 1);
  }));
  EXPECT_THROW(run_parallel(generated.agents(), 2), std::invalid_argument);
}

TEST(ScriptedLanes, LanesOfOneInstructionGoInAscendingOrderByDefault) {
  auto memory = memory_with_buffer();
  // One group of 4 lanes exchanging into one word: each lane gets its predecessor's value.
  std::vector<std::vector<Step>> steps;
  for (uint64_t lane = 0; lane < 4; ++lane) steps.push_back({step(buffer_base, u32(alu::Op::exchange), lane + 1)});
  ScriptedLaunch launch(*memory, {4, 4}, Script::listed(steps));
  run_deterministic(launch.agents(), 12345);
  for (uint64_t lane = 0; lane < 4; ++lane) EXPECT_EQ(*launch.returned(lane, 0), lane);
  EXPECT_EQ(*memory->load(buffer_base, 4), 4u);
}

TEST(ApplyAtomic, ReturnsWhatTheAluSaysAndWritesIt) {
  auto memory = memory_with_buffer();
  const uint64_t at = buffer_base + 0x40;
  const auto apply = [&](alu::Operation operation, uint64_t value, uint64_t compare = 0) {
    uint32_t retries = 0;
    const auto result = apply_atomic(*memory, at, operation, {value, compare}, memory::Space::global, &retries);
    EXPECT_TRUE(result);
    EXPECT_EQ(retries, 0u);  // nobody races here
    return result ? result->returned : ~0ULL;
  };
  ASSERT_TRUE(memory->store(at, 4, 5));
  EXPECT_EQ(apply(u32(alu::Op::inc_bounded), 5), 5u);  // 5 >= 5 → 0 (CAS loop)
  EXPECT_EQ(*memory->load(at, 4), 0u);
  EXPECT_EQ(apply(u32(alu::Op::predec), 0), 0xffffffffu);                 // returns the new value
  EXPECT_EQ(apply(u32(alu::Op::compare_store_flag), 7, 0xffffffff), 1u);  // stored
  EXPECT_EQ(apply(u32(alu::Op::compare_store_flag), 9, 0), 0u);           // not stored
  EXPECT_EQ(apply(u32(alu::Op::compare_swap), 9, 7), 7u);
  EXPECT_EQ(*memory->load(at, 4), 9u);
  EXPECT_EQ(apply(u32(alu::Op::sub), 10), 9u);
  EXPECT_EQ(*memory->load(at, 4), 0xffffffffu);  // wraps at 32 bits

  const alu::Operation f32_add{alu::Op::add, alu::Type::f32, {}};
  ASSERT_TRUE(memory->store(at, 4, 0x3f800000));       // 1.0
  EXPECT_EQ(apply(f32_add, 0x40000000), 0x3f800000u);  // + 2.0, returns 1.0
  EXPECT_EQ(*memory->load(at, 4), 0x40400000u);        // 3.0
  const alu::Operation u16_add{alu::Op::add, alu::Type::u16, {}};
  ASSERT_TRUE(memory->store(at, 4, 0x1234ffff));
  EXPECT_EQ(apply(u16_add, 1), 0xffffu);
  EXPECT_EQ(*memory->load(at, 4), 0x12340000u);  // wraps at 16 bits; the other half untouched

  // 128-bit atomics are not this function's: a bad-width fault, nothing written.
  const auto wide = apply_atomic(*memory, at, {alu::Op::exchange, alu::Type::u128, {}}, {1, 0});
  ASSERT_FALSE(wide);
  EXPECT_EQ(wide.error().kind, memory::FaultKind::bad_width);
}

}  // namespace
}  // namespace gpuatom::exec
