// The list of AMD's anomalies the oracle tolerates (known_anomalies.hpp): each names a real cell of
// one of the 8 tables, the model's outcome there is not AMD's (else it would not be an anomaly),
// and the agreement docs/reference/amd.md states follows from the list.
#include "gpuatom/amd/known_anomalies.hpp"

#include <set>

#include "amd/model_helpers.hpp"

using namespace amd_test;

TEST(KnownAnomalies, EachNamesARealCellWhereTheModelDiffersFromAmd) {
  ASSERT_FALSE(known_anomalies().empty());
  std::set<std::string> distinct;
  for (const KnownAnomaly& a : known_anomalies()) {
    const Device& d = device(a.device);
    EXPECT_EQ(d.family, a.table.family) << d.name;
    ASSERT_TRUE(find_row(a.row)) << a.row;
    ASSERT_TRUE(find_outcome(a.amd_says)) << a.amd_says;
    const Explanation e = evaluate(d, row(a.row), selectors_for(a.table, a.leaf));
    EXPECT_NE(label(e.outcome), a.amd_says) << describe(e);
    EXPECT_FALSE(a.why.empty());
    distinct.insert(data_file_stem(a.table) + title(a.leaf) + std::string(a.row) + std::string(d.name));
  }
  EXPECT_EQ(distinct.size(), known_anomalies().size());  // no cell listed twice
}

TEST(KnownAnomalies, TableNamesAndCellCountsAreAmds) {
  EXPECT_EQ(data_file_stem({Strategy::hw_atomics, PcieAtomics::unsupported, Family::instinct}),
            "hw-atomics_nopcie_instinct");
  EXPECT_EQ(data_file_stem({Strategy::cas_emulation, PcieAtomics::supported, Family::gfx}), "cas-atomics_pcie_gfx");
  EXPECT_EQ(cells_per_family(Family::instinct), 4u * 12u * 27u * 5u);  // MI350X is on none of AMD's tables
  EXPECT_EQ(cells_per_family(Family::gfx), 4u * 12u * 27u * 6u);
  EXPECT_EQ(cells_per_family(Family::instinct) + cells_per_family(Family::gfx), 14256u);
}

// The acceptance: at most 1 % of a family's cells may differ from AMD's tables.
TEST(KnownAnomalies, AtMostOnePercentOfEachFamily) {
  for (const Family f : {Family::instinct, Family::gfx}) {
    size_t listed = 0;
    for (const KnownAnomaly& a : known_anomalies()) listed += a.table.family == f ? 1 : 0;
    EXPECT_LE(listed * 100, cells_per_family(f)) << name(f);
  }
  const std::string md = agreement_markdown();
  EXPECT_NE(md.find("## Known anomalies of AMD's data\n"), std::string::npos);
  EXPECT_NE(md.find("| AMD Instinct accelerators | 6480 | 6477 | 3 | 99.95 % |"), std::string::npos) << md;
  EXPECT_NE(
      md.find("| `hw-atomics_nopcie_gfx` | Pinned Host DRAM / Coarse-grained / Device scope | 16bx2 half2 atomicAdd "
              "| gfx9 dGPU | n/a | ✅ CAS |"),
      std::string::npos)
      << md;
}
