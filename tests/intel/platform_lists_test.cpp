// The platform lists help texts and messages print, and the prose that names platforms, come from
// the platform table (platform.hpp), so a new row shows up in all of them.
#include <gtest/gtest.h>

#include <algorithm>
#include <string>

#include "gpuatom/intel/platform.hpp"
#include "gpuatom/support/assumption.hpp"

namespace gpuatom::intel {
namespace {

TEST(PlatformLists, DeviceNamesInTableOrder) {
  EXPECT_EQ(device_names(),
            "skl, icllp, tgllp, dg1, xe_hp_sdv, acm-g10, bmg, lnl-m, ptl, ptl-u, wcl, nvl-s, nvl-hx, nvl-ul, nvl-h, "
            "nvl-u, nvl-p, cri");
  EXPECT_EQ(device_names(" "),
            "skl icllp tgllp dg1 xe_hp_sdv acm-g10 bmg lnl-m ptl ptl-u wcl nvl-s nvl-hx nvl-ul nvl-h nvl-u nvl-p cri");
}

TEST(PlatformLists, DeviceNamesWithProfileAfterEachGroup) {
  EXPECT_EQ(
      device_names(", ", true),
      "skl, icllp (gen9), tgllp, dg1 (gen12), xe_hp_sdv (xehp), acm-g10 (dg2), bmg, lnl-m (xe2), ptl, ptl-u, wcl, "
      "nvl-s, nvl-hx, nvl-ul, nvl-h, nvl-u (xe3), nvl-p, cri (xe3p)");
}

TEST(PlatformLists, EveryDeviceNameParsesToTheProfileItIsListedWith) {
  const std::string listed = device_names(", ", true);
  for (const char* device : {"skl", "icllp", "tgllp", "dg1", "xe_hp_sdv", "acm-g10", "bmg", "lnl-m", "ptl", "wcl",
                             "nvl-s", "nvl-u", "nvl-p", "cri"}) {
    const auto platform = parse_platform(device);
    ASSERT_TRUE(platform) << device;
    const size_t at = listed.find(device);
    const size_t profile = listed.find('(', at);
    ASSERT_NE(profile, std::string::npos);
    EXPECT_EQ(listed.substr(profile + 1, listed.find(')', profile) - profile - 1), name(*platform)) << device;
  }
}

TEST(PlatformLists, ChoicesMarkTheDefaultAndNameTheDevices) {
  EXPECT_EQ(
      platform_choices(),
      "gen9, gen12 (default), xehp, dg2, pvc, xe2, xe3, xe3p (docs/spec/intel.md §9), or an ocloc device name: "
      "skl, icllp (gen9), tgllp, dg1 (gen12), xe_hp_sdv (xehp), acm-g10 (dg2), bmg, lnl-m (xe2), ptl, ptl-u, wcl, "
      "nvl-s, nvl-hx, nvl-ul, nvl-h, nvl-u (xe3), nvl-p, cri (xe3p)");
  EXPECT_NE(platform_choices().find(std::string(name(default_platform)) + " (default)"), std::string::npos);
}

TEST(PlatformLists, IgcEvidenceNamesWhereFloatAddIsWarned) {
  const auto& list = assumptions();
  const auto it =
      std::find_if(list.begin(), list.end(), [](const support::Assumption& a) { return a.id == "intel.igc-evidence"; });
  ASSERT_NE(it, list.end());
  const std::string expected = "with a warning before " +
                               std::string(igc_name(*first_platform_with(Feature::float_add))) + " (.64: before " +
                               std::string(igc_name(*first_platform_with(Feature::float_64))) + ")";
  EXPECT_NE(std::string(it->statement).find(expected), std::string::npos) << it->statement;
  EXPECT_NE(std::string(it->statement).find("before XeHP (.64: before PVC) where IGC's own front end reports none"),
            std::string::npos);
}

}  // namespace
}  // namespace gpuatom::intel
