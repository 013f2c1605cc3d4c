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
#include "gpuatom/exec/serial_order.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <tuple>
#include <unordered_map>
#include <vector>

#include "gpuatom/alu/apply.hpp"
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

std::string describe_atomic(std::span<const LoggedAtomic> atomics, std::size_t index) {
  const LoggedAtomic& atomic = atomics[index];
  std::string text = fmt::format("#{} {}.{} 0x{:x}", index, alu::name(atomic.operation.op),
                                 alu::name(atomic.operation.type), atomic.operands.value);
  const alu::Op op = atomic.operation.op;
  if (op == alu::Op::compare_swap || op == alu::Op::compare_swap_float || op == alu::Op::compare_store_flag) {
    text += fmt::format(" if 0x{:x}", atomic.operands.compare);
  }
  if (op == alu::Op::mask_or) text += fmt::format(" mask 0x{:x}", atomic.operands.compare);
  text += atomic.has_returned ? fmt::format(" returned 0x{:x}", atomic.returned) : std::string(" (no return)");
  if (atomic.has_thread) text += fmt::format(" [thread {}]", atomic.thread);
  return text;
}

// The key that makes atomics interchangeable.
auto class_key(const LoggedAtomic& atomic) {
  const alu::Operation& o = atomic.operation;
  return std::make_tuple(
      static_cast<int>(o.op), static_cast<int>(o.type), o.floats.add.flush_inputs, o.floats.add.flush_result,
      static_cast<int>(o.floats.add.nan), static_cast<int>(o.floats.add.default_nan), o.floats.min_max.flush_inputs,
      static_cast<int>(o.floats.min_max.nan), static_cast<int>(o.floats.min_max.default_nan),
      o.floats.min_max.flush_compares_only, o.floats.compare.flush_inputs, o.floats.compare.flush_result,
      atomic.operands.value, atomic.operands.compare, atomic.has_returned, atomic.has_returned ? atomic.returned : 0);
}

struct State {
  uint64_t value;
  std::vector<uint32_t> used;
};

// The search's own data is flat arrays of 32-bit indices, about 60 bytes per atomic at most
// (every atomic a class of its own): a million atomics at one address are checked beside their
// log in a few hundred megabytes, where maps and a vector per class took 350 bytes each.
class Search {
 public:
  Search(uint64_t address, uint64_t initial, uint64_t final_value, std::span<const LoggedAtomic> atomics,
         const SerialSearchBudget& budget)
      : address_(address), initial_(initial), final_value_(final_value), atomics_(atomics), budget_(budget) {
    mask_ = alu::width_mask(atomics.front().operation.type);
    build_classes();
  }

  SerialOrderResult run();

 private:
  static constexpr uint32_t wildcard_phase = uint32_t{1} << 31;
  struct Frame {
    uint64_t value;
    uint32_t matches;   // the first of the classes that returned old == value (returned_values_)
    uint32_t next = 0;  // candidates tried: among the matches, then (wildcard_phase) wildcards_
    uint32_t taken = no_class;
    uint32_t forced = no_class;  // see forced_candidate()
  };
  Frame frame_for(uint64_t value) const {
    const auto at = std::lower_bound(returned_values_.begin(), returned_values_.end(), value);
    Frame frame{value, static_cast<uint32_t>(at - returned_values_.begin())};
    frame.forced = forced_candidate(frame);
    return frame;
  }
  // Whether returned_values_[position] is one of the frame's matches.
  bool matches_at(const Frame& frame, std::size_t position) const {
    return position < returned_values_.size() && returned_values_[position] == frame.value;
  }

  void build_classes();
  // Every atomic a class of its own (class_first_ and members_ empty): class id is atomic id.
  bool singletons() const { return class_first_.empty(); }
  uint32_t members(uint32_t id) const { return singletons() ? 1 : class_first_[id + 1] - class_first_[id]; }
  uint32_t member(uint32_t id, uint32_t k) const { return singletons() ? id : members_[class_first_[id] + k]; }
  // The class's next unused atomic.
  const LoggedAtomic& next_of(uint32_t id) const { return atomics_[member(id, used_[id])]; }
  // Whether class id's atomics are looked up by their returned value (else: a wildcard).
  bool by_value(const LoggedAtomic& atomic) const {
    return alu::returns(atomic.operation.op) == alu::Returns::old_value && atomic.has_returned;
  }
  bool is_wildcard(uint32_t id) const { return !by_value(atomics_[member(id, 0)]); }
  bool eligible(uint32_t id) const {
    return used_[id] < members(id) &&
           (predecessor_.empty() || predecessor_[id] == no_class || used_[predecessor_[id]] != 0);
  }
  // An eligible atomic that returned the current value and leaves it unchanged. Such an atomic
  // can only ever stand where the value is the current one, and changes nothing there, so if any
  // order completes from here, one that takes it now does too (moving it forward keeps every
  // other atomic's value and every thread's order). Taking it without trying the alternatives
  // saves the search from permuting, say, a hundred failed compare-and-swaps.
  uint32_t forced_candidate(const Frame& frame) const;
  // The next class that can follow `frame.value`, advancing frame.next; no_class when none.
  uint32_t next_candidate(Frame& frame) const;
  // A class's share of the state hash: the id-th output of one SplitMix64 stream.
  static uint64_t hash_key(uint32_t id) {
    return support::SplitMix64(0x5e71a1 + uint64_t{id} * 0x9e3779b97f4a7c15ULL).next();
  }
  uint64_t state_hash(uint64_t value) const { return hash_ ^ (value * 0x9e3779b97f4a7c15ULL); }
  void take(uint32_t id) {
    ++used_[id];
    hash_ += hash_key(id);
    while (first_live_wildcard_ < wildcards_.size() &&
           used_[wildcards_[first_live_wildcard_]] == members(wildcards_[first_live_wildcard_]))
      ++first_live_wildcard_;
  }
  void give_back(uint32_t id) {
    --used_[id];
    hash_ -= hash_key(id);
    if (is_wildcard(id)) {
      const auto position = std::lower_bound(wildcards_.begin(), wildcards_.end(), id) - wildcards_.begin();
      first_live_wildcard_ = std::min(first_live_wildcard_, static_cast<uint32_t>(position));
    }
  }
  bool failed_before(uint64_t value);
  void remember_failure(uint64_t value);
  void note_failure(const std::vector<Frame>& frames, bool at_end);
  std::vector<std::size_t> order(const std::vector<Frame>& frames) const;
  std::string prefix_text(std::size_t shown) const;

  uint64_t address_, initial_, final_value_;
  std::span<const LoggedAtomic> atomics_;
  const SerialSearchBudget& budget_;
  uint64_t mask_ = 0;
  // Class id's atomics are members_[class_first_[id] … class_first_[id + 1]), in list order
  // (both empty: singletons()).
  std::vector<uint32_t> class_first_;
  std::vector<uint32_t> members_;
  // Per class, thread order: it may start only after this one is used (empty: no thread order).
  std::vector<uint32_t> predecessor_;
  std::vector<uint32_t> used_;  // per class
  uint64_t hash_ = 0;           // Σ used × key, updated incrementally
  // The classes whose atomic returns the old value, by that value: sorted by (value, class).
  std::vector<uint64_t> returned_values_;
  std::vector<uint32_t> returned_classes_;
  std::vector<uint32_t> wildcards_;  // classes whose returned value is not simply the old value, ascending
  // The first wildcard whose class is not used up: those before it are, at the current state,
  // so a frame's scan of the wildcards starts here (a run of no-return adds with distinct
  // operands took the search one step per atomic, each scanning every wildcard before it:
  // quadratic). Kept by take() and give_back().
  uint32_t first_live_wildcard_ = 0;
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
  const auto count = static_cast<uint32_t>(atomics_.size());
  // A thread order binds only a thread with two or more atomics here: a thread's only atomic at
  // this address is as free as one without a thread, and joins its class (else every lane of a
  // warp whose atomics go to different addresses was a class of its own, and 17 such atomics
  // with no returned value already took the search past its budget).
  std::vector<uint32_t> by_thread;  // the atomics with a thread, by thread, each thread's in list order
  for (uint32_t i = 0; i < count; ++i)
    if (atomics_[i].has_thread) by_thread.push_back(i);
  std::stable_sort(by_thread.begin(), by_thread.end(),
                   [&](uint32_t a, uint32_t b) { return atomics_[a].thread < atomics_[b].thread; });
  std::vector<bool> ordered(count, false);
  for (std::size_t k = 1; k < by_thread.size(); ++k)
    if (atomics_[by_thread[k]].thread == atomics_[by_thread[k - 1]].thread)
      ordered[by_thread[k]] = ordered[by_thread[k - 1]] = true;

  // Each atomic's class, first as the class's first atomic (an ordered atomic is its own), then
  // as the class id: classes numbered in the order their first atomics come.
  std::vector<uint32_t> class_of(count);
  {
    std::vector<uint32_t> by_key;
    for (uint32_t i = 0; i < count; ++i) {
      class_of[i] = i;
      if (!ordered[i]) by_key.push_back(i);
    }
    std::stable_sort(by_key.begin(), by_key.end(),
                     [&](uint32_t a, uint32_t b) { return class_key(atomics_[a]) < class_key(atomics_[b]); });
    for (std::size_t k = 1; k < by_key.size(); ++k)
      if (class_key(atomics_[by_key[k]]) == class_key(atomics_[by_key[k - 1]]))
        class_of[by_key[k]] = class_of[by_key[k - 1]];
  }
  uint32_t classes = 0;
  for (uint32_t i = 0; i < count; ++i) class_of[i] = class_of[i] == i ? classes++ : class_of[class_of[i]];

  // Members by class, in list order (a counting sort; class_first_ holds each class's end while
  // it fills, then moves up one). Singletons need neither array: class id is atomic id.
  if (classes < count) {
    class_first_.assign(classes + 1, 0);
    for (uint32_t i = 0; i < count; ++i) ++class_first_[class_of[i] + 1];
    for (uint32_t id = 0; id < classes; ++id) class_first_[id + 1] += class_first_[id];
    members_.resize(count);
    for (uint32_t i = 0; i < count; ++i) members_[class_first_[class_of[i]]++] = i;
    for (uint32_t id = classes; id > 0; --id) class_first_[id] = class_first_[id - 1];
    class_first_[0] = 0;
  }

  for (std::size_t k = 1; k < by_thread.size(); ++k)
    if (ordered[by_thread[k]] && atomics_[by_thread[k]].thread == atomics_[by_thread[k - 1]].thread) {
      if (predecessor_.empty()) predecessor_.assign(classes, no_class);
      predecessor_[class_of[by_thread[k]]] = class_of[by_thread[k - 1]];
    }
  std::vector<uint32_t>().swap(by_thread);
  std::vector<uint32_t>().swap(class_of);

  // Candidates by returned value; the others are wildcards, tried at every step.
  std::vector<std::pair<uint64_t, uint32_t>> by_returned;
  for (uint32_t id = 0; id < classes; ++id) {
    const LoggedAtomic& atomic = atomics_[member(id, 0)];
    if (by_value(atomic))
      by_returned.emplace_back(atomic.returned & mask_, id);
    else
      wildcards_.push_back(id);
  }
  std::sort(by_returned.begin(), by_returned.end());
  returned_values_.reserve(by_returned.size());
  returned_classes_.reserve(by_returned.size());
  for (const auto& [value, id] : by_returned) {
    returned_values_.push_back(value);
    returned_classes_.push_back(id);
  }
  used_.assign(classes, 0);
}

uint32_t Search::forced_candidate(const Frame& frame) const {
  for (std::size_t position = frame.matches; matches_at(frame, position); ++position) {
    const uint32_t id = returned_classes_[position];
    if (!eligible(id)) continue;
    const LoggedAtomic& atomic = next_of(id);
    if ((alu::apply(atomic.operation, frame.value, atomic.operands).memory & mask_) == frame.value) return id;
  }
  return no_class;
}

uint32_t Search::next_candidate(Frame& frame) const {
  if (frame.forced != no_class) return frame.next++ == 0 ? frame.forced : no_class;
  if ((frame.next & wildcard_phase) == 0) {
    while (matches_at(frame, frame.matches + frame.next)) {
      const uint32_t id = returned_classes_[frame.matches + frame.next++];
      if (eligible(id)) return id;
    }
    frame.next = wildcard_phase;
  }
  // The wildcards before the first live one are used up at this frame's state.
  uint32_t position = std::max(frame.next & ~wildcard_phase, first_live_wildcard_);
  uint32_t found = no_class;
  while (position < wildcards_.size()) {
    const uint32_t id = wildcards_[position++];
    if (!eligible(id)) continue;
    const LoggedAtomic& atomic = next_of(id);
    if (atomic.has_returned &&
        alu::apply(atomic.operation, frame.value, atomic.operands).returned != (atomic.returned & mask_))
      continue;
    found = id;
    break;
  }
  frame.next = wildcard_phase | position;
  return found;
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
  std::vector<uint32_t> uses(used_.size(), 0);
  for (std::size_t step = 0; step < depth && best_prefix_.size() < 4; ++step) {
    const uint32_t id = frames[step].taken;
    best_prefix_.push_back(member(id, uses[id]++));
  }
  best_remaining_.clear();
  for (uint32_t id = 0; id < used_.size() && best_remaining_.size() < 4; ++id) {
    if (used_[id] < members(id)) best_remaining_.push_back(member(id, used_[id]));
  }
}

std::vector<std::size_t> Search::order(const std::vector<Frame>& frames) const {
  std::vector<std::size_t> indices;
  std::vector<uint32_t> uses(used_.size(), 0);
  for (std::size_t step = 0; step + 1 < frames.size(); ++step) {
    const uint32_t id = frames[step].taken;
    indices.push_back(member(id, uses[id]++));
  }
  return indices;
}

std::string Search::prefix_text(std::size_t shown) const {
  std::string text;
  for (std::size_t i = 0; i < best_prefix_.size() && i < shown; ++i) {
    text += (i == 0 ? "" : ", ") + describe_atomic(atomics_, best_prefix_[i]);
  }
  if (best_depth_ > best_prefix_.size()) text += ", …";
  return text;
}

SerialOrderResult Search::run() {
  const auto& atomics = atomics_;
  const std::size_t count = atomics.size();
  const uint64_t final_value = final_value_ & mask_;
  SerialOrderResult result;

  std::vector<Frame> frames;
  frames.reserve(count + 1);
  const uint64_t initial = initial_ & mask_;
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
          result.states - 1, count, address_);
      return result;
    }
    const LoggedAtomic& atomic = next_of(id);
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
      if (atomics[index].has_returned && step.returned != (atomics[index].returned & mask_)) {
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
    result.explanation = fmt::format("the {} atomics at 0x{:016x} are explained by a serial order", count, address_);
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
  result.explanation = fmt::format("no serial order explains the {} atomics at 0x{:016x}: {}", count, address_, why);
  return result;
}

}  // namespace

SerialOrderResult check_serial_order(uint64_t address, uint64_t initial, uint64_t final_value,
                                     std::span<const LoggedAtomic> atomics, const SerialSearchBudget& budget) {
  SerialOrderResult result;
  if (atomics.empty()) {
    const bool same = initial == final_value;
    result.verdict = same ? Verdict::explained : Verdict::unexplainable;
    result.explanation = same ? "no atomics, and the final value is the initial value"
                              : fmt::format(
                                    "no atomics at 0x{:016x}, but the final value 0x{:x} differs from the "
                                    "initial value 0x{:x}",
                                    address, final_value, initial);
    return result;
  }
  if (atomics.size() >= (std::size_t{1} << 31)) {  // the search counts in 32 bits
    result.explanation =
        fmt::format("{} atomics at 0x{:016x} are more than the search takes (2^31 − 1)", atomics.size(), address);
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
  return Search(address, initial, final_value, atomics, budget).run();
}

SerialOrderResult check_serial_order(const AddressHistory& history, const SerialSearchBudget& budget) {
  std::vector<LoggedAtomic> atomics;
  atomics.reserve(history.atomics.size());
  for (const ObservedAtomic& atomic : history.atomics) atomics.push_back(LoggedAtomic::of(history.address, atomic));
  return check_serial_order(history.address, history.initial, history.final_value, atomics, budget);
}

bool SerialOrderTally::add(uint64_t address, std::size_t atomics, const SerialOrderResult& result) {
  ++addresses_;
  atomics_ += atomics;
  if (result.verdict == Verdict::unexplainable) {  // a failure stays a failure, whatever else is undecided
    failed_ = CheckResult{
        false, fmt::format("address 0x{:016x} is {}: {}", address, name(result.verdict), result.explanation)};
    return false;
  }
  if (result.verdict == Verdict::undecided && !undecided_)  // the first address the search gave up on
    undecided_ = CheckResult{false,
                             fmt::format("address 0x{:016x} is {}: {} (the budget: {} search states beyond one per "
                                         "atomic; `search_budget = N` in the [[expect]] raises it)",
                                         address, name(result.verdict), result.explanation, budget_.states),
                             true};
  return true;
}

CheckResult SerialOrderTally::result() const {
  if (failed_) return *failed_;
  if (undecided_) return *undecided_;
  return {true, fmt::format("a serial order explains each of the {} addresses ({} atomics)", addresses_, atomics_)};
}

CheckResult check_serial_orders(std::span<const AddressHistory> histories, const SerialSearchBudget& budget) {
  SerialOrderTally tally(budget);
  for (const AddressHistory& history : histories)
    if (!tally.add(history.address, history.atomics.size(), check_serial_order(history, budget))) break;
  return tally.result();
}

}  // namespace gpuatom::exec
