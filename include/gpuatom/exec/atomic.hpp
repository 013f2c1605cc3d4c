// One lane's atomic on device memory: the memory layer makes it atomic, the ALU computes it.
// This is the few lines every vendor front-end's perform() ends in (Spike's insns/amoadd_w.h:
// load, op, store, write the destination).
#pragma once

#include <atomic>
#include <bit>
#include <cstdint>

#include "gpuatom/alu/apply.hpp"
#include "gpuatom/alu/operation.hpp"
#include "gpuatom/memory/device_memory.hpp"
#include "gpuatom/memory/expected.hpp"
#include "gpuatom/memory/region.hpp"
#include "gpuatom/numeric/arithmetic.hpp"

namespace gpuatom::exec {

// Performs `operation` atomically at `address` (width from the operation's type: 2, 4 or 8
// bytes) and returns the ALU's result for the old value it saw: the bits now in memory and the
// bits the lane gets back. Or the memory fault; a faulting access changes nothing.
//
// Integer add/sub/and/or/xor, exchange and bitwise compare-and-swap go through the one host
// instruction that does them (as a GPU's atomic unit does them in one step); every other op runs
// the ALU in the memory layer's compare-and-swap loop, whose failed rounds are added to
// `*cas_retries`. 128-bit types are not handled here (alu::apply128 with memory::rmw128):
// they give a bad-width fault.
//
// `emulated`: every op, integer add and exchange too, runs in the compare-and-swap loop, as a
// device without the atomic in hardware emulates it (AMD's CAS outcome): load, compute, swap if
// unchanged, again from the value seen if not; the failed rounds are the retries.
//
// `cache` (optional) remembers the page of the last access (DeviceMemory::TranslationCache) for
// a thread that performs many atomics in a row.
memory::Expected<alu::Result> apply_atomic(memory::DeviceMemory& memory, uint64_t address,
                                           const alu::Operation& operation, const alu::Operands& operands,
                                           memory::Space space = memory::Space::global, uint32_t* cas_retries = nullptr,
                                           memory::DeviceMemory::TranslationCache* cache = nullptr,
                                           bool emulated = false);

// apply_atomic for one operation over many lanes (a lane group's instruction): the operation's
// kind is found once, and the remembered page is kept as plain values, so that the two commonest
// atomics on it (32-bit integer add, F32 add) cost the host's locked instruction and a few more.
// Everything else, and every miss, is apply_atomic itself. Lives in one thread's locals; the
// cache it was made from is brought up to date by done().
//
// The plain values are a Fast, which a caller may copy into its own locals and pass to the static
// apply(): a locked instruction is a compiler barrier for everything whose address has escaped,
// and the unit's address does escape (to the rare road), so values read through it are loaded
// again after every lane's atomic, where a local copy stays in registers.
class AtomicUnit {
 public:
  // The operations inlined on the remembered page; `other` is always apply_atomic.
  enum class Kind : uint8_t { add32, fadd32, other };

  // The remembered page for 4-byte global writes (span 0: none).
  struct Fast {
    uint64_t low = 0, span = 0;
    std::byte* host = nullptr;
  };

  AtomicUnit(memory::DeviceMemory& memory, const alu::Operation& operation,
             memory::DeviceMemory::TranslationCache& cache)
      : memory_(memory), operation_(operation), cache_(cache), remembered_(cache) {
    if (operation.op == alu::Op::add && (operation.type == alu::Type::u32 || operation.type == alu::Type::s32))
      kind_ = Kind::add32;
    else if (operation.op == alu::Op::add && operation.type == alu::Type::f32)
      kind_ = Kind::fadd32;
    remember();
  }

  Kind kind() const { return kind_; }
  const Fast& fast() const { return fast_; }

  // The access, for a caller that has chosen its loop by kind() (K == kind(), or Kind::other,
  // which is right for every operation): each kind's loop is compiled with only its own road, so
  // that the F32 add's compare-and-swap loop is not laid out as the integer add's cold path.
  // `fast` is the caller's copy of fast() (kept up to date here). Failed compare-and-swap rounds
  // of the inlined loop are added to `cas_retries` (a caller's running count, so that no per-lane
  // counter lives in memory); those of the rare road to the unit's own (elsewhere_retries()).
  template <Kind K>
  [[gnu::always_inline]] static memory::Expected<alu::Result> apply(Fast& fast, AtomicUnit& unit, uint64_t address,
                                                                    const alu::Operands& operands, memory::Space space,
                                                                    uint64_t& cas_retries, bool emulated = false) {
    // The call-free road where it serves (an F32 add is a compare-and-swap loop on the host either
    // way, so it serves `emulated` too); everything else, and every lane it leaves, apply_atomic.
    if constexpr (K == Kind::add32 || K == Kind::fadd32) {
      uint64_t returned, stored;
      if ((K == Kind::fadd32 || !emulated) && space == memory::Space::global &&
          apply_without_call<K>(fast, address, operands.value, &cas_retries, returned, stored)) [[likely]] {
        return alu::Result{stored, returned};
      }
    }
    const auto r = unit.apply_elsewhere(address, operands, space, emulated);
    fast = unit.fast_;
    return r;
  }
  // apply<K>() with no call, for a loop that must make none (a block of lanes, whose values then
  // stay in registers): the access of an aligned 4-byte global word on `page`, adding `value`,
  // the F32 add where no platform rule decides (numeric::add_without_rules): the bits the lane
  // gets back and the bits stored. False, with nothing done, for every other lane (and every lane
  // of Kind::other): apply() takes it.
  template <Kind K>
  [[gnu::always_inline]] static bool apply_without_call(const Fast& page, uint64_t address, uint64_t value,
                                                        uint64_t* cas_retries, uint64_t& returned, uint64_t& stored) {
    if constexpr (K == Kind::other) {
      return false;
    } else {
      const uint64_t offset = address - page.low;
      if (!(offset + 4 <= page.span && (address & 3) == 0)) [[unlikely]]
        return false;
      auto* word = reinterpret_cast<uint32_t*>(page.host + offset);
      if constexpr (K == Kind::add32) {
        const uint32_t old =
            std::atomic_ref<uint32_t>(*word).fetch_add(static_cast<uint32_t>(value), std::memory_order_seq_cst);
        returned = old;
        stored = static_cast<uint32_t>(old + value);
      } else {
        std::atomic_ref<uint32_t> ref(*word);
        uint32_t observed = ref.load(std::memory_order_relaxed);
        for (;;) {
          uint64_t sum;
          if (!numeric::add_without_rules<numeric::Single>(observed, value, sum)) [[unlikely]]
            return false;  // the failed rounds so far changed nothing
          if (ref.compare_exchange_weak(observed, static_cast<uint32_t>(sum), std::memory_order_seq_cst,
                                        std::memory_order_relaxed)) [[likely]] {
            stored = sum;
            break;
          }
          ++*cas_retries;
        }
        returned = observed;
      }
      return true;
    }
  }
  // Two lanes' accesses to the two 4-byte words of one aligned 8-byte pair on `page` (the lane on
  // the lower word first) in one host compare-and-swap: both take effect at one instant, the lower
  // lane's first, which is an order the lanes could have run in, and another thread sees both or
  // neither. Half the locked instructions of two lanes. False, with nothing done, where
  // apply_without_call would refuse either lane.
  template <Kind K>
  [[gnu::always_inline]] static bool apply_pair_without_call(const Fast& page, uint64_t address, uint64_t low_value,
                                                             uint64_t high_value, uint64_t* cas_retries,
                                                             uint64_t& low_back, uint64_t& high_back) {
    static_assert(std::endian::native == std::endian::little, "the lower word is the low half of the pair");
    if constexpr (K == Kind::other) {
      return false;
    } else {
      const uint64_t offset = address - page.low;
      if (!(offset + 8 <= page.span && (address & 7) == 0 &&
            (reinterpret_cast<uintptr_t>(page.host + offset) & 7) == 0)) [[unlikely]]
        return false;
      std::atomic_ref<uint64_t> ref(*reinterpret_cast<uint64_t*>(page.host + offset));
      uint64_t observed = ref.load(std::memory_order_relaxed);
      for (;;) {
        uint64_t low, high;
        if (!combine<K>(observed & 0xffffffff, low_value, low) || !combine<K>(observed >> 32, high_value, high))
            [[unlikely]]
          return false;  // the failed rounds so far changed nothing
        if (ref.compare_exchange_weak(observed, (high << 32) | low, std::memory_order_seq_cst,
                                      std::memory_order_relaxed)) [[likely]]
          break;
        ++*cas_retries;
      }
      low_back = observed & 0xffffffff;
      high_back = observed >> 32;
      return true;
    }
  }
  // The new 32-bit word of kind K's op on `old` and `value`; false where the rules decide (an F32
  // sum that apply_without_call leaves to apply()).
  template <Kind K>
  [[gnu::always_inline]] static bool combine(uint64_t old, uint64_t value, uint64_t& sum) {
    if constexpr (K == Kind::add32) {
      sum = static_cast<uint32_t>(old + value);
      return true;
    } else {
      return numeric::add_without_rules<numeric::Single>(old, value, sum);
    }
  }
  // The same on the unit's own copy.
  template <Kind K>
  [[gnu::always_inline]] memory::Expected<alu::Result> apply(uint64_t address, const alu::Operands& operands,
                                                             memory::Space space, uint64_t& cas_retries,
                                                             bool emulated = false) {
    return apply<K>(fast_, *this, address, operands, space, cas_retries, emulated);
  }
  // The same, choosing the road at run time.
  [[gnu::always_inline]] memory::Expected<alu::Result> apply(uint64_t address, const alu::Operands& operands,
                                                             memory::Space space, uint64_t& cas_retries,
                                                             bool emulated = false) {
    switch (kind_) {
      case Kind::add32: return apply<Kind::add32>(address, operands, space, cas_retries, emulated);
      case Kind::fadd32: return apply<Kind::fadd32>(address, operands, space, cas_retries, emulated);
      case Kind::other: break;
    }
    return apply<Kind::other>(address, operands, space, cas_retries, emulated);
  }

  // The failed compare-and-swap rounds of the rare road (apply_atomic's).
  uint64_t elsewhere_retries() const { return retries_; }
  // The cache it was made from, as this unit left it.
  void done() { cache_ = remembered_; }

 private:
  [[gnu::noinline]] memory::Expected<alu::Result> apply_elsewhere(uint64_t address, const alu::Operands& operands,
                                                                  memory::Space space, bool emulated) {
    uint32_t retries = 0;
    auto r = apply_atomic(memory_, address, operation_, operands, space, &retries, &remembered_, emulated);
    retries_ += retries;
    remember();
    return r;
  }
  void remember() {
    const auto& c = remembered_;
    const bool usable = c.space == memory::Space::global && c.writable && c.high > c.low;
    fast_.low = c.low;
    fast_.span = usable ? c.high - c.low : 0;
    fast_.host = c.host;
  }

  memory::DeviceMemory& memory_;
  const alu::Operation operation_;
  memory::DeviceMemory::TranslationCache& cache_;
  memory::DeviceMemory::TranslationCache remembered_;
  Kind kind_ = Kind::other;
  Fast fast_;
  uint64_t retries_ = 0;
};

}  // namespace gpuatom::exec
