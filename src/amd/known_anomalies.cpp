#include "gpuatom/amd/known_anomalies.hpp"

#include <fmt/format.h>

#include <array>

#include "gpuatom/amd/evaluate.hpp"

namespace gpuatom::amd {

namespace {

using M = Memory;
using S = Scope;
using D = DeviceId;

constexpr TableKey cas_nopcie_instinct{Strategy::cas_emulation, PcieAtomics::unsupported, Family::instinct};
constexpr TableKey cas_nopcie_gfx{Strategy::cas_emulation, PcieAtomics::unsupported, Family::gfx};
constexpr TableKey hw_nopcie_gfx{Strategy::hw_atomics, PcieAtomics::unsupported, Family::gfx};

constexpr std::string_view mi300a_cas =
    "atomicCAS is the primitive CAS emulation itself uses: wherever else it executes at the requested scope the "
    "CAS-emulation tables say ✅ Native, among them MI300A's own Migratable Host DRAM cell of the same leaf and its "
    "Pinned system-scope cell beside it; the page gives no rule that tells migratable and pinned host memory apart";
constexpr std::string_view downgrade_label =
    "every other downgraded cell of the CAS-emulation tables reads ⚠️ Scope Downgrade - CAS, the 32-bit atomicCAS "
    "beside it and the same 64-bit cell on Migratable Host DRAM included; only this one drops the \"- CAS\"";
constexpr std::string_view half2_na =
    "the only n/a cells among AMD's 14,256: the same row is ✅ CAS in every other coarse-grained leaf of this table "
    "(system scope on Pinned Host DRAM, both scopes on Device DRAM and Migratable Host DRAM) and in this leaf with "
    "PCIe atomics; coarse-grained memory is processed in the L2 whatever its location, so a pinned location cannot "
    "take the compiler's CAS loop away";

constexpr SelectorLeaf pinned_fine_device{M::pinned_host_dram, Granularity::fine, S::device};
constexpr SelectorLeaf pinned_fine_system{M::pinned_host_dram, Granularity::fine, S::system};
constexpr SelectorLeaf pinned_coarse_device{M::pinned_host_dram, Granularity::coarse, S::device};

constexpr std::array<KnownAnomaly, 9> anomalies = {{
    {cas_nopcie_instinct, pinned_fine_device, "32 bit atomicCAS", D::mi300a, "✅ CAS", mi300a_cas},
    {cas_nopcie_instinct, pinned_fine_device, "64 bit atomicCAS", D::mi300a, "✅ CAS", mi300a_cas},
    {cas_nopcie_instinct, pinned_fine_system, "64 bit atomicCAS", D::mi300x, "⚠️ Scope Downgrade", downgrade_label},
    {cas_nopcie_gfx, pinned_fine_system, "64 bit atomicCAS", D::gfx12_dgpu, "⚠️ Scope Downgrade", downgrade_label},
    {hw_nopcie_gfx, pinned_coarse_device, "16bx2 half2 atomicAdd", D::gfx9_dgpu, "n/a", half2_na},
    {hw_nopcie_gfx, pinned_coarse_device, "16bx2 half2 atomicAdd", D::gfx9_apu, "n/a", half2_na},
    {hw_nopcie_gfx, pinned_coarse_device, "16bx2 half2 atomicAdd", D::gfx10_dgpu, "n/a", half2_na},
    {hw_nopcie_gfx, pinned_coarse_device, "16bx2 half2 atomicAdd", D::gfx11_dgpu, "n/a", half2_na},
    {hw_nopcie_gfx, pinned_coarse_device, "16bx2 half2 atomicAdd", D::gfx11_apu, "n/a", half2_na},
}};

}  // namespace

std::span<const KnownAnomaly> known_anomalies() { return anomalies; }

const KnownAnomaly* published_difference(const Device& device, std::string_view row, const Selectors& s) {
  for (const KnownAnomaly& a : anomalies) {
    if (a.device != device.id || a.row != row) continue;
    if (a.table != TableKey{s.strategy, s.pcie, device.family}) continue;
    if (a.leaf.memory == s.memory && a.leaf.granularity == s.granularity && a.leaf.scope == s.scope) return &a;
  }
  return nullptr;
}

std::string data_file_stem(const TableKey& key) {
  return fmt::format("{}_{}_{}", key.strategy == Strategy::hw_atomics ? "hw-atomics" : "cas-atomics",
                     key.pcie == PcieAtomics::supported ? "pcie" : "nopcie",
                     key.family == Family::instinct ? "instinct" : "gfx");
}

size_t cells_per_family(Family family) {
  size_t tables = 0;
  for (const TableKey& key : all_tables()) tables += key.family == family ? 1 : 0;
  size_t published = 0;
  for (const Device& d : devices(family)) published += d.published ? 1 : 0;
  return tables * selector_leaves().size() * rows().size() * published;
}

std::string agreement_markdown() {
  std::string out =
      "## Agreement with AMD's tables\n\n"
      "AMD's published tables (Debian's `rocm-doc` 6.4.3, the data behind seed 004) are committed in "
      "`data/amd-tables/rocm-6.4.3/` with their source; `tests/amd/published_data_test.cpp` compares the model with "
      "them cell by cell on every build, and `make oracle-amd` with a fresh fetch of the package. Both fail on any "
      "difference not listed below. MI350X is on none of AMD's tables (ASSUMPTION `amd.mi350x-as-mi300x`) and is not "
      "counted. `gpuatom amd outcome`, `amd which` and `amd matrix --layout long` show AMD's word beside the model's "
      "on every listed cell.\n\n"
      "| family | cells | agree | differ (all listed below) | agreement |\n|---|---|---|---|---|\n";
  for (const Family family : {Family::instinct, Family::gfx}) {
    size_t differ = 0;
    for (const KnownAnomaly& a : anomalies) differ += a.table.family == family ? 1 : 0;
    const size_t total = cells_per_family(family);
    out += fmt::format("| {} | {} | {} | {} | {:.2f} % |\n", name(family), total, total - differ, differ,
                       100.0 * static_cast<double>(total - differ) / static_cast<double>(total));
  }
  out +=
      "\nBefore the corrections of issue 17 the model agreed on 49.21 % (Instinct) and 47.15 % (gfx) of the "
      "cells.\n\n"
      "## Known anomalies of AMD's data\n\n"
      "Cells where gpuatom keeps its rule's outcome and AMD's table says otherwise. AMD's data spells the row "
      "`32 bit atomicExch` as `32 bit atoimcExch`; gpuatom keeps the HIP name (the oracle knows the typo).\n\n"
      "| table | memory / granularity / scope | row | device | AMD says | gpuatom says | why |\n"
      "|---|---|---|---|---|---|---|\n";
  for (const KnownAnomaly& a : anomalies) {
    const Device& d = device(a.device);
    const auto row = find_row(a.row);
    const Outcome ours = evaluate(d, rows()[*row], selectors_for(a.table, a.leaf)).outcome;
    out += fmt::format("| `{}` | {} | {} | {} | {} | {} | {} |\n", data_file_stem(a.table), title(a.leaf), a.row,
                       d.name, a.amd_says, label(ours), a.why);
  }
  return out;
}

}  // namespace gpuatom::amd
