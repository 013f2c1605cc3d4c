// Stateless model checking with persistent sets and sleep sets (Godefroid 1996, ch. 4–6). Each
// execution re-runs a fresh instance: it replays the choices on the stack, then extends greedily
// (first event of the node's persistent set not asleep) to the end; then the deepest node with
// an unexplored, awake event of its persistent set takes it, and the next execution replays up
// to it.
#include "gpuatom/exec/exhaustive.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <map>
#include <stdexcept>
#include <vector>

namespace gpuatom::exec {

namespace {

struct Choice {
  uint32_t agent = 0;
  Event event;

  bool same_as(const Choice& other) const {
    return agent == other.agent && event.instruction == other.event.instruction && event.lane == other.event.lane;
  }
  bool independent_of(const Choice& other) const { return !event.access.conflicts_with(other.event.access); }
};

bool contains(const std::vector<Choice>& set, const Choice& choice) {
  return std::any_of(set.begin(), set.end(), [&](const Choice& member) { return member.same_as(choice); });
}

// One step of the current execution.
struct Node {
  std::vector<Choice> enabled;          // every pending event of every agent
  std::vector<std::size_t> persistent;  // the events worth starting from here (indices into enabled)
  std::vector<Choice> sleep;            // asleep on arrival: exploring them here would repeat a trace
  std::vector<Choice> done;             // explored from this node already
  std::size_t chosen = 0;               // index into enabled
  bool branches = false;                // more than one persistent event awake on arrival (a sharded search cuts here)

  const Choice& choice() const { return enabled[chosen]; }

  // Whether more than one persistent event is awake: the search branches here.
  bool awake_choices_above_one() const {
    return std::count_if(persistent.begin(), persistent.end(),
                         [&](std::size_t index) { return !contains(sleep, enabled[index]); }) > 1;
  }

  // The first persistent event that is neither asleep nor explored, if any.
  bool choose_next() {
    for (const std::size_t index : persistent) {
      if (!contains(sleep, enabled[index]) && !contains(done, enabled[index])) {
        chosen = index;
        return true;
      }
    }
    return false;
  }

  // The sleep set of the node reached by taking choice(): what slept here or was explored here
  // stays asleep while the events taken are independent of it (Godefroid's sleep-set rule).
  std::vector<Choice> child_sleep() const {
    std::vector<Choice> asleep;
    for (const auto* set : {&sleep, &done}) {
      for (const Choice& member : *set) {
        if (member.independent_of(choice())) asleep.push_back(member);
      }
    }
    return asleep;
  }
};

// What one agent may still do: its pending events (indices into the node's enabled list) and the
// accesses after them.
struct AgentFuture {
  std::vector<std::size_t> pending;
  std::vector<Access> later;
  bool known = false;  // false: the agent cannot tell; assume its future conflicts with everything

  bool conflicts_later(const Access& access) const {
    return !known || std::any_of(later.begin(), later.end(), [&](const Access& a) { return a.conflicts_with(access); });
  }
};

// A persistent set (Godefroid's definition): a set T of enabled events such that no event outside
// T, in any continuation from here, depends on an event of T before some event of T happens.
// Then every trace from here has an interleaving that starts with an event of T, so exploring T
// alone loses no outcome and no trace. Built as a closure from one seed event t: add
//   - the other pending events of t's own agent that conflict with t (lanes of one instruction);
//   - for any other agent whose later accesses may conflict with t: all its pending events (they
//     must run before those later accesses can), else those of its pending events that conflict.
// An agent's later events wait for its whole current instruction, so t's own agent's future
// cannot come before t. The smallest closure over all seeds is kept.
std::vector<std::size_t> persistent_set(const std::vector<Choice>& enabled, const std::vector<AgentFuture>& futures) {
  std::vector<std::size_t> best;
  for (std::size_t seed = 0; seed < enabled.size() && best.size() != 1; ++seed) {
    std::vector<bool> member(enabled.size(), false);
    std::vector<std::size_t> set{seed};
    member[seed] = true;
    for (std::size_t next = 0; next < set.size() && (best.empty() || set.size() < best.size()); ++next) {
      const Choice& t = enabled[set[next]];
      for (std::size_t agent = 0; agent < futures.size(); ++agent) {
        const AgentFuture& future = futures[agent];
        const bool all = agent != t.agent && future.conflicts_later(t.event.access);
        for (const std::size_t index : future.pending) {
          if (member[index] || !(all || enabled[index].event.access.conflicts_with(t.event.access))) continue;
          member[index] = true;
          set.push_back(index);
        }
      }
    }
    if (best.empty() || set.size() < best.size()) best = std::move(set);
  }
  std::sort(best.begin(), best.end());  // explore in the enabled order: agent, then ascending lane
  return best;
}

// The node for the current state: every pending event, and the persistent set among them.
Node node_here(std::span<Agent* const> agents, bool reduce) {
  Node node;
  std::vector<AgentFuture> futures(agents.size());
  for (std::size_t agent = 0; agent < agents.size(); ++agent) {
    for (const Event& event : agents[agent]->pending()) {
      futures[agent].pending.push_back(node.enabled.size());
      node.enabled.push_back({static_cast<uint32_t>(agent), event});
    }
    if (!futures[agent].pending.empty()) futures[agent].known = agents[agent]->future_accesses(futures[agent].later);
  }
  if (reduce) {
    node.persistent = persistent_set(node.enabled, futures);
  } else {
    node.persistent.resize(node.enabled.size());
    for (std::size_t i = 0; i < node.enabled.size(); ++i) node.persistent[i] = i;
  }
  return node;
}

void perform(std::span<Agent* const> agents, const Choice& choice, Recorder& recorder) {
  if (choice.agent >= agents.size()) throw std::logic_error("exhaustive: the instance has fewer agents than before");
  Agent& agent = *agents[choice.agent];
  const auto pending = agent.pending();
  for (std::size_t index = 0; index < pending.size(); ++index) {
    if (pending[index].instruction == choice.event.instruction && pending[index].lane == choice.event.lane) {
      agent.perform(index, recorder);
      return;
    }
  }
  throw std::logic_error(
      fmt::format("exhaustive: re-execution diverged (agent {} has no pending event for lane {} of instruction {}); "
                  "instances must be deterministic",
                  choice.agent, choice.event.lane, choice.event.instruction));
}

// log10 of the interleavings of an execution's events that keep each agent's instructions in
// order: total! / Π agent! × Π (lanes of one instruction)!.
double naive_log10(const std::vector<Node>& stack) {
  std::map<uint32_t, uint64_t> per_agent;
  std::map<std::pair<uint32_t, uint32_t>, uint64_t> per_instruction;
  for (const Node& node : stack) {
    ++per_agent[node.choice().agent];
    ++per_instruction[{node.choice().agent, node.choice().event.instruction}];
  }
  // std::lgamma also sets the global signgam, which nothing here reads.
  // NOLINTNEXTLINE(concurrency-mt-unsafe)
  const auto lf = [](uint64_t n) { return std::lgamma(static_cast<double>(n) + 1); };
  double ln = lf(stack.size());
  for (const auto& [agent, n] : per_agent) ln -= lf(n);
  for (const auto& [key, n] : per_instruction) ln += lf(n);
  return ln / std::log(10.0);
}

}  // namespace

uint64_t split_branchings(uint64_t shard_count) {
  uint64_t bits = 0;
  while (bits < 63 && (uint64_t{1} << bits) < shard_count) ++bits;
  return bits + 3;
}

namespace {

// Which subtrees of a sharded search this run explores (ExhaustiveOptions::shard_*): the walk
// through the tree's top, shared by every shard, and whether the subtree it is in is this run's.
class SubtreeWalk {
 public:
  explicit SubtreeWalk(const ExhaustiveOptions& options)
      : index_(options.shard_index),
        count_(std::max<uint64_t>(1, options.shard_count)),
        cut_(split_branchings(count_)) {}

  // Called before each execution with the stack as backtracking left it: a change at a node
  // above the cut (or the very first execution) starts the next subtree.
  void start(const std::vector<Node>& stack, bool first) {
    branchings_ = static_cast<uint64_t>(
        std::count_if(stack.begin(), stack.end(), [](const Node& node) { return node.branches; }));
    if (!first && branchings_ > cut_) return;
    ++subtrees_;
    mine_ = (subtrees_ - 1) % count_ == index_;
  }
  // Called after each node is pushed: whether to stop here because the subtree just entered is
  // another shard's (its whole walk below the cut is skipped).
  bool skip_after(const Node& pushed) {
    if (pushed.branches) ++branchings_;
    return skip_now();
  }
  // Whether the path so far already reaches another shard's subtree (a change at the cut itself).
  bool skip_now() const { return !mine_ && branchings_ >= cut_; }
  bool mine() const { return mine_; }
  uint64_t subtrees() const { return subtrees_; }
  uint64_t current() const { return subtrees_ - 1; }

 private:
  uint64_t index_, count_, cut_;
  uint64_t subtrees_ = 0, branchings_ = 0;
  bool mine_ = true;
};

}  // namespace

ExhaustiveResult run_exhaustive(const InstanceFactory& factory, const ExhaustiveOptions& options) {
  ExhaustiveResult result;
  std::vector<Node> stack;
  SubtreeWalk walk(options);
  for (bool first = true;; first = false) {
    if (!first && options.stop && options.stop->load(std::memory_order_relaxed)) {
      result.complete = false;
      result.interrupted = true;
      result.message = fmt::format("exhaustive: interrupted after {} executions", result.executions + result.pruned);
      break;
    }
    if (!first && result.executions + result.pruned >= options.cap) {
      result.complete = false;
      result.message =
          fmt::format("exhaustive: more than {} interleavings; reduce lanes or use deterministic mode", options.cap);
      break;
    }
    walk.start(stack, first);
    const std::unique_ptr<Instance> instance = factory();
    const std::span<Agent* const> agents = instance->agents();
    std::vector<Recorder> recorder(1);

    for (const Node& node : stack) perform(agents, node.choice(), recorder[0]);

    bool pruned = false, skipped = walk.skip_now();
    while (!skipped) {
      Node node = node_here(agents, options.reduce);
      if (node.enabled.empty()) break;
      if (!stack.empty() && options.reduce) node.sleep = stack.back().child_sleep();
      node.branches = node.awake_choices_above_one();
      if (!node.choose_next()) {
        pruned = true;
        break;
      }
      perform(agents, node.choice(), recorder[0]);
      stack.push_back(std::move(node));
      skipped = walk.skip_after(stack.back());
    }

    if (walk.mine()) {
      result.longest = std::max<uint64_t>(result.longest, stack.size());
      if (pruned) {
        ++result.pruned;
      } else {
        ++result.executions;
        if (result.executions == 1) {
          result.naive_log10 = naive_log10(stack);
          result.first_complete_subtree = walk.current();
        }
        RunResult run = merge(recorder);
        result.counters += run.counters;
        run.schedule.reserve(stack.size());
        for (const Node& node : stack) {
          run.schedule.push_back({node.choice().agent, node.choice().event.instruction, node.choice().event.lane});
        }
        ++result.outcomes[instance->outcome(run)];
      }
      if (options.progress) options.progress(result.executions + result.pruned, options.cap);
    }

    // Backtrack to the deepest node with another event to explore.
    while (!stack.empty()) {
      Node& top = stack.back();
      top.done.push_back(top.choice());
      if (top.choose_next()) break;
      stack.pop_back();
    }
    if (stack.empty()) break;
  }
  result.subtrees = walk.subtrees();
  return result;
}

std::string describe(const ExhaustiveResult& result) {
  std::string text = fmt::format("{} executions ({} pruned), {} outcome{}:\n", result.executions, result.pruned,
                                 result.outcomes.size(), result.outcomes.size() == 1 ? "" : "s");
  for (const auto& [outcome, count] : result.outcomes) text += fmt::format("{:>10}  {}\n", count, outcome);
  if (!result.complete) text += result.message + "\n";
  return text;
}

}  // namespace gpuatom::exec
