#include "gpuatom/memory/device_memory.hpp"

#include <algorithm>
#include <atomic>
#include <cstring>

namespace gpuatom::memory {

namespace {

bool ranges_overlap(uint64_t base_a, uint64_t size_a, uint64_t base_b, uint64_t size_b) {
  // Half-open ranges that do not wrap; compare via offsets to stay overflow-free.
  return base_a < base_b ? base_b - base_a < size_a : base_a - base_b < size_b;
}

bool inside(const Window& window, uint64_t base, uint64_t size) {
  return base >= window.base && base - window.base <= window.size && size <= window.size - (base - window.base);
}

}  // namespace

DeviceMemory::Region::Region(RegionId id, const RegionSpec& spec)
    : name(spec.name), pages(spec.size, spec.attributes.sparse_by_default) {
  info = RegionInfo{id, name, spec.base, spec.size, spec.attributes};
}

DeviceMemory::DeviceMemory() {
  snapshots_.push_back(std::make_unique<Snapshot>());
  snapshot_.store(snapshots_.back().get(), std::memory_order_release);
}

DeviceMemory::~DeviceMemory() = default;

Expected<RegionId, RegionError> DeviceMemory::add_region(const RegionSpec& spec) {
  if (spec.size == 0) return RegionError::empty;
  if (spec.name.empty()) return RegionError::empty_name;
  if (spec.base % 16 != 0) return RegionError::misaligned_base;
  if (spec.size - 1 > ~uint64_t{0} - spec.base) return RegionError::wraps;
  const Space space = spec.attributes.space;
  if (space != Space::global) {
    const Window w = window(space);
    if (w.size != 0 && !inside(w, spec.base, spec.size)) return RegionError::outside_window;
  }

  const std::lock_guard lock(config_mutex_);
  const Snapshot& current = *snapshot_.load(std::memory_order_acquire);
  for (const Region* region : current.by_id) {
    if (region->info.name == spec.name) return RegionError::duplicate_name;
    if (ranges_overlap(region->info.base, region->info.size, spec.base, spec.size)) return RegionError::overlap;
  }
  const auto id = static_cast<RegionId>(current.by_id.size());
  owned_regions_.push_back(std::make_unique<Region>(id, spec));
  Region* created = owned_regions_.back().get();

  auto next = std::make_unique<Snapshot>(current);
  next->by_id.push_back(created);
  next->by_base.insert(std::upper_bound(next->by_base.begin(), next->by_base.end(), spec.base,
                                        [](uint64_t base, const Region* r) { return base < r->info.base; }),
                       created);
  snapshots_.push_back(std::move(next));
  snapshot_.store(snapshots_.back().get(), std::memory_order_release);
  return id;
}

void DeviceMemory::set_window(Space space, Window w) {
  if (space == Space::shared) shared_window_ = w;
  if (space == Space::local) local_window_ = w;
}

Window DeviceMemory::window(Space space) const {
  switch (space) {
    case Space::shared: return shared_window_;
    case Space::local: return local_window_;
    case Space::global: break;
  }
  return {};
}

Expected<void> DeviceMemory::set_sparse(uint64_t address, uint64_t size, bool sparse) {
  Region* region = find(address);
  if (size == 0 || region == nullptr || !region->info.contains(address, size)) {
    return fault_at(FaultKind::out_of_range, address, 0);
  }
  const uint64_t first = (address - region->info.base) >> page_shift;
  const uint64_t last = (address - region->info.base + size - 1) >> page_shift;
  region->pages.set_sparse(first, last - first + 1, sparse);
  return {};
}

std::optional<RegionInfo> DeviceMemory::region(RegionId id) const {
  const Snapshot& current = *snapshot_.load(std::memory_order_acquire);
  if (id >= current.by_id.size()) return std::nullopt;
  return current.by_id[id]->info;
}

std::optional<RegionInfo> DeviceMemory::region_named(std::string_view wanted) const {
  for (const Region* region : snapshot_.load(std::memory_order_acquire)->by_id) {
    if (region->info.name == wanted) return region->info;
  }
  return std::nullopt;
}

std::optional<RegionInfo> DeviceMemory::region_at(uint64_t address) const {
  Region* region = find(address);
  if (region == nullptr || !region->info.contains(address)) return std::nullopt;
  return region->info;
}

std::vector<RegionInfo> DeviceMemory::regions() const {
  std::vector<RegionInfo> all;
  for (const Region* region : snapshot_.load(std::memory_order_acquire)->by_id) all.push_back(region->info);
  return all;
}

bool DeviceMemory::is_sparse(uint64_t address) const {
  Region* region = find(address);
  if (region == nullptr || !region->info.contains(address)) return false;
  return region->pages.is_sparse((address - region->info.base) >> page_shift);
}

uint64_t DeviceMemory::allocated_pages() const {
  uint64_t pages = 0;
  for (const Region* region : snapshot_.load(std::memory_order_acquire)->by_id) {
    pages += region->pages.allocated_pages();
  }
  return pages;
}

Expected<std::byte*> DeviceMemory::translate_and_remember(uint64_t address, unsigned width, Intent intent, Space space,
                                                          TranslationCache& cache) {
  const auto host = translate(address, width, intent, space);
  if (!host) return host;
  const Region* region = find(address);
  const uint64_t base = region->info.base;
  const uint64_t low = base + ((address - base) & ~(page_bytes - 1));
  const uint64_t high = low + std::min(page_bytes, base + region->info.size - low);
  // A page that a window overlaps is not remembered: its global accesses fault part of the way.
  const auto overlaps = [&](const Window& w) { return w.size != 0 && low < w.base + w.size && w.base < high; };
  if (space == Space::global && (overlaps(shared_window_) || overlaps(local_window_))) return host;
  cache = {low, high, *host - (address - low), space, intent == Intent::write};
  return host;
}

Fault DeviceMemory::fault_at(FaultKind kind, uint64_t address, uint64_t width) const noexcept {
  Region* region = find(address);
  if (region != nullptr && !region->info.contains(address)) region = nullptr;
  return Fault{kind, static_cast<uint8_t>(width), region ? region->info.id : no_region, address,
               region ? region->info.name : std::string_view{}};
}

// ---- plain accesses ----------------------------------------------------------------------

namespace {

template <class T>
uint64_t relaxed_load(std::byte* host) {
  return std::atomic_ref<T>(*reinterpret_cast<T*>(host)).load(std::memory_order_relaxed);
}
template <class T>
void relaxed_store(std::byte* host, uint64_t bits) {
  std::atomic_ref<T>(*reinterpret_cast<T*>(host)).store(static_cast<T>(bits), std::memory_order_relaxed);
}

}  // namespace

Expected<uint64_t> DeviceMemory::load(uint64_t address, unsigned width, Space space) {
  if (width == 16) return fault_at(FaultKind::bad_width, address, width);
  const auto host = translate(address, width, Intent::read, space);
  if (!host) return host.error();
  switch (width) {
    case 1: return relaxed_load<uint8_t>(*host);
    case 2: return relaxed_load<uint16_t>(*host);
    case 4: return relaxed_load<uint32_t>(*host);
    default: return relaxed_load<uint64_t>(*host);
  }
}

Expected<void> DeviceMemory::store(uint64_t address, unsigned width, uint64_t bits, Space space) {
  if (width == 16) return fault_at(FaultKind::bad_width, address, width);
  const auto host = translate(address, width, Intent::write, space);
  if (!host) return host.error();
  switch (width) {
    case 1: relaxed_store<uint8_t>(*host, bits); break;
    case 2: relaxed_store<uint16_t>(*host, bits); break;
    case 4: relaxed_store<uint32_t>(*host, bits); break;
    default: relaxed_store<uint64_t>(*host, bits); break;
  }
  return {};
}

Expected<Bits128> DeviceMemory::load128(uint64_t address, Space space) {
  const auto host = translate(address, 16, Intent::read, space);
  if (!host) return host.error();
  const auto guard = locks128_.lock(*host);
  return Bits128{relaxed_load<uint64_t>(*host), relaxed_load<uint64_t>(*host + 8)};
}

Expected<void> DeviceMemory::store128(uint64_t address, Bits128 bits, Space space) {
  const auto host = translate(address, 16, Intent::write, space);
  if (!host) return host.error();
  const auto guard = locks128_.lock(*host);
  relaxed_store<uint64_t>(*host, bits.lo);
  relaxed_store<uint64_t>(*host + 8, bits.hi);
  return {};
}

Expected<DeviceMemory::Region*> DeviceMemory::check_range(uint64_t address, uint64_t size, Space space) const {
  if (space == Space::global) {
    for (const Window& w : {shared_window_, local_window_}) {
      if (w.size != 0 && ranges_overlap(w.base, w.size, address, size)) {
        return fault_at(FaultKind::invalid_address_space, std::max(address, w.base), 1);
      }
    }
  }
  Region* region = find(address);
  if (region == nullptr || !region->info.contains(address, size)) {
    const uint64_t first_bad =
        region != nullptr && region->info.contains(address) ? region->info.base + region->info.size : address;
    return fault_at(FaultKind::out_of_range, first_bad, 1);
  }
  if (region->info.attributes.space != space) {
    return fault_at(space == Space::global ? FaultKind::invalid_address_space : FaultKind::out_of_range, address, 1);
  }
  const uint64_t first = (address - region->info.base) >> page_shift;
  const uint64_t last = (address - region->info.base + size - 1) >> page_shift;
  for (uint64_t page = first; page <= last; ++page) {
    if (region->pages.is_sparse(page)) {
      return fault_at(FaultKind::sparse, std::max(address, region->info.base + (page << page_shift)), 1);
    }
  }
  return region;
}

Expected<void> DeviceMemory::read_bytes(uint64_t address, std::span<std::byte> out, Space space) {
  if (out.empty()) return {};
  const auto region = check_range(address, out.size(), space);
  if (!region) return region.error();
  for (std::size_t i = 0; i < out.size(); ++i) {
    const uint64_t offset = address + i - (*region)->info.base;
    std::byte* page = (*region)->pages.page_for_read(offset >> page_shift);
    // A page made sparse after the check reads as zero rather than faulting half-way.
    out[i] = page == nullptr ? std::byte{0}
                             : static_cast<std::byte>(relaxed_load<uint8_t>(page + (offset & (page_bytes - 1))));
  }
  return {};
}

Expected<void> DeviceMemory::write_bytes(uint64_t address, std::span<const std::byte> in, Space space) {
  if (in.empty()) return {};
  const auto region = check_range(address, in.size(), space);
  if (!region) return region.error();
  Region* target = *region;
  for (std::size_t i = 0; i < in.size(); ++i) {
    const uint64_t offset = address + i - target->info.base;
    std::byte* page = target->pages.page_for_write(offset >> page_shift);
    if (page == nullptr) continue;  // made sparse after the check: the byte is dropped
    relaxed_store<uint8_t>(page + (offset & (page_bytes - 1)), static_cast<uint8_t>(in[i]));
  }
  return {};
}

}  // namespace gpuatom::memory
