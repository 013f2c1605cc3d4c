// StripedLock: a fixed array of small spin locks, picked by address, for the one width the host
// cannot do atomically: 128 bits.
//
// Why a lock: x86-64 has CMPXCHG16B, but GCC only emits it with -mcx16 and even then routes
// 16-byte std::atomic through libatomic (which may itself lock); other hosts have nothing
// portable. A striped lock is portable, TSan-visible and, with 256 stripes, rarely contended.
#pragma once

#include <array>
#include <atomic>
#include <cstdint>
#include <thread>

namespace gpuatom::memory {

class StripedLock {
 public:
  static constexpr unsigned stripe_count = 256;

  // The stripe guarding the 16 bytes at host address `host` (any byte of them).
  std::atomic<bool>& stripe_for(const void* host) noexcept {
    const auto key = reinterpret_cast<uintptr_t>(host) >> 4;
    return stripes_[(key ^ (key >> 8) ^ (key >> 16)) % stripe_count].locked;
  }

  // RAII holder of one stripe: spins (yielding) until the stripe is free.
  class Guard {
   public:
    explicit Guard(std::atomic<bool>& stripe) noexcept : stripe_(stripe) {
      while (stripe_.exchange(true, std::memory_order_acquire)) {
        while (stripe_.load(std::memory_order_relaxed)) std::this_thread::yield();
      }
    }
    ~Guard() { stripe_.store(false, std::memory_order_release); }
    Guard(const Guard&) = delete;
    Guard& operator=(const Guard&) = delete;

   private:
    std::atomic<bool>& stripe_;
  };

  Guard lock(const void* host) noexcept { return Guard(stripe_for(host)); }

 private:
  struct alignas(64) Stripe {  // one cache line each: neighbours do not false-share
    std::atomic<bool> locked{false};
  };
  std::array<Stripe, stripe_count> stripes_{};
};

}  // namespace gpuatom::memory
