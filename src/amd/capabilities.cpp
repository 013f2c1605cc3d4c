#include "gpuatom/amd/capabilities.hpp"

#include <array>

namespace gpuatom::amd {

namespace {

using I = FloatInstruction;

struct Entry {
  DeviceId device;
  DeviceCapabilities sets;
};

// Float capability sets per device (docs/spec/amd.md §5), from the "Support summary":
//   MI100  "L2 cache supports no returns (NoReturn) versions of packed-FP16 and FP32 atomic adds"
//   MI200  "L2 cache supports FP32 atomic add, packed-FP16 atomic add, and FP64 add, min, and max";
//          "The Infinity Fabric does not support" them
//   MI300  "Infinity Fabric supports … FP32 atomic add, packed-FP16 atomic add, packed-BF16 atomic
//          add, and FP64 add, min, and max"; the L2 forwards everything to the fabric, so its set is
//          the fabric's (only amd.mi300-coarse-place=l2 ever executes there)
//   gfx9   no float atomics named
//   gfx10  "Supports floating-point atomic min/max" (widths: amd.gfx10-fminmax); IF does not
//   gfx11  "L2 cache supports FP32 atomic add, min and max"; IF does not
//   gfx12  "L2 cache and Infinity Fabric both also support FP32 atomic add, min and max, and
//          packed-FP16 atomic add, and packed-BF16 atomic add"
constexpr FloatSet mi100_l2 = {I::f32_add, I::f16x2_add};
constexpr FloatSet mi200_l2 = {I::f32_add, I::f16x2_add, I::f64_add, I::f64_min, I::f64_max};
constexpr FloatSet mi300 = {I::f32_add, I::f16x2_add, I::bf16x2_add, I::f64_add, I::f64_min, I::f64_max};
constexpr FloatSet gfx10_l2 = {I::f32_min, I::f32_max, I::f64_min, I::f64_max};
constexpr FloatSet gfx11_l2 = {I::f32_add, I::f32_min, I::f32_max};
constexpr FloatSet gfx12 = {I::f32_add, I::f32_min, I::f32_max, I::f16x2_add, I::bf16x2_add};

constexpr std::array<Entry, 12> capability_table = {{
    {DeviceId::mi100, {mi100_l2, mi100_l2, {}}},
    {DeviceId::mi200_pcie, {mi200_l2, {}, {}}},
    {DeviceId::mi200_aa, {mi200_l2, {}, {}}},
    {DeviceId::mi300x, {mi300, {}, mi300}},
    {DeviceId::mi300a, {mi300, {}, mi300}},
    {DeviceId::mi350x, {mi300, {}, mi300}},  // ASSUMPTION amd.mi350x-as-mi300x
    {DeviceId::gfx9_dgpu, {{}, {}, {}}},
    {DeviceId::gfx9_apu, {{}, {}, {}}},
    {DeviceId::gfx10_dgpu, {gfx10_l2, {}, {}}},
    {DeviceId::gfx11_dgpu, {gfx11_l2, {}, {}}},
    {DeviceId::gfx11_apu, {gfx11_l2, {}, {}}},
    {DeviceId::gfx12_dgpu, {gfx12, {}, gfx12}},
}};

}  // namespace

std::string_view name(Place place) {
  switch (place) {
    case Place::l2: return "L2";
    case Place::fabric: return "IF";
    case Place::pcie: return "PCIe";
  }
  return "?";
}

DeviceCapabilities capabilities(const Device& device, const ModelOptions& options) {
  DeviceCapabilities sets = capability_table[static_cast<size_t>(device.id)].sets;
  if (device.id == DeviceId::gfx10_dgpu && options.gfx10_fminmax == Gfx10FloatMinMax::f32_only)
    sets.l2 = sets.l2.without(I::f64_min).without(I::f64_max);
  return sets;
}

std::optional<FloatInstruction> float_instruction(const Row& row) {
  const bool wide = row.width == 64;
  switch (row.kind) {
    case RowKind::fp_add: return wide ? I::f64_add : I::f32_add;
    case RowKind::fp_min: return wide ? I::f64_min : I::f32_min;
    case RowKind::fp_max: return wide ? I::f64_max : I::f32_max;
    case RowKind::half2_add: return I::f16x2_add;
    case RowKind::bfloat2_add: return I::bf16x2_add;
    default: return std::nullopt;
  }
}

bool pcie_carries(const Row& row, const ModelOptions& options) {
  if (row.kind == RowKind::sub) return options.sub_pcie == SubOverPcie::fetch_add;
  return row.pcie != PcieAtomic::none;
}

Support support(const Device& device, Place place, const Row& row, PcieAtomics pcie, const ModelOptions& options) {
  if (place == Place::pcie)
    return pcie == PcieAtomics::supported && pcie_carries(row, options) ? Support::full : Support::none;
  const auto instruction = float_instruction(row);
  if (!instruction) return Support::full;  // integer and bitwise rows: L2 and IF on every device
  const DeviceCapabilities sets = capabilities(device, options);
  const FloatSet& set = place == Place::l2 ? sets.l2 : sets.fabric;
  if (!set.contains(*instruction)) return Support::none;
  if (place == Place::l2 && sets.l2_no_return_only.contains(*instruction)) return Support::no_return_only;
  return Support::full;
}

bool has_instruction(const Device& device, const Row& row, const ModelOptions& options) {
  const auto instruction = float_instruction(row);
  if (!instruction) return true;
  const DeviceCapabilities sets = capabilities(device, options);
  return sets.l2.contains(*instruction) || sets.fabric.contains(*instruction);
}

const Row& cas_row_for(const Row& row) {
  const auto index = find_row(row.width == 64 ? "64 bit atomicCAS" : "32 bit atomicCAS");
  return rows()[*index];
}

}  // namespace gpuatom::amd
