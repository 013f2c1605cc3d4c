// The exhaustive mode: outcome sets counted by hand, partial-order reduction, the cap.
#include "gpuatom/exec/exhaustive.hpp"

#include <fmt/format.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <iostream>
#include <set>

#include "exec/test_support.hpp"
#include "gpuatom/support/random.hpp"

namespace gpuatom::exec {
using support::SplitMix64;
namespace {

using testing::buffer_base;
using testing::ScriptedInstance;
using testing::step;
using testing::u32;

// Lane l's two exchanges store 2l+1 then 2l+2 into one word that starts at 0: every value is
// distinct, so each exchange's returned value names the event just before it, and the returned
// values of an execution spell out its whole order.
std::vector<std::vector<Step>> two_exchanges_per_lane(uint64_t lanes, uint64_t address = buffer_base) {
  std::vector<std::vector<Step>> steps(lanes);
  for (uint64_t lane = 0; lane < lanes; ++lane) {
    steps[lane] = {step(address, u32(alu::Op::exchange), 2 * lane + 1),
                   step(address, u32(alu::Op::exchange), 2 * lane + 2)};
  }
  return steps;
}

std::string final_and_returned(const ScriptedLaunch& launch, const RunResult&) {
  std::string text = fmt::format("final={}", *launch.memory().load(buffer_base, 4));
  for (uint64_t lane = 0; lane < launch.launch().lanes; ++lane) {
    text +=
        fmt::format(" {}=[{},{}]", static_cast<char>('a' + lane), *launch.returned(lane, 0), *launch.returned(lane, 1));
  }
  return text;
}

std::string final_only(const ScriptedLaunch& launch, const RunResult&) {
  return fmt::format("final={}", *launch.memory().load(buffer_base, 4));
}

InstanceFactory factory(Launch launch, const std::vector<std::vector<Step>>& steps,
                        const ScriptedInstance::Describe& describe, bool opaque = false) {
  return [=] { return std::make_unique<ScriptedInstance>(launch, steps, describe, opaque); };
}

// The outcome of running the events in `order` ('a' = lane 0's next step, …) one by one.
std::string serial_outcome(const std::string& order) {
  uint64_t value = 0;
  std::array<std::vector<uint64_t>, 3> returned;
  for (const char event : order) {
    const auto lane = static_cast<std::size_t>(event - 'a');
    returned[lane].push_back(value);
    value = 2 * lane + returned[lane].size();  // the 1st exchange stores 2l+1, the 2nd 2l+2
  }
  return fmt::format("final={} a=[{},{}] b=[{},{}] c=[{},{}]", value, returned[0][0], returned[0][1], returned[1][0],
                     returned[1][1], returned[2][0], returned[2][1]);
}

// 3 lanes × 2 atomics on one address, each lane its own agent. By hand: the orders of the six
// events that keep each lane's two steps in program order are the arrangements of the word
// "aabbcc": 6! / (2!·2!·2!) = 90. All six events touch the same word, so no two are independent
// and partial-order reduction may merge none: 90 executions. The returned values spell out the
// order (see two_exchanges_per_lane), so the 90 outcomes are distinct, one execution each, and
// the set is exactly {serial_outcome(w) : w an arrangement of "aabbcc"}.
TEST(Exhaustive, ThreeLanesTwoAtomicsOneAddressEveryOrder) {
  const ExhaustiveResult result = run_exhaustive(factory({3, 1}, two_exchanges_per_lane(3), final_and_returned));
  SCOPED_TRACE(describe(result));
  ASSERT_TRUE(result.complete);
  EXPECT_EQ(result.executions, 90u);
  EXPECT_EQ(result.pruned, 0u);
  EXPECT_EQ(result.longest, 6u);

  std::map<std::string, uint64_t> expected;
  std::string word = "aabbcc";
  do {
    ++expected[serial_outcome(word)];
  } while (std::next_permutation(word.begin(), word.end()));
  EXPECT_EQ(expected.size(), 90u);
  EXPECT_EQ(result.outcomes, expected);
  // Two orders worked by hand: a a b b c c and c b a c b a.
  EXPECT_EQ(result.outcomes.count("final=6 a=[0,1] b=[2,3] c=[4,5]"), 1u);
  EXPECT_EQ(result.outcomes.count("final=2 a=[3,4] b=[5,6] c=[0,1]"), 1u);
}

// The same program, observed only through the final value, with a lane's first step an add:
// lane a adds 1 then stores 10, b adds 2 then stores 20, c adds 4 then stores 40. By hand: the
// last of the six events is some lane's second step, an exchange, and nothing follows it, so the
// final value is 10, 20 or 40 — never a sum. By symmetry each lane is last in a third of the 90
// orders: {final=10: 30, final=20: 30, final=40: 30}.
TEST(Exhaustive, OutcomesMergeWithCounts) {
  std::vector<std::vector<Step>> steps(3);
  for (uint64_t lane = 0; lane < 3; ++lane) {
    steps[lane] = {step(buffer_base, u32(alu::Op::add), uint64_t{1} << lane),
                   step(buffer_base, u32(alu::Op::exchange), 10 << lane)};
  }
  const ExhaustiveResult result = run_exhaustive(factory({3, 1}, steps, final_only));
  SCOPED_TRACE(describe(result));
  EXPECT_EQ(result.executions, 90u);
  EXPECT_EQ(result.outcomes, (std::map<std::string, uint64_t>{{"final=10", 30}, {"final=20", 30}, {"final=40", 30}}));
}

// 3 lanes × 2 atomics as ONE group (a warp of 3): all three lanes do instruction 0, in any of
// 3! = 6 orders, before any does instruction 1 (6 orders): 36 executions, all distinct (returned
// values spell the order). The final value is the second value of the lane last in instruction 1:
// 2, 4 or 6, each in 2 · 6 = 12 executions.
TEST(Exhaustive, LanesOfOneWarpInEveryOrder) {
  const ExhaustiveResult all = run_exhaustive(factory({3, 3}, two_exchanges_per_lane(3), final_and_returned));
  EXPECT_EQ(all.executions, 36u);
  EXPECT_EQ(all.outcomes.size(), 36u);
  EXPECT_EQ(all.outcomes.count("final=6 a=[0,5] b=[1,2] c=[3,4]"), 1u);  // the default order a b c, a b c
  const ExhaustiveResult finals = run_exhaustive(factory({3, 3}, two_exchanges_per_lane(3), final_only));
  EXPECT_EQ(finals.outcomes, (std::map<std::string, uint64_t>{{"final=2", 12}, {"final=4", 12}, {"final=6", 12}}));
}

// Partial-order reduction: events on different words are independent and are not permuted.
TEST(Exhaustive, IndependentAccessesAreNotPermuted) {
  // Each lane on its own word: one Mazurkiewicz trace, so one execution (of 90 interleavings).
  std::vector<std::vector<Step>> separate = two_exchanges_per_lane(3);
  for (uint64_t lane = 0; lane < 3; ++lane) {
    for (Step& s : separate[lane]) s.address = buffer_base + 16 * (lane + 1);
  }
  const ExhaustiveResult one = run_exhaustive(factory({3, 1}, separate, final_only));
  SCOPED_TRACE(describe(one));
  EXPECT_EQ(one.executions, 1u);
  EXPECT_EQ(one.pruned, 0u);  // the persistent sets never even start a redundant order
  EXPECT_EQ(one.outcomes, (std::map<std::string, uint64_t>{{"final=0", 1}}));
  // Agents that cannot report their future get sleep sets only: the same single trace, reached
  // after abandoning a few redundant prefixes.
  const ExhaustiveResult opaque = run_exhaustive(factory({3, 1}, separate, final_only, true));
  EXPECT_EQ(opaque.executions, 1u);
  EXPECT_GT(opaque.pruned, 0u);
  EXPECT_EQ(opaque.outcomes, one.outcomes);

  // Lanes a and b share a word, c has its own: the traces are the C(4,2) = 6 orders of a's and
  // b's four events; c's events commute with all of them (90 interleavings without reduction).
  std::vector<std::vector<Step>> mixed = two_exchanges_per_lane(3);
  for (Step& s : mixed[2]) s.address = buffer_base + 64;
  const ExhaustiveResult six = run_exhaustive(factory({3, 1}, mixed, final_and_returned));
  SCOPED_TRACE(describe(six));
  EXPECT_EQ(six.executions, 6u);
  EXPECT_EQ(six.pruned, 0u);
  EXPECT_EQ(six.outcomes.size(), 6u);
  EXPECT_EQ(run_exhaustive(factory({3, 1}, mixed, final_and_returned, true)).outcomes, six.outcomes);

  // A 16-bit access overlapping a 32-bit word conflicts with it; one in the other half of the
  // next word does not.
  EXPECT_TRUE((Access{0x100, 4, true}.conflicts_with(Access{0x102, 2, true})));
  EXPECT_FALSE((Access{0x100, 4, true}.conflicts_with(Access{0x104, 2, true})));
  EXPECT_FALSE((Access{0x100, 4, false}.conflicts_with(Access{0x100, 4, false})));  // two reads
}

TEST(Exhaustive, StopsAtTheCapWithAClearMessage) {
  // 6 lanes × 3 atomics on one word: 18! / (3!)^6 ≈ 1.4 · 10^11 orders.
  std::vector<std::vector<Step>> steps(6);
  for (uint64_t lane = 0; lane < 6; ++lane) {
    for (uint64_t s = 0; s < 3; ++s) steps[lane].push_back(step(buffer_base, u32(alu::Op::exchange), lane * 3 + s));
  }
  const ExhaustiveResult result = run_exhaustive(factory({6, 1}, steps, final_only), {1000, nullptr});
  EXPECT_FALSE(result.complete);
  EXPECT_EQ(result.executions + result.pruned, 1000u);
  EXPECT_EQ(result.message, "exhaustive: more than 1000 interleavings; reduce lanes or use deterministic mode");
  EXPECT_NE(describe(result).find(result.message), std::string::npos);
}

// Faults reach the outcome extractor, and a faulting lane does not stop the others.
TEST(Exhaustive, FaultsAreVisibleToTheOutcome) {
  std::vector<std::vector<Step>> steps = {{step(buffer_base + 1, u32(alu::Op::add), 1)},
                                          {step(buffer_base, u32(alu::Op::add), 1)}};
  const auto describe_faults = [](const ScriptedLaunch& launch, const RunResult& run) {
    std::string text = fmt::format("final={}", *launch.memory().load(buffer_base, 4));
    for (const LaneFault& fault : run.faults) text += "; " + describe(fault);
    return text;
  };
  const ExhaustiveResult result = run_exhaustive(factory({2, 1}, steps, describe_faults));
  // The misaligned range 0x10001..0x10004 overlaps the add's word, so both orders are explored;
  // both end alike.
  EXPECT_EQ(result.executions, 2u);
  ASSERT_EQ(result.outcomes.size(), 1u);
  EXPECT_EQ(result.outcomes.begin()->second, 2u);
  EXPECT_EQ(result.outcomes.begin()->first,
            "final=1; lane 0, instruction 0: misaligned 4-byte access at 0x0000000000010001 in region 'buf'");
}

// ---- cross-check against plain enumeration ---------------------------------------------------

// Every interleaving, without any reduction: a depth-first search over schedules that re-runs
// each prefix. Independent of run_exhaustive on purpose.
std::set<std::string> every_interleaving(const InstanceFactory& make, uint64_t& interleavings) {
  std::set<std::string> outcomes;
  std::vector<std::vector<ScheduledEvent>> prefixes{{}};
  while (!prefixes.empty()) {
    const std::vector<ScheduledEvent> prefix = std::move(prefixes.back());
    prefixes.pop_back();
    const auto instance = make();
    const auto agents = instance->agents();
    std::vector<Recorder> recorder(1);
    for (const ScheduledEvent& event : prefix) {
      const auto pending = agents[event.agent]->pending();
      const auto at = std::find_if(pending.begin(), pending.end(), [&](const Event& e) {
        return e.instruction == event.instruction && e.lane == event.lane;
      });
      agents[event.agent]->perform(static_cast<std::size_t>(at - pending.begin()), recorder[0]);
    }
    std::vector<ScheduledEvent> next;
    for (uint32_t agent = 0; agent < agents.size(); ++agent) {
      for (const Event& e : agents[agent]->pending()) next.push_back({agent, e.instruction, e.lane});
    }
    if (next.empty()) {
      ++interleavings;
      outcomes.insert(instance->outcome(merge(recorder)));
    }
    for (const ScheduledEvent& event : next) {
      prefixes.push_back(prefix);
      prefixes.back().push_back(event);
    }
  }
  return outcomes;
}

std::string everything(const ScriptedLaunch& launch, const RunResult& run) {
  std::string text;
  for (uint64_t word = 0; word < 3; ++word)
    text += fmt::format("{:x} ", *launch.memory().load(buffer_base + 4 * word, 4));
  for (uint64_t lane = 0; lane < launch.launch().lanes; ++lane) {
    for (uint32_t s = 0; s < launch.script().steps(lane); ++s) {
      const auto value = launch.returned(lane, s);
      text += value ? fmt::format("{:x},", *value) : std::string("-,");
    }
  }
  return text + fmt::format(" faults={}", run.faults.size());
}

// Random small programs (≤ 7 events, mixed ops and widths on three words, a misaligned access
// now and then): the reduced search finds exactly the outcomes of plain enumeration, with and
// without future accesses, and never more executions than interleavings.
TEST(Exhaustive, AgreesWithPlainEnumerationOnRandomPrograms) {
  SplitMix64 random(2718);
  const alu::Op ops[] = {alu::Op::add, alu::Op::exchange,    alu::Op::compare_swap,
                         alu::Op::max, alu::Op::inc_bounded, alu::Op::bit_xor};
  uint64_t reduced_total = 0, plain_total = 0;
  for (int round = 0; round < 200; ++round) {
    const uint32_t group_size = 1 + static_cast<uint32_t>(random.below(2));
    const uint64_t lanes = 2 + random.below(3);
    std::vector<std::vector<Step>> steps(lanes);
    uint64_t events = 0;
    for (uint64_t lane = 0; lane < lanes; ++lane) {
      const uint64_t count = 1 + random.below(2);
      for (uint64_t s = 0; s < count && events < 7; ++s, ++events) {
        const bool half = random.below(6) == 0;  // a 16-bit access inside word 0 or 1
        const alu::Op op = half ? alu::Op::add : ops[random.below(std::size(ops))];
        const alu::Operation operation{op, half ? alu::Type::u16 : alu::Type::u32, {}};
        uint64_t address = half ? buffer_base + 2 + 4 * random.below(2) : buffer_base + 4 * random.below(3);
        if (random.below(12) == 0) address += 1;  // misaligned: a fault
        steps[lane].push_back(step(address, operation, random.below(4), random.below(3)));
      }
    }
    const Launch launch{lanes, group_size};
    uint64_t interleavings = 0;
    const std::set<std::string> plain = every_interleaving(factory(launch, steps, everything), interleavings);
    std::map<std::string, uint64_t> counts[2];
    for (const bool opaque : {false, true}) {
      const ExhaustiveResult reduced = run_exhaustive(factory(launch, steps, everything, opaque));
      std::set<std::string> found;
      for (const auto& [outcome, count] : reduced.outcomes) found.insert(outcome);
      ASSERT_EQ(found, plain) << "round " << round << (opaque ? " (opaque)" : "");
      ASSERT_LE(reduced.executions, interleavings);
      if (!opaque) reduced_total += reduced.executions + reduced.pruned;
      counts[opaque] = reduced.outcomes;
    }
    // Both searches complete one execution per trace, so even the counts agree.
    ASSERT_EQ(counts[0], counts[1]) << "round " << round;
    plain_total += interleavings;
  }
  std::cout << "[ reduced  ] " << reduced_total << " executions instead of " << plain_total << " interleavings\n";
  // The reduction must actually reduce on programs like these.
  EXPECT_LT(reduced_total * 2, plain_total);
}

}  // namespace
}  // namespace gpuatom::exec
