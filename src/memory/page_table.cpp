#include "gpuatom/memory/page_table.hpp"

#include <cstdlib>
#include <cstring>
#include <new>

#include "page_pool.hpp"

namespace gpuatom::memory {

namespace {

constexpr unsigned top_bits_max = 12;

unsigned bits_for(uint64_t count) {  // ceil(log2(count)), 0 for count <= 1
  unsigned bits = 0;
  while (bits < 64 && (uint64_t{1} << bits) < count) ++bits;
  return bits;
}

// Zeroed slot arrays. calloc leaves large arrays as untouched (lazily mapped) zero pages, and an
// all-zero std::atomic<uintptr_t> is the value 0 on every host we build for.
std::atomic<uintptr_t>* new_slots(uint64_t count) {
  void* memory = std::calloc(count, sizeof(std::atomic<uintptr_t>));
  if (memory == nullptr) throw std::bad_alloc();
  return static_cast<std::atomic<uintptr_t>*>(memory);
}

}  // namespace

std::byte* PageTable::zero_page() noexcept {
  alignas(page_bytes) static std::byte zeros[page_bytes] = {};
  return zeros;
}

PageTable::PageTable(uint64_t size_bytes, bool sparse_by_default)
    : page_count_((size_bytes >> page_shift) + ((size_bytes & (page_bytes - 1)) != 0)),
      sparse_by_default_(sparse_by_default) {
  const unsigned index_bits = bits_for(page_count_);
  levels_ = index_bits <= top_bits_max ? 1 : 1 + (index_bits - top_bits_max + lower_bits - 1) / lower_bits;
  const unsigned top_bits = index_bits - (levels_ - 1) * lower_bits;
  top_mask_ = (uint64_t{1} << top_bits) - 1;
  root_ = new_slots(uint64_t{1} << top_bits);
}

PageTable::~PageTable() {
  free_subtree(root_, 0, 0);
  for (std::byte* page : retired_) page_pool::give(page, 0);
}

unsigned PageTable::pool_shard(uint64_t index) const noexcept {
  return static_cast<unsigned>(index / ((page_count_ + page_pool::shards - 1) / page_pool::shards));
}

void PageTable::free_subtree(Slot* slots, unsigned level, uint64_t first_index) {
  const uint64_t count = slot_mask(level) + 1;
  const unsigned below = (levels_ - 1 - level) * lower_bits;  // index bits under each slot
  for (uint64_t i = 0; i < count; ++i) {
    const uintptr_t entry = slots[i].load(std::memory_order_relaxed);
    const uint64_t index = first_index + (i << below);
    if (level + 1 < levels_) {
      if (entry != untouched) free_subtree(reinterpret_cast<Slot*>(entry), level + 1, index);
    } else if (entry > last_state) {
      page_pool::give(reinterpret_cast<std::byte*>(entry), pool_shard(index));
    }
  }
  std::free(slots);
}

PageTable::Slot& PageTable::leaf_slot_creating(uint64_t index) {
  Slot* slots = root_;
  unsigned shift = (levels_ - 1) * lower_bits;
  for (unsigned level = 1; level < levels_; ++level) {
    Slot& slot = slots[(index >> shift) & slot_mask(level - 1)];
    uintptr_t child = slot.load(std::memory_order_acquire);
    if (child == untouched) {
      Slot* fresh = new_slots(uint64_t{1} << lower_bits);
      // Publish; a racer that got there first wins and our node goes back.
      if (slot.compare_exchange_strong(child, reinterpret_cast<uintptr_t>(fresh), std::memory_order_acq_rel,
                                       std::memory_order_acquire)) {
        child = reinterpret_cast<uintptr_t>(fresh);
      } else {
        std::free(fresh);
      }
    }
    slots = reinterpret_cast<Slot*>(child);
    shift -= lower_bits;
  }
  return slots[index & slot_mask(levels_ - 1)];
}

std::byte* PageTable::allocate_page(uint64_t index) {
  Slot& slot = leaf_slot_creating(index);
  uintptr_t entry = slot.load(std::memory_order_acquire);
  std::byte* fresh = nullptr;
  for (;;) {
    if (entry > last_state) break;  // someone else's page
    if (is_sparse_state(entry)) break;
    if (fresh == nullptr) fresh = page_pool::take(pool_shard(index));
    if (slot.compare_exchange_weak(entry, reinterpret_cast<uintptr_t>(fresh), std::memory_order_acq_rel,
                                   std::memory_order_acquire)) {
      allocated_.fetch_add(1, std::memory_order_relaxed);
      return fresh;
    }
  }
  page_pool::give(fresh, pool_shard(index));  // lost the race (or the page turned sparse)
  return entry > last_state ? reinterpret_cast<std::byte*>(entry) : nullptr;
}

void PageTable::set_sparse(uint64_t first, uint64_t count, bool sparse) {
  const uintptr_t state = sparse ? sparse_marked : resident_marked;
  for (uint64_t index = first; index < first + count && index < page_count_; ++index) {
    Slot& slot = leaf_slot_creating(index);
    uintptr_t previous = slot.load(std::memory_order_acquire);
    // Making a page resident keeps the storage it already has; making it sparse drops it.
    do {
      if (!sparse && previous > last_state) break;
    } while (!slot.compare_exchange_weak(previous, state, std::memory_order_acq_rel, std::memory_order_acquire));
    if (sparse && previous > last_state) {
      allocated_.fetch_sub(1, std::memory_order_relaxed);
      const std::lock_guard lock(retired_mutex_);
      retired_.push_back(reinterpret_cast<std::byte*>(previous));
    }
  }
}

}  // namespace gpuatom::memory
