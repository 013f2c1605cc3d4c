#include "gpuatom/amd/selectors.hpp"

#include <array>

namespace gpuatom::amd {

namespace {

constexpr std::array<Spelling<Strategy>, 2> strategies = {{
    {Strategy::hw_atomics, "HW atomics", "hw hardware"},
    {Strategy::cas_emulation, "CAS emulation", "cas"},
}};

constexpr std::array<Spelling<PcieAtomics>, 2> pcie_values = {{
    {PcieAtomics::unsupported, "No PCIe atomics", "no false off 0"},
    {PcieAtomics::supported, "PCIe atomics", "yes true on 1"},
}};

constexpr std::array<Spelling<Memory>, 3> memories = {{
    {Memory::device_dram, "Device DRAM", "device vram"},
    {Memory::migratable_host_dram, "Migratable Host DRAM", "migratable migratable-host managed"},
    {Memory::pinned_host_dram, "Pinned Host DRAM", "pinned pinned-host"},
}};

constexpr std::array<Spelling<Granularity>, 2> granularities = {{
    {Granularity::coarse, "Coarse-grained", "coarse"},
    {Granularity::fine, "Fine-grained", "fine"},
}};

constexpr std::array<Spelling<Scope>, 2> scopes = {{
    {Scope::device, "Device", "agent device-scope"},
    {Scope::system, "System", "system-scope"},
}};

}  // namespace

bool is_host_memory(Memory memory) { return memory != Memory::device_dram; }

std::span<const Spelling<Strategy>> strategy_spellings() { return strategies; }
std::span<const Spelling<PcieAtomics>> pcie_spellings() { return pcie_values; }
std::span<const Spelling<Memory>> memory_spellings() { return memories; }
std::span<const Spelling<Granularity>> granularity_spellings() { return granularities; }
std::span<const Spelling<Scope>> scope_spellings() { return scopes; }

std::string_view name(Strategy value) { return spelling_name(strategy_spellings(), value); }
std::string_view name(PcieAtomics value) { return spelling_name(pcie_spellings(), value); }
std::string_view name(Memory value) { return spelling_name(memory_spellings(), value); }
std::string_view name(Granularity value) { return spelling_name(granularity_spellings(), value); }
std::string_view name(Scope value) { return spelling_name(scope_spellings(), value); }

}  // namespace gpuatom::amd
