// The part of every vendor binding that is the same: run a scenario's agents in the chosen mode
// (re-executing fresh copies in exhaustive mode), check the expectations, fill the report.
// A binding only builds machines (exec::LaneMachine with its vendor's lanes) and says how lane
// values are read back.
#pragma once

#include <functional>
#include <memory>
#include <span>
#include <variant>

#include "gpuatom/exec/agent.hpp"
#include "gpuatom/exec/results.hpp"
#include "gpuatom/launch/expectations.hpp"
#include "gpuatom/launch/run.hpp"
#include "gpuatom/memory/device_memory.hpp"
#include "memory_estimate.hpp"

namespace gpuatom::launch {

// One re-executable copy of a scenario: its own memory and agents.
class Machine {
 public:
  virtual ~Machine() = default;
  virtual std::span<exec::Agent* const> agents() = 0;
  virtual memory::DeviceMemory& memory() = 0;
  // What expectations read after `run` (lane values, faults, activity).
  virtual Observation observe(const exec::RunResult& run) = 0;
  // The parallel mode runs this stream instead of agents() when it is not null: agents made when
  // they start, so that lane state exists only for groups in flight (exec::AgentStream).
  virtual exec::AgentStream* stream() { return nullptr; }
  // A streamed run stopped because a lane's initial state cannot be set up (an expression fails,
  // a value does not fit; exec::GroupSetupError): the scenario is bad input, and these are the
  // diagnostics an eager setup would have given (the same lane and expression).
  virtual support::Diagnostics setup_error() { return {}; }
  // The scenario's groups that `agents` agents stand for (a streamed vISA run's agent is a batch
  // of threads), so that progress is counted in the scenario's groups.
  virtual uint64_t groups_of(uint64_t agents) const { return agents; }
  // The scenario's lanes that `agents` agents stand for: what progress and an interrupted run count.
  virtual uint64_t lanes_of(uint64_t agents) const { return agents; }
};

using MachineOrError = std::variant<std::unique_ptr<Machine>, support::Diagnostics>;
using MachineFactory = std::function<MachineOrError()>;

// Runs the scenario in options.mode with machines from `make` and checks its expectations, once
// its memory estimate (memory_estimate.hpp: the binding's `costs`, `streamed` as the machines
// will be made) fits options.max_memory.
RunResult execute(const Setup& scenario, const RunOptions& options, const MachineFactory& make, const LaneCosts& costs,
                  bool streamed);

// The usual binding entry: machines of type M built from one prepared program (streamed or not),
// each construction reporting setup errors (region creation, initial values) into a Diagnostics.
template <class M, class Program>
RunResult execute_machines(const Setup& scenario, const RunOptions& options, const Program& program, bool streamed,
                           const LaneCosts& costs) {
  return execute(
      scenario, options,
      [&program, streamed]() -> MachineOrError {
        support::Diagnostics d;
        auto machine = std::make_unique<M>(program, d, streamed);
        if (d.has_errors()) return d;
        return machine;
      },
      costs, streamed);
}

// Refuses launches whose per-lane state would not fit: lanes × bytes_per_lane above 4 GiB is an
// error at [launch] (a bad input, not an out-of-memory crash).
void check_lane_storage(const Setup& scenario, uint64_t bytes_per_lane, support::Diagnostics& diagnostics);

// The first 32-bit words (up to `most`) of every region, by name, in the scenario's order.
std::vector<std::pair<std::string, std::vector<uint32_t>>> region_words(const Setup& scenario,
                                                                        memory::DeviceMemory& memory, uint64_t most);

// Those words as an exhaustive outcome's text: "sum=[0x40800000] counter=[0x3,0x0] ".
std::string region_snapshot(const std::vector<std::pair<std::string, std::vector<uint32_t>>>& words);

}  // namespace gpuatom::launch
