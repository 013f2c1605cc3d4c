#include "page_pool.hpp"

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
constexpr std::size_t capacity = 16384 / shards;  // 64 MiB of pages in all
#endif
#else
constexpr std::size_t capacity = 16384 / shards;  // 64 MiB of pages in all
#endif

// A page is taken once per page a run touches, never per access; a mutex is no dearer than the
// allocator's own lock it replaces.
struct alignas(64) Pool {
  std::mutex mutex;
  std::vector<std::byte*> pages;
};

// Never destroyed: page tables of static lifetime may give pages back during exit. The pages
// stay reachable from here, so leak checkers do not report them.
[[maybe_unused]] Pool& pool(unsigned shard) {  // unused where the pool is off (capacity 0)
  static Pool* const p = new Pool[shards];
  return p[shard % shards];
}

}  // namespace

std::byte* take(unsigned shard) {
  if constexpr (capacity > 0) {
    std::byte* page = nullptr;
    {
      Pool& p = pool(shard);
      const std::lock_guard lock(p.mutex);
      if (!p.pages.empty()) {
        page = p.pages.back();
        p.pages.pop_back();
      }
    }
    if (page) {
      std::memset(page, 0, page_bytes);
      return page;
    }
  }
  auto* fresh = static_cast<std::byte*>(std::calloc(1, page_bytes));
  if (fresh == nullptr) throw std::bad_alloc();
  return fresh;
}

void give(std::byte* page, unsigned shard) noexcept {
  if (page == nullptr) return;
  if constexpr (capacity > 0) {
    Pool& p = pool(shard);
    const std::lock_guard lock(p.mutex);
    if (p.pages.size() < capacity) {
      if (p.pages.capacity() == 0) {
        try {
          p.pages.reserve(capacity);
        } catch (...) {
          std::free(page);
          return;
        }
      }
      p.pages.push_back(page);
      return;
    }
  }
  std::free(page);
}

}  // namespace gpuatom::memory::page_pool
