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
  for (const char* bad : {"", "sm", "sm_", "sm_51", "sm_5", "sm_520", "52", "compute_52", "sm_90a", "sm__52"})
    EXPECT_FALSE(parse_architecture(bad)) << bad;
}

TEST(Architecture, NamesRoundTripInOrder) {
  const auto all = gpuatom::nvidia::architectures();
  ASSERT_EQ(all.size(), 14u);
  for (size_t i = 0; i < all.size(); ++i) {
    EXPECT_EQ(parse_architecture(name(all[i])), all[i]);
    EXPECT_EQ(parse_architecture(nvdisasm_name(all[i])), all[i]);
    if (i) {
      EXPECT_LT(compute_capability(all[i - 1]), compute_capability(all[i]));
    }
  }
  EXPECT_EQ(name(Architecture::sm_87), "sm_87");
  EXPECT_EQ(nvdisasm_name(Architecture::sm_61), "SM61");
  EXPECT_EQ(gpuatom::nvidia::architecture_names().substr(0, 11), "sm_50 sm_52");
}

TEST(Architecture, Spa5IsMaxwellAndPascalOnly) {
  EXPECT_TRUE(is_spa5(Architecture::sm_50));
  EXPECT_TRUE(is_spa5(Architecture::sm_62));
  EXPECT_FALSE(is_spa5(Architecture::sm_70));
  EXPECT_FALSE(is_spa5(Architecture::sm_90));
}

}  // namespace
