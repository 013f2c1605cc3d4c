// The deterministic mode: one host thread, a seeded PRNG choosing the next agent at every event,
// among a window of resident agents (run.hpp).
#include <algorithm>
#include <vector>

#include "gpuatom/exec/run.hpp"
#include "gpuatom/support/random.hpp"
#include "held_agents.hpp"

namespace gpuatom::exec {

RunResult run_deterministic(AgentStream& stream, const RunOptions& options) {
  const std::size_t count = stream.size();
  const std::size_t window = options.resident == 0 ? count : std::min(options.resident, count);
  stream.start(static_cast<unsigned>(std::max<std::size_t>(window, 1)));
  std::vector<Recorder> recorder(1);
  support::SplitMix64 random(options.seed);

  // The resident unfinished agents, and the slot each is in. Removal swaps the last into the
  // hole and the next agent of the launch joins at the end: a deterministic function of the
  // choices so far, so the whole schedule is a function of the seed (and, for a launch no wider
  // than the window, the one every agent unfinished from the start gave before there was one).
  std::vector<uint32_t> runnable;
  std::vector<unsigned> slot_of;
  std::vector<Agent*> agent_of;
  std::vector<unsigned> free_slots;
  for (std::size_t s = window; s-- > 0;) free_slots.push_back(static_cast<unsigned>(s));
  std::size_t next = 0, finished = 0;
  const auto admit = [&] {
    while (!free_slots.empty() && next < count) {
      const unsigned slot = free_slots.back();
      Agent& agent = stream.open(next, slot);
      if (agent.pending().empty()) {  // nothing to do: finished as it starts
        stream.close(next++, slot);
        ++finished;
        continue;
      }
      free_slots.pop_back();
      runnable.push_back(static_cast<uint32_t>(next++));
      slot_of.push_back(slot);
      agent_of.push_back(&agent);
    }
  };
  admit();

  std::vector<ScheduledEvent> schedule;
  bool interrupted = false;
  while (!runnable.empty()) {
    if (options.stop && options.stop->load(std::memory_order_relaxed)) {
      interrupted = true;
      break;
    }
    const std::size_t pick = random.below(runnable.size());
    Agent& agent = *agent_of[pick];
    if (options.record_schedule) {
      const Event& event = agent.pending().front();
      schedule.push_back({runnable[pick], event.instruction, event.lane});
    }
    agent.perform(0, recorder[0]);
    if (agent.pending().empty()) {
      stream.close(runnable[pick], slot_of[pick]);
      free_slots.push_back(slot_of[pick]);
      runnable[pick] = runnable.back();
      slot_of[pick] = slot_of.back();
      agent_of[pick] = agent_of.back();
      runnable.pop_back();
      slot_of.pop_back();
      agent_of.pop_back();
      ++finished;
      admit();
      if (options.progress) options.progress(finished, count);
    }
  }
  for (std::size_t k = 0; k < runnable.size(); ++k) stream.close(runnable[k], slot_of[k]);  // stopped early
  RunResult result = merge(recorder);
  result.schedule = std::move(schedule);
  result.agents = count;
  result.agents_finished = finished;
  result.interrupted = interrupted;
  return result;
}

RunResult run_deterministic(std::span<Agent* const> agents, const RunOptions& options) {
  HeldAgents held(agents);
  return run_deterministic(held, options);
}

RunResult run_deterministic(std::span<Agent* const> agents, uint64_t seed, bool record_schedule,
                            const support::ProgressCallback& progress, const std::atomic<bool>* stop) {
  RunOptions options;
  options.seed = seed;
  options.record_schedule = record_schedule;
  options.progress = progress;
  options.stop = stop;
  return run_deterministic(agents, options);
}

}  // namespace gpuatom::exec
