// The deterministic mode: one host thread, a seeded PRNG choosing the next agent at every event.
#include <vector>

#include "gpuatom/support/random.hpp"
#include "gpuatom/exec/run.hpp"

namespace gpuatom::exec {

RunResult run_deterministic(std::span<Agent* const> agents, uint64_t seed, bool record_schedule,
                            const support::ProgressCallback& progress, const std::atomic<bool>* stop) {
  std::vector<Recorder> recorder(1);
  support::SplitMix64 random(seed);

  // Unfinished agents. Removal swaps the last into the hole: a deterministic function of the
  // choices so far, so the whole schedule is a function of the seed.
  std::vector<uint32_t> runnable;
  runnable.reserve(agents.size());
  for (std::size_t index = 0; index < agents.size(); ++index) {
    if (!agents[index]->pending().empty()) runnable.push_back(static_cast<uint32_t>(index));
  }

  std::vector<ScheduledEvent> schedule;
  bool interrupted = false;
  while (!runnable.empty()) {
    if (stop && stop->load(std::memory_order_relaxed)) {
      interrupted = true;
      break;
    }
    const std::size_t pick = random.below(runnable.size());
    Agent& agent = *agents[runnable[pick]];
    if (record_schedule) {
      const Event& event = agent.pending().front();
      schedule.push_back({runnable[pick], event.instruction, event.lane});
    }
    agent.perform(0, recorder[0]);
    if (agent.pending().empty()) {
      runnable[pick] = runnable.back();
      runnable.pop_back();
      if (progress) progress(agents.size() - runnable.size(), agents.size());
    }
  }
  RunResult result = merge(recorder);
  result.schedule = std::move(schedule);
  result.agents = agents.size();
  result.agents_finished = agents.size() - runnable.size();
  result.interrupted = interrupted;
  return result;
}

}  // namespace gpuatom::exec
