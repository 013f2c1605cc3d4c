// The page's tables, computed: for one atomics type, one PCIe setting and one device family, every
// memory location × granularity × scope (the page's nested tabs) × the 27 rows × the family's
// devices. Each cell is an evaluated Explanation, so any cell can say why.
#pragma once

#include <span>
#include <string>
#include <vector>

#include "gpuatom/amd/device.hpp"
#include "gpuatom/amd/explanation.hpp"
#include "gpuatom/amd/options.hpp"
#include "gpuatom/amd/selectors.hpp"

namespace gpuatom::amd {

// One of the page's eight data tables (atomics type × PCIe × family).
struct TableKey {
  Strategy strategy;
  PcieAtomics pcie;
  Family family;
  bool operator==(const TableKey&) const = default;
};
std::span<const TableKey> all_tables();  // HW before CAS, No PCIe before PCIe, Instinct before gfx
std::string title(const TableKey& key);  // "AMD Instinct accelerators — HW atomics, No PCIe atomics"

// The three inner selectors of one leaf tab.
struct SelectorLeaf {
  Memory memory;
  Granularity granularity;
  Scope scope;
};
// The 12 leaves in the page's nesting order: memory, then coarse before fine, then device before system.
std::span<const SelectorLeaf> selector_leaves();
std::string title(const SelectorLeaf& leaf);  // "Device DRAM / Coarse-grained / Device scope"
Selectors selectors_for(const TableKey& key, const SelectorLeaf& leaf);

struct LeafTable {
  SelectorLeaf leaf;
  std::vector<std::vector<Explanation>> cells;  // [row in rows() order][column]
};

struct Matrix {
  TableKey key;
  ModelOptions options;
  std::span<const Device> columns;
  std::vector<LeafTable> leaves;  // in selector_leaves() order
};

Matrix build_matrix(const TableKey& key, const ModelOptions& options = {});

}  // namespace gpuatom::amd
