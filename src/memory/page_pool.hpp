// Device pages kept for reuse across DeviceMemory instances.
//
// A fresh device memory allocates a page on the first access to it. Taking it from the host
// allocator each time made every scenario run fault its pages in from the kernel again once glibc
// had handed the previous run's pages back (1024 faults for 4 MiB, a quarter of a 1M-lane run).
// Pages freed by a page table go here instead, up to a bound, and come back zeroed. Under
// AddressSanitizer the pool is off, so that a use after free of a page is still reported.
#pragma once

#include <cstddef>

namespace gpuatom::memory::page_pool {

// The pool keeps its pages in `shards` lists, each with its own lock.
inline constexpr unsigned shards = 16;

// A zeroed page of `page_bytes`, from shard `shard` of the pool or the allocator; throws
// std::bad_alloc.
std::byte* take(unsigned shard);

// Gives a page (from take()) back to shard `shard`: kept when the pool has room, else freed.
void give(std::byte* page, unsigned shard) noexcept;

}  // namespace gpuatom::memory::page_pool
