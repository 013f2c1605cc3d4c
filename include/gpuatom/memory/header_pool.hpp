// SurfaceHeaderPool: the table of surface headers a handle points into, with the pool's maximum
// index (NVIDIA SetTexHeaderPoolC.MaximumIndex, nvidia.md §8.2): a headerPtr greater than the
// maximum is an invalid texture; equal is valid.
#pragma once

#include <cstdint>
#include <unordered_map>

#include "gpuatom/memory/surface.hpp"

namespace gpuatom::memory {

namespace detail {
constexpr SurfaceDescriptor disabled_descriptor() {
  SurfaceDescriptor d{};
  d.enabled = false;
  return d;
}
inline constexpr SurfaceDescriptor unset_header = disabled_descriptor();
}  // namespace detail

class SurfaceHeaderPool {
 public:
  explicit SurfaceHeaderPool(uint32_t maximum_index = 0) : maximum_index_(maximum_index) {}

  // A 32-bit handle entry is samplerPtr[31:20] | headerPtr[19:0]; surfaces use only headerPtr.
  static constexpr uint32_t header_index(uint32_t handle_entry) { return handle_entry & 0xfffffu; }
  static constexpr uint32_t sampler_index(uint32_t handle_entry) { return handle_entry >> 20; }

  uint32_t maximum_index() const { return maximum_index_; }
  void set_maximum_index(uint32_t maximum_index) { maximum_index_ = maximum_index; }

  // Stores a header at `index` (any index; one beyond the maximum stays unreachable).
  // Configuration: not thread-safe against lookups.
  void set(uint32_t index, const SurfaceDescriptor& descriptor) { headers_[index] = descriptor; }

  // The header for `index`: nullptr when index > maximum_index (invalid); a disabled descriptor
  // when the index is valid but was never set. The pointer stays valid until the next set().
  // Thread-safe against other lookups.
  const SurfaceDescriptor* lookup(uint32_t index) const {
    if (index > maximum_index_) return nullptr;
    const auto found = headers_.find(index);
    return found == headers_.end() ? &detail::unset_header : &found->second;
  }

 private:
  uint32_t maximum_index_;
  std::unordered_map<uint32_t, SurfaceDescriptor> headers_;
};

}  // namespace gpuatom::memory
