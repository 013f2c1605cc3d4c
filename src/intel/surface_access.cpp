#include "gpuatom/intel/surface_access.hpp"

namespace gpuatom::intel {

TypedCoordinateOperands typed_coordinate_operands(memory::SurfaceDim dim) {
  using D = memory::SurfaceDim;
  switch (dim) {
    case D::d1_array: return {std::nullopt, OperandSlot::v, true};
    case D::d2: return {OperandSlot::v, std::nullopt, false};
    case D::d2_array: return {OperandSlot::v, OperandSlot::r, true};
    case D::d3: return {OperandSlot::v, OperandSlot::r, false};
    case D::d1:
    case D::d1_buffer: break;
  }
  return {};
}

memory::CoordinateRules typed_coordinate_rules() {
  memory::CoordinateRules rules;
  rules.xyz = memory::Signedness::unsigned32;
  rules.buffer_x = memory::Signedness::unsigned32;
  rules.layer_mask = 0xffffffffu;
  rules.x_is_byte_address = false;
  rules.clamp = memory::Clamp::ign;
  return rules;
}

std::optional<SurfaceType> surface_type(memory::SurfaceDim dim) {
  switch (dim) {
    case memory::SurfaceDim::d1: return SurfaceType::d1;
    case memory::SurfaceDim::d1_array: return SurfaceType::d1_array;
    case memory::SurfaceDim::d2: return SurfaceType::d2;
    case memory::SurfaceDim::d2_array: return SurfaceType::d2_array;
    case memory::SurfaceDim::d3: return SurfaceType::d3;
    case memory::SurfaceDim::d1_buffer: break;
  }
  return std::nullopt;
}

}  // namespace gpuatom::intel
