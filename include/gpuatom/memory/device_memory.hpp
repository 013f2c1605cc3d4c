// DeviceMemory: the simulated device's byte-addressed, little-endian, sparse 64-bit address
// space. Memory exists only inside regions; pages inside a region get storage on first write
// (a 2^40-byte region costs only the pages touched).
//
// Every access goes through translate(), which checks, in this order (nvidia.md §7.4):
//   1. width supported                           → FaultKind::bad_width
//   2. a global access inside the local/shared window → invalid_address_space
//   3. address a multiple of the width            → misaligned
//   4. [address, address + width) inside one region of the expected space
//                                                  → out_of_range (a global access that lands in a
//                                                    shared/local region: invalid_address_space)
//   5. page not sparse                             → sparse
// and returns the host address of the bytes. A faulting access touches nothing.
//
// Threads: accesses, add_region and set_sparse may run concurrently from any number of threads.
// Translation takes no lock and allocates nothing once the page exists. set_window must happen
// before accesses start (windows are read without synchronisation on the hot path).
//
// Plain accesses (load/store/read_bytes/write_bytes) are for initialisation and for reading
// results; they are relaxed host atomics so that they may overlap racing workers without a data
// race. Atomic read-modify-writes are in atomic_access.hpp.
#pragma once

#include <atomic>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <mutex>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "gpuatom/memory/expected.hpp"
#include "gpuatom/memory/fault.hpp"
#include "gpuatom/memory/page_table.hpp"
#include "gpuatom/memory/region.hpp"
#include "gpuatom/memory/striped_lock.hpp"
#include "gpuatom/support/bits128.hpp"

namespace gpuatom::memory {

static_assert(std::endian::native == std::endian::little,
              "device memory is little-endian and stored in host byte order");

// Whether an access may write. Reads of never-written pages allocate nothing.
enum class Intent : uint8_t { read, write };

class DeviceMemory {
 public:
  DeviceMemory();
  ~DeviceMemory();
  DeviceMemory(const DeviceMemory&) = delete;
  DeviceMemory& operator=(const DeviceMemory&) = delete;

  // ---- configuration -------------------------------------------------------------------

  // Creates a region (rules in RegionSpec). Thread-safe; regions are never removed.
  Expected<RegionId, RegionError> add_region(const RegionSpec& spec);

  // Sets the shared or local window of the generic address space (Space::global is ignored).
  // Not thread-safe against accesses: configure before launching.
  void set_window(Space space, Window window);
  Window window(Space space) const;

  // Marks every page overlapping [address, address + size) sparse (contents dropped) or resident
  // (a sparse page reads zero until written; a page with contents keeps them). Pages are 4 KiB
  // counted from the region's base. The range must lie inside one region, else an out_of_range
  // fault (width 0) and nothing changes.
  Expected<void> set_sparse(uint64_t address, uint64_t size, bool sparse);

  // ---- queries ----------------------------------------------------------------------------

  // The region with this id / name / containing this address; nullopt when there is none.
  std::optional<RegionInfo> region(RegionId id) const;
  std::optional<RegionInfo> region_named(std::string_view name) const;
  std::optional<RegionInfo> region_at(uint64_t address) const;
  std::vector<RegionInfo> regions() const;  // in creation order

  // Whether the page holding `address` is sparse (false outside every region).
  bool is_sparse(uint64_t address) const;

  // Pages with storage, over all regions (each 4 KiB).
  uint64_t allocated_pages() const;

  // ---- translation (the hot path) -----------------------------------------------------------

  // Checks an access of `width` bytes (1, 2, 4, 8 or 16) at `address` expecting `space`, in the
  // order given at the top of this file, and returns the host address of its first byte. With
  // Intent::read an untouched page yields a shared zero page that must not be written. The host
  // address stays valid as long as the DeviceMemory (storage is freed only on destruction, even
  // when a page is made sparse), so a racing set_sparse never makes it dangle.
  Expected<std::byte*> translate(uint64_t address, unsigned width, Intent intent, Space space = Space::global) {
    if (!(width == 1 || width == 2 || width == 4 || width == 8 || width == 16)) {
      return fault_at(FaultKind::bad_width, address, width);
    }
    if (space == Space::global && (shared_window_.contains(address) || local_window_.contains(address))) {
      return fault_at(FaultKind::invalid_address_space, address, width);
    }
    if ((address & (width - 1)) != 0) return fault_at(FaultKind::misaligned, address, width);
    Region* region = find(address);
    if (region == nullptr || !region->info.contains(address, width)) {
      return fault_at(FaultKind::out_of_range, address, width);
    }
    if (region->info.attributes.space != space) {
      return fault_at(space == Space::global ? FaultKind::invalid_address_space : FaultKind::out_of_range, address,
                      width);
    }
    const uint64_t offset = address - region->info.base;
    std::byte* page = intent == Intent::read ? region->pages.page_for_read(offset >> page_shift)
                                             : region->pages.page_for_write(offset >> page_shift);
    if (page == nullptr) return fault_at(FaultKind::sparse, address, width);
    return page + (offset & (page_bytes - 1));
  }

  // A one-page memo of translate() for one thread's stream of accesses: consecutive accesses
  // that stay in one page (or in the part of a page inside a region) skip the region search and
  // the page-table walk. It remembers only what translate() found valid: the checks it skips give
  // the same answer for any access it serves. Valid while the memory's regions and windows stay
  // as they are and no set_sparse() runs (a scenario's run), since a page made sparse after it was
  // remembered would still be served. One per thread; not shared.
  struct TranslationCache {
    uint64_t low = 1, high = 0;  // device bytes [low, high) served; empty at first
    std::byte* host = nullptr;   // host address of `low`
    Space space = Space::global;
    bool writable = false;  // false: remembered for reading (maybe the shared zero page)
  };

  // translate() through `cache`: the same result, faster when the access stays on the cached page.
  Expected<std::byte*> translate(uint64_t address, unsigned width, Intent intent, Space space,
                                 TranslationCache& cache) {
    if (address >= cache.low && address - cache.low + width <= cache.high - cache.low && space == cache.space &&
        (intent == Intent::read || cache.writable) && std::has_single_bit(width) && width <= 16 &&
        (address & (width - 1)) == 0) {
      return cache.host + (address - cache.low);
    }
    return translate_and_remember(address, width, intent, space, cache);
  }

  // ---- plain accesses (initialisation, reading results) -------------------------------------

  // Naturally aligned load of 1, 2, 4 or 8 bytes, zero-extended. Relaxed.
  Expected<uint64_t> load(uint64_t address, unsigned width, Space space = Space::global);
  // Naturally aligned store of the low `width` bytes of `bits` (1, 2, 4 or 8). Relaxed.
  Expected<void> store(uint64_t address, unsigned width, uint64_t bits, Space space = Space::global);

  // 16-byte aligned 128-bit load/store, taken under the 128-bit stripe lock so that they never
  // see or leave half of a concurrent 128-bit exchange / compare-and-swap.
  Expected<Bits128> load128(uint64_t address, Space space = Space::global);
  Expected<void> store128(uint64_t address, Bits128 bits, Space space = Space::global);

  // Byte copies of any length and alignment (no alignment check); the whole range must lie in one
  // region of `space` and in resident pages, else the fault of the first failing byte and nothing
  // is copied. Each byte is a relaxed atomic access.
  Expected<void> read_bytes(uint64_t address, std::span<std::byte> out, Space space = Space::global);
  Expected<void> write_bytes(uint64_t address, std::span<const std::byte> in, Space space = Space::global);

  // A fault of `kind` for a `width`-byte access at `address`, naming the region that contains
  // `address` (if any). Off the hot path; vendor layers use it for faults they detect themselves.
  [[gnu::cold, gnu::noinline]] Fault fault_at(FaultKind kind, uint64_t address, uint64_t width) const noexcept;

  // The locks behind 128-bit atomics (atomic_access.hpp); shared by all 128-bit accesses here.
  StripedLock& locks128() noexcept { return locks128_; }

 private:
  struct Region {
    RegionInfo info;
    std::string name;  // storage behind info.name
    PageTable pages;
    Region(RegionId id, const RegionSpec& spec);
  };
  // Immutable snapshot of the regions, replaced (never mutated) when a region is added, so that
  // readers need only an acquire load. Old snapshots are kept until destruction.
  struct Snapshot {
    std::vector<Region*> by_base;  // sorted by base
    std::vector<Region*> by_id;
  };

  // The region whose base is the greatest not above `address` (the only candidate), or nullptr.
  Region* find(uint64_t address) const noexcept {
    const Snapshot* snapshot = snapshot_.load(std::memory_order_acquire);
    const auto& regions = snapshot->by_base;
    std::size_t low = 0, high = regions.size();  // first region with base > address, by bisection
    while (low < high) {
      const std::size_t mid = (low + high) / 2;
      if (regions[mid]->info.base <= address)
        low = mid + 1;
      else
        high = mid;
    }
    return low == 0 ? nullptr : regions[low - 1];
  }

  Expected<std::byte*> translate_and_remember(uint64_t address, unsigned width, Intent intent, Space space,
                                              TranslationCache& cache);

  // Translates a byte range inside one region (no alignment rule); used by the byte copies.
  Expected<Region*> check_range(uint64_t address, uint64_t size, Space space) const;

  std::atomic<const Snapshot*> snapshot_;
  mutable std::mutex config_mutex_;  // serialises add_region
  std::vector<std::unique_ptr<Region>> owned_regions_;
  std::vector<std::unique_ptr<Snapshot>> snapshots_;
  Window shared_window_{};
  Window local_window_{};
  StripedLock locks128_;
};

}  // namespace gpuatom::memory
