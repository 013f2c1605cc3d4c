// The exec tests' vendor: lanes that each run a list of atomic steps (address, operation,
// operands), recording what each step returned. It is the smallest exec::GroupLanes, so the
// tests drive the lane executor (lane_group.hpp) and the run modes through it with no ISA in
// between.
//
// Step i of every lane of a group is the group's instruction i: a group performs its lanes'
// step 0 (in any order), then their step 1, and so on, like a warp executing straight-line code.
// A lane with fewer steps, or whose predicate is false for a step, or that is inactive, helper
// or killed (launch.hpp), does nothing for that instruction; its result stays "not run".
#pragma once

#include <array>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <span>
#include <vector>

#include "gpuatom/alu/operation.hpp"
#include "gpuatom/exec/agent.hpp"
#include "gpuatom/exec/lane_group.hpp"
#include "gpuatom/exec/launch.hpp"
#include "gpuatom/exec/serial_order.hpp"
#include "gpuatom/memory/device_memory.hpp"
#include "gpuatom/memory/region.hpp"

namespace gpuatom::exec {

struct Step {
  uint64_t address = 0;
  alu::Operation operation{};  // 16-, 32- or 64-bit types (128-bit is refused)
  alu::Operands operands{};
  memory::Space space = memory::Space::global;
  bool predicate = true;  // the lane's guard predicate for this instruction
};

// The steps of every lane: listed one by one, or generated on demand so that a launch of
// millions of lanes stores no program.
class Script {
 public:
  using Generator = std::function<Step(uint64_t lane, uint32_t step)>;

  // Every lane has `steps_per_lane` steps; `generate` must be pure (it may be called from any
  // thread, more than once per step).
  static Script generated(uint64_t lanes, uint32_t steps_per_lane, Generator generate);
  // Lane i runs steps_of_lane[i].
  static Script listed(std::vector<std::vector<Step>> steps_of_lane);

  uint64_t lanes() const { return lanes_; }
  uint32_t steps(uint64_t lane) const;
  Step step(uint64_t lane, uint32_t index) const;
  // A dense index of (lane, step), for per-step result tables.
  uint64_t slot(uint64_t lane, uint32_t index) const;
  uint64_t slot_count() const;

 private:
  uint64_t lanes_ = 0;
  uint32_t steps_per_lane_ = 0;  // generated
  Generator generate_;
  std::vector<std::vector<Step>> listed_;
  std::vector<uint64_t> first_slot_;  // listed: prefix sums of step counts
};

enum class StepStatus : uint8_t { not_run, returned, faulted };

class ScriptedLanes;

// A launch of a Script: one lane group (exec::LaneGroup of ScriptedLanes) per group, and the
// table of per-step results they fill in. The memory must outlive it.
class ScriptedLaunch {
 public:
  // Throws std::invalid_argument when the geometry is invalid or does not match the script.
  // `record_returned` = false keeps no result table (stress runs of 10^7 steps).
  ScriptedLaunch(memory::DeviceMemory& memory, Launch launch, Script script, LaneStates states = {},
                 bool record_returned = true);
  ~ScriptedLaunch();
  ScriptedLaunch(const ScriptedLaunch&) = delete;
  ScriptedLaunch& operator=(const ScriptedLaunch&) = delete;

  // One agent per group, in group order. They refer to this launch.
  std::span<Agent* const> agents() const { return agent_pointers_; }

  const Launch& launch() const { return launch_; }
  const Script& script() const { return script_; }
  memory::DeviceMemory& memory() const { return memory_; }

  // Results (after the run; not_run without a result table).
  StepStatus status(uint64_t lane, uint32_t step) const;
  std::optional<uint64_t> returned(uint64_t lane, uint32_t step) const;

 private:
  friend class ScriptedLanes;
  friend class ScriptedLaunchAccess;
  void record_returned(uint64_t lane, uint32_t step, uint64_t bits);
  void record_fault(uint64_t lane, uint32_t step);

  memory::DeviceMemory& memory_;
  Launch launch_;
  Script script_;
  LaneStates states_;
  bool record_;
  std::vector<uint64_t> returned_;    // per slot
  std::vector<StepStatus> statuses_;  // per slot; each written by one agent only
  GroupSettings settings_;
  std::vector<std::unique_ptr<Agent>> groups_;
  std::vector<Agent*> agent_pointers_;
};

// The atomics a finished launch performed (faulted and skipped steps left out), grouped by address
// in ascending order, for check_serial_orders. A lane with several atomics at one address gets
// its lane id as their `thread`, so its program order is kept. `initial(address)` is the value the
// address held before the run; the final value is read from memory at the width and space of the
// address's first atomic. Needs the result table (record_returned).
std::vector<AddressHistory> address_histories(const ScriptedLaunch& launch,
                                              const std::function<uint64_t(uint64_t address)>& initial);

// The lanes of one group of a ScriptedLaunch: step i of each lane is the group's instruction i,
// each lane with its own operation (LaneWork::operation).
class ScriptedLanes {
 public:
  explicit ScriptedLanes(ScriptedLaunch& launch) : launch_(launch) {}

  bool begin(uint64_t group);
  uint32_t instructions() const { return instructions_; }
  const alu::Operation& operation(uint32_t) const { return default_operation_; }
  LaneMask start(uint32_t instruction);
  void read(uint32_t instruction, std::span<LaneWork> lanes);
  void finish(uint32_t, const LaneWork&) {}
  void write(uint32_t instruction, std::span<const LaneWork> lanes);
  std::optional<memory::Fault> fault(uint32_t instruction, const LaneWork& w, const memory::Fault& f);
  bool future_accesses(uint32_t next, std::vector<Access>& out) const;

 private:
  // The participating lanes' steps of `instruction`.
  LaneMask collect(uint32_t instruction, Step* steps) const;

  ScriptedLaunch& launch_;
  uint64_t first_ = 0;
  uint32_t count_ = 0;
  GroupMasks masks_;
  uint32_t instructions_ = 0;                 // the most steps of any lane of the group
  std::array<Step, max_group_size> steps_{};  // of the current instruction, by lane
  alu::Operation default_operation_{};
};

}  // namespace gpuatom::exec
