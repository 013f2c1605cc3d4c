#include "gpuatom/amd/device.hpp"

#include <array>

namespace gpuatom::amd {

namespace {

using D = DeviceId;
using F = Family;
using G = Generation;
using K = DeviceKind;
using P = PcieFallback;

// The family split follows the page's "Support summary": MI300, MI200, MI100 under "AMD Instinct
// accelerators"; gfx9 to gfx12 under "AMD gfx generic targets". APU rows reach host memory over
// the fabric, so they have no PCIe fallback (docs/spec/amd.md §3). MI200 A+A does too in the HW tables,
// but AMD's CAS-emulation tables carry its host memory over PCIe (P8), where the MI200 paragraph's
// NOP applies.
// MI350X (CDNA4, gfx950) is on no table of ROCm 6.4; AMD's newer tables add an "MI350X series"
// column. Until its facts are known it is the MI300 class's discrete member, as the MI300X: the
// same fabric, float sets and PCIe load-op-store (ASSUMPTION amd.mi350x-as-mi300x).
constexpr std::array<Device, 12> device_table = {{
    {D::mi100, "MI100", F::instinct, G::mi100, K::dgpu, P::nop},
    {D::mi200_pcie, "MI200 PCIe", F::instinct, G::mi200, K::dgpu, P::nop},
    {D::mi200_aa, "MI200 A+A", F::instinct, G::mi200, K::aa_system, P::nop},
    {D::mi300x, "MI300X", F::instinct, G::mi300, K::dgpu, P::load_op_store},
    {D::mi300a, "MI300A", F::instinct, G::mi300, K::apu, P::not_applicable},
    {D::mi350x, "MI350X", F::instinct, G::mi300, K::dgpu, P::load_op_store, false},
    {D::gfx9_dgpu, "gfx9 dGPU", F::gfx, G::gfx9, K::dgpu, P::nop},
    {D::gfx9_apu, "gfx9 APU", F::gfx, G::gfx9, K::apu, P::not_applicable},
    {D::gfx10_dgpu, "gfx10 dGPU", F::gfx, G::gfx10, K::dgpu, P::nop},
    {D::gfx11_dgpu, "gfx11 dGPU", F::gfx, G::gfx11, K::dgpu, P::nop},
    {D::gfx11_apu, "gfx11 APU", F::gfx, G::gfx11, K::apu, P::not_applicable},
    {D::gfx12_dgpu, "gfx12 dGPU", F::gfx, G::gfx12, K::dgpu, P::load_op_store},
}};

// The column headers and their short forms. A family name alone is accepted where it names one
// device (gfx10, gfx12, MI100); products and gfx targets are in `names` below.
constexpr std::array<Spelling<DeviceId>, 12> spellings = {{
    {D::mi100, "MI100", ""},
    {D::mi200_pcie, "MI200 PCIe", ""},
    {D::mi200_aa, "MI200 A+A", "mi200aa mi200-a+a"},
    {D::mi300x, "MI300X", "mi300x-series"},
    {D::mi300a, "MI300A", "mi300a-series"},
    {D::mi350x, "MI350X", "mi350x-series"},
    {D::gfx9_dgpu, "gfx9 dGPU", ""},
    {D::gfx9_apu, "gfx9 APU", ""},
    {D::gfx10_dgpu, "gfx10 dGPU", "gfx10"},
    {D::gfx11_dgpu, "gfx11 dGPU", ""},
    {D::gfx11_apu, "gfx11 APU", ""},
    {D::gfx12_dgpu, "gfx12 dGPU", "gfx12"},
}};

constexpr std::array<Spelling<Family>, 2> families = {{
    {Family::instinct, "instinct", "AMD Instinct accelerators"},
    {Family::gfx, "gfx", "AMD gfx generic targets"},
}};

}  // namespace

std::span<const Device> devices() { return device_table; }

std::span<const Device> devices(Family family) {
  const std::span<const Device> all = device_table;
  return family == Family::instinct ? all.first(6) : all.subspan(6);
}

const Device& device(DeviceId id) { return device_table[static_cast<size_t>(id)]; }

bool reaches_host_over_pcie(const Device& device) { return device.kind == DeviceKind::dgpu; }
bool forwards_atomics_to_fabric(const Device& device) { return device.generation == Generation::mi300; }
bool caches_fine_grained_host_memory(const Device& device) { return device.generation == Generation::gfx12; }

std::span<const Spelling<DeviceId>> device_spellings() { return spellings; }
std::span<const Spelling<Family>> family_spellings() { return families; }

std::string_view name(Family family) {
  return family == Family::instinct ? "AMD Instinct accelerators" : "AMD gfx generic targets";
}

std::string_view name(Generation generation) {
  switch (generation) {
    case Generation::mi100: return "MI100";
    case Generation::mi200: return "MI200";
    case Generation::mi300: return "MI300";
    case Generation::gfx9: return "gfx9";
    case Generation::gfx10: return "gfx10";
    case Generation::gfx11: return "gfx11";
    case Generation::gfx12: return "gfx12";
  }
  return "?";
}

}  // namespace gpuatom::amd
