// What a run records: counters, per-lane faults, and (deterministic mode) the schedule it chose.
// Each host thread records into its own Recorder; the run merges them at the end, so recording
// never contends.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "gpuatom/memory/fault.hpp"

namespace gpuatom::exec {

struct Counters {
  uint64_t operations = 0;   // lane memory accesses that completed (faulting ones are not counted)
  uint64_t cas_retries = 0;  // failed compare-and-swap rounds inside read-modify-write loops
  uint64_t faults = 0;       // lane accesses that faulted

  Counters& operator+=(const Counters& other) {
    operations += other.operations;
    cas_retries += other.cas_retries;
    faults += other.faults;
    return *this;
  }
  friend bool operator==(const Counters&, const Counters&) = default;
};

// A faulting lane: which lane, at which of its agent's instructions, and the memory fault. The
// lane's access did nothing; the other lanes went on.
struct LaneFault {
  uint64_t lane = 0;         // launch-wide lane id
  uint32_t instruction = 0;  // the agent's instruction index (ScriptedLanes: the step index)
  memory::Fault fault;

  friend bool operator==(const LaneFault&, const LaneFault&) = default;
};

// "lane 5, instruction 1: misaligned 4-byte access at 0x0000000000001002 in region 'buf'"
std::string describe(const LaneFault& fault);

// Where one host thread records what its agents did. Agents call these from perform().
struct Recorder {
  Counters counters;
  std::vector<LaneFault> faults;

  void operation(uint32_t retries = 0) {
    ++counters.operations;
    counters.cas_retries += retries;
  }
  void fault(uint64_t lane, uint32_t instruction, const memory::Fault& what) {
    ++counters.faults;
    faults.push_back({lane, instruction, what});
  }
};

// One scheduling step of a deterministic or exhaustive run: agent `agent` performed the event of
// lane `lane` (in its group) of its instruction `instruction`.
struct ScheduledEvent {
  uint32_t agent = 0;
  uint32_t instruction = 0;
  uint32_t lane = 0;
  friend bool operator==(const ScheduledEvent&, const ScheduledEvent&) = default;
};

struct RunResult {
  Counters counters;
  std::vector<LaneFault> faults;          // sorted by lane, then instruction
  std::vector<ScheduledEvent> schedule;   // deterministic mode with RunOptions::record_schedule
  unsigned threads = 1;                   // host threads that ran agents
  std::vector<Counters> thread_counters;  // what each of them did (parallel: shows the race was real)
  // Stopped early by a stop request (RunOptions::stop): `agents_finished` of `agents` ran to the
  // end, the others not at all (parallel) or part of the way (deterministic).
  bool interrupted = false;
  uint64_t agents_finished = 0;
  uint64_t agents = 0;
};

// Merges per-thread recorders into one result (faults sorted by lane, then instruction).
RunResult merge(std::vector<Recorder>& recorders);

}  // namespace gpuatom::exec
