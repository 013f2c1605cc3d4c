// PageTable: the pages of one region, allocated on first write, found by a radix walk that takes
// no lock and allocates nothing once the page exists.
//
// Layout: the region's page index (offset / 4 KiB) is split into a top level of up to 12 bits
// and lower levels of 8 bits (256 slots of 8 bytes = one 2 KiB node). A 2^40-byte region has a
// 4096-slot top and two lower levels (three dependent loads per walk); touching one page costs
// that page plus at most two 2 KiB nodes, so 1,000 scattered pages stay around 8 MiB (smaller
// nodes would save memory at the price of more levels on every access). Slots and leaf entries are atomics:
// a missing node or page is allocated, zeroed and published with a compare-and-swap (release);
// the racer that loses frees its copy and uses the winner's. Readers load with acquire.
//
// A leaf entry is a page pointer or one of three states of a page without storage:
// untouched (the region's default), explicitly sparse, explicitly resident. Reads of a resident
// page without storage see a shared all-zero page and allocate nothing.
#pragma once

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <mutex>
#include <vector>

namespace gpuatom::memory {

inline constexpr unsigned page_shift = 12;
inline constexpr uint64_t page_bytes = uint64_t{1} << page_shift;

class PageTable {
 public:
  // A table for `size_bytes` of address space (> 0). `sparse_by_default`: untouched pages are
  // sparse rather than resident.
  PageTable(uint64_t size_bytes, bool sparse_by_default);
  ~PageTable();
  PageTable(const PageTable&) = delete;
  PageTable& operator=(const PageTable&) = delete;

  // Storage of page `index` for reading: the page, the shared zero page when the page is resident
  // but never written, or nullptr when the page is sparse. Never allocates. The zero page must
  // never be written through.
  std::byte* page_for_read(uint64_t index) const noexcept {
    const uintptr_t entry = leaf_entry(index);
    if (entry > last_state) return reinterpret_cast<std::byte*>(entry);
    return is_sparse_state(entry) ? nullptr : zero_page();
  }

  // Storage of page `index` for writing: the page (allocated and zeroed on first touch), or
  // nullptr when the page is sparse. Lock-free; allocates only on first touch.
  std::byte* page_for_write(uint64_t index) {
    const uintptr_t entry = leaf_entry(index);
    if (entry > last_state) return reinterpret_cast<std::byte*>(entry);
    return allocate_page(index);
  }

  // Marks pages [first, first + count) sparse (their contents are dropped) or resident (a page
  // that was sparse reads zero until written; one with contents keeps them). Safe against concurrent accesses: a
  // dropped page's storage is kept until the table is destroyed, so a racing access that still holds it writes into a
  // page nobody reads again, never into freed memory.
  void set_sparse(uint64_t first, uint64_t count, bool sparse);

  // Whether page `index` is sparse now.
  bool is_sparse(uint64_t index) const noexcept { return is_sparse_state(leaf_entry(index)); }

  // Pages with storage (allocated by writes), for diagnostics and memory tests.
  uint64_t allocated_pages() const noexcept { return allocated_.load(std::memory_order_relaxed); }

  uint64_t page_count() const noexcept { return page_count_; }

  // A 4 KiB page of zeros, shared by every table, that reads of untouched pages return.
  static std::byte* zero_page() noexcept;

 private:
  using Slot = std::atomic<uintptr_t>;
  static constexpr unsigned lower_bits = 8;
  static constexpr uintptr_t untouched = 0;  // leaf: the region default; inner slot: no node yet
  static constexpr uintptr_t sparse_marked = 1;
  static constexpr uintptr_t resident_marked = 2;
  static constexpr uintptr_t last_state = resident_marked;

  bool is_sparse_state(uintptr_t entry) const noexcept {
    return entry == sparse_marked || (entry == untouched && sparse_by_default_);
  }

  // The leaf entry of page `index` (untouched when a node on the way is missing).
  uintptr_t leaf_entry(uint64_t index) const noexcept {
    const Slot* slots = root_;
    unsigned shift = (levels_ - 1) * lower_bits;
    for (unsigned level = 1; level < levels_; ++level) {
      const uintptr_t child = slots[(index >> shift) & slot_mask(level - 1)].load(std::memory_order_acquire);
      if (child == untouched) return untouched;
      slots = reinterpret_cast<const Slot*>(child);
      shift -= lower_bits;
    }
    return slots[index & slot_mask(levels_ - 1)].load(std::memory_order_acquire);
  }

  uint64_t slot_mask(unsigned level) const noexcept { return level == 0 ? top_mask_ : (uint64_t{1} << lower_bits) - 1; }

  Slot& leaf_slot_creating(uint64_t index);  // creates missing nodes
  std::byte* allocate_page(uint64_t index);  // first-touch slow path
  void free_subtree(Slot* slots, unsigned level, uint64_t first_index);
  // The page pool's shard for page `index`: the table's pages in 16 consecutive ranges.
  unsigned pool_shard(uint64_t index) const noexcept;

  uint64_t page_count_;
  unsigned levels_;
  uint64_t top_mask_;
  bool sparse_by_default_;
  Slot* root_;
  std::atomic<uint64_t> allocated_{0};
  std::mutex retired_mutex_;         // only set_sparse takes it
  std::vector<std::byte*> retired_;  // dropped pages, freed with the table
};

}  // namespace gpuatom::memory
