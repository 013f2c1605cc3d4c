#include "gpuatom/amd/matrix.hpp"

#include <fmt/format.h>

#include <array>

#include "gpuatom/amd/evaluate.hpp"

namespace gpuatom::amd {

namespace {

constexpr std::array<TableKey, 8> tables = {{
    {Strategy::hw_atomics, PcieAtomics::unsupported, Family::instinct},
    {Strategy::hw_atomics, PcieAtomics::unsupported, Family::gfx},
    {Strategy::hw_atomics, PcieAtomics::supported, Family::instinct},
    {Strategy::hw_atomics, PcieAtomics::supported, Family::gfx},
    {Strategy::cas_emulation, PcieAtomics::unsupported, Family::instinct},
    {Strategy::cas_emulation, PcieAtomics::unsupported, Family::gfx},
    {Strategy::cas_emulation, PcieAtomics::supported, Family::instinct},
    {Strategy::cas_emulation, PcieAtomics::supported, Family::gfx},
}};

constexpr std::array<SelectorLeaf, 12> leaves = [] {
  std::array<SelectorLeaf, 12> out{};
  size_t i = 0;
  for (Memory m : {Memory::device_dram, Memory::migratable_host_dram, Memory::pinned_host_dram})
    for (Granularity g : {Granularity::coarse, Granularity::fine})
      for (Scope s : {Scope::device, Scope::system}) out[i++] = {m, g, s};
  return out;
}();

}  // namespace

std::span<const TableKey> all_tables() { return tables; }

std::string title(const TableKey& key) {
  return fmt::format("{} — {}, {}", name(key.family), name(key.strategy), name(key.pcie));
}

std::span<const SelectorLeaf> selector_leaves() { return leaves; }

std::string title(const SelectorLeaf& leaf) {
  return fmt::format("{} / {} / {} scope", name(leaf.memory), name(leaf.granularity), name(leaf.scope));
}

Selectors selectors_for(const TableKey& key, const SelectorLeaf& leaf) {
  return {key.strategy, key.pcie, leaf.memory, leaf.granularity, leaf.scope};
}

Matrix build_matrix(const TableKey& key, const ModelOptions& options) {
  Matrix m{key, options, devices(key.family), {}};
  for (const SelectorLeaf& leaf : leaves) {
    LeafTable table{leaf, {}};
    const Selectors s = selectors_for(key, leaf);
    for (const Row& row : rows()) {
      auto& line = table.cells.emplace_back();
      for (const Device& d : m.columns) line.push_back(evaluate(d, row, s, options));
    }
    m.leaves.push_back(std::move(table));
  }
  return m;
}

}  // namespace gpuatom::amd
