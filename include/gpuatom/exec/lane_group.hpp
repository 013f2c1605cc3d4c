// The lane-group executor: one group of lanes (a warp, a vISA hardware thread, a wavefront)
// running a straight-line program of atomics. The machinery is written here once; a vendor
// supplies only its lane state: how an instruction reads a lane (address, operands) and how it
// writes the lane's result, as Spike keeps an instruction's semantics in a few lines and the
// machinery elsewhere.
//
// Per instruction, the participating lanes read every source before any lane writes (each
// vendor's operand read order: spec/nvidia.md §1, intel.md §6.1, amd.md §7), then perform their
// accesses: ascending lane in the parallel and deterministic modes, every order in exhaustive
// mode (agent.hpp). A lane whose access faults changes nothing; the vendor may turn the fault
// into a status (SASS's Ps for a sparse page), else it is recorded and, when the vendor says so,
// the group stops after the instruction. Every access goes through one of four roads (Path), all
// of them here.
#pragma once

#include <bit>
#include <concepts>
#include <cstdint>
#include <optional>
#include <span>
#include <utility>
#include <vector>

#include "gpuatom/alu/apply.hpp"
#include "gpuatom/alu/operation.hpp"
#include "gpuatom/exec/agent.hpp"
#include "gpuatom/exec/atomic.hpp"
#include "gpuatom/exec/atomic_log.hpp"
#include "gpuatom/exec/launch.hpp"
#include "gpuatom/memory/atomic_access.hpp"
#include "gpuatom/memory/device_memory.hpp"
#include "gpuatom/support/bits128.hpp"

namespace gpuatom::exec {

// How a lane's access reaches memory. A vendor picks one per lane; the executor runs it.
enum class Path : uint8_t {
  atomic,      // one indivisible read-modify-write (apply_atomic)
  atomic128,   // 128-bit exchange or compare-and-swap (the operation's op says which)
  cas_loop,    // emulated: load, compute, compare-and-swap, again until one lands (AMD's CAS)
  load_store,  // a load, then a separate store: updates between the two are lost (AMD's scope
               // downgrade seen from the host agent)
};

// One lane's work on the current instruction: what it read when the instruction started.
struct LaneWork {
  uint32_t lane = 0;  // in the group
  Path path = Path::atomic;
  memory::Space space = memory::Space::global;
  bool returns = true;  // the lane receives the old value (for the serial-order log)
  uint8_t phase = 0;    // the executor's: step of a cas_loop or load_store
  // The lane's own operation where the lanes of one instruction differ (a test's script);
  // nullptr: the instruction's.
  const alu::Operation* operation = nullptr;
  uint64_t address = 0;
  alu::Operands operands;
  support::Bits128 value128, compare128;  // Path::atomic128: the value stored, the value compared
  std::optional<memory::Fault> fault;     // found while reading (surface coordinates): no access
  uint64_t seen = 0;                      // the executor's: the value a cas_loop or load_store loaded

  // Ready for lane `in_group`'s read, with the defaults above (address and operands are the
  // vendor's to set).
  void reset(uint32_t in_group) {
    lane = in_group;
    path = Path::atomic;
    space = memory::Space::global;
    returns = true;
    phase = 0;
    operation = nullptr;
    fault.reset();
  }
};

// The bits a lane gets back: the old value (hi: the upper half of a 128-bit one).
struct LaneResult {
  uint64_t lo = 0, hi = 0;
};

// Settings every group of a launch shares.
struct GroupSettings {
  uint32_t group_size = 32;
  bool stop_after_fault = false;  // the group stops after an instruction in which a lane faulted
  bool log = false;               // keep every atomic performed, for the serial-order check
};

// What a vendor supplies: one object per group, begun again for each group it runs.
template <class L>
concept GroupLanes = requires(L& l, const L& cl, uint32_t i, uint32_t lane, LaneWork& w, const LaneWork& cw,
                              LaneResult r, const memory::Fault& f, uint64_t group) {
  // Fresh state for group `group` (its lanes' initial values); false when one cannot be set.
  { l.begin(group) } -> std::same_as<bool>;
  { cl.instructions() } -> std::convertible_to<uint32_t>;
  { cl.operation(i) } -> std::convertible_to<const alu::Operation&>;
  // Instruction i starts: the lanes that perform it (active, guard true, ...).
  { l.start(i) } -> std::same_as<LaneMask>;
  // True when no lane's write can change what another lane of instruction i reads: the executor
  // may then let each lane read, access and write before the next lane reads.
  { cl.independent(i) } -> std::same_as<bool>;
  // The lane's sources into w; false: the lane finishes without an access (finish() writes its
  // result once every lane has read).
  { l.read(i, lane, w) } -> std::same_as<bool>;
  { l.finish(i, cw) };
  // The access completed with result r.
  { l.write(i, cw, r) };
  // The access faulted with f: the fault to record, or nothing when the vendor takes it as a
  // status (and writes what the lane gets).
  { l.fault(i, cw, f) } -> std::same_as<std::optional<memory::Fault>>;
};

template <GroupLanes Lanes>
class LaneGroup final : public Agent {
 public:
  template <class... Args>
  LaneGroup(memory::DeviceMemory& memory, const GroupSettings& settings, Args&&... args)
      : lanes(std::forward<Args>(args)...), memory_(memory), settings_(settings) {}

  Lanes lanes;                     // the vendor's state of the group
  std::vector<LoggedAtomic> log;  // with GroupSettings::log: each atomic performed, in order

  // Makes this the fresh group `group`, reusing its storage. False when a lane's initial state
  // cannot be set.
  bool begin(uint64_t group) {
    first_lane_ = group * settings_.group_size;
    next_ = 0;
    stopped_ = false;
    work_.clear();
    events_.clear();
    event_work_.clear();
    log.clear();
    return lanes.begin(group);
  }

  std::span<const Event> pending() override {
    while (events_.empty() && !stopped_ && next_ < lanes.instructions()) {
      start(next_++);
      read_all();
      rebuild();
    }
    if (events_.empty() && !work_.empty()) {
      // Finished: give the buffers back (a million-lane launch has tens of thousands of groups).
      std::vector<LaneWork>().swap(work_);
      std::vector<Event>().swap(events_);
      std::vector<std::size_t>().swap(event_work_);
    }
    return events_;
  }

  void perform(std::size_t index, Recorder& recorder) override {
    LaneWork& w = work_[event_work_[index]];
    if (step(w, recorder)) done_[event_work_[index]] = 1;
    rebuild();
  }

  // The parallel mode's loop: each instruction's lanes ascending, each to the end of its access,
  // the same as performing pending()[0] until nothing is pending, without the events.
  void run(Recorder& recorder) override {
    const uint32_t count = lanes.instructions();
    while (!stopped_ && next_ < count) {
      const LaneMask mask = start(next_++);
      if (lanes.independent(current_)) {
        LaneWork w;
        for (uint64_t bits = mask.bits; bits != 0; bits &= bits - 1) {
          w.reset(static_cast<uint32_t>(std::countr_zero(bits)));
          if (!lanes.read(current_, w.lane, w)) {
            lanes.finish(current_, w);
            continue;
          }
          while (!step(w, recorder)) {
          }
        }
        continue;
      }
      read_all(mask);
      for (LaneWork& w : work_)
        while (!step(w, recorder)) {
        }
    }
    work_.clear();
    events_.clear();
    event_work_.clear();
  }

  bool future_accesses(std::vector<Access>& out) override {
    if constexpr (requires { lanes.future_accesses(next_, out); }) return lanes.future_accesses(next_, out);
    else return false;
  }

 private:
  LaneMask start(uint32_t instruction) {
    current_ = instruction;
    operation_ = &lanes.operation(instruction);
    bytes_ = static_cast<unsigned>(alu::width_bits(operation_->type) / 8);
    mask_ = lanes.start(instruction);
    return mask_;
  }

  // Every participating lane reads its sources; then the lanes without an access write theirs.
  void read_all(LaneMask mask) {
    work_.clear();
    for (uint64_t bits = mask.bits; bits != 0; bits &= bits - 1) {
      LaneWork& w = work_.emplace_back();
      w.reset(static_cast<uint32_t>(std::countr_zero(bits)));
      if (!lanes.read(current_, w.lane, w)) {
        finished_.push_back(w);
        work_.pop_back();
      }
    }
    for (const LaneWork& w : finished_) lanes.finish(current_, w);
    finished_.clear();
    done_.assign(work_.size(), 0);
  }
  void read_all() { read_all(mask_); }

  void rebuild() {
    events_.clear();
    event_work_.clear();
    for (std::size_t k = 0; k < work_.size(); ++k) {
      if (done_[k]) continue;
      const LaneWork& w = work_[k];
      const bool reads_only = (w.path == Path::cas_loop || w.path == Path::load_store) && w.phase == 0;
      const uint64_t bytes = w.fault ? 0 : bytes_of(w);  // a faulting lane touches nothing
      events_.push_back({current_, w.lane, {w.address, bytes, !reads_only}});
      event_work_.push_back(k);
    }
  }

  unsigned bytes_of(const LaneWork& w) const {
    if (w.path == Path::atomic128) return 16;
    return w.operation ? static_cast<unsigned>(alu::width_bits(w.operation->type) / 8) : bytes_;
  }

  // One step of lane work w along its path; true when the lane is done with the instruction.
  bool step(LaneWork& w, Recorder& recorder) {
    if (w.fault) return report(w, *w.fault, recorder);
    const alu::Operation& op = w.operation ? *w.operation : *operation_;
    switch (w.path) {
      case Path::atomic: {
        uint32_t retries = 0;
        const auto r = apply_atomic(memory_, w.address, op, w.operands, w.space, &retries, &cache_);
        if (!r) return report(w, r.error(), recorder);
        recorder.operation(retries);
        return complete(w, op, r->returned);
      }
      case Path::atomic128: {
        const auto r = op.op == alu::Op::exchange
                           ? memory::exchange128(memory_, w.address, w.value128, w.space)
                           : memory::compare_exchange128(memory_, w.address, w.compare128, w.value128, w.space);
        if (!r) return report(w, r.error(), recorder);
        recorder.operation();
        lanes.write(current_, w, LaneResult{r->lo, r->hi});
        return true;
      }
      case Path::cas_loop:
      case Path::load_store: {
        if (w.phase == 0) {
          const auto v = memory_.load(w.address, bytes_of(w), w.space);
          if (!v) return report(w, v.error(), recorder);
          w.seen = *v;
          w.phase = 1;
          return false;
        }
        const uint64_t desired = alu::new_value(op, w.seen, w.operands);
        if (w.path == Path::cas_loop) {
          const auto old = memory::compare_exchange(memory_, w.address, bytes_of(w), w.seen, desired, w.space);
          if (!old) return report(w, old.error(), recorder);
          if (*old != w.seen) {  // lost the race: again, from the value seen
            w.seen = *old;
            ++recorder.counters.cas_retries;
            return false;
          }
        } else {
          const auto stored = memory_.store(w.address, bytes_of(w), desired, w.space);
          if (!stored) return report(w, stored.error(), recorder);
        }
        recorder.operation();
        return complete(w, op, alu::apply(op, w.seen, w.operands).returned);
      }
    }
    return true;
  }

  bool complete(const LaneWork& w, const alu::Operation& op, uint64_t returned) {
    if (settings_.log)
      log.push_back({w.address,
                     {op, w.operands, w.returns ? std::optional<uint64_t>(returned) : std::nullopt,
                      first_lane_ + w.lane}});
    lanes.write(current_, w, LaneResult{returned, 0});
    return true;
  }

  bool report(const LaneWork& w, const memory::Fault& f, Recorder& recorder) {
    if (const auto fault = lanes.fault(current_, w, f)) {
      recorder.fault(first_lane_ + w.lane, current_, *fault);
      if (settings_.stop_after_fault) stopped_ = true;
    }
    return true;
  }

  memory::DeviceMemory& memory_;
  const GroupSettings& settings_;
  uint64_t first_lane_ = 0;
  uint32_t next_ = 0;
  uint32_t current_ = 0;
  const alu::Operation* operation_ = nullptr;
  unsigned bytes_ = 4;
  LaneMask mask_;
  bool stopped_ = false;
  std::vector<LaneWork> work_;  // the current instruction's lanes with an access
  std::vector<LaneWork> finished_;  // lanes without an access, until every lane has read
  std::vector<uint8_t> done_;
  std::vector<Event> events_;
  std::vector<std::size_t> event_work_;
  memory::DeviceMemory::TranslationCache cache_;  // the page of the last access (kept across groups)
};

}  // namespace gpuatom::exec
