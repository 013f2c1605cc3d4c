// `gpuatom explain`'s list (gpuatom/report/assumption_list.hpp): one vendor or all, as text or JSON.
#include "gpuatom/report/assumption_list.hpp"

#include <fmt/format.h>
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "gpuatom/support/assumption.hpp"

using namespace gpuatom;

TEST(AssumptionList, TextHasAHeadingPerVendorAsked) {
  const std::string intel = report::assumption_text("intel");
  EXPECT_EQ(intel.rfind("intel:\n  [", 0), 0u) << intel;
  EXPECT_EQ(intel.find("nvidia:"), std::string::npos);
  const std::string all = report::assumption_text("all");
  EXPECT_LT(all.find("nvidia:\n"), all.find("\nintel:\n"));
  EXPECT_LT(all.find("\nintel:\n"), all.find("\namd:\n"));
  const support::Assumption& first = nvidia::assumptions().front();
  EXPECT_NE(all.find(fmt::format("  [{}] {}\n      {}\n      stated in {}", first.label, first.id, first.statement,
                                 first.source)),
            std::string::npos);
}

TEST(AssumptionList, JsonHasAnObjectPerAssumption) {
  const nlohmann::json amd = nlohmann::json::parse(report::assumption_json("amd"));
  ASSERT_EQ(amd.size(), amd::assumptions().size());
  EXPECT_EQ(amd[0]["vendor"], "amd");
  EXPECT_EQ(amd[0]["id"], std::string(amd::assumptions()[0].id));
  EXPECT_EQ(nlohmann::json::parse(report::assumption_json("all")).size(),
            nvidia::assumptions().size() + intel::assumptions().size() + amd::assumptions().size());
}
