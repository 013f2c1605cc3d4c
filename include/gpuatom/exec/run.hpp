// The parallel and deterministic run modes over a set of agents (exhaustive.hpp has the third).
//
//   parallel       host threads (default: every core) take agents one at a time and run each to
//                  completion; agents on different threads race for real through the memory's
//                  host atomics, so outcomes vary from run to run like on a GPU and only the
//                  invariants (sums, permutations, serial explanations) may be checked.
//   deterministic  one host thread; before every memory event a splitmix64 PRNG seeded with
//                  `seed` picks which resident unfinished agent goes next; within an agent events
//                  go in ascending lane order. Agents become resident in launch order, at most
//                  `resident` at once (as a GPU keeps a bounded number of warps resident and
//                  starts the next when one retires): a finished agent leaves the window and the
//                  next agent of the launch joins it. The same seed gives the same interleaving,
//                  byte for byte, on every machine, whether the agents are held or streamed.
#pragma once

#include <atomic>
#include <cstdint>
#include <span>
#include <stdexcept>
#include <string_view>

#include "gpuatom/exec/agent.hpp"
#include "gpuatom/exec/results.hpp"
#include "gpuatom/support/progress.hpp"

namespace gpuatom::exec {

enum class Mode : uint8_t { parallel, deterministic, exhaustive };
std::string_view name(Mode mode);

// The most host threads a parallel run takes: more are clamped to it (the CLI refuses them).
inline constexpr unsigned max_threads = 1024;

// The system started fewer host threads than a parallel run asked for (a process or thread limit):
// the ones that started were told to stop and waited for, nothing ran to the end.
struct ThreadStartError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// The deterministic mode's window of resident agents: about half the warps an H100 keeps resident
// (132 SMs × 64), and more than any test or example launch has, so those interleave every agent.
inline constexpr std::size_t default_resident = 4096;

struct RunOptions {
  Mode mode = Mode::parallel;
  unsigned threads = 0;          // parallel: host threads, at most max_threads; 0 = std::thread::hardware_concurrency()
  uint64_t seed = 1;             // deterministic
  bool record_schedule = false;  // deterministic: fill RunResult::schedule
  support::ProgressCallback progress;  // (agents finished, agents) now and then; may be empty
  // When set and true, the run stops early (RunResult::interrupted): parallel workers take no new
  // agent (the ones running finish theirs), the deterministic mode stops before its next event.
  const std::atomic<bool>* stop = nullptr;
  // deterministic: agents resident at once (0: every agent, the launch's whole width). What a
  // run holds is bounded by it: a streamed launch of 10 M lanes keeps the state of at most this
  // many groups.
  std::size_t resident = default_resident;
};

// Runs every agent to completion on `threads` host threads (0 = all cores; never more threads
// than agents, nor than max_threads). An exception thrown by an agent stops the other threads at
// their next agent and is rethrown here. A `stop` set to true stops them the same way
// (RunResult::interrupted). Threads the system will not start: ThreadStartError, never a hang.
RunResult run_parallel(std::span<Agent* const> agents, unsigned threads = 0,
                       const support::ProgressCallback& progress = nullptr, const std::atomic<bool>* stop = nullptr);

// The same over a stream of agents made when they start (agent.hpp).
RunResult run_parallel(AgentStream& stream, unsigned threads = 0, const support::ProgressCallback& progress = nullptr,
                       const std::atomic<bool>* stop = nullptr);

// Runs every agent to completion on the calling thread, in the interleaving `seed` selects,
// with at most default_resident agents resident.
RunResult run_deterministic(std::span<Agent* const> agents, uint64_t seed, bool record_schedule = false,
                            const support::ProgressCallback& progress = nullptr,
                            const std::atomic<bool>* stop = nullptr);
// The same with every option of RunOptions (mode and threads are not read); over a stream, the
// agents are made when they become resident and dropped when they finish.
RunResult run_deterministic(std::span<Agent* const> agents, const RunOptions& options);
RunResult run_deterministic(AgentStream& stream, const RunOptions& options);

// Dispatches on options.mode. Mode::exhaustive needs fresh instances to re-execute (see
// exhaustive.hpp) and is refused here with std::invalid_argument.
RunResult run(std::span<Agent* const> agents, const RunOptions& options);

}  // namespace gpuatom::exec
