// The gfx targets `lower` knows, with the features LLVM 19's atomic lowering reads
// (GCNSubtarget.h has*() over the AMDGPU.td processor definitions; docs/spec/amd-isa.md §8.2).
// DECISION: a minimal table, kept here until the gfx target table (gpuatom/amd/isa/target.hpp)
// carries these features; then these rows move there. Product and column names resolve through
// the device table (device_names.cpp), so "MI300X" finds gfx942.
#include <array>

#include "gpuatom/amd/lowering.hpp"

namespace gpuatom::amd {

namespace {

using M = Mnemonics;
using S = ScopeBits;

// Columns: gfx940 insts, LDS f64 add, f64 add, f32 add (no return, return), flat f32 add, f32 and
// f64 min/max, then the packed-add builtins' features (global f16, global bf16, flat, ds).
constexpr std::array<LoweringTarget, 6> targets = {{
    {"gfx908", M::gfx9, S::glc, false, false, false, true, false, false, false, false, false, false, false, false},
    {"gfx90a", M::gfx9, S::glc, false, true, true, true, true, false, false, true, true, false, false, false},
    {"gfx942", M::gfx9, S::sc0_sc1, true, true, true, true, true, true, false, true, true, true, true, true},
    {"gfx1030", M::gfx10, S::glc, false, false, false, false, false, false, true, true, false, false, false, false},
    {"gfx1100", M::gfx11, S::glc, false, false, false, true, true, true, true, false, false, false, false, false},
    {"gfx1200", M::gfx12, S::th_scope, false, false, false, true, true, true, true, false, true, true, true, true},
}};

}  // namespace

std::span<const LoweringTarget> lowering_targets() { return targets; }

const LoweringTarget* find_lowering_target(std::string_view text) {
  for (const LoweringTarget& t : targets)
    if (same_spelling(text, t.name)) return &t;
  // A product or column name: the first target whose devices include the first device it names.
  const DeviceName found = find_device(text);
  if (found.devices.empty()) return nullptr;
  for (const LoweringTarget& t : targets)
    for (const DeviceId id : find_device(t.name).devices)
      if (id == found.devices.front()) return &t;
  return nullptr;
}

std::vector<DeviceId> target_devices(const LoweringTarget& target) { return find_device(target.name).devices; }

}  // namespace gpuatom::amd
