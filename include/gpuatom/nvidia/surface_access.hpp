// SUATOM / SURED addressing (docs/spec/nvidia.md §8): from one lane's handle entry and coordinate
// registers to the element it accesses, or the reason it accesses none. The geometry itself
// (bounds, clamping, pitch-linear and block-linear addresses) is memory::surface_element's; this
// file says only how NVIDIA's instruction fields and registers feed it.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <unordered_map>

#include "gpuatom/memory/expected.hpp"
#include "gpuatom/memory/header_pool.hpp"
#include "gpuatom/memory/surface.hpp"
#include "gpuatom/nvidia/instruction.hpp"

namespace gpuatom::nvidia {

// What handles resolve through in one launch (§8.2): the header pool with its MaximumIndex, and
// the constant-bank words that bound handles read (c[bank][4 × tsPtrIdxU13]). Read-only while
// lanes run, so every warp may share one.
class SurfaceBindings {
 public:
  explicit SurfaceBindings(uint32_t maximum_index = 0) : pool_(maximum_index) {}

  memory::SurfaceHeaderPool& pool() { return pool_; }
  const memory::SurfaceHeaderPool& pool() const { return pool_; }

  // Sets the handle entry (samplerPtr[31:20] | headerPtr[19:0]) of constant-bank word `ts_index`.
  void bind(uint32_t ts_index, uint32_t handle_entry) { constant_words_[ts_index] = handle_entry; }
  // The entry of word `ts_index`, or nothing when the launch set none there.
  std::optional<uint32_t> constant_word(uint32_t ts_index) const;

 private:
  memory::SurfaceHeaderPool pool_;
  std::unordered_map<uint32_t, uint32_t> constant_words_;
};

memory::SurfaceDim surface_dim(Dim dim);
memory::Clamp surface_clamp(Clamp clamp);

// How .dim, .clamp and .BA read coordinates (§8.1): x, y, z signed; 1D_BUFFER's x unsigned
// unless .NEAR; the layer from the low 16 bits; with .BA, x is a byte address.
memory::CoordinateRules coordinate_rules(const Surface& surface);

// The coordinates .dim reads from its registers; registers[k] holds Ra+k (§8.1 table).
memory::RawCoordinates coordinates(Dim dim, const std::array<uint32_t, 3>& registers);

// §8.3 steps 2–5 for one lane: the header `handle_entry` names (none above MaximumIndex), then
// the coordinates, .BA alignment, bounds and clamp. The element size is the instruction's .sz
// (4 bytes for 32-bit sizes and F16x2, 8 for 64-bit). A misaligned .BA x and a .TRAP coordinate
// out of bounds come back as the lane's fault.
memory::Expected<memory::SurfaceTarget> locate_element(const Instruction& in, const SurfaceBindings& bindings,
                                                       uint32_t handle_entry, const std::array<uint32_t, 3>& registers);

}  // namespace gpuatom::nvidia
