// Agent: the unit of concurrency of every run mode — one group of lanes (a warp, a SIMD
// instruction stream, a wavefront) executing its program. Vendor front-ends implement it; the
// run modes only schedule its memory events.
//
// An agent exposes its *pending events*: the memory accesses it can perform next, one per
// participating lane of its current memory instruction that has not run yet. Lanes of one
// instruction may go in any order (the hardware pages say the order is unspecified); the
// default order, used by the parallel and deterministic modes, is ascending lane — a DECISION of
// the spec (nvidia.md §1, intel.md §1, amd.md §7). The exhaustive mode tries the other orders.
// Between memory instructions an agent does its non-memory work itself, inside pending().
//
// Rules an agent must keep (the exhaustive mode relies on them):
//   - Deterministic: the same sequence of perform() calls from a fresh agent on a fresh memory
//     gives the same events and results.
//   - An event's access (address range) is fixed when it becomes pending.
//   - Two events of one instruction whose accesses do not conflict commute: performing them in
//     either order leaves the agent and the memory in the same state (no order-dependent state
//     such as a log in performance order that the outcome reads).
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

#include "gpuatom/exec/results.hpp"

namespace gpuatom::exec {

// The device bytes an event touches. Two accesses conflict when their ranges overlap and at
// least one writes; events with conflicting accesses are *dependent* (their order can change the
// outcome), all others are independent (any order gives the same state). Two writes to the same
// bytes whose old values nobody reads and whose operations commute on the value (the same nonzero
// alu::commuting_class: two integer adds, say) do not conflict either: either order leaves the
// same memory and gives no lane anything.
struct Access {
  uint64_t address = 0;
  uint64_t bytes = 0;     // 0: touches nothing
  bool writes = true;     // false: a plain read
  uint16_t commutes = 0;  // alu::commuting_class of a write whose old value nobody reads; 0: none

  constexpr bool overlaps(const Access& other) const {
    return bytes != 0 && other.bytes != 0 && (address - other.address < other.bytes || other.address - address < bytes);
  }
  constexpr bool conflicts_with(const Access& other) const {
    if (commutes != 0 && commutes == other.commutes && address == other.address && bytes == other.bytes) return false;
    return (writes || other.writes) && overlaps(other);
  }
};

// One lane's next memory access. (instruction, lane) names it uniquely within its agent.
struct Event {
  uint32_t instruction = 0;
  uint32_t lane = 0;  // lane in group
  Access access;
};

class Agent {
 public:
  virtual ~Agent() = default;

  // The events the agent can perform next, in ascending lane order; empty once the agent has
  // finished. First runs the agent's non-memory work up to its next memory instruction. The span
  // stays valid until the next call of pending(), perform() or run().
  virtual std::span<const Event> pending() = 0;

  // Performs pending()[index]: the memory access, the ALU, the lane's result. Counters and faults
  // go to `recorder`; a faulting lane does nothing and the agent goes on with the others.
  virtual void perform(std::size_t index, Recorder& recorder) = 0;

  // Runs to completion in the default order (the parallel mode's loop). Overridable for speed;
  // must be equivalent to performing pending()[0] until nothing is pending.
  virtual void run(Recorder& recorder) {
    while (!pending().empty()) perform(0, recorder);
  }

  // For the exhaustive mode's reduction: appends every access the agent may still make after its
  // current pending events (a superset is fine) and returns true; or returns false when it cannot
  // tell — the default — and its future is then assumed to conflict with everything. Called after
  // pending().
  virtual bool future_accesses(std::vector<Access>& out) {
    (void)out;
    return false;
  }
};

// A launch whose agents exist only while they run: the way to execute millions of lanes in
// memory that does not grow with them. The parallel mode's host workers each make, run and drop
// one agent at a time; the deterministic mode keeps a window of agents resident (opened, performed
// event by event, closed when finished). Lane state exists only for the agents in flight.
class AgentStream {
 public:
  virtual ~AgentStream() = default;
  // Agents in the launch.
  virtual std::size_t size() const = 0;
  // Called once, before any run() or open(), with the number of slots: host workers that will
  // call run(), or agents the deterministic mode keeps resident at once.
  virtual void start(unsigned slots) = 0;
  // Runs agent `index` to completion in the default order (as Agent::run) on worker `worker`
  // (< slots). Workers call it concurrently for different agents; each index exactly once.
  virtual void run(std::size_t index, unsigned worker, Recorder& recorder) = 0;
  // Agent `index`, fresh, in slot `slot` (< slots, free): valid until close(index, slot), which
  // the deterministic mode calls once it has nothing pending (or the run stops). Each index at
  // most once.
  virtual Agent& open(std::size_t index, unsigned slot) = 0;
  virtual void close(std::size_t index, unsigned slot) = 0;
};

}  // namespace gpuatom::exec
