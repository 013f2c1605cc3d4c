// Surfaces: descriptors of 1D … 3D images in device memory and the mapping from an instruction's
// coordinates to the address of one element, for both vendors that have surface atomics:
//   NVIDIA SUATOM/SURED (nvidia.md §8): one mip level, pitch-linear or block-linear layout,
//     signed coordinates per dim, clamp modes NEAR / IGN / TRAP, .BA byte-addressed x;
//   Intel TYPED_ATOMIC (intel.md §8): mip levels with their own base and pitches, unsigned
//     coordinates, out of bounds → zeros returned and the write dropped (the IGN behaviour).
// The vendor differences are the CoordinateRules values a front-end passes; nothing here reads
// memory (sparse pages are DeviceMemory's business when the element is accessed).
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string_view>

#include "gpuatom/memory/block_linear.hpp"
#include "gpuatom/memory/expected.hpp"

namespace gpuatom::memory {

// Surface dimensionality; also the instruction's `.dim`, which governs coordinate interpretation.
enum class SurfaceDim : uint8_t { d1, d1_buffer, d1_array, d2, d2_array, d3 };

enum class SurfaceLayout : uint8_t {
  pitch_linear,  // rows at row_pitch, slices / layers at slice_pitch (per mip level)
  block_linear,  // NVIDIA GOB tiling (block_linear.hpp); one mip level
};

// What an out-of-bounds coordinate does (nvidia.md §8.3).
enum class Clamp : uint8_t {
  near,  // clamp each coordinate to [0, extent − 1] and access there (NVIDIA default)
  ign,   // no access: zeros returned, write dropped (also Intel's only behaviour)
  trap,  // FaultKind::surface_out_of_bounds
};

inline constexpr unsigned max_mip_levels = 16;

// Placement of one mip level. Pitch-linear: all three; block-linear: only `base` (of level 0).
struct MipLevel {
  uint64_t base = 0;
  uint64_t row_pitch = 0;    // bytes from row y to row y + 1
  uint64_t slice_pitch = 0;  // bytes from slice (3D z) or layer (arrays) to the next
};

// A surface header (nvidia.md §8.2 emulator model; intel.md §8 descriptor).
struct SurfaceDescriptor {
  bool enabled = true;  // a disabled surface drops writes and returns zeros (seed 002)
  SurfaceDim dim = SurfaceDim::d2;
  SurfaceLayout layout = SurfaceLayout::pitch_linear;
  uint32_t width = 1;          // in texels, level 0
  uint32_t height = 1;         // rows, level 0 (1 for 1D kinds)
  uint32_t depth = 1;          // slices, level 0 (1 unless 3D)
  uint32_t array_size = 1;     // layers (arrays); does not shrink with the level
  uint32_t element_bytes = 4;  // texel size in bytes
  uint32_t block_height = 1;   // block-linear: BH in GOBs (power of two, 1..32)
  uint32_t block_depth = 1;    // block-linear: BD in GOBs (power of two, 1..32)
  uint32_t level_count = 1;    // mip levels in `levels` (1..max_mip_levels; block-linear: 1)
  std::array<MipLevel, max_mip_levels> levels{};

  // Extents at mip level `level`: max(1, extent >> level) (intel.md §8).
  constexpr uint32_t width_at(uint32_t level) const { return shrink(width, level); }
  constexpr uint32_t height_at(uint32_t level) const { return shrink(height, level); }
  constexpr uint32_t depth_at(uint32_t level) const { return shrink(depth, level); }

  // The block-linear geometry of this header (level 0).
  constexpr BlockLinearShape block_linear_shape() const {
    return {uint64_t{width} * element_bytes, height, depth, block_height, block_depth};
  }

 private:
  static constexpr uint32_t shrink(uint32_t extent, uint32_t level) {
    const uint32_t shifted = level >= 32 ? 0 : extent >> level;
    return shifted == 0 ? 1 : shifted;
  }
};

// Why a descriptor cannot be used (zero extents or element size, level count out of 1..16,
// block-linear with several levels or a block size that is not a power of two up to 32);
// nullopt when it is well-formed. Does not check that the memory exists.
std::optional<std::string_view> descriptor_problem(const SurfaceDescriptor& descriptor);

// The coordinate registers of one lane / channel, as raw 32-bit values.
struct RawCoordinates {
  uint32_t x = 0;
  uint32_t y = 0;
  uint32_t z = 0;
  uint32_t layer = 0;  // array index
  uint32_t level = 0;  // mip level (Intel LOD); NVIDIA: 0
};

enum class Signedness : uint8_t { signed32, unsigned32 };

// How a vendor reads coordinates and treats bounds.
//   NVIDIA: xyz = signed32; buffer_x = signed32 with Clamp::near, else unsigned32;
//           layer_mask = 0xffff (array index = low 16 bits); x_is_byte_address = .BA; clamp = .clamp.
//   Intel:  xyz = buffer_x = unsigned32; layer_mask = 0xffffffff; clamp = Clamp::ign.
struct CoordinateRules {
  Signedness xyz = Signedness::signed32;       // x, y, z of every dim but 1D_BUFFER's x
  Signedness buffer_x = Signedness::signed32;  // x of 1D_BUFFER
  uint32_t layer_mask = 0xffff;                // bits of the layer register that form the index
  bool x_is_byte_address = false;              // x is a byte offset (.BA): must be a multiple of the access size
  Clamp clamp = Clamp::near;
};

// Why no element is accessed, or that one is.
enum class SurfaceStatus : uint8_t {
  element,         // access `SurfaceTarget::address`
  invalid_header,  // no descriptor (headerPtr > MaximumIndex): write dropped, zeros returned
  disabled,        // descriptor disabled: write dropped, zeros returned
  out_of_bounds,   // out of bounds under Clamp::ign: write dropped, zeros returned
};
std::string_view name(SurfaceStatus status);

// Element coordinates after sign interpretation and clamping (x in elements of the access size).
struct ElementCoordinates {
  int64_t x = 0, y = 0, z = 0, layer = 0, level = 0;
};

struct SurfaceTarget {
  SurfaceStatus status = SurfaceStatus::element;
  uint64_t address = 0;  // first byte of the element (status element only)
  ElementCoordinates element{};
  bool clamped = false;  // Clamp::near moved at least one coordinate

  constexpr bool accesses_memory() const { return status == SurfaceStatus::element; }
};

// Maps one lane's coordinates to an element of `access_bytes` bytes (the instruction's .sz
// element: 2, 4 or 8), following nvidia.md §8.3 steps 2–5 / intel.md §8:
//   1. `header` null → invalid_header; disabled → disabled;
//   2. read coordinates per `dim` and `rules` (unused coordinates are ignored);
//      a .BA x not a multiple of `access_bytes` → misaligned fault; x becomes an element index;
//   3. bounds: x < width × element_bytes / access_bytes, y < height, z < depth, layer < array_size,
//      level < level_count (extents at the level); signed coordinates below 0 are out of bounds;
//   4. out of bounds: near → clamp and continue; ign → out_of_bounds; trap → surface_out_of_bounds fault;
//   5. address: pitch-linear base + (z or layer) × slice_pitch + y × row_pitch + x × access_bytes;
//      block-linear base + layer × layer_stride + block_linear_offset(X = x × access_bytes, y, z).
// Faults carry the address the unclamped coordinates give (mod 2^64; a diagnostic only),
// `access_bytes` as width, and no region.
Expected<SurfaceTarget> surface_element(const SurfaceDescriptor* header, SurfaceDim dim, const RawCoordinates& raw,
                                        const CoordinateRules& rules, unsigned access_bytes);

// surface_element's address for the common case, computed inline per lane: an enabled
// pitch-linear surface, mip level 0, and coordinates inside the level's extents (where every
// clamp rule agrees: nothing moves, nothing faults). For anything else, a coordinate out of
// bounds, another level, .BA, a block-linear or disabled surface, address() answers nothing and
// the caller asks surface_element.
class PitchLinearShortcut {
 public:
  PitchLinearShortcut() = default;  // answers nothing
  PitchLinearShortcut(const SurfaceDescriptor* header, SurfaceDim dim, const CoordinateRules& rules,
                      unsigned access_bytes);

  std::optional<uint64_t> address(const RawCoordinates& c) const {
    uint64_t a;
    if (!address(c.x, uses_y_ ? c.y : 0, third_ == Third::layer ? c.layer : third_ == Third::z ? c.z : 0, c.level, a))
      return std::nullopt;
    return a;
  }
  // The same with the coordinates already placed for the dimension: `y` 0 where it has no y, and
  // `slice` the slice's coordinate (z, or the array index before its mask), 0 where it has none.
  // The address goes to `out` (a plain flag, not an optional, in a lane loop).
  bool address(uint32_t x, uint32_t y, uint32_t slice, uint32_t level, uint64_t& out) const {
    const uint64_t third = third_ == Third::layer ? slice & layer_mask_ : slice;
    if (x >= x_extent_ || y >= y_extent_ || third >= third_extent_ || level != 0) return false;
    out = base_ + third * slice_pitch_ + uint64_t{y} * row_pitch_ + uint64_t{x} * access_bytes_;
    return true;
  }
  // And for channels of a 1D or 2D surface on a line of x (x_first + x_step · k for k = 0 … span)
  // at one y: whether every one is in bounds, x never past 2^32 − 1, and then the first channel's
  // address and the step.
  bool line(uint32_t x_first, uint32_t x_step, uint32_t span, uint32_t y, uint64_t& first, uint64_t& step) const {
    const uint64_t x_last = x_first + uint64_t{x_step} * span;  // no coordinate wraps at 2^32
    if (x_last >= x_extent_ || x_last > 0xffffffffu || y >= y_extent_) return false;
    first = base_ + uint64_t{y} * row_pitch_ + uint64_t{x_first} * access_bytes_;
    step = uint64_t{x_step} * access_bytes_;
    return true;
  }

 private:
  uint64_t x_extent_ = 0, y_extent_ = 0, third_extent_ = 0;  // exclusive bounds, as raw unsigned values
  uint64_t base_ = 0, row_pitch_ = 0, slice_pitch_ = 0;
  uint32_t layer_mask_ = 0;
  unsigned access_bytes_ = 0;
  bool uses_y_ = false;
  enum class Third : uint8_t { none, z, layer } third_ = Third::none;  // the slice's coordinate
};

std::string_view name(SurfaceDim dim);
std::string_view name(Clamp clamp);

}  // namespace gpuatom::memory
