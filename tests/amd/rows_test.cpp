// docs/spec/amd.md §4: the 27 rows, their widths and PCIe AtomicOps, and their HIP semantics (§7.1).
#include "gpuatom/amd/rows.hpp"

#include <gtest/gtest.h>

#include "gpuatom/alu/apply.hpp"

using namespace gpuatom;
using namespace gpuatom::amd;

TEST(AmdRows, TwentySevenRowsWithThePagesLabels) {
  ASSERT_EQ(rows().size(), 27u);
  EXPECT_EQ(rows().front().label, "32 bit atomicAdd");
  EXPECT_EQ(rows().back().label, "64 bit atomicXor");
  int integer = 0, floating = 0, bitwise = 0;
  for (const Row& r : rows()) {
    integer += r.group == RowGroup::integer;
    floating += r.group == RowGroup::floating;
    bitwise += r.group == RowGroup::bitwise;
  }
  EXPECT_EQ(integer, 9);
  EXPECT_EQ(floating, 8);
  EXPECT_EQ(bitwise, 10);
  EXPECT_TRUE(find_row("32 BIT ATOMICINC"));
  EXPECT_FALSE(find_row("128 bit atomicCAS"));
}

TEST(AmdRows, PcieCarriesOnlyFetchAddSwapAndCas) {
  for (const Row& r : rows()) {
    const bool carried =
        r.kind == RowKind::add || r.kind == RowKind::sub || r.kind == RowKind::exch || r.kind == RowKind::cas;
    EXPECT_EQ(r.pcie != PcieAtomic::none, carried) << r.label;
  }
  EXPECT_EQ(rows()[*find_row("64 bit atomicCAS")].pcie, PcieAtomic::cas);
  EXPECT_EQ(rows()[*find_row("32 bit atomicExch")].pcie, PcieAtomic::swap);
}

TEST(AmdRows, HipIncDecAndSignedness) {
  const auto inc = to_alu(rows()[*find_row("32 bit atomicInc")]);
  EXPECT_EQ(alu::apply(inc, 0x11, {0x11, 0}).memory, 0u);
  EXPECT_EQ(alu::apply(inc, 0x10, {0x11, 0}).memory, 0x11u);
  const auto dec = to_alu(rows()[*find_row("32 bit atomicDec")]);
  EXPECT_EQ(alu::apply(dec, 0, {0x11, 0}).memory, 0x11u);
  const Row& min32 = rows()[*find_row("32 bit atomicMin")];
  EXPECT_EQ(alu::apply(to_alu(min32), 0xffffffff, {1, 0}).memory, 0xffffffffu);  // signed: −1 < 1
  EXPECT_EQ(alu::apply(to_alu(min32, {true}), 0xffffffff, {1, 0}).memory, 1u);   // unsigned overload
  const auto sub = to_alu(rows()[*find_row("32 bit atomicSub")]);
  EXPECT_EQ(alu::apply(sub, 0, {1, 0}).memory, 0xffffffffu);
  const auto compare_swap = to_alu(rows()[*find_row("64 bit atomicCAS")]);
  EXPECT_EQ(alu::apply(compare_swap, 5, {9, 5}).memory, 9u);
}
