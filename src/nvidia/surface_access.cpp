#include "gpuatom/nvidia/surface_access.hpp"

namespace gpuatom::nvidia {

std::optional<uint32_t> SurfaceBindings::constant_word(uint32_t ts_index) const {
  const auto found = constant_words_.find(ts_index);
  if (found == constant_words_.end()) return std::nullopt;
  return found->second;
}

memory::SurfaceDim surface_dim(Dim dim) {
  switch (dim) {
    case Dim::d1: return memory::SurfaceDim::d1;
    case Dim::d1_buffer: return memory::SurfaceDim::d1_buffer;
    case Dim::d1_array: return memory::SurfaceDim::d1_array;
    case Dim::d2: return memory::SurfaceDim::d2;
    case Dim::d2_array: return memory::SurfaceDim::d2_array;
    case Dim::d3: return memory::SurfaceDim::d3;
  }
  return memory::SurfaceDim::d1;
}

memory::Clamp surface_clamp(Clamp clamp) {
  switch (clamp) {
    case Clamp::ign: return memory::Clamp::ign;
    case Clamp::near: return memory::Clamp::near;
    case Clamp::trap: return memory::Clamp::trap;
  }
  return memory::Clamp::near;
}

memory::CoordinateRules coordinate_rules(const Surface& surface) {
  memory::CoordinateRules rules;
  rules.xyz = memory::Signedness::signed32;
  // A 1D_BUFFER x is read unsigned unless it is clamped to the nearest edge (§8.1).
  rules.buffer_x = surface.clamp == Clamp::near ? memory::Signedness::signed32 : memory::Signedness::unsigned32;
  rules.layer_mask = 0xffff;  // "array indices use only the 16 LSBs" (seed 002)
  rules.x_is_byte_address = surface.byte_address;
  rules.clamp = surface_clamp(surface.clamp);
  return rules;
}

memory::RawCoordinates coordinates(Dim dim, const std::array<uint32_t, 3>& registers) {
  memory::RawCoordinates c;
  c.x = registers[0];
  switch (dim) {
    case Dim::d1:
    case Dim::d1_buffer: break;
    case Dim::d1_array: c.layer = registers[1]; break;
    case Dim::d2: c.y = registers[1]; break;
    case Dim::d2_array:
      c.y = registers[1];
      c.layer = registers[2];
      break;
    case Dim::d3:
      c.y = registers[1];
      c.z = registers[2];
      break;
  }
  return c;
}

memory::Expected<memory::SurfaceTarget> locate_element(const Instruction& in, const SurfaceBindings& bindings,
                                                       uint32_t handle_entry,
                                                       const std::array<uint32_t, 3>& registers) {
  const memory::SurfaceDescriptor* header =
      bindings.pool().lookup(memory::SurfaceHeaderPool::header_index(handle_entry));
  return memory::surface_element(header, surface_dim(in.surface.dim), coordinates(in.surface.dim, registers),
                                 coordinate_rules(in.surface), static_cast<unsigned>(in.data_bits() / 8));
}

}  // namespace gpuatom::nvidia
