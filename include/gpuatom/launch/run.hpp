// Running a setup: the options every vendor binding takes and the report each returns
// (bind.hpp runs a setup on the machine of its `isa`).
#pragma once

#include <atomic>
#include <chrono>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <variant>
#include <vector>

#include "gpuatom/exec/results.hpp"
#include "gpuatom/exec/run.hpp"
#include "gpuatom/launch/expectations.hpp"
#include "gpuatom/launch/setup.hpp"

namespace gpuatom::launch {

using exec::Mode;
using exec::name;

struct RunOptions {
  Mode mode = Mode::parallel;
  uint64_t seed = 1;                 // deterministic mode
  unsigned threads = 0;              // parallel mode: 0 = all cores
  uint64_t exhaustive_cap = 100000;  // most executions an exhaustive run explores
  bool exhaustive_reduce = true;     // false: every interleaving (exec::ExhaustiveOptions::reduce)
  // Exhaustive mode: explore only this shard of the search tree's subtrees (exec/exhaustive.hpp).
  uint64_t shard_index = 0;
  uint64_t shard_count = 1;
  bool quiet = false;  // no progress output
  // When set and true, the run stops early and its report says so (RunReport::interrupted); the
  // CLI points it at the SIGINT flag (support/files.hpp).
  const std::atomic<bool>* stop = nullptr;
  // When set, shown what the expectations see after the run (every lane's values by name, the
  // memory, the faults) while the machine still exists: after the run in parallel and
  // deterministic mode, after each execution in exhaustive mode. Setting it turns off the
  // parallel mode's streaming, so that every lane's state is kept to the end.
  std::function<void(const Observation&)> inspect;
  // Regions whose final contents the report carries, element by element (RunReport::dumps), in
  // parallel and deterministic mode: each by name, read as `type` (default: the region's fill
  // type, else u32). A name the scenario has no region of is passed over.
  struct DumpRequest {
    std::string region;
    std::optional<ElementType> type;
  };
  std::vector<DumpRequest> dump;
  uint64_t dump_limit = 4096;  // elements per dumped region
  // The most memory a run may need, estimated before it starts; a run estimated above it is bad
  // input (exit 2) with the estimate and the way out. 0: 80 % of what is available
  // (support::available_memory()).
  uint64_t max_memory = 0;
};

using exec::Counters;

struct RunReport {
  std::string file;
  std::string name;
  Isa isa = Isa::sass;
  Mode mode = Mode::parallel;
  uint64_t seed = 0;
  unsigned threads = 0;
  uint64_t lanes = 0;
  double seconds = 0;
  Counters counters;
  std::vector<ExpectationResult> expectations;
  std::vector<std::string> fault_text;  // described faults (instruction and lane included)
  // Exhaustive mode: each distinct outcome with the number of executions that reached it, and
  // whether every expectation held in it.
  struct Outcome {
    std::string text;
    uint64_t count = 0;
    bool expectations_hold = true;
    // The same as values: the first 32-bit words (up to 8) of each region in this outcome, and
    // the first expectation that failed in it ("" when every one holds).
    std::vector<std::pair<std::string, std::vector<uint32_t>>> regions;
    std::string failed;
  };
  std::vector<Outcome> outcomes;
  uint64_t executions = 0;
  uint64_t pruned = 0;     // exhaustive: executions abandoned by the partial-order reduction
  double naive_log10 = 0;  // exhaustive: log10 of the interleavings the naive search would run
  bool reduced = true;     // exhaustive: one execution per class of equivalent interleavings
  // Exhaustive: the subtrees the search was cut into when sharded, and the first in which this run
  // completed an execution (exec::ExhaustiveResult says why merging shards needs them).
  uint64_t subtrees = 0;
  uint64_t first_complete_subtree = UINT64_MAX;
  std::vector<std::string> notes;  // warnings worth showing (e.g. refused modes)
  // Not run in this mode (exhaustive mode on a scenario not marked `exhaustive = true`): neither
  // passed nor failed; `notes` says why.
  bool skipped = false;
  // RunOptions::dump: each region asked for, its first `values.size()` elements of `elements`.
  struct Dump {
    std::string region;
    ElementType type = ElementType::u32;
    uint64_t base = 0;
    uint64_t elements = 0;
    std::vector<uint64_t> values;  // the elements' bits, zero-extended
  };
  std::vector<Dump> dumps;
  // The first 32-bit words (up to 16) of each region after the run, for reports and charts.
  std::vector<std::pair<std::string, std::vector<uint32_t>>> regions;
  // Stopped by RunOptions::stop before the end: `progress` says how far it got ("12 of 32768
  // groups", "1500 executions"); the expectations were not checked.
  bool interrupted = false;
  std::string progress;

  bool passed() const;
  // Not passed, and nothing failed either: an expectation's check ran out of its budget
  // (ExpectationResult::undecided).
  bool undecided() const;
};

// What a run returns: a report, or diagnostics for bad input (exit 2).
using RunResult = std::variant<RunReport, support::Diagnostics>;

// A stopwatch for reports.
class Stopwatch {
 public:
  Stopwatch() : start_(std::chrono::steady_clock::now()) {}
  double seconds() const { return std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count(); }

 private:
  std::chrono::steady_clock::time_point start_;
};

}  // namespace gpuatom::launch
