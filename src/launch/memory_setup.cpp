#include "gpuatom/launch/memory_setup.hpp"

#include <fmt/format.h>

namespace gpuatom::launch {

std::vector<RegionPlacement> placements(const Setup& scenario) {
  std::vector<RegionPlacement> out;
  for (const RegionText& r : scenario.regions) out.push_back({r.name, r.base.value_or(0), r.size});
  return out;
}

memory::Expected<uint64_t> read_element(const memory::DeviceMemory& memory, uint64_t base, ElementType type,
                                        uint64_t index) {
  const unsigned width = static_cast<unsigned>(bytes(type));
  return const_cast<memory::DeviceMemory&>(memory).load(base + index * width, width);
}

support::Diagnostics setup_memory(const Setup& scenario, memory::DeviceMemory& memory, uint32_t group_size) {
  support::Diagnostics d;
  const auto where = placements(scenario);
  const Symbols fill_symbols =
      make_symbols(scenario, where, group_size, /*allow_lane_variables=*/false, /*allow_index=*/true);
  for (const RegionText& r : scenario.regions) {
    memory::RegionSpec spec;
    spec.name = r.name;
    spec.base = r.base.value_or(0);
    spec.size = r.size;
    spec.attributes = r.attributes;
    const auto created = memory.add_region(spec);
    if (!created) {
      d.error(r.where,
              fmt::format("region '{}' cannot be created at 0x{:x} (+0x{:x} bytes)", r.name, spec.base, spec.size));
      continue;
    }
    for (const auto& [offset, size] : r.sparse) {
      if (!memory.set_sparse(spec.base + offset, size, true))
        d.error(r.where, fmt::format("cannot mark [0x{:x}, 0x{:x}) of '{}' sparse", offset, offset + size, r.name));
    }
    if (!r.fill) continue;
    auto compiled = compile_at(r.fill->value, fill_symbols);
    if (auto* diag = std::get_if<support::Diagnostic>(&compiled)) {
      d.add(*diag);
      continue;
    }
    const Expression& fill = std::get<Expression>(compiled);
    const unsigned width = static_cast<unsigned>(bytes(r.fill->type));
    const uint64_t mask = width == 8 ? ~0ULL : (1ULL << (8 * width)) - 1;
    SlotValues slots{};
    for (uint64_t i = 0; i < r.size / width; ++i) {
      slots[slot_i] = i;
      const auto value = fill.evaluate(slots);
      if (auto* e = std::get_if<ExpressionError>(&value)) {
        support::SourceLocation at = r.fill->value.where;
        at.column += e->column - 1;
        d.error(at, fmt::format("{} (element {})", e->message, i));
        break;
      }
      const uint64_t bits = std::get<uint64_t>(value);
      // A value fits when its bits above the width are all zero, or all one with the sign bit set
      // (a negative number): anything else would be silently truncated.
      const uint64_t upper = bits & ~mask;
      if (upper != 0 && (upper != ~mask || !(bits & (mask ^ (mask >> 1))))) {
        d.error(r.fill->value.where,
                fmt::format("fill value 0x{:x} of element {} does not fit {}", bits, i, name(r.fill->type)));
        break;
      }
      if (memory.is_sparse(spec.base + i * width)) continue;  // sparse pages hold nothing
      if (!memory.store(spec.base + i * width, width, bits & mask)) {
        d.error(r.where, fmt::format("cannot fill element {} of '{}'", i, r.name));
        break;
      }
    }
  }
  return d;
}

}  // namespace gpuatom::launch
