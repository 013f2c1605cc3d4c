// `amd lower` and `amd matrix` from their options as typed (report/amd_lowering_report.hpp,
// report/amd_matrix_report.hpp): which output each asks for, and the options refused together.
#include <gtest/gtest.h>

#include <string>

#include "gpuatom/report/amd_lowering_report.hpp"
#include "gpuatom/report/amd_matrix_report.hpp"
#include "gpuatom/support/input_error.hpp"

namespace gpuatom::report {
namespace {

LoweringRequest gfx942_add_f32() {
  LoweringRequest r;
  r.target = "gfx942";
  r.op = "add";
  r.type = "f32";
  return r;
}

TEST(AmdLoweringReport, OneAtomicAsTextOrOneJsonObject) {
  LoweringRequest r = gfx942_add_f32();
  const std::string text = amd_lowering_report(r);
  EXPECT_NE(text.find("gfx942"), std::string::npos) << text;
  EXPECT_EQ(text.back(), '\n');
  r.json = true;
  const std::string json_text = amd_lowering_report(r);
  EXPECT_EQ(json_text.front(), '{') << json_text;
  EXPECT_EQ(json_text.back(), '\n');
}

TEST(AmdLoweringReport, NoOpAsksForEveryOp) {
  LoweringRequest r;
  r.target = "gfx1100";
  r.json = true;
  EXPECT_EQ(amd_lowering_report(r).front(), '[');
  r.all = true;
  EXPECT_EQ(amd_lowering_report(r).front(), '[');
}

TEST(AmdLoweringReport, RefusesOptionsThatDoNotGoTogether) {
  LoweringRequest both = gfx942_add_f32();
  both.returned = both.unused = true;
  EXPECT_THROW(amd_lowering_report(both), support::InputError);
  LoweringRequest all_with_op = gfx942_add_f32();
  all_with_op.all = true;
  EXPECT_THROW(amd_lowering_report(all_with_op), support::InputError);
  LoweringRequest no_type = gfx942_add_f32();
  no_type.type.clear();
  EXPECT_THROW(amd_lowering_report(no_type), support::InputError);
  LoweringRequest type_only = gfx942_add_f32();
  type_only.op.clear();
  EXPECT_THROW(amd_lowering_report(type_only), support::InputError);
  LoweringRequest bad_scope = gfx942_add_f32();
  bad_scope.scope = "galaxy";
  EXPECT_THROW(amd_lowering_report(bad_scope), support::InputError);
}

amd::ModelOptions defaults() { return {}; }

TEST(AmdMatrixReport, OneTableInEachFormat) {
  MatrixRequest r{"hw", "no", "instinct"};
  EXPECT_EQ(amd_matrix_report(r, defaults).rfind("Atomic,", 0), 0u);
  r.format = "md";
  EXPECT_EQ(amd_matrix_report(r, defaults).front(), '#');
  r.format = "html";
  EXPECT_NE(amd_matrix_report(r, defaults).find("<table"), std::string::npos);
}

TEST(AmdMatrixReport, WideNeedsEverySelectorLongNone) {
  int asked = 0;
  const auto counted = [&] {
    ++asked;
    return amd::ModelOptions{};
  };
  EXPECT_THROW(amd_matrix_report({"hw", "", "instinct"}, counted), support::InputError);
  EXPECT_THROW(amd_matrix_report({"hw", "no", "instinct", "json"}, counted), support::InputError);
  EXPECT_EQ(asked, 0);  // the request's own refusals come before the switches are read
  const std::string all = amd_matrix_report({"", "", "", "json", "long"}, counted);
  EXPECT_EQ(all.front(), '[');
  const std::string one = amd_matrix_report({"cas", "yes", "gfx", "csv", "long"}, counted);
  EXPECT_LT(one.size(), amd_matrix_report({"", "", "", "csv", "long"}, counted).size());
  EXPECT_THROW(amd_matrix_report({"", "", "", "html", "long"}, counted), support::InputError);
  EXPECT_THROW(amd_matrix_report({"", "", "", "csv", "tall"}, counted), support::InputError);
  EXPECT_EQ(asked, 3);
}

}  // namespace
}  // namespace gpuatom::report
