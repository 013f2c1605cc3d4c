// docs/spec/amd.md §3 and §5 as data: the devices and what each place on their paths supports.
#include "amd/model_helpers.hpp"

using namespace amd_test;

TEST(Devices, TwelveDevicesInTheFamiliesColumnOrder) {
  std::vector<std::string_view> instinct, gfx;
  for (const Device& d : devices(Family::instinct)) instinct.push_back(d.name);
  for (const Device& d : devices(Family::gfx)) gfx.push_back(d.name);
  EXPECT_EQ(instinct,
            (std::vector<std::string_view>{"MI100", "MI200 PCIe", "MI200 A+A", "MI300X", "MI300A", "MI350X"}));
  EXPECT_EQ(gfx, (std::vector<std::string_view>{"gfx9 dGPU", "gfx9 APU", "gfx10 dGPU", "gfx11 dGPU", "gfx11 APU",
                                                "gfx12 dGPU"}));
  for (const Device& d : devices()) EXPECT_EQ(&device(d.id), &d);
  for (const Device& d : devices()) EXPECT_EQ(d.published, d.id != DeviceId::mi350x) << d.name;
}

TEST(Devices, HostMemoryRouteAndPcieFallbackFollowSpecSection3) {
  for (const Device& d : devices()) {
    EXPECT_EQ(reaches_host_over_pcie(d), d.kind == DeviceKind::dgpu) << d.name;
    // MI200 A+A has a PCIe fallback (NOP) for the CAS-emulation tables' P8 only.
    EXPECT_EQ(d.pcie_fallback == PcieFallback::not_applicable,
              !reaches_host_over_pcie(d) && d.kind != DeviceKind::aa_system)
        << d.name;
    const bool load_op_store = d.generation == Generation::mi300 || d.generation == Generation::gfx12;
    if (reaches_host_over_pcie(d)) {
      EXPECT_EQ(d.pcie_fallback, load_op_store ? PcieFallback::load_op_store : PcieFallback::nop) << d.name;
    }
  }
  EXPECT_EQ(device(DeviceId::mi300a).kind, DeviceKind::apu);
  EXPECT_EQ(device(DeviceId::mi200_aa).kind, DeviceKind::aa_system);
}

TEST(Capabilities, L2AndIfSupportEveryIntegerAndBitwiseRowOnEveryDevice) {
  for (const Device& d : devices())
    for (const Row* r : integer_and_bitwise_rows())
      for (const Place p : {Place::l2, Place::fabric})
        EXPECT_EQ(support(d, p, *r, no_pcie), Support::full) << d.name << " " << r->label;
}

TEST(Capabilities, FloatSetsPerDevice) {
  using I = FloatInstruction;
  const auto sets = [](DeviceId d) { return capabilities(device(d)); };
  EXPECT_EQ(sets(DeviceId::mi100).l2, (FloatSet{I::f32_add, I::f16x2_add}));
  EXPECT_EQ(sets(DeviceId::mi100).l2_no_return_only, (FloatSet{I::f32_add, I::f16x2_add}));
  EXPECT_TRUE(sets(DeviceId::mi100).fabric.empty());
  for (const DeviceId d : {DeviceId::mi200_pcie, DeviceId::mi200_aa}) {
    EXPECT_EQ(sets(d).l2, (FloatSet{I::f32_add, I::f16x2_add, I::f64_add, I::f64_min, I::f64_max}));
    EXPECT_TRUE(sets(d).fabric.empty());
  }
  for (const DeviceId d : {DeviceId::mi300x, DeviceId::mi300a})
    EXPECT_EQ(sets(d).fabric, (FloatSet{I::f32_add, I::f16x2_add, I::bf16x2_add, I::f64_add, I::f64_min, I::f64_max}));
  for (const DeviceId d : {DeviceId::gfx9_dgpu, DeviceId::gfx9_apu}) {
    EXPECT_TRUE(sets(d).l2.empty());
    EXPECT_TRUE(sets(d).fabric.empty());
  }
  EXPECT_EQ(sets(DeviceId::gfx10_dgpu).l2, (FloatSet{I::f32_min, I::f32_max, I::f64_min, I::f64_max}));
  for (const DeviceId d : {DeviceId::gfx11_dgpu, DeviceId::gfx11_apu}) {
    EXPECT_EQ(sets(d).l2, (FloatSet{I::f32_add, I::f32_min, I::f32_max}));
    EXPECT_TRUE(sets(d).fabric.empty());
  }
  const FloatSet gfx12 = {I::f32_add, I::f32_min, I::f32_max, I::f16x2_add, I::bf16x2_add};
  EXPECT_EQ(sets(DeviceId::gfx12_dgpu).l2, gfx12);
  EXPECT_EQ(sets(DeviceId::gfx12_dgpu).fabric, gfx12);
}

// §6.3 (DERIVED): an instruction that exists on a device is always supported by its L2, so the
// first failing stage is never the L2. The data must keep IF ⊆ L2.
TEST(Capabilities, EveryDevicesFabricSetIsInsideItsL2Set) {
  for (const Device& d : devices()) {
    const DeviceCapabilities c = capabilities(d);
    EXPECT_TRUE(c.fabric.subset_of(c.l2)) << d.name;
    EXPECT_TRUE(c.l2_no_return_only.subset_of(c.l2)) << d.name;
  }
}

// AMD's tables: PCIe carries atomicAdd, atomicExch and atomicCAS, not atomicSub (amd.sub-pcie=none;
// fetchadd is docs/spec/amd.md's first reading).
TEST(Capabilities, PcieCarriesNothingWithoutPcieAtomicsAndFetchAddSwapCasWithThem) {
  ModelOptions fetch_add;
  ASSERT_FALSE(set_switch(fetch_add, "amd.sub-pcie", "fetchadd"));
  for (const Device& d : devices())
    for (const Row& r : rows()) {
      EXPECT_EQ(support(d, Place::pcie, r, no_pcie), Support::none);
      const bool carried = r.kind == RowKind::add || r.kind == RowKind::exch || r.kind == RowKind::cas;
      EXPECT_EQ(support(d, Place::pcie, r, with_pcie) == Support::full, carried) << r.label;
      EXPECT_EQ(support(d, Place::pcie, r, with_pcie, fetch_add) == Support::full, carried || r.kind == RowKind::sub);
    }
}

TEST(Capabilities, CasLoopWidthFollowsTheRowsMemoryWidth) {
  EXPECT_EQ(cas_row_for(row("16bx2 half2 atomicAdd")).label, "32 bit atomicCAS");
  EXPECT_EQ(cas_row_for(row("32 bit float atomicMin")).label, "32 bit atomicCAS");
  EXPECT_EQ(cas_row_for(row("64 bit float atomicAdd")).label, "64 bit atomicCAS");
  EXPECT_EQ(cas_row_for(row("64 bit atomicXor")).label, "64 bit atomicCAS");
}
