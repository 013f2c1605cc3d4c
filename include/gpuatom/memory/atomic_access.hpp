// Atomic read-modify-writes on DeviceMemory, truly atomic while any number of host threads race.
//
//   width  how                                                   atomic with respect to
//   16     compare-and-swap loop on the aligned 32-bit word       every 16/32-bit atomic here;
//          holding the 16 bits; the other 16 bits are only         the neighbouring 16 bits are
//          re-written with the value just read, so a racing        never disturbed
//          update of the neighbour makes the CAS fail and retry
//   32/64  one host instruction where the host has one (fetch_add, every atomic of the same width
//          fetch_and/or/xor, exchange, compare_exchange); rmw()
//          runs a compare-and-swap loop for anything else
//   128    StripedLock (striped_lock.hpp says why) around two  every other 128-bit atomic and
//          64-bit relaxed atomic accesses                       load128/store128
//
// Mixed widths on overlapping bytes (as on GPUs, where the PTX memory model gives mixed-size
// atomics no atomicity): every access here is a host atomic, so there is never a data race, a
// torn 16/32/64-bit value or a crash. What is not promised: a 32/64-bit atomic that lands inside
// the 16 bytes of a concurrent 128-bit exchange/CAS between its read and its write can be
// overwritten by it (the 128-bit operation only excludes other 128-bit accesses), and a 64-bit
// read of a 128-bit location sees either half before or after, independently of the other half.
//
// Every function returns the old memory bits (zero-extended to 64 bits), or the fault of
// DeviceMemory::translate() (checked with Intent::write, so the page gets storage); a faulting
// access changes nothing. Widths other than those listed give FaultKind::bad_width.
// Read-modify-writes are sequentially consistent (the model is sequentially consistent per
// address, nvidia.md §1).
#pragma once

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <type_traits>

#include "gpuatom/memory/device_memory.hpp"
#include "gpuatom/memory/expected.hpp"
#include "gpuatom/support/bits128.hpp"

namespace gpuatom::memory {

namespace detail {

inline Fault width_fault(const DeviceMemory& memory, uint64_t address, unsigned width) {
  return memory.fault_at(FaultKind::bad_width, address, width);
}

constexpr bool atomic_width(unsigned width) { return width == 2 || width == 4 || width == 8; }

template <class T>
std::atomic_ref<T> host_word(std::byte* host) {
  return std::atomic_ref<T>(*reinterpret_cast<T*>(host));
}

// The 16-bit compare-and-swap loop on the containing 32-bit word. `next(old, write)` returns the
// new 16 bits, or sets `write` = false to end without writing (a failed compare_exchange).
template <class Next>
uint16_t rmw16(std::byte* host, Next next, uint32_t* retries) {
  const auto address = reinterpret_cast<uintptr_t>(host);
  auto* word = reinterpret_cast<uint32_t*>(address & ~uintptr_t{3});
  const unsigned shift = static_cast<unsigned>(address & 2) * 8;
  const uint32_t mask = uint32_t{0xffff} << shift;
  std::atomic_ref<uint32_t> ref(*word);
  uint32_t observed = ref.load(std::memory_order_relaxed);
  for (;;) {
    const auto old = static_cast<uint16_t>(observed >> shift);
    bool write = true;
    const auto updated = static_cast<uint16_t>(next(old, write));
    if (!write) return old;
    const uint32_t desired = (observed & ~mask) | (uint32_t{updated} << shift);
    if (ref.compare_exchange_weak(observed, desired, std::memory_order_seq_cst, std::memory_order_relaxed)) {
      return old;
    }
    if (retries) ++*retries;
  }
}

template <class T, class Fn>
T rmw_loop(std::byte* host, Fn fn, uint32_t* retries) {
  auto ref = host_word<T>(host);
  T observed = ref.load(std::memory_order_relaxed);
  while (!ref.compare_exchange_weak(observed, static_cast<T>(fn(uint64_t{observed})), std::memory_order_seq_cst,
                                    std::memory_order_relaxed)) {
    if (retries) ++*retries;
  }
  return observed;
}

// Applies a host atomic member (fetch_add, ...) at width 4 or 8, or emulates it at width 2.
template <class Native, class Bits16>
Expected<uint64_t> dispatch(DeviceMemory& memory, uint64_t address, unsigned width, Space space, Native native,
                            Bits16 bits16) {
  if (!atomic_width(width)) return width_fault(memory, address, width);
  const auto host = memory.translate(address, width, Intent::write, space);
  if (!host) return host.error();
  switch (width) {
    case 2:
      return rmw16(
          *host, [&](uint16_t old, bool&) { return bits16(old); }, nullptr);
    case 4: return native(host_word<uint32_t>(*host));
    default: return native(host_word<uint64_t>(*host));
  }
}

}  // namespace detail

// ---- direct primitives: one host instruction at 32/64 bits --------------------------------

// Integer add (wraps at the width); returns the old bits.
inline Expected<uint64_t> fetch_add(DeviceMemory& memory, uint64_t address, unsigned width, uint64_t value,
                                    Space space = Space::global) {
  return detail::dispatch(
      memory, address, width, space,
      [value](auto ref) -> uint64_t {
        using T = typename decltype(ref)::value_type;
        return ref.fetch_add(static_cast<T>(value), std::memory_order_seq_cst);
      },
      [value](uint16_t old) { return static_cast<uint16_t>(old + value); });
}

// Integer subtract (wraps at the width); returns the old bits.
inline Expected<uint64_t> fetch_sub(DeviceMemory& memory, uint64_t address, unsigned width, uint64_t value,
                                    Space space = Space::global) {
  return fetch_add(memory, address, width, uint64_t{0} - value, space);
}

// Bitwise and / or / xor; return the old bits.
inline Expected<uint64_t> fetch_and(DeviceMemory& memory, uint64_t address, unsigned width, uint64_t value,
                                    Space space = Space::global) {
  return detail::dispatch(
      memory, address, width, space,
      [value](auto ref) -> uint64_t {
        using T = typename decltype(ref)::value_type;
        return ref.fetch_and(static_cast<T>(value), std::memory_order_seq_cst);
      },
      [value](uint16_t old) { return static_cast<uint16_t>(old & value); });
}
inline Expected<uint64_t> fetch_or(DeviceMemory& memory, uint64_t address, unsigned width, uint64_t value,
                                   Space space = Space::global) {
  return detail::dispatch(
      memory, address, width, space,
      [value](auto ref) -> uint64_t {
        using T = typename decltype(ref)::value_type;
        return ref.fetch_or(static_cast<T>(value), std::memory_order_seq_cst);
      },
      [value](uint16_t old) { return static_cast<uint16_t>(old | value); });
}
inline Expected<uint64_t> fetch_xor(DeviceMemory& memory, uint64_t address, unsigned width, uint64_t value,
                                    Space space = Space::global) {
  return detail::dispatch(
      memory, address, width, space,
      [value](auto ref) -> uint64_t {
        using T = typename decltype(ref)::value_type;
        return ref.fetch_xor(static_cast<T>(value), std::memory_order_seq_cst);
      },
      [value](uint16_t old) { return static_cast<uint16_t>(old ^ value); });
}

// Stores `value`; returns the old bits.
inline Expected<uint64_t> exchange(DeviceMemory& memory, uint64_t address, unsigned width, uint64_t value,
                                   Space space = Space::global) {
  return detail::dispatch(
      memory, address, width, space,
      [value](auto ref) -> uint64_t {
        using T = typename decltype(ref)::value_type;
        return ref.exchange(static_cast<T>(value), std::memory_order_seq_cst);
      },
      [value](uint16_t) { return static_cast<uint16_t>(value); });
}

// Stores `desired` if the memory equals `expected` (bitwise, low `width` bytes); returns the old
// bits either way: the swap happened exactly when the result equals `expected` (masked).
inline Expected<uint64_t> compare_exchange(DeviceMemory& memory, uint64_t address, unsigned width, uint64_t expected,
                                           uint64_t desired, Space space = Space::global) {
  if (!detail::atomic_width(width)) return detail::width_fault(memory, address, width);
  const auto host = memory.translate(address, width, Intent::write, space);
  if (!host) return host.error();
  switch (width) {
    case 2:
      return detail::rmw16(
          *host,
          [&](uint16_t old, bool& write) {
            write = old == static_cast<uint16_t>(expected);
            return static_cast<uint16_t>(desired);
          },
          nullptr);
    case 4: {
      auto observed = static_cast<uint32_t>(expected);
      detail::host_word<uint32_t>(*host).compare_exchange_strong(observed, static_cast<uint32_t>(desired),
                                                                 std::memory_order_seq_cst);
      return observed;
    }
    default: {
      uint64_t observed = expected;
      detail::host_word<uint64_t>(*host).compare_exchange_strong(observed, desired, std::memory_order_seq_cst);
      return observed;
    }
  }
}

// ---- generic read-modify-write -------------------------------------------------------------

// Runs `fn(old bits) -> new bits` (uint64_t → uint64_t; bits above the width are ignored) in a
// compare-and-swap loop until it applies atomically; returns the old bits the winning round saw.
// `fn` may run several times (once per retry) and must have no side effects beyond its result.
// `retries` (optional) is incremented once per failed compare-and-swap (AMD counts CAS retries).
// Widths 2, 4, 8.
template <class Fn>
Expected<uint64_t> rmw(DeviceMemory& memory, uint64_t address, unsigned width, Fn fn, Space space = Space::global,
                       uint32_t* retries = nullptr) {
  static_assert(std::is_invocable_r_v<uint64_t, Fn&, uint64_t>, "fn: uint64_t old bits -> uint64_t new bits");
  if (!detail::atomic_width(width)) return detail::width_fault(memory, address, width);
  const auto host = memory.translate(address, width, Intent::write, space);
  if (!host) return host.error();
  switch (width) {
    case 2:
      return detail::rmw16(
          *host, [&](uint16_t old, bool&) { return static_cast<uint16_t>(fn(uint64_t{old})); }, retries);
    case 4: return detail::rmw_loop<uint32_t>(*host, fn, retries);
    default: return detail::rmw_loop<uint64_t>(*host, fn, retries);
  }
}

// A load-op-store that is NOT atomic: a relaxed load, `fn`, a relaxed store. Concurrent updates
// between the two can be lost, which is the point: AMD's "scope downgrade" executes an atomic
// this way with respect to the host agent (amd.md §7). Data-race-free. Widths 2, 4, 8.
template <class Fn>
Expected<uint64_t> load_op_store(DeviceMemory& memory, uint64_t address, unsigned width, Fn fn,
                                 Space space = Space::global) {
  static_assert(std::is_invocable_r_v<uint64_t, Fn&, uint64_t>, "fn: uint64_t old bits -> uint64_t new bits");
  if (!detail::atomic_width(width)) return detail::width_fault(memory, address, width);
  const auto old = memory.load(address, width, space);
  if (!old) return old;
  const auto stored = memory.store(address, width, fn(*old), space);
  if (!stored) return stored.error();
  return old;
}

// ---- 128 bits: exchange and compare-and-swap only ------------------------------------------

// Runs `fn(old) -> new` (Bits128 → Bits128) once, under the address's stripe lock; returns old.
// 16-byte aligned addresses only.
template <class Fn>
Expected<Bits128> rmw128(DeviceMemory& memory, uint64_t address, Fn fn, Space space = Space::global) {
  static_assert(std::is_invocable_r_v<Bits128, Fn&, Bits128>, "fn: Bits128 old -> Bits128 new");
  const auto host = memory.translate(address, 16, Intent::write, space);
  if (!host) return host.error();
  auto lo = detail::host_word<uint64_t>(*host);
  auto hi = detail::host_word<uint64_t>(*host + 8);
  const auto guard = memory.locks128().lock(*host);
  const Bits128 old{lo.load(std::memory_order_relaxed), hi.load(std::memory_order_relaxed)};
  const Bits128 next = fn(old);
  if (next.lo != old.lo) lo.store(next.lo, std::memory_order_relaxed);
  if (next.hi != old.hi) hi.store(next.hi, std::memory_order_relaxed);
  return old;
}

// 128-bit exchange; returns the old value.
inline Expected<Bits128> exchange128(DeviceMemory& memory, uint64_t address, Bits128 value,
                                     Space space = Space::global) {
  return rmw128(
      memory, address, [value](Bits128) { return value; }, space);
}

// 128-bit compare-and-swap (bitwise, all 128 bits); returns the old value (swapped iff == expected).
inline Expected<Bits128> compare_exchange128(DeviceMemory& memory, uint64_t address, Bits128 expected, Bits128 desired,
                                             Space space = Space::global) {
  return rmw128(
      memory, address, [&](Bits128 old) { return old == expected ? desired : old; }, space);
}

}  // namespace gpuatom::memory
