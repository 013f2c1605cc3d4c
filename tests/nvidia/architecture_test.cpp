#include "gpuatom/nvidia/architecture.hpp"

#include <gtest/gtest.h>

namespace {

using gpuatom::nvidia::Architecture;
using gpuatom::nvidia::parse_architecture;

TEST(Architecture, ParsesPtxasAndNvdisasmSpellings) {
  EXPECT_EQ(parse_architecture("sm_52"), Architecture::sm_52);
  EXPECT_EQ(parse_architecture("SM52"), Architecture::sm_52);
  EXPECT_EQ(parse_architecture("sm90"), Architecture::sm_90);
  EXPECT_EQ(parse_architecture("SM_75"), Architecture::sm_75);
  EXPECT_EQ(parse_architecture("sm_90a"), Architecture::sm_90a);
  EXPECT_EQ(parse_architecture("SM100f"), Architecture::sm_100f);
  EXPECT_EQ(parse_architecture("sm_121A"), Architecture::sm_121a);
  for (const char* bad : {"", "sm", "sm_", "sm_51", "sm_5", "sm_520", "52", "compute_52", "sm_90f", "sm__52", "sm_100b",
                          "sm_12", "sm_1210"})
    EXPECT_FALSE(parse_architecture(bad)) << bad;
}

TEST(Architecture, NamesRoundTripInOrder) {
  const auto all = gpuatom::nvidia::architectures();
  // Every target ptxas 13.0 takes (sm_75 … sm_121f), sm_101 (CUDA 12.8's name for sm_110), and
  // sm_50 … sm_72 from ptxas 11.8.
  ASSERT_EQ(all.size(), 34u);
  for (size_t i = 0; i < all.size(); ++i) {
    EXPECT_EQ(parse_architecture(name(all[i])), all[i]);
    EXPECT_EQ(parse_architecture(nvdisasm_name(all[i])), all[i]);
    if (i) {
      if (same_base(all[i - 1], all[i])) {
        EXPECT_LT(variant(all[i - 1]), variant(all[i])) << name(all[i]);  // a variant follows its base
      }
      EXPECT_LE(generation(all[i - 1]), generation(all[i]));
    }
  }
  EXPECT_EQ(name(Architecture::sm_100f), "sm_100f");
  EXPECT_EQ(nvdisasm_name(Architecture::sm_90a), "SM90a");
  EXPECT_EQ(name(Architecture::sm_87), "sm_87");
  EXPECT_EQ(nvdisasm_name(Architecture::sm_61), "SM61");
  EXPECT_EQ(gpuatom::nvidia::architecture_names().substr(0, 11), "sm_50 sm_52");
}

TEST(Architecture, Spa5IsMaxwellAndPascalOnly) {
  EXPECT_TRUE(is_spa5(Architecture::sm_50));
  EXPECT_TRUE(is_spa5(Architecture::sm_62));
  EXPECT_FALSE(is_spa5(Architecture::sm_70));
  EXPECT_FALSE(is_spa5(Architecture::sm_90));
  EXPECT_FALSE(is_spa5(Architecture::sm_121f));
}

TEST(Architecture, GenerationsFollowNvidiasFamilies) {
  using gpuatom::nvidia::Generation;
  EXPECT_EQ(generation(Architecture::sm_53), Generation::maxwell);
  EXPECT_EQ(generation(Architecture::sm_72), Generation::volta);
  EXPECT_EQ(generation(Architecture::sm_88), Generation::ampere);
  EXPECT_EQ(generation(Architecture::sm_89), Generation::ada);
  EXPECT_EQ(generation(Architecture::sm_90a), Generation::hopper);
  EXPECT_EQ(generation(Architecture::sm_101f), Generation::blackwell);
  EXPECT_EQ(generation(Architecture::sm_121), Generation::blackwell);
  EXPECT_EQ(first_with(gpuatom::nvidia::Feature::vector_atomics), "sm_90");
  EXPECT_EQ(first_with(gpuatom::nvidia::Feature::atoms_cast_spin_predicate), "sm_100");
  EXPECT_TRUE(same_base(Architecture::sm_90, Architecture::sm_90a));
  EXPECT_FALSE(same_base(Architecture::sm_90a, Architecture::sm_100));
}

}  // namespace
