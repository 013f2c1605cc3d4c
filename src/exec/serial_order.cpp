// check_serial_order: is there a serial order of the atomics at one address that explains every
// returned value and the final value? A depth-first search over (which atomics are used, current
// value), iterative so that a million atomics do not overflow the stack.
//
// Two reductions keep it fast without losing any answer:
//   - interchangeable atomics (same operation, operands and returned value, no thread order: no
//     thread, or a thread with no other atomic at this address) form one class, and a state counts
//     how many of each class are used — trying each member of a class separately would only
//     repeat the same states;
//   - a state that failed once is remembered (memoised) and not searched again.
// Candidates for the next atomic are looked up by the current value: an atomic that returns the
// old value must have returned exactly the current value.
#include <fmt/format.h>

#include <algorithm>
#include <map>
#include <tuple>
#include <unordered_map>
#include <unordered_set>
#include <vector>

#include "gpuatom/alu/apply.hpp"
#include "gpuatom/exec/checkers.hpp"
#include "gpuatom/support/random.hpp"

namespace gpuatom::exec {

std::string_view name(Verdict verdict) {
  switch (verdict) {
    case Verdict::explained: return "explained";
    case Verdict::unexplainable: return "unexplainable";
    case Verdict::undecided: return "undecided";
  }
  return "unknown";
}

namespace {

constexpr uint32_t no_class = ~uint32_t{0};

std::string describe_atomic(const std::vector<ObservedAtomic>& atomics, std::size_t index) {
  const ObservedAtomic& atomic = atomics[index];
  std::string text = fmt::format("#{} {}.{} 0x{:x}", index, alu::name(atomic.operation.op),
                                 alu::name(atomic.operation.type), atomic.operands.value);
  const alu::Op op = atomic.operation.op;
  if (op == alu::Op::compare_swap || op == alu::Op::compare_swap_float || op == alu::Op::compare_store_flag) {
    text += fmt::format(" if 0x{:x}", atomic.operands.compare);
  }
  text += atomic.returned ? fmt::format(" returned 0x{:x}", *atomic.returned) : std::string(" (no return)");
  if (atomic.thread) text += fmt::format(" [thread {}]", *atomic.thread);
  return text;
}

// The key that makes atomics interchangeable.
auto class_key(const ObservedAtomic& atomic) {
  const alu::Operation& o = atomic.operation;
  return std::make_tuple(
      static_cast<int>(o.op), static_cast<int>(o.type), o.floats.add.flush_inputs, o.floats.add.flush_result,
      static_cast<int>(o.floats.add.nan), static_cast<int>(o.floats.add.default_nan), o.floats.min_max.flush_inputs,
      static_cast<int>(o.floats.min_max.nan), static_cast<int>(o.floats.min_max.default_nan), atomic.operands.value,
      atomic.operands.compare, atomic.returned.has_value(), atomic.returned.value_or(0));
}

struct Class {
  std::vector<std::size_t> members;  // atomic indices, in list order
  uint32_t predecessor = no_class;   // thread order: this class may start only after it is used
  uint64_t hash_key = 0;
};

struct State {
  uint64_t value;
  std::vector<uint32_t> used;
};

class Search {
 public:
  Search(const AddressHistory& history, const SerialSearchBudget& budget) : history_(history), budget_(budget) {
    mask_ = alu::width_mask(history.atomics.front().operation.type);
    build_classes();
  }

  SerialOrderResult run();

 private:
  struct Frame {
    uint64_t value;
    const std::vector<uint32_t>* matches;  // classes that returned old == value
    std::size_t next = 0;                  // position in matches, then in wildcards_
    uint32_t taken = no_class;
    uint32_t forced = no_class;  // see forced_candidate()
  };
  Frame frame_for(uint64_t value) const {
    Frame frame{value, matches_for(value)};
    frame.forced = forced_candidate(frame);
    return frame;
  }

  void build_classes();
  const std::vector<uint32_t>* matches_for(uint64_t value) const {
    const auto found = by_returned_.find(value);
    return found == by_returned_.end() ? &nothing_ : &found->second;
  }
  bool eligible(uint32_t id) const {
    const Class& candidate = classes_[id];
    return used_[id] < candidate.members.size() &&
           (candidate.predecessor == no_class || used_[candidate.predecessor] != 0);
  }
  // An eligible atomic that returned the current value and leaves it unchanged. Such an atomic
  // can only ever stand where the value is the current one, and changes nothing there, so if any
  // order completes from here, one that takes it now does too (moving it forward keeps every
  // other atomic's value and every thread's order). Taking it without trying the alternatives
  // saves the search from permuting, say, a hundred failed compare-and-swaps.
  uint32_t forced_candidate(const Frame& frame) const;
  // The next class that can follow `frame.value`, advancing frame.next; no_class when none.
  uint32_t next_candidate(Frame& frame) const;
  uint64_t state_hash(uint64_t value) const { return hash_ ^ (value * 0x9e3779b97f4a7c15ULL); }
  void take(uint32_t id) {
    ++used_[id];
    hash_ += classes_[id].hash_key;
    while (first_live_wildcard_ < wildcards_.size() &&
           used_[wildcards_[first_live_wildcard_]] == classes_[wildcards_[first_live_wildcard_]].members.size())
      ++first_live_wildcard_;
  }
  void give_back(uint32_t id) {
    --used_[id];
    hash_ -= classes_[id].hash_key;
    if (wildcard_position_[id] != no_class) first_live_wildcard_ = std::min<std::size_t>(first_live_wildcard_, wildcard_position_[id]);
  }
  bool failed_before(uint64_t value);
  void remember_failure(uint64_t value);
  void note_failure(const std::vector<Frame>& frames, bool at_end);
  std::vector<std::size_t> order(const std::vector<Frame>& frames) const;
  std::string prefix_text(std::size_t shown) const;

  const AddressHistory& history_;
  const SerialSearchBudget& budget_;
  uint64_t mask_ = 0;
  std::vector<Class> classes_;
  std::vector<uint32_t> used_;  // per class
  uint64_t hash_ = 0;           // Σ used × key, updated incrementally
  std::unordered_map<uint64_t, std::vector<uint32_t>> by_returned_;
  std::vector<uint32_t> wildcards_;  // classes whose returned value is not simply the old value
  // The first wildcard whose class is not used up: those before it are, at the current state,
  // so a frame's scan of the wildcards starts here (a run of no-return adds with distinct
  // operands took the search one step per atomic, each scanning every wildcard before it:
  // quadratic). Kept by take() and give_back().
  std::vector<uint32_t> wildcard_position_;  // per class: its index in wildcards_, or no_class
  std::size_t first_live_wildcard_ = 0;
  std::vector<uint32_t> nothing_;
  std::unordered_map<uint64_t, std::vector<State>> failed_;
  uint64_t memo_bytes_ = 0;

  // The deepest failure, for the explanation.
  std::size_t best_depth_ = 0;
  bool best_at_end_ = false;
  bool have_best_ = false;
  uint64_t best_value_ = 0;
  std::vector<std::size_t> best_prefix_;     // atomic indices of its first few steps
  std::vector<std::size_t> best_remaining_;  // a few atomics still unused there
};

void Search::build_classes() {
  const auto& atomics = history_.atomics;
  std::map<decltype(class_key(atomics.front())), uint32_t> class_of_key;
  std::unordered_map<uint64_t, uint32_t> last_of_thread;
  // A thread order binds only a thread with two or more atomics here: a thread's only atomic at
  // this address is as free as one without a thread, and joins its class (else every lane of a
  // warp whose atomics go to different addresses was a class of its own, and 17 such atomics
  // with no returned value already took the search past its budget).
  std::unordered_map<uint64_t, uint32_t> atomics_of_thread;
  for (const ObservedAtomic& atomic : atomics)
    if (atomic.thread) ++atomics_of_thread[*atomic.thread];
  const auto ordered = [&](const ObservedAtomic& atomic) {
    return atomic.thread && atomics_of_thread[*atomic.thread] > 1;
  };
  support::SplitMix64 keys(0x5e71a1);
  for (std::size_t index = 0; index < atomics.size(); ++index) {
    const ObservedAtomic& atomic = atomics[index];
    uint32_t id = no_class;
    if (!ordered(atomic)) {
      const auto [slot, added] = class_of_key.try_emplace(class_key(atomic), static_cast<uint32_t>(classes_.size()));
      if (!added) id = slot->second;
    }
    if (id == no_class) {
      id = static_cast<uint32_t>(classes_.size());
      classes_.push_back({});
      classes_.back().hash_key = keys.next();
      const bool returns_old = alu::returns(atomic.operation.op) == alu::Returns::old_value;
      if (returns_old && atomic.returned)
        by_returned_[*atomic.returned & mask_].push_back(id);
      else
        wildcards_.push_back(id);
      wildcard_position_.push_back(returns_old && atomic.returned ? no_class : static_cast<uint32_t>(wildcards_.size() - 1));
      if (ordered(atomic)) {
        const auto [last, first_of_thread] = last_of_thread.try_emplace(*atomic.thread, id);
        if (!first_of_thread) {
          classes_.back().predecessor = last->second;
          last->second = id;
        }
      }
    }
    classes_[id].members.push_back(index);
  }
  used_.assign(classes_.size(), 0);
}

uint32_t Search::forced_candidate(const Frame& frame) const {
  for (const uint32_t id : *frame.matches) {
    if (!eligible(id)) continue;
    const ObservedAtomic& atomic = history_.atomics[classes_[id].members[used_[id]]];
    if ((alu::apply(atomic.operation, frame.value, atomic.operands).memory & mask_) == frame.value) return id;
  }
  return no_class;
}

uint32_t Search::next_candidate(Frame& frame) const {
  if (frame.forced != no_class) {
    const std::size_t position = frame.next++;
    return position == 0 ? frame.forced : no_class;
  }
  const auto& atomics = history_.atomics;
  // The wildcards before the first live one are used up at this frame's state.
  if (frame.next >= frame.matches->size()) frame.next = std::max(frame.next, frame.matches->size() + first_live_wildcard_);
  while (frame.next < frame.matches->size() + wildcards_.size()) {
    const std::size_t position = frame.next++;
    const uint32_t id =
        position < frame.matches->size() ? (*frame.matches)[position] : wildcards_[position - frame.matches->size()];
    if (!eligible(id)) continue;
    const ObservedAtomic& atomic = atomics[classes_[id].members[used_[id]]];
    if (position >= frame.matches->size() && atomic.returned &&
        alu::apply(atomic.operation, frame.value, atomic.operands).returned != (*atomic.returned & mask_)) {
      continue;
    }
    return id;
  }
  return no_class;
}

bool Search::failed_before(uint64_t value) {
  const auto found = failed_.find(state_hash(value));
  if (found == failed_.end()) return false;
  return std::any_of(found->second.begin(), found->second.end(),
                     [&](const State& state) { return state.value == value && state.used == used_; });
}

void Search::remember_failure(uint64_t value) {
  const uint64_t cost = used_.size() * sizeof(uint32_t) + sizeof(State) + 32;
  if (memo_bytes_ + cost > budget_.memo_bytes) return;  // forgetting only costs time
  memo_bytes_ += cost;
  failed_[state_hash(value)].push_back({value, used_});
}

void Search::note_failure(const std::vector<Frame>& frames, bool at_end) {
  const std::size_t depth = frames.size() - 1;
  if (have_best_ && depth <= best_depth_) return;
  have_best_ = true;
  best_depth_ = depth;
  best_at_end_ = at_end;
  best_value_ = frames.back().value;
  best_prefix_.clear();
  std::vector<uint32_t> uses(classes_.size(), 0);
  for (std::size_t step = 0; step < depth && best_prefix_.size() < 4; ++step) {
    const uint32_t id = frames[step].taken;
    best_prefix_.push_back(classes_[id].members[uses[id]++]);
  }
  best_remaining_.clear();
  for (uint32_t id = 0; id < classes_.size() && best_remaining_.size() < 4; ++id) {
    if (used_[id] < classes_[id].members.size()) best_remaining_.push_back(classes_[id].members[used_[id]]);
  }
}

std::vector<std::size_t> Search::order(const std::vector<Frame>& frames) const {
  std::vector<std::size_t> indices;
  std::vector<uint32_t> uses(classes_.size(), 0);
  for (std::size_t step = 0; step + 1 < frames.size(); ++step) {
    const uint32_t id = frames[step].taken;
    indices.push_back(classes_[id].members[uses[id]++]);
  }
  return indices;
}

std::string Search::prefix_text(std::size_t shown) const {
  std::string text;
  for (std::size_t i = 0; i < best_prefix_.size() && i < shown; ++i) {
    text += (i == 0 ? "" : ", ") + describe_atomic(history_.atomics, best_prefix_[i]);
  }
  if (best_depth_ > best_prefix_.size()) text += ", …";
  return text;
}

SerialOrderResult Search::run() {
  const auto& atomics = history_.atomics;
  const std::size_t count = atomics.size();
  const uint64_t final_value = history_.final_value & mask_;
  SerialOrderResult result;

  std::vector<Frame> frames;
  frames.reserve(count + 1);
  const uint64_t initial = history_.initial & mask_;
  frames.push_back(frame_for(initial));
  const auto undo_parent = [&] {
    Frame& parent = frames.back();
    give_back(parent.taken);
    parent.taken = no_class;
  };

  while (!frames.empty()) {
    Frame& frame = frames.back();
    const std::size_t depth = frames.size() - 1;
    if (depth == count) {
      if (frame.value == final_value) {
        result.verdict = Verdict::explained;
        result.order = order(frames);
        break;
      }
      note_failure(frames, true);
      frames.pop_back();
      undo_parent();
      continue;
    }
    const uint32_t id = next_candidate(frame);
    if (id == no_class) {
      note_failure(frames, false);
      remember_failure(frame.value);
      frames.pop_back();
      if (!frames.empty()) undo_parent();
      continue;
    }
    if (++result.states > count + budget_.states) {
      result.verdict = Verdict::undecided;
      result.explanation = fmt::format(
          "gave up after {} search states over the {} atomics at 0x{:016x} (neither an order nor a proof that none "
          "exists was found)",
          result.states - 1, count, history_.address);
      return result;
    }
    const ObservedAtomic& atomic = atomics[classes_[id].members[used_[id]]];
    const uint64_t next_value = alu::apply(atomic.operation, frame.value, atomic.operands).memory & mask_;
    frame.taken = id;
    take(id);
    if (failed_before(next_value)) {
      undo_parent();
      continue;
    }
    frames.push_back(frame_for(next_value));
  }

  if (result.verdict == Verdict::explained) {
    // Replay the order found: the verdict rests on this check, not on the search's bookkeeping.
    uint64_t value = initial;
    for (const std::size_t index : result.order) {
      const alu::Result step = alu::apply(atomics[index].operation, value, atomics[index].operands);
      if (atomics[index].returned && step.returned != (*atomics[index].returned & mask_)) {
        result.verdict = Verdict::undecided;
        result.explanation = "internal error: the order found does not replay";
        return result;
      }
      value = step.memory & mask_;
    }
    if (value != final_value) {
      result.verdict = Verdict::undecided;
      result.explanation = "internal error: the order found does not reach the final value";
      return result;
    }
    result.explanation =
        fmt::format("the {} atomics at 0x{:016x} are explained by a serial order", count, history_.address);
    return result;
  }

  result.verdict = Verdict::unexplainable;
  std::string why;
  if (best_at_end_) {
    why = fmt::format("every order that explains all returned values ends at 0x{:x}, but the final value is 0x{:x}",
                      best_value_, final_value);
  } else {
    std::string remaining;
    for (std::size_t i = 0; i < best_remaining_.size(); ++i) {
      remaining += (i == 0 ? "" : "; ") + describe_atomic(atomics, best_remaining_[i]);
    }
    why = best_depth_ == 0
              ? fmt::format("no atomic can come first from the initial value 0x{:x} (e.g. {})", best_value_, remaining)
              : fmt::format(
                    "the longest explainable prefix has {} of the {} atomics ({}) and leaves 0x{:x}; none of "
                    "the rest fits after it (e.g. {})",
                    best_depth_, count, prefix_text(4), best_value_, remaining);
  }
  result.explanation =
      fmt::format("no serial order explains the {} atomics at 0x{:016x}: {}", count, history_.address, why);
  return result;
}

}  // namespace

SerialOrderResult check_serial_order(const AddressHistory& history, const SerialSearchBudget& budget) {
  SerialOrderResult result;
  const auto& atomics = history.atomics;
  if (atomics.empty()) {
    const bool same = history.initial == history.final_value;
    result.verdict = same ? Verdict::explained : Verdict::unexplainable;
    result.explanation = same ? "no atomics, and the final value is the initial value"
                              : fmt::format(
                                    "no atomics at 0x{:016x}, but the final value 0x{:x} differs from the "
                                    "initial value 0x{:x}",
                                    history.address, history.final_value, history.initial);
    return result;
  }
  const int width = alu::width_bits(atomics.front().operation.type);
  for (std::size_t index = 0; index < atomics.size(); ++index) {
    const alu::Operation& operation = atomics[index].operation;
    std::string refusal;
    if (alu::width_bits(operation.type) != width) {
      refusal = fmt::format("atomic {} is {}-bit and atomic 0 is {}-bit; mixed widths are not checked", index,
                            alu::width_bits(operation.type), width);
    } else if (operation.type == alu::Type::u128) {
      refusal = "128-bit atomics are not checked";
    } else if (const auto why = alu::unsupported(operation.op, operation.type)) {
      refusal = fmt::format("atomic {}: {}", index, *why);
    }
    if (!refusal.empty()) {
      result.verdict = Verdict::undecided;
      result.explanation = refusal;
      return result;
    }
  }
  return Search(history, budget).run();
}

CheckResult check_serial_orders(std::span<const AddressHistory> histories, const SerialSearchBudget& budget) {
  std::size_t atomics = 0;
  std::optional<CheckResult> undecided;  // the first address the search gave up on
  for (const AddressHistory& history : histories) {
    const SerialOrderResult result = check_serial_order(history, budget);
    if (result.verdict == Verdict::unexplainable)  // a failure stays a failure, whatever else is undecided
      return {false, fmt::format("address 0x{:016x} is {}: {}", history.address, name(result.verdict), result.explanation)};
    if (result.verdict == Verdict::undecided && !undecided)
      undecided = CheckResult{false,
                              fmt::format("address 0x{:016x} is {}: {} (the budget: {} search states beyond one per "
                                          "atomic; `search_budget = N` in the [[expect]] raises it)",
                                          history.address, name(result.verdict), result.explanation, budget.states),
                              true};
    atomics += history.atomics.size();
  }
  if (undecided) return *undecided;
  return {true,
          fmt::format("a serial order explains each of the {} addresses ({} atomics)", histories.size(), atomics)};
}

}  // namespace gpuatom::exec
