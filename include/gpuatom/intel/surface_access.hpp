// TYPED_ATOMIC's surface rules (docs/spec/intel.md §8): which of U, V, R and LOD is which coordinate
// of a surface, how they are read, and which vISA surface type a surface's dimensionality is.
// The geometry itself (bounds, pitches, levels) is memory::surface_element's; NVIDIA's
// counterpart is nvidia/surface_access.hpp.
#pragma once

#include <optional>

#include "gpuatom/intel/atomic_ops.hpp"
#include "gpuatom/memory/surface.hpp"

namespace gpuatom::intel {

// The operands that give a surface's coordinates (the TYPED_ATOMIC page's table): x is always U
// and the level LOD; y is V on 2D, 2D array and 3D surfaces; the slice is V on a 1D array and R on
// a 2D array or 3D surface, an array index (layer) on arrays and z on 3D.
struct TypedCoordinateOperands {
  std::optional<OperandSlot> y;
  std::optional<OperandSlot> slice;
  bool slice_is_layer = false;
};
TypedCoordinateOperands typed_coordinate_operands(memory::SurfaceDim dim);

// How TYPED_ATOMIC reads coordinates: unsigned, the whole array index, and out of bounds means
// no access (zeros returned, the write dropped).
memory::CoordinateRules typed_coordinate_rules();

// The vISA surface type of a surface's dimensionality; none for a 1D buffer, which vISA's typed
// surfaces do not have.
std::optional<SurfaceType> surface_type(memory::SurfaceDim dim);

}  // namespace gpuatom::intel
