// The parallel mode's pooled host threads (src/exec/worker_pool.hpp): kept from one run to the
// next, and safe for several runs at once, from several host threads or from inside a run.
#include "../../src/exec/worker_pool.hpp"

#include <gtest/gtest.h>

#include <atomic>
#include <set>
#include <thread>
#include <vector>

#include "exec/test_support.hpp"
#include "gpuatom/exec/run.hpp"

namespace gpuatom::exec {
namespace {

using testing::buffer_base;
using testing::memory_with_buffer;
using testing::step;
using testing::u32;

TEST(WorkerPool, KeepsItsThreadsFromOneCrewToTheNext) {
  std::thread::id first, second;
  {
    worker_pool::Crew crew;
    crew.call([&] { first = std::this_thread::get_id(); });
  }
  {
    worker_pool::Crew crew;
    crew.call([&] { second = std::this_thread::get_id(); });
  }
  EXPECT_NE(first, std::this_thread::get_id());
  EXPECT_EQ(first, second);  // the idle thread was taken again, not a new one started
}

TEST(WorkerPool, ACrewOfManyWaitsForEveryTask) {
  std::atomic<int> done{0};
  std::vector<std::thread::id> ids(12);
  {
    worker_pool::Crew crew;
    for (int k = 0; k < 12; ++k)
      crew.call([&, k] {
        ids[k] = std::this_thread::get_id();
        done.fetch_add(1);
      });
    crew.wait();
    EXPECT_EQ(done.load(), 12);
  }
  EXPECT_EQ(std::set<std::thread::id>(ids.begin(), ids.end()).size(), 12u);  // one thread per task
}

// 4096 lanes in groups of 32, each adding 1 to its own word, on `threads` host threads.
uint64_t one_run(unsigned threads) {
  auto memory = memory_with_buffer();
  ScriptedLaunch launch(*memory, {4096, 32}, Script::generated(4096, 1, [](uint64_t lane, uint32_t) {
    return step(buffer_base + 4 * (lane % 64), u32(alu::Op::add), 1);
  }));
  const RunResult result = run_parallel(launch.agents(), threads);
  uint64_t total = 0;
  for (uint64_t word = 0; word < 64; ++word) total += *memory->load(buffer_base + 4 * word, 4);
  return result.counters.operations == 4096 ? total : 0;
}

TEST(WorkerPool, RunsFromSeveralHostThreadsAtOnce) {
  std::atomic<int> good{0};
  {
    std::vector<std::jthread> callers;
    for (int c = 0; c < 4; ++c)
      callers.emplace_back([&] {
        for (int round = 0; round < 20; ++round)
          if (one_run(3) == 4096) good.fetch_add(1);
      });
  }
  EXPECT_EQ(good.load(), 80);
}

// An agent whose work is a parallel run of its own: runs inside a run, on the calling thread and on
// pooled threads, which take idle threads or start more and never wait for a busy one.
struct NestingAgent final : Agent {
  uint64_t nested = 0;
  std::span<const Event> pending() override { return {}; }
  void perform(std::size_t, Recorder&) override {}
  void run(Recorder&) override { nested = one_run(2); }
};

TEST(WorkerPool, RunsInsideARun) {
  std::vector<NestingAgent> nesting(4);
  std::vector<Agent*> agents;
  for (NestingAgent& a : nesting) agents.push_back(&a);
  run_parallel(agents, 2);
  for (const NestingAgent& a : nesting) EXPECT_EQ(a.nested, 4096u);
}

}  // namespace
}  // namespace gpuatom::exec
