#include "page_pool.hpp"

#include <atomic>
#include <cstdlib>
#include <cstring>
#include <mutex>
#include <new>
#include <vector>

#include "gpuatom/memory/page_table.hpp"

namespace gpuatom::memory::page_pool {

namespace {

#if defined(__SANITIZE_ADDRESS__)
constexpr std::size_t capacity = 0;
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
constexpr std::size_t capacity = 0;
#else
constexpr std::size_t capacity = 16384 / shards;  // per shard: 64 MiB of pages in all
#endif
#else
constexpr std::size_t capacity = 16384 / shards;  // per shard: 64 MiB of pages in all
#endif

// A page is taken once per page a run touches, never per access; a mutex is no dearer than the
// allocator's own lock it replaces, and with a shard per range of a region's pages each host
// worker mostly takes its own shards' locks.
struct alignas(64) Pool {
  std::mutex mutex;
  std::vector<std::byte*> pages;
  std::atomic<std::size_t> size{0};  // pages.size(), readable without the lock: empty shards are passed by
};

// Never destroyed: page tables of static lifetime may give pages back during exit. The pages
// stay reachable from here, so leak checkers do not report them.
[[maybe_unused]] Pool* pools() {  // unused where the pool is off (capacity 0)
  static Pool* const p = new Pool[shards];
  return p;
}

[[maybe_unused]] std::byte* take_from(Pool& p) {
  if (p.size.load(std::memory_order_relaxed) == 0) return nullptr;
  const std::lock_guard lock(p.mutex);
  if (p.pages.empty()) return nullptr;
  std::byte* page = p.pages.back();
  p.pages.pop_back();
  p.size.store(p.pages.size(), std::memory_order_relaxed);
  return page;
}

[[maybe_unused]] bool keep_in(Pool& p, std::byte* page) noexcept {
  const std::lock_guard lock(p.mutex);
  if (p.pages.size() >= capacity) return false;
  if (p.pages.capacity() == 0) {
    try {
      p.pages.reserve(capacity);
    } catch (...) {
      return false;
    }
  }
  p.pages.push_back(page);
  p.size.store(p.pages.size(), std::memory_order_relaxed);
  return true;
}

}  // namespace

// Shard `shard` first, then the others: a region touched in one narrow range still reuses the
// whole pool, only without the affinity.
std::byte* take(unsigned shard) {
  if constexpr (capacity > 0) {
    Pool* const p = pools();
    for (unsigned k = 0; k < shards; ++k) {
      if (std::byte* page = take_from(p[(shard + k) % shards])) {
        std::memset(page, 0, page_bytes);
        return page;
      }
    }
  }
  auto* fresh = static_cast<std::byte*>(std::calloc(1, page_bytes));
  if (fresh == nullptr) throw std::bad_alloc();
  return fresh;
}

void give(std::byte* page, unsigned shard) noexcept {
  if (page == nullptr) return;
  if constexpr (capacity > 0) {
    Pool* const p = pools();
    for (unsigned k = 0; k < shards; ++k)
      if (keep_in(p[(shard + k) % shards], page)) return;
  }
  std::free(page);
}

}  // namespace gpuatom::memory::page_pool
