#include "gpuatom/memory/atomic_access.hpp"

#include <gtest/gtest.h>

#include <bit>
#include <cstring>
#include <thread>
#include <vector>

#include "memory/test_support.hpp"

namespace gpuatom::memory {
namespace {

using testing::add_buffer;
using testing::race_iterations;

// Runs `body(thread index)` on `count` host threads started together.
template <class Body>
void race(unsigned count, Body body) {
  std::atomic<bool> go{false};
  std::vector<std::thread> threads;
  for (unsigned t = 0; t < count; ++t) {
    threads.emplace_back([&, t] {
      while (!go.load(std::memory_order_acquire)) std::this_thread::yield();
      body(t);
    });
  }
  go.store(true, std::memory_order_release);
  for (auto& thread : threads) thread.join();
}

TEST(Atomics, DirectPrimitivesReturnOldValue) {
  DeviceMemory memory;
  add_buffer(memory);
  for (unsigned width : {2u, 4u, 8u}) {
    SCOPED_TRACE(width);
    const uint64_t at = 0x1000 + 8 * width;
    const uint64_t mask = width == 8 ? ~uint64_t{0} : (uint64_t{1} << (8 * width)) - 1;
    ASSERT_TRUE(memory.store(at, width, 0xf0));
    EXPECT_EQ(*fetch_add(memory, at, width, 0x11), 0xf0u);
    EXPECT_EQ(*fetch_sub(memory, at, width, 0x1), 0x101u);
    EXPECT_EQ(*fetch_and(memory, at, width, 0x0f), 0x100u);
    EXPECT_EQ(*fetch_or(memory, at, width, 0x3), 0x0u);
    EXPECT_EQ(*fetch_xor(memory, at, width, 0x1), 0x3u);
    EXPECT_EQ(*exchange(memory, at, width, 7), 0x2u);
    EXPECT_EQ(*compare_exchange(memory, at, width, 6, 9), 7u);  // fails
    EXPECT_EQ(*memory.load(at, width), 7u);
    EXPECT_EQ(*compare_exchange(memory, at, width, 7, 9), 7u);  // swaps
    EXPECT_EQ(*memory.load(at, width), 9u);
    EXPECT_EQ(*fetch_sub(memory, at, width, 10), 9u);  // wraps at the width
    EXPECT_EQ(*memory.load(at, width), mask);
  }
}

TEST(Atomics, GenericRmwAppliesFunction) {
  DeviceMemory memory;
  add_buffer(memory);
  ASSERT_TRUE(memory.store(0x1000, 4, 5));
  // Bounded increment, NVIDIA INC / HIP atomicInc: (old >= v) ? 0 : old + 1.
  auto inc = [](uint64_t old) { return old >= 6 ? 0 : old + 1; };
  EXPECT_EQ(*rmw(memory, 0x1000, 4, inc), 5u);
  EXPECT_EQ(*rmw(memory, 0x1000, 4, inc), 6u);
  EXPECT_EQ(*memory.load(0x1000, 4), 0u);
  // A float add done with bits in, bits out.
  ASSERT_TRUE(memory.store(0x1008, 8, std::bit_cast<uint64_t>(1.5)));
  EXPECT_TRUE(
      rmw(memory, 0x1008, 8, [](uint64_t old) { return std::bit_cast<uint64_t>(std::bit_cast<double>(old) + 2.25); }));
  EXPECT_EQ(std::bit_cast<double>(*memory.load(0x1008, 8)), 3.75);
  // Bits above the width are ignored.
  EXPECT_EQ(*rmw(memory, 0x1010, 2, [](uint64_t) { return uint64_t{0x12345}; }), 0u);
  EXPECT_EQ(*memory.load(0x1010, 4), 0x2345u);
}

TEST(Atomics, FaultsChangeNothing) {
  DeviceMemory memory;
  add_buffer(memory);
  EXPECT_EQ(fetch_add(memory, 0x1002, 4, 1).error().kind, FaultKind::misaligned);
  EXPECT_EQ(fetch_add(memory, 0x9000, 4, 1).error().kind, FaultKind::out_of_range);
  EXPECT_EQ(fetch_add(memory, 0x1000, 1, 1).error().kind, FaultKind::bad_width);
  EXPECT_EQ(rmw(memory, 0x1000, 16, [](uint64_t o) { return o; }).error().kind, FaultKind::bad_width);
  EXPECT_EQ(compare_exchange128(memory, 0x1008, {}, {1, 1}).error().kind, FaultKind::misaligned);
  EXPECT_EQ(memory.allocated_pages(), 0u);
}

TEST(Atomics, SixteenBitLeavesNeighbourIntact) {
  DeviceMemory memory;
  add_buffer(memory);
  ASSERT_TRUE(memory.store(0x1000, 4, 0xbeef'0000));
  EXPECT_EQ(*fetch_add(memory, 0x1000, 2, 0xffff), 0u);
  EXPECT_EQ(*fetch_add(memory, 0x1000, 2, 1), 0xffffu);  // wraps at 16 bits, no carry into 0xbeef
  EXPECT_EQ(*memory.load(0x1000, 4), 0xbeef'0000u);
  EXPECT_EQ(*compare_exchange(memory, 0x1002, 2, 0xbeef, 0xcafe), 0xbeefu);
  EXPECT_EQ(*memory.load(0x1000, 4), 0xcafe'0000u);
}

TEST(Atomics, SixteenBitNeighboursRaceWithoutInterference) {
  DeviceMemory memory;
  add_buffer(memory);
  // Two threads, one per half of the same 32-bit word, each counting its own half.
  const uint64_t n = race_iterations;
  race(2, [&](unsigned t) {
    for (uint64_t i = 0; i < n; ++i) ASSERT_TRUE(fetch_add(memory, 0x1000 + 2 * t, 2, 1));
  });
  EXPECT_EQ(*memory.load(0x1000, 2), n & 0xffff);
  EXPECT_EQ(*memory.load(0x1002, 2), n & 0xffff);
  // The same with a CAS-loop rmw and an exchange on the neighbour.
  ASSERT_TRUE(memory.store(0x1004, 4, 0));
  race(2, [&](unsigned t) {
    for (uint64_t i = 0; i < n; ++i) {
      if (t == 0) {
        ASSERT_TRUE(rmw(memory, 0x1004, 2, [](uint64_t old) { return old + 3; }));
      } else {
        ASSERT_TRUE(exchange(memory, 0x1006, 2, i & 0xffff));
      }
    }
  });
  EXPECT_EQ(*memory.load(0x1004, 2), (3 * n) & 0xffff);
  EXPECT_EQ(*memory.load(0x1006, 2), (n - 1) & 0xffff);
}

TEST(Atomics, FetchAddRaceGivesExactSum) {
  DeviceMemory memory;
  add_buffer(memory);
  const uint64_t n = race_iterations;
  race(2, [&](unsigned) {
    for (uint64_t i = 0; i < n; ++i) {
      ASSERT_TRUE(fetch_add(memory, 0x1000, 4, 1));
      ASSERT_TRUE(fetch_add(memory, 0x1008, 8, 3));
    }
  });
  EXPECT_EQ(*memory.load(0x1000, 4), 2 * n);
  EXPECT_EQ(*memory.load(0x1008, 8), 6 * n);
}

TEST(Atomics, CasLoopRmwRaceGivesExactSum) {
  DeviceMemory memory;
  add_buffer(memory);
  const uint64_t n = race_iterations;
  std::atomic<uint64_t> total_retries{0};
  race(2, [&](unsigned) {
    uint32_t retries = 0;
    for (uint64_t i = 0; i < n; ++i) {
      ASSERT_TRUE(rmw(
          memory, 0x1000, 4, [](uint64_t old) { return old + 1; }, Space::global, &retries));
      ASSERT_TRUE(rmw(memory, 0x1008, 8, [](uint64_t old) { return old + 5; }));
    }
    total_retries += retries;
  });
  EXPECT_EQ(*memory.load(0x1000, 4), 2 * n);
  EXPECT_EQ(*memory.load(0x1008, 8), 10 * n);
}

TEST(Atomics, CompareExchangeLoopRaceGivesExactSum) {
  DeviceMemory memory;
  add_buffer(memory);
  const uint64_t n = race_iterations / 4;
  race(2, [&](unsigned) {
    for (uint64_t i = 0; i < n; ++i) {
      uint64_t seen = *memory.load(0x1000, 8);
      for (;;) {
        const uint64_t old = *compare_exchange(memory, 0x1000, 8, seen, seen + 1);
        if (old == seen) break;
        seen = old;
      }
    }
  });
  EXPECT_EQ(*memory.load(0x1000, 8), 2 * n);
}

TEST(Atomics, Bits128ExchangeAndCompareExchange) {
  DeviceMemory memory;
  add_buffer(memory);
  const Bits128 a{1, 2};
  const Bits128 b{3, 4};
  EXPECT_EQ(*exchange128(memory, 0x1010, a), Bits128{});
  EXPECT_EQ(*compare_exchange128(memory, 0x1010, b, b), a);  // fails
  EXPECT_EQ(*memory.load128(0x1010), a);
  EXPECT_EQ(*compare_exchange128(memory, 0x1010, a, b), a);  // swaps
  EXPECT_EQ(*memory.load128(0x1010), b);
  EXPECT_EQ(*compare_exchange128(memory, 0x1010, {3, 5}, a), b);  // high half differs: fails
  EXPECT_EQ(*memory.load128(0x1010), b);
}

TEST(Atomics, Bits128CompareExchangeRace) {
  DeviceMemory memory;
  add_buffer(memory);
  // A 128-bit counter whose halves must always move together: lo = count, hi = ~count.
  ASSERT_TRUE(memory.store128(0x1000, {0, ~uint64_t{0}}));
  const uint64_t n = race_iterations / 10;
  std::atomic<bool> torn{false};
  race(3, [&](unsigned t) {
    if (t == 2) {  // a reader checking the invariant while the writers race
      for (uint64_t i = 0; i < n; ++i) {
        const Bits128 seen = *memory.load128(0x1000);
        if (seen.hi != ~seen.lo) torn = true;
      }
      return;
    }
    for (uint64_t i = 0; i < n; ++i) {
      Bits128 seen = *memory.load128(0x1000);
      for (;;) {
        const Bits128 next{seen.lo + 1, ~(seen.lo + 1)};
        const Bits128 old = *compare_exchange128(memory, 0x1000, seen, next);
        if (old == seen) break;
        seen = old;
      }
    }
  });
  EXPECT_FALSE(torn);
  EXPECT_EQ(*memory.load128(0x1000), (Bits128{2 * n, ~(2 * n)}));
}

TEST(Atomics, LoadOpStoreIsNotAtomicButSafe) {
  DeviceMemory memory;
  add_buffer(memory);
  EXPECT_EQ(*load_op_store(memory, 0x1000, 4, [](uint64_t old) { return old + 2; }), 0u);
  EXPECT_EQ(*memory.load(0x1000, 4), 2u);
  // Racing, updates may be lost, but the total never exceeds the number of increments.
  const uint64_t n = race_iterations / 10;
  race(2, [&](unsigned) {
    for (uint64_t i = 0; i < n; ++i) ASSERT_TRUE(load_op_store(memory, 0x1008, 8, [](uint64_t o) { return o + 1; }));
  });
  EXPECT_LE(*memory.load(0x1008, 8), 2 * n);
  EXPECT_GE(*memory.load(0x1008, 8), 1u);
}

TEST(Atomics, FirstTouchRaceAllocatesOnePage) {
  DeviceMemory memory;
  add_buffer(memory, 0x1000, uint64_t{1} << 30);
  // Many threads touch the same fresh pages at once; each page must end with every increment.
  constexpr unsigned threads = 4;
  constexpr uint64_t pages = 64;
  race(threads, [&](unsigned) {
    for (uint64_t p = 0; p < pages; ++p) ASSERT_TRUE(fetch_add(memory, 0x1000 + p * 0x10'0000, 4, 1));
  });
  for (uint64_t p = 0; p < pages; ++p) EXPECT_EQ(*memory.load(0x1000 + p * 0x10'0000, 4), threads);
  EXPECT_EQ(memory.allocated_pages(), pages);
}

}  // namespace
}  // namespace gpuatom::memory
