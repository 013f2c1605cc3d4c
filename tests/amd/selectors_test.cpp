// How users name devices, selectors and rows: the page's names, case-insensitive, and short aliases.
#include "amd/model_helpers.hpp"

using namespace amd_test;

TEST(Spellings, DevicesByNameAliasOrUniqueFamily) {
  const auto find = [](std::string_view text) { return find_spelling(device_spellings(), text); };
  EXPECT_EQ(find("mi300x"), DeviceId::mi300x);
  EXPECT_EQ(find("gfx12 dGPU"), DeviceId::gfx12_dgpu);
  EXPECT_EQ(find("GFX12"), DeviceId::gfx12_dgpu);
  EXPECT_EQ(find("mi200 a+a"), DeviceId::mi200_aa);
  EXPECT_EQ(find("mi200-aa"), DeviceId::mi200_aa);
  EXPECT_EQ(find("MI200_PCIe"), DeviceId::mi200_pcie);
  EXPECT_EQ(find("gfx9-apu"), DeviceId::gfx9_apu);
  EXPECT_FALSE(find("gfx9"));   // two gfx9 devices
  EXPECT_FALSE(find("mi200"));  // two MI200 systems
  EXPECT_FALSE(find("gfx13"));
  EXPECT_NE(describe_spellings(device_spellings()).find("MI200 A+A (mi200aa"), std::string::npos);
}

TEST(Spellings, SelectorsByNameOrAlias) {
  EXPECT_EQ(find_spelling(memory_spellings(), "device"), Memory::device_dram);
  EXPECT_EQ(find_spelling(memory_spellings(), "Migratable Host DRAM"), Memory::migratable_host_dram);
  EXPECT_EQ(find_spelling(memory_spellings(), "PINNED"), Memory::pinned_host_dram);
  EXPECT_EQ(find_spelling(granularity_spellings(), "fine-grained"), Granularity::fine);
  EXPECT_EQ(find_spelling(granularity_spellings(), "Coarse"), Granularity::coarse);
  EXPECT_EQ(find_spelling(scope_spellings(), "agent"), Scope::device);
  EXPECT_EQ(find_spelling(scope_spellings(), "System"), Scope::system);
  EXPECT_EQ(find_spelling(pcie_spellings(), "yes"), PcieAtomics::supported);
  EXPECT_EQ(find_spelling(pcie_spellings(), "No PCIe atomics"), PcieAtomics::unsupported);
  EXPECT_EQ(find_spelling(strategy_spellings(), "HW"), Strategy::hw_atomics);
  EXPECT_EQ(find_spelling(strategy_spellings(), "cas emulation"), Strategy::cas_emulation);
  EXPECT_EQ(find_spelling(family_spellings(), "Instinct"), Family::instinct);
  EXPECT_FALSE(find_spelling(memory_spellings(), "shared"));
  EXPECT_EQ(describe_spellings(granularity_spellings()), "Coarse-grained (coarse), Fine-grained (fine)");
}

TEST(Spellings, RowsByLabelOrShortForm) {
  EXPECT_EQ(find_request("32 bit atomicAdd")->label, "32 bit atomicAdd");
  EXPECT_EQ(find_request("64BIT-ATOMICCAS")->label, "64 bit atomicCAS");
  EXPECT_EQ(find_request("fadd32")->label, "32 bit float atomicAdd");
  EXPECT_EQ(find_request("fmax64")->label, "64 bit float atomicMax");
  EXPECT_EQ(find_request("half2add")->label, "16bx2 half2 atomicAdd");
  EXPECT_EQ(find_request("bfloat162add")->label, "16bx2 bfloat162 atomicAdd");
  EXPECT_EQ(find_request("inc32")->label, "32 bit atomicInc");
  const auto wide = find_request("cas128");
  ASSERT_TRUE(wide);
  EXPECT_TRUE(wide->is_128_bit());
  EXPECT_TRUE(find_request("128 bit atomicExch")->is_128_bit());
  EXPECT_FALSE(find_request("64 bit atomicSub"));
  EXPECT_FALSE(find_request("atomicAdd"));
}
