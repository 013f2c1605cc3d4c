// The exhaustive run mode: every interleaving of a small program, by stateless model checking.
//
// A factory builds a fresh Instance (its own memory, agents and outcome extractor) for every
// execution; a depth-first search explores schedules by re-executing from the start, branching at
// each step over (agent, pending event) — so lanes of one instruction are tried in every order,
// not only ascending.
//
// Partial-order reduction keeps independent events (accesses that do not conflict, agent.hpp:
// different addresses, plain reads, and writes whose old value nobody reads that commute on the
// value, such as two integer adds) from being permuted needlessly (Godefroid 1996):
//   - persistent sets: at each step only a subset of the pending events is tried, one that every
//     continuation must "go through" (agents that report their future accesses make these sets
//     small; a lone event on its own word is taken without branching at all);
//   - sleep sets: an event already explored at a step is not tried again after events that are
//     independent of it.
// Together they complete exactly one execution per Mazurkiewicz trace (class of interleavings
// equal up to swapping adjacent independent events; all members end in the same state), so an
// outcome's count is the number of traces reaching it. Prefixes whose every remaining candidate
// is asleep are abandoned and counted as `pruned`. Outcomes must therefore be functions of the
// final state (memory, lane results, faults), not of the order in RunResult::schedule.
//
// ExhaustiveOptions::reduce = false turns the reduction off (every interleaving: the naive
// search, to check the reduction against); ExhaustiveResult::naive_log10 says how many
// interleavings that search would run.
//
// Sharding (ExhaustiveOptions::shard_count > 1) splits one search over several runs, each on its
// own machine: the search tree is cut below its first `split_branchings(count)` branching nodes
// (nodes where more than one event is awake), the subtrees under the cut are numbered in the
// search's own depth-first order, and a run explores only the subtrees whose number is its
// shard_index modulo shard_count; it walks the others' prefixes without counting them. A node's
// sleep set depends only on the choices made and tried above it, never on what a subtree found,
// so every shard walks the same tree and the shards together complete every execution of the
// unsharded search exactly once: their outcome counts, executions and pruned sum to its own.
//
// The search stops at `cap` executions (complete + pruned) with the message
// "exhaustive: more than N interleavings; reduce lanes or use deterministic mode".
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <span>
#include <string>

#include "gpuatom/exec/agent.hpp"
#include "gpuatom/exec/results.hpp"

namespace gpuatom::exec {

// One re-executable copy of the program: it owns its memory and agents.
class Instance {
 public:
  virtual ~Instance() = default;
  // The agents, in a fixed order (agent i of one instance is agent i of every other).
  virtual std::span<Agent* const> agents() = 0;
  // The outcome of a finished execution, as text (e.g. "final=3 returned=[0,1,2]"). Executions
  // with equal text are one outcome. `run` has the execution's counters, faults and schedule.
  virtual std::string outcome(const RunResult& run) = 0;
};
using InstanceFactory = std::function<std::unique_ptr<Instance>()>;

struct ExhaustiveOptions {
  uint64_t cap = 100000;                                          // most executions (complete + pruned) to explore
  std::function<void(uint64_t explored, uint64_t cap)> progress;  // after each execution; may be empty
  const std::atomic<bool>* stop = nullptr;  // set to true: stop before the next execution (interrupted)
  // false: no partial-order reduction; every interleaving is its own execution (the naive search
  // the reduction is checked against).
  bool reduce = true;
  // This run's shard of the search (see above): subtrees numbered i with i % shard_count ==
  // shard_index. shard_count 1: the whole search.
  uint64_t shard_index = 0;
  uint64_t shard_count = 1;
};

// How many branching nodes from the root a sharded search cuts below: enough for about eight
// subtrees per shard where the tree branches in two.
uint64_t split_branchings(uint64_t shard_count);

struct ExhaustiveResult {
  // Each distinct outcome with the number of complete executions (one per trace) that reached it.
  std::map<std::string, uint64_t> outcomes;
  uint64_t executions = 0;  // complete executions
  uint64_t pruned = 0;      // executions abandoned because every remaining event was asleep
  uint64_t longest = 0;     // events in the longest execution
  Counters counters;        // summed over the complete executions
  // The naive search's size, log10 of its interleavings: every order of the events of the first
  // complete execution that keeps each agent's instructions in program order (lanes of one
  // instruction in any order). 0 before any execution completed.
  double naive_log10 = 0;
  bool complete = true;      // false: stopped at the cap or interrupted; `outcomes` covers only what was explored
  bool interrupted = false;  // stopped by ExhaustiveOptions::stop
  std::string message;       // why it stopped early (empty when complete)
  // The subtrees the search was cut into (every shard counts them all), and the number of the
  // first one in which this run completed an execution (naive_log10 is that execution's; the
  // lowest over the shards is the unsharded search's). No execution completed: UINT64_MAX.
  uint64_t subtrees = 0;
  uint64_t first_complete_subtree = UINT64_MAX;
};

ExhaustiveResult run_exhaustive(const InstanceFactory& factory, const ExhaustiveOptions& options = {});

// "90 executions (0 pruned), 3 outcomes:\n      30  final=10\n ..." for reports and test failures.
std::string describe(const ExhaustiveResult& result);

}  // namespace gpuatom::exec
