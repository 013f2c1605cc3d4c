#include "gpuatom/memory/surface.hpp"

#include <algorithm>

namespace gpuatom::memory {

namespace {

int64_t read_coordinate(uint32_t raw, Signedness signedness) {
  return signedness == Signedness::signed32 ? int64_t{static_cast<int32_t>(raw)} : int64_t{raw};
}

bool uses_y(SurfaceDim dim) { return dim == SurfaceDim::d2 || dim == SurfaceDim::d2_array || dim == SurfaceDim::d3; }
bool uses_z(SurfaceDim dim) { return dim == SurfaceDim::d3; }
bool uses_layer(SurfaceDim dim) { return dim == SurfaceDim::d1_array || dim == SurfaceDim::d2_array; }

// The address of element c (x in elements), computed modulo 2^64 so that it is defined (as a
// diagnostic) even for out-of-bounds coordinates.
uint64_t element_address(const SurfaceDescriptor& h, const ElementCoordinates& c, unsigned access_bytes) {
  const auto x_bytes = static_cast<uint64_t>(c.x) * access_bytes;
  const auto y = static_cast<uint64_t>(c.y);
  const auto z = static_cast<uint64_t>(c.z);
  const auto layer = static_cast<uint64_t>(c.layer);
  const auto level = static_cast<uint64_t>(c.level);
  const MipLevel& placement = h.levels[level < max_mip_levels ? level : 0];
  if (h.layout == SurfaceLayout::block_linear) {
    const BlockLinearShape shape = h.block_linear_shape();
    return placement.base + layer * layer_stride_bytes(shape) + block_linear_offset(shape, x_bytes, y, z);
  }
  return placement.base + (z + layer) * placement.slice_pitch + y * placement.row_pitch + x_bytes;
}

// Applies the clamp rule to one coordinate against [0, extent). Returns false when the access
// is abandoned (out of bounds and not clamped).
bool bound(int64_t& coordinate, uint64_t extent, Clamp clamp, bool& out_of_bounds, bool& clamped) {
  if (coordinate >= 0 && static_cast<uint64_t>(coordinate) < extent) return true;
  out_of_bounds = true;
  if (clamp != Clamp::near || extent == 0) return false;
  coordinate = coordinate < 0 ? 0 : static_cast<int64_t>(extent - 1);
  clamped = true;
  return true;
}

}  // namespace

std::optional<std::string_view> descriptor_problem(const SurfaceDescriptor& d) {
  if (d.width == 0 || d.height == 0 || d.depth == 0 || d.array_size == 0) return "an extent is 0";
  if (d.element_bytes == 0) return "element size is 0";
  if (d.level_count == 0 || d.level_count > max_mip_levels) return "mip level count is not in 1..16";
  if (d.layout == SurfaceLayout::block_linear) {
    if (d.level_count != 1) return "block-linear surfaces have one mip level";
    if (!valid_block_gobs(d.block_height)) return "block height is not a power of two from 1 to 32 GOBs";
    if (!valid_block_gobs(d.block_depth)) return "block depth is not a power of two from 1 to 32 GOBs";
  }
  return std::nullopt;
}

Expected<SurfaceTarget> surface_element(const SurfaceDescriptor* header, SurfaceDim dim, const RawCoordinates& raw,
                                        const CoordinateRules& rules, unsigned access_bytes) {
  SurfaceTarget target;
  if (header == nullptr) {
    target.status = SurfaceStatus::invalid_header;
    return target;
  }
  const SurfaceDescriptor& h = *header;
  if (!h.enabled) {
    target.status = SurfaceStatus::disabled;
    return target;
  }
  auto fault = [&](FaultKind kind, const ElementCoordinates& at) {
    return Fault{kind, static_cast<uint8_t>(access_bytes), no_region, element_address(h, at, access_bytes), {}};
  };
  if (access_bytes == 0 || access_bytes > 16 || (access_bytes & (access_bytes - 1)) != 0) {
    return Fault{FaultKind::bad_width, static_cast<uint8_t>(access_bytes), no_region, 0, {}};
  }

  ElementCoordinates c;
  c.x = read_coordinate(raw.x, dim == SurfaceDim::d1_buffer ? rules.buffer_x : rules.xyz);
  c.y = uses_y(dim) ? read_coordinate(raw.y, rules.xyz) : 0;
  c.z = uses_z(dim) ? read_coordinate(raw.z, rules.xyz) : 0;
  c.layer = uses_layer(dim) ? int64_t{raw.layer & rules.layer_mask} : 0;
  c.level = int64_t{raw.level};

  if (rules.x_is_byte_address) {
    if ((static_cast<uint64_t>(c.x) & (access_bytes - 1)) != 0) {
      ElementCoordinates at = c;
      at.x = 0;
      Fault misaligned = fault(FaultKind::misaligned, at);
      misaligned.address += static_cast<uint64_t>(c.x);  // the byte address asked for
      return misaligned;
    }
    c.x /= static_cast<int64_t>(access_bytes);  // exact: aligned
  }

  const ElementCoordinates asked = c;
  bool out_of_bounds = false;
  bool in = bound(c.level, h.level_count, rules.clamp, out_of_bounds, target.clamped);
  if (in) {
    const auto level = static_cast<uint32_t>(c.level);
    const uint64_t x_extent = uint64_t{h.width_at(level)} * h.element_bytes / access_bytes;
    in = bound(c.x, x_extent, rules.clamp, out_of_bounds, target.clamped) &&
         (!uses_y(dim) || bound(c.y, h.height_at(level), rules.clamp, out_of_bounds, target.clamped)) &&
         (!uses_z(dim) || bound(c.z, h.depth_at(level), rules.clamp, out_of_bounds, target.clamped)) &&
         (!uses_layer(dim) || bound(c.layer, h.array_size, rules.clamp, out_of_bounds, target.clamped));
  }
  if (out_of_bounds && rules.clamp == Clamp::trap) return fault(FaultKind::surface_out_of_bounds, asked);
  if (!in) {
    target.status = SurfaceStatus::out_of_bounds;
    target.element = asked;
    return target;
  }
  target.element = c;
  target.address = element_address(h, c, access_bytes);
  return target;
}

PitchLinearShortcut::PitchLinearShortcut(const SurfaceDescriptor* header, SurfaceDim dim, const CoordinateRules& rules,
                                         unsigned access_bytes) {
  // Every case it declines keeps x_extent_ = 0, so that address() answers nothing.
  if (header == nullptr || !header->enabled || header->layout != SurfaceLayout::pitch_linear ||
      header->level_count == 0 || rules.x_is_byte_address || access_bytes == 0 || access_bytes > 16 ||
      (access_bytes & (access_bytes - 1)) != 0)
    return;
  const SurfaceDescriptor& h = *header;
  // A signed coordinate is in bounds only below 2^31 (at or above, it reads as negative).
  const auto limit = [](uint64_t extent, Signedness s) {
    return s == Signedness::signed32 ? std::min<uint64_t>(extent, uint64_t{1} << 31) : extent;
  };
  const Signedness x_signedness = dim == SurfaceDim::d1_buffer ? rules.buffer_x : rules.xyz;
  uses_y_ = uses_y(dim);
  third_ = uses_layer(dim) ? Third::layer : uses_z(dim) ? Third::z : Third::none;
  layer_mask_ = rules.layer_mask;
  access_bytes_ = access_bytes;
  y_extent_ = uses_y_ ? limit(h.height_at(0), rules.xyz) : 1;
  // The layer index is masked, never signed; z is a signed or unsigned coordinate; neither: 0 < 1.
  third_extent_ = third_ == Third::layer ? h.array_size : third_ == Third::z ? limit(h.depth_at(0), rules.xyz) : 1;
  base_ = h.levels[0].base;
  row_pitch_ = h.levels[0].row_pitch;
  slice_pitch_ = h.levels[0].slice_pitch;
  x_extent_ = limit(uint64_t{h.width_at(0)} * h.element_bytes / access_bytes, x_signedness);
}

std::string_view name(SurfaceStatus status) {
  switch (status) {
    case SurfaceStatus::element: return "element";
    case SurfaceStatus::invalid_header: return "invalid-header";
    case SurfaceStatus::disabled: return "disabled";
    case SurfaceStatus::out_of_bounds: return "out-of-bounds";
  }
  return "unknown";
}

std::string_view name(SurfaceDim dim) {
  switch (dim) {
    case SurfaceDim::d1: return "1D";
    case SurfaceDim::d1_buffer: return "1D_BUFFER";
    case SurfaceDim::d1_array: return "1D_ARRAY";
    case SurfaceDim::d2: return "2D";
    case SurfaceDim::d2_array: return "2D_ARRAY";
    case SurfaceDim::d3: return "3D";
  }
  return "unknown";
}

std::string_view name(Clamp clamp) {
  switch (clamp) {
    case Clamp::near: return "NEAR";
    case Clamp::ign: return "IGN";
    case Clamp::trap: return "TRAP";
  }
  return "unknown";
}

}  // namespace gpuatom::memory
