// architecture_range(): the ranges help texts and messages spell, read from the architecture table.
#include <gtest/gtest.h>

#include "gpuatom/nvidia/architecture.hpp"
#include "gpuatom/nvidia/binary/sass128.hpp"

namespace gpuatom::nvidia {
namespace {

TEST(ArchitectureRange, EveryArchitectureIsOneRun) { EXPECT_EQ(architecture_range(), "sm_50 … sm_121f"); }

TEST(ArchitectureRange, WordFormatsSplitAtVolta) {
  EXPECT_EQ(architecture_range(is_spa5), "sm_50 … sm_62");
  EXPECT_EQ(architecture_range(has_sass128_forms), "sm_70 … sm_121f");
}

TEST(ArchitectureRange, FeatureRunEndsAtItsLastVariant) {
  EXPECT_EQ(architecture_range(Feature::pm_hint), "sm_86 … sm_90a");
  EXPECT_EQ(architecture_range(Feature::ps_forms), "sm_52 … sm_62");
}

TEST(ArchitectureRange, BrokenRunsAreJoinedByCommas) {
  EXPECT_EQ(architecture_range([](Architecture arch) {
              return arch == Architecture::sm_50 || arch == Architecture::sm_60 || arch == Architecture::sm_61;
            }),
            "sm_50, sm_60 … sm_61");
}

TEST(ArchitectureRange, NoArchitectureIsEmpty) {
  EXPECT_EQ(architecture_range([](Architecture) { return false; }), "");
}

TEST(ArchitectureRange, RangeEndsAreTheFeatureListEnds) {
  for (const Feature feature : features()) {
    const std::string list = architectures_with(feature);
    const std::string range = architecture_range(feature);
    if (list.empty()) continue;
    EXPECT_TRUE(range.starts_with(first_with(feature))) << name(feature);
    EXPECT_TRUE(range.ends_with(list.substr(list.rfind(' ') + 1))) << name(feature);
  }
}

}  // namespace
}  // namespace gpuatom::nvidia
