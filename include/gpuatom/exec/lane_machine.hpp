// One launch on one device memory: the lane groups of lane_group.hpp, held one of two ways.
//
//   eager     every group exists from the start with its lanes' state: the exhaustive mode
//             (any group may go next, and it re-executes), and runs whose lane state is read
//             after the run (an inspector, lane values the vendor does not keep);
//   streamed  one group per slot, begun again for each group it takes: a host worker's in the
//             parallel mode, a resident agent's in the deterministic mode. Lane state exists only
//             for the groups in flight, so a launch of millions of lanes needs memory for a few
//             thousand groups. What must outlive a group the machine keeps as it finishes: the
//             values expectations read (the vendor's lanes save them in `end(group)`) and the
//             logged atomics (moved into the slot's AtomicLog).
#pragma once

#include <cstdint>
#include <exception>
#include <functional>
#include <memory>
#include <optional>
#include <span>
#include <stdexcept>
#include <vector>

#include "gpuatom/exec/agent.hpp"
#include "gpuatom/exec/atomic_log.hpp"
#include "gpuatom/exec/lane_group.hpp"
#include "gpuatom/exec/launch.hpp"
#include "gpuatom/memory/device_memory.hpp"

namespace gpuatom::exec {

// Thrown from a streamed run when a group's lanes cannot be set up (LaneGroup::begin returned
// false): the run stops, and the caller reports the lane as an eager setup would have.
struct GroupSetupError : std::exception {
  uint64_t group = 0;
  explicit GroupSetupError(uint64_t g) : group(g) {}
  const char* what() const noexcept override { return "a lane's initial state cannot be set"; }
};

template <GroupLanes Lanes>
class LaneMachine final : private AgentStream {
 public:
  using Group = LaneGroup<Lanes>;
  // Makes one group (once per group when eager, once per host worker when streamed).
  using MakeGroup = std::function<std::unique_ptr<Group>(memory::DeviceMemory&, const GroupSettings&)>;

  memory::DeviceMemory memory;

  LaneMachine(Launch launch, const GroupSettings& settings, bool streamed, MakeGroup make)
      : launch_(launch), settings_(settings), streamed_(streamed), make_(std::move(make)) {}

  // Eager: makes and begins every group, in order; the first group whose lanes cannot be set up,
  // if any (the groups after it are not made). Streamed: nothing to do yet.
  std::optional<uint64_t> begin_groups() {
    if (streamed_) return std::nullopt;
    for (uint64_t g = 0; g < launch_.groups(); ++g) {
      groups_.push_back(make_(memory, settings_));
      if (!groups_.back()->begin(g)) return g;
      agents_.push_back(groups_.back().get());
    }
    return std::nullopt;
  }

  bool streamed() const { return streamed_; }
  const Launch& launch() const { return launch_; }
  std::span<Agent* const> agents() {
    if (streamed_) throw std::logic_error("a streamed machine runs as a stream (parallel or deterministic mode)");
    return agents_;
  }
  // The stream the parallel and deterministic modes run (streamed), or null: run agents().
  AgentStream* stream() { return streamed_ ? this : nullptr; }

  // Eager: group g, with its lanes' state after the run.
  const Lanes& lanes(uint64_t g) const { return groups_[g]->lanes; }

  // Is every returned value explained by some serial order of the logged atomics, per address?
  // `initial` is the memory as it was set up before the run. Takes the logs: call it once.
  CheckResult explain(memory::DeviceMemory& initial, const SerialSearchBudget& budget = {}) {
    std::size_t total = 0;
    for (const AtomicLog& log : logs_) total += log.size();
    for (const auto& g : groups_) total += g->log.size();
    std::vector<LoggedAtomic> all;
    all.reserve(total);
    for (AtomicLog& log : logs_) log.move_to(all);
    for (const auto& g : groups_) {
      all.insert(all.end(), g->log.begin(), g->log.end());
      std::vector<LoggedAtomic>().swap(g->log);
    }
    return explain_logged(initial, memory, std::move(all), budget);
  }

 private:
  std::size_t size() const override { return launch_.groups(); }
  void start(unsigned slots) override {
    workers_.clear();
    for (unsigned k = 0; k < slots; ++k) workers_.push_back(make_(memory, settings_));
    // A deterministic run's logs go to one AtomicLog, a parallel run's to one per worker (no lock).
    logs_.assign(settings_.log ? slots : 0, AtomicLog{});
  }
  void run(std::size_t index, unsigned worker, Recorder& recorder) override {
    Group& g = *workers_[worker];
    if (!g.begin(index)) throw GroupSetupError(index);
    g.run(recorder);
    finish(index, worker, worker);
  }
  Agent& open(std::size_t index, unsigned slot) override {
    Group& g = *workers_[slot];
    if (!g.begin(index)) throw GroupSetupError(index);
    return g;
  }
  void close(std::size_t index, unsigned slot) override { finish(index, slot, 0); }
  // What outlives group `index` of `slot`: its kept lane values, its logged atomics.
  void finish(std::size_t index, unsigned slot, unsigned log) {
    Group& g = *workers_[slot];
    if constexpr (requires { g.lanes.end(uint64_t{}); }) g.lanes.end(index);
    if (settings_.log) logs_[log].append(g.log);
  }

  Launch launch_;
  GroupSettings settings_;
  bool streamed_;
  MakeGroup make_;
  std::vector<std::unique_ptr<Group>> groups_;  // eager
  std::vector<Agent*> agents_;
  std::vector<std::unique_ptr<Group>> workers_;  // streamed: one per slot
  std::vector<AtomicLog> logs_;                  // streamed with GroupSettings::log
};

}  // namespace gpuatom::exec
