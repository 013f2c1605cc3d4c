// The lane-group executor: one group of lanes (a warp, a vISA hardware thread, a wavefront)
// running a straight-line program of atomics. The machinery is written here once; a vendor
// supplies only its lane state: how an instruction reads a lane (address, operands) and how it
// writes the lane's result, as Spike keeps an instruction's semantics in a few lines and the
// machinery elsewhere.
//
// Per instruction, the participating lanes read every source before any lane writes (each
// vendor's operand read order: docs/spec/nvidia.md §1, intel.md §6.1, amd.md §7), then perform their
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
  vector,      // a 64- or 128-bit vector of 32-bit elements, each its own atomic with the operation
               // (NVIDIA's .F16x8 … .F32x4; alu::apply_vector), in one access
  cas_loop,    // emulated: load, compute, compare-and-swap, again until one lands (AMD's CAS)
  load_store,  // a load, then a separate store: updates between the two are lost (AMD's scope
               // downgrade seen from the host agent)
};

// The bits a lane gets back: the old value (hi: the upper half of a 128-bit one).
struct LaneResult {
  uint64_t lo = 0, hi = 0;
};

// One lane's work on the current instruction: what it read when the instruction started.
struct LaneWork {
  uint32_t lane = 0;  // in the group (the executor's)
  Path path = Path::atomic;
  memory::Space space = memory::Space::global;
  bool access = true;      // false: the lane finishes without an access (finish() writes its result)
  bool returns = true;     // the lane receives the old value (for the serial-order log)
  bool completed = false;  // the executor's: the access completed with `result`
  uint8_t phase = 0;       // the executor's: step of a cas_loop or load_store
  // The lane's own operation where the lanes of one instruction differ (a test's script);
  // nullptr: the instruction's.
  const alu::Operation* operation = nullptr;
  uint64_t address = 0;
  alu::Operands operands;
  support::Bits128 value128, compare128;  // Path::atomic128: the value stored, the value compared;
                                          // Path::vector: the operand vector (value128)
  uint8_t vector_words = 0;               // Path::vector: 32-bit elements, 2 or 4
  std::optional<memory::Fault> fault;     // found while reading (surface coordinates): no access
  uint64_t seen = 0;                      // the executor's: the value a cas_loop or load_store loaded
  LaneResult result;                      // the executor's

  // Ready for lane `in_group`'s read, with the defaults above (address and operands are the
  // vendor's to set).
  void reset(uint32_t in_group) {
    lane = in_group;
    path = Path::atomic;
    space = memory::Space::global;
    access = true;
    returns = true;
    completed = false;
    phase = 0;
    operation = nullptr;
    fault.reset();
  }
};

// Settings every group of a launch shares.
struct GroupSettings {
  uint32_t group_size = 32;
  bool stop_after_fault = false;  // the group stops after an instruction in which a lane faulted
  bool log = false;               // keep every atomic performed, for the serial-order check
};

// What a vendor supplies: one object per group, begun again for each group it runs.
template <class L>
concept GroupLanes = requires(L& l, const L& cl, uint32_t i, std::span<LaneWork> ws, std::span<const LaneWork> cws,
                              const LaneWork& cw, const memory::Fault& f, uint64_t group) {
  // Fresh state for group `group` (its lanes' initial values); false when one cannot be set.
  { l.begin(group) } -> std::same_as<bool>;
  { cl.instructions() } -> std::convertible_to<uint32_t>;
  { cl.operation(i) } -> std::convertible_to<const alu::Operation&>;
  // Instruction i starts: the lanes that perform it (active, guard true, ...).
  { l.start(i) } -> std::same_as<LaneMask>;
  // Each lane's sources into its work (lanes ascending, `lane` set, the rest at its defaults):
  // address, operands, path, or access = false. It reads only: every write comes after every
  // lane of the instruction has read, through finish(), write() and fault().
  {l.read(i, ws)};
  // A lane without an access: its result.
  {l.finish(i, cw)};
  // Lanes whose access completed (LaneWork::completed, with LaneWork::result): their results.
  {l.write(i, cws)};
  // The access faulted with f: the fault to record, or nothing when the vendor takes it as a
  // status (and writes what the lane gets).
  { l.fault(i, cw, f) } -> std::same_as<std::optional<memory::Fault>>;
};

// Optionally, a vendor may run the lanes of an instruction in one loop of its own, for speed:
//
//   template <class Access> bool each(uint32_t i, LaneMask mask, Access&& access)
//
// For each lane of `mask`, ascending, it reads the lane's address and operands and calls
// `access(lane, address, operands, path, space, returns, returned)`, which performs the access
// (the same roads and fault handling as step()) and sets `returned` to the bits the lane gets
// back, returning false when the access faulted; then it writes the lane's result. A lane
// without an access it finishes itself; a lane whose reading found a fault (a surface
// coordinate) it hands to `access.fault(lane, address, fault)`, which handles it as step()
// handles LaneWork::fault. Since each lane writes before the next one reads, a vendor offers
// this only for an instruction whose lanes are independent (no lane's write changes what another
// lane reads), and returns false for the others, which take read(), the accesses and write().
// The parallel mode uses it; the other modes need the events.
//
// Lanes whose addresses and operands a vendor already holds in arrays, and that all take one
// road, it may hand over at once: `access.block(LaneBlock)` performs them ascending in the
// executor's own loop (compiled once per kind of atomic, with nothing of the vendor's in its
// registers) and returns the lanes whose access completed, each lane's bits in `returned`.
struct LaneBlock {
  LaneMask mask;
  const uint64_t* addresses;  // by lane, or nullptr: first_address + lane × address_step
  const uint64_t* values;     // by lane, or (one_value) values[0] for every lane
  const uint64_t* compares;   // by lane, or nullptr: 0 for every lane
  Path path = Path::atomic;
  memory::Space space = memory::Space::global;
  bool returns = true;
  uint64_t* returned;      // by lane: the bits each completed lane gets back; nullptr: not wanted
  bool one_value = false;  // every lane's value is values[0] (a constant operand): its tests leave the loop
  uint64_t first_address = 0, address_step = 0;  // a straight line of addresses (addresses == nullptr)

  uint64_t address(uint32_t lane) const { return addresses ? addresses[lane] : first_address + address_step * lane; }
};
struct EachLaneAccess {  // the shape of `access`, for the concept
  bool operator()(uint32_t, uint64_t, const alu::Operands&, Path, memory::Space, bool, uint64_t&);
  void fault(uint32_t, uint64_t, const memory::Fault&);
  uint64_t block(const LaneBlock&);
};
template <class L>
concept EachLane = requires(L& l, uint32_t i, LaneMask mask, EachLaneAccess& access) {
  { l.each(i, mask, access) } -> std::same_as<bool>;
};

// The lanes of `bits` of a block on the inlined road (AtomicUnit::apply_without_call),
// ascending, until one needs a call: `bits` from that lane on (the lanes below it are done).
// Two lanes on the two words of an aligned 8-byte pair share one host compare-and-swap
// (apply_pair_without_call), and integer adds of lanes that all name one word are one host add
// of their sum: fewer locked instructions, each a moment at which the lanes could have run. A
// function that calls nothing, so that its values stay in registers; compiled for addresses on a
// straight line or in an array, one value for every lane (whose tests the compiler takes out of
// the loop) or one per lane, and the returned bits kept or not.
template <AtomicUnit::Kind K, bool Straight, bool OneValue, bool Returns>
[[gnu::noinline]] uint64_t block_inner(const AtomicUnit::Fast page, const LaneBlock& b, uint64_t bits,
                                       uint64_t* failed) {
  const uint64_t* addresses = b.addresses;
  const uint64_t first = b.first_address, step = b.address_step;  // Straight
  const uint64_t* values = b.values;
  uint64_t* returned = b.returned;
  const uint64_t one = values[0];  // OneValue: every lane's
  for (; bits != 0; bits &= bits - 1) {
    const auto lane = static_cast<uint32_t>(std::countr_zero(bits));
    const uint64_t address = Straight ? first + step * lane : addresses[lane];
    if constexpr (Straight && K == AtomicUnit::Kind::add32) {
      // Every lane on one word: one host add of their sum, each lane getting back the word as
      // the lanes below it left it (they take effect at one instant, in lane order).
      if (step == 0) {
        uint64_t total = 0;
        for (uint64_t rest = bits; rest != 0; rest &= rest - 1)
          total += OneValue ? one : values[std::countr_zero(rest)];
        uint64_t old, stored;
        if (AtomicUnit::apply_without_call<K>(page, address, total, failed, old, stored)) {
          for (; bits != 0; bits &= bits - 1) {
            const auto l = static_cast<uint32_t>(std::countr_zero(bits));
            if constexpr (Returns) returned[l] = old;
            old = static_cast<uint32_t>(old + (OneValue ? one : values[l]));
          }
          return 0;
        }
      }
    }
    // Neighbouring lanes on neighbouring words: two lanes per host compare-and-swap.
    if ((bits >> lane & 2) != 0 && (Straight ? step == 4 : addresses[lane + 1] == address + 4)) {
      uint64_t low_back, high_back;
      if (AtomicUnit::apply_pair_without_call<K>(page, address, OneValue ? one : values[lane],
                                                 OneValue ? one : values[lane + 1], failed, low_back, high_back)) {
        if constexpr (Returns) {
          returned[lane] = low_back;
          returned[lane + 1] = high_back;
        }
        bits &= bits - 1;  // this lane; the loop's step clears the next
        continue;
      }
    }
    uint64_t bits_back, stored;
    if (!AtomicUnit::apply_without_call<K>(page, address, OneValue ? one : values[lane], failed, bits_back, stored))
      break;
    if constexpr (Returns) returned[lane] = bits_back;
  }
  return bits;
}

// The block_inner compiled for b's shape.
template <AtomicUnit::Kind K>
auto block_inner_for(const LaneBlock& b) {
  using Inner = uint64_t (*)(AtomicUnit::Fast, const LaneBlock&, uint64_t, uint64_t*);
  static constexpr Inner table[8] = {
      block_inner<K, false, false, false>, block_inner<K, false, false, true>, block_inner<K, false, true, false>,
      block_inner<K, false, true, true>,   block_inner<K, true, false, false>, block_inner<K, true, false, true>,
      block_inner<K, true, true, false>,   block_inner<K, true, true, true>,
  };
  return table[(b.addresses == nullptr) * 4 + b.one_value * 2 + (b.returned != nullptr)];
}

// Cache-line aligned: the parallel mode's workers each run their own group, made one after the
// other on the calling thread, and two neighbours on the heap shared a cache line (408-byte
// groups in 416-byte chunks), written at every warp (the register file's vector) and read at
// every access (the translation cache): the host cores traded it once per warp.
template <GroupLanes Lanes>
class alignas(64) LaneGroup final : public Agent {
 public:
  template <class... Args>
  LaneGroup(memory::DeviceMemory& memory, const GroupSettings& settings, Args&&... args)
      : lanes(std::forward<Args>(args)...), memory_(memory), settings_(settings) {}

  Lanes lanes;                    // the vendor's state of the group
  std::vector<LoggedAtomic> log;  // with GroupSettings::log: each atomic performed, in order

  // Makes this the fresh group `group`, reusing its storage. False when a lane's initial state
  // cannot be set.
  bool begin(uint64_t group) {
    first_lane_ = group * settings_.group_size;
    next_ = 0;
    stopped_ = false;
    work_ = {};
    events_.clear();
    event_work_.clear();
    log.clear();
    return lanes.begin(group);
  }

  std::span<const Event> pending() override {
    while (events_.empty() && !stopped_ && next_ < lanes.instructions()) {
      read_all(start(next_++));
      done_.assign(work_.size(), 0);
      rebuild();
    }
    if (events_.empty() && !storage_.empty()) {
      // Finished: give the buffers back (a million-lane launch has tens of thousands of groups).
      work_ = {};
      std::vector<LaneWork>().swap(storage_);
      std::vector<Event>().swap(events_);
      std::vector<std::size_t>().swap(event_work_);
    }
    return events_;
  }

  // Only the performed lane's event changes (a step touches its own work alone): it is redrawn,
  // or removed when the lane is done, leaving the list rebuild() would give without its cost.
  void perform(std::size_t index, Recorder& recorder) override {
    LaneWork& w = work_[event_work_[index]];
    if (step(w, recorder)) {
      done_[event_work_[index]] = 1;
      if (w.completed) lanes.write(current_, std::span<const LaneWork>(&w, 1));
      events_.erase(events_.begin() + static_cast<std::ptrdiff_t>(index));
      event_work_.erase(event_work_.begin() + static_cast<std::ptrdiff_t>(index));
    } else {
      events_[index] = event_of(w);
    }
  }

  // The parallel mode's loop: each instruction's lanes ascending, each to the end of its access,
  // the same as performing pending()[0] until nothing is pending, without the events.
  void run(Recorder& recorder) override {
    const uint32_t count = lanes.instructions();
    while (!stopped_ && next_ < count) {
      const LaneMask mask = start(next_++);
      if constexpr (EachLane<Lanes>) {
        if (run_each(mask, recorder)) continue;
      }
      read_all(mask);
      perform_all(recorder);
    }
    work_ = {};
    events_.clear();
    event_work_.clear();
  }

  bool future_accesses(std::vector<Access>& out) override {
    if constexpr (requires { lanes.future_accesses(next_, out); })
      return lanes.future_accesses(next_, out);
    else
      return false;
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
    const auto count = static_cast<std::size_t>(mask.count());
    if (storage_.size() < count) storage_.resize(count);  // once per group size: no allocation per instruction
    work_ = std::span<LaneWork>(storage_.data(), count);
    LaneWork* w = work_.data();
    for (uint64_t bits = mask.bits; bits != 0; bits &= bits - 1)
      (w++)->reset(static_cast<uint32_t>(std::countr_zero(bits)));
    lanes.read(current_, work_);
    std::size_t kept = 0;
    for (std::size_t k = 0; k < work_.size(); ++k) {
      if (!work_[k].access) {
        lanes.finish(current_, work_[k]);
        continue;
      }
      if (kept != k) work_[kept] = work_[k];
      ++kept;
    }
    work_ = work_.first(kept);
  }

  // The instruction's lanes through the vendor's own loop (EachLane), when it offers one. What the
  // access reads per lane is in locals (the atomic is a compiler barrier, and members would be
  // loaded again after each lane).
  bool run_each(LaneMask mask, Recorder& recorder) {
    const alu::Operation op = *operation_;
    AtomicUnit unit(memory_, op, cache_);
    // The vendor's loop compiled once per kind of atomic (AtomicUnit::apply<K>).
    switch (unit.kind()) {
      case AtomicUnit::Kind::add32: return run_each_as<AtomicUnit::Kind::add32>(mask, recorder, unit, op);
      case AtomicUnit::Kind::fadd32: return run_each_as<AtomicUnit::Kind::fadd32>(mask, recorder, unit, op);
      case AtomicUnit::Kind::other: break;
    }
    return run_each_as<AtomicUnit::Kind::other>(mask, recorder, unit, op);
  }

  template <AtomicUnit::Kind K>
  bool run_each_as(LaneMask mask, Recorder& recorder, AtomicUnit& unit, const alu::Operation& op) {
    // What only the rare roads need; its address escapes to them.
    struct Cold {
      LaneGroup& group;
      Recorder& recorder;
      AtomicUnit& unit;
      const alu::Operation& op;
    };
    // What every lane needs, as plain values in the vendor's loop: no call is given its address
    // (the rare roads take Cold by reference and return by value), so the compiler keeps it in
    // registers across each lane's locked instruction, a barrier for everything escaped.
    struct LaneAccess {
      Cold* cold;
      AtomicUnit::Fast fast;
      bool logging;
      uint64_t operations = 0, retries = 0;

      // Inlined into the vendor's loop: the one atomic. Faults, logging and the rare roads are calls.
      // (A plain bool and an out-parameter: an optional's value and flag, stored apart and read
      // back as one, stalled the store-to-load forwarding on every lane.)
      [[gnu::always_inline]] bool operator()(uint32_t lane, uint64_t address, const alu::Operands& operands, Path path,
                                             memory::Space space, bool returns, uint64_t& returned) {
        if (path == Path::atomic || path == Path::cas_loop) [[likely]] {
          const auto r =
              AtomicUnit::apply<K>(fast, cold->unit, address, operands, space, retries, path == Path::cas_loop);
          if (r) [[likely]] {
            ++operations;
            if (logging) [[unlikely]]
              log(*cold, lane, address, operands, returns, r->returned);
            returned = r->returned;
            return true;
          }
          fault(lane, address, r.error(), space);
          return false;
        }
        const LaneResult done = other_road(*cold, lane, address, operands, path, space, returns);
        returned = done.lo;
        return done.hi != 0;
      }
      [[gnu::always_inline]] void fault(uint32_t lane, uint64_t address, const memory::Fault& f,
                                        memory::Space space = memory::Space::global) {
        report_fault(*cold, lane, address, f, space);
      }
      // The lanes of `b` in this loop, its own function: the vendor's values are in arrays, and
      // the inner loop makes no call (AtomicUnit::apply_without_call), so that the page, the
      // arrays' bases and the mask stay in registers. A lane it cannot do (and every lane of a
      // rare road) goes through the operator above, and the next lane starts it again: lanes stay
      // in ascending order.
      [[gnu::noinline]] uint64_t block(const LaneBlock& b) {
        const bool emulated_fadd = K == AtomicUnit::Kind::fadd32 && b.path == Path::cas_loop;
        const bool inline_road =
            !logging && b.space == memory::Space::global && (b.path == Path::atomic || emulated_fadd);
        const auto value_of = [&](uint32_t lane) { return b.values[b.one_value ? 0 : lane]; };
        uint64_t done = 0, inlined = 0, failed = 0;  // inlined: the lanes the inner loop did
        uint64_t bits = b.mask.bits;
        while (bits != 0) {
          if (inline_road) {
            // `left`: the lanes from the first one not done on.
            const uint64_t left = block_inner_for<K>(b)(fast, b, bits, &failed);
            inlined |= bits & ~left;
            bits = left;
            if (bits == 0) break;
          }
          const auto lane = static_cast<uint32_t>(std::countr_zero(bits));
          const alu::Operands operands{value_of(lane), b.compares ? b.compares[lane] : 0};
          uint64_t returned = 0;
          if ((*this)(lane, b.address(lane), operands, b.path, b.space, b.returns, returned)) {
            done |= uint64_t{1} << lane;
            if (b.returned) b.returned[lane] = returned;
          }
          bits &= bits - 1;
        }
        operations += static_cast<uint64_t>(std::popcount(inlined));  // the operator counts its own
        retries += failed;
        return done | inlined;
      }
      [[gnu::noinline]] static void report_fault(Cold& c, uint32_t lane, uint64_t address, const memory::Fault& f,
                                                 memory::Space space) {
        LaneWork w;
        w.reset(lane);
        w.address = address;
        w.space = space;
        c.group.report(w, f, c.recorder);
      }
      [[gnu::noinline]] static void log(Cold& c, uint32_t lane, uint64_t address, alu::Operands operands, bool returns,
                                        uint64_t returned) {
        c.group.log.push_back({address, operands, returns ? returned : 0, c.group.first_lane_ + lane, c.group.current_,
                               c.op, returns, true});
      }
      // The rare roads, one lane at a time through step(): the bits returned, and whether the
      // access completed (hi != 0).
      [[gnu::noinline]] static LaneResult other_road(Cold& c, uint32_t lane, uint64_t address, alu::Operands operands,
                                                     Path path, memory::Space space, bool returns) {
        LaneWork w;
        w.reset(lane);
        w.path = path;
        w.address = address;
        w.operands = operands;
        w.space = space;
        w.returns = returns;
        while (!c.group.step(w, c.recorder)) {
        }
        return {w.result.lo, w.completed ? 1u : 0u};
      }
    };
    Cold cold{*this, recorder, unit, op};
    LaneAccess access{&cold, unit.fast(), settings_.log};
    const bool ran = lanes.each(current_, mask, access);
    unit.done();
    recorder.counters.operations += access.operations;
    recorder.counters.cas_retries += access.retries + unit.elsewhere_retries();
    return ran;
  }

  // Every lane of work_ to the end of its access, ascending, then their results. The common case,
  // one atomic, is inlined here with what it reads per lane in locals (the atomic is a compiler
  // barrier, and members would be loaded again after each lane); the other roads and every fault
  // go through step().
  void perform_all(Recorder& recorder) {
    const alu::Operation op = *operation_;
    AtomicUnit unit(memory_, op, cache_);
    const bool logging = settings_.log;
    uint64_t operations = 0, retries = 0;
    for (LaneWork& w : work_) {
      if (w.path == Path::atomic && !w.fault && !w.operation) [[likely]] {
        const auto r = unit.apply(w.address, w.operands, w.space, retries);
        if (r) [[likely]] {
          ++operations;
          if (logging) log_atomic(w, op, r->returned);
          w.result = {r->returned, 0};
          w.completed = true;
          continue;
        }
      }
      while (!step(w, recorder)) {
      }
    }
    unit.done();
    recorder.counters.operations += operations;
    recorder.counters.cas_retries += retries + unit.elsewhere_retries();
    lanes.write(current_, std::span<const LaneWork>(work_.data(), work_.size()));
  }

  void rebuild() {
    events_.clear();
    event_work_.clear();
    for (std::size_t k = 0; k < work_.size(); ++k) {
      if (done_[k]) continue;
      events_.push_back(event_of(work_[k]));
      event_work_.push_back(k);
    }
  }

  Event event_of(const LaneWork& w) const {
    const bool reads_only = (w.path == Path::cas_loop || w.path == Path::load_store) && w.phase == 0;
    const uint64_t bytes = w.fault ? 0 : bytes_of(w);  // a faulting lane touches nothing
    // A one-step atomic whose old value no register receives may commute with its like.
    const alu::Operation& op = w.operation ? *w.operation : *operation_;
    const uint16_t commutes = !w.returns && w.path == Path::atomic ? alu::commuting_class(op.op, op.type) : 0;
    return {current_, w.lane, {w.address, bytes, !reads_only, commutes}};
  }

  unsigned bytes_of(const LaneWork& w) const {
    if (w.path == Path::atomic128) return 16;
    if (w.path == Path::vector) return 4u * w.vector_words;
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
        w.result = {r->lo, r->hi};
        w.completed = true;
        return true;
      }
      case Path::vector: {
        // One access of 8 or 16 bytes (the alignment and faults of that width); the GPU does it in
        // one step, so the host's compare-and-swap rounds are not retries.
        alu::Result128 r;
        const auto next = [&](support::Bits128 old) {
          return (r = alu::apply_vector(op, w.vector_words, old, w.value128)).memory;
        };
        if (w.vector_words == 4) {
          const auto old = memory::rmw128(memory_, w.address, next, w.space);
          if (!old) return report(w, old.error(), recorder);
        } else {
          const auto old = memory::rmw(
              memory_, w.address, 8,
              [&](uint64_t bits) {
                return next({bits, 0}).lo;
              },
              w.space);
          if (!old) return report(w, old.error(), recorder);
        }
        recorder.operation();
        w.result = {r.returned.lo, r.returned.hi};
        w.completed = true;
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

  bool complete(LaneWork& w, const alu::Operation& op, uint64_t returned) {
    if (settings_.log) log_atomic(w, op, returned);
    w.result = {returned, 0};
    w.completed = true;
    return true;
  }

  void log_atomic(const LaneWork& w, const alu::Operation& op, uint64_t returned) {
    log.push_back(
        {w.address, w.operands, w.returns ? returned : 0, first_lane_ + w.lane, current_, op, w.returns, true});
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
  std::vector<LaneWork> storage_;  // room for a group's lanes, kept from one instruction to the next
  std::span<LaneWork> work_;       // the current instruction's lanes with an access
  std::vector<uint8_t> done_;
  std::vector<Event> events_;
  std::vector<std::size_t> event_work_;
  memory::DeviceMemory::TranslationCache cache_;  // the page of the last access (kept across groups)
};

}  // namespace gpuatom::exec
