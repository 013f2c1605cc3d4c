// What `gpuatom run` says about a scenario file (gpuatom/report/run_text.hpp): the text report,
// a file's status in a batch and the JUnit XML document.
#include "gpuatom/report/run_text.hpp"

#include <gtest/gtest.h>

using namespace gpuatom;

namespace {
scenario::RunReport skipped_report() {
  scenario::RunReport r;
  r.file = "a.toml";
  r.name = "demo";
  r.mode = scenario::Mode::deterministic;
  r.seed = 7;
  r.skipped = true;
  r.notes.push_back("not for this mode");
  return r;
}
}  // namespace

TEST(RunText, SkippedReportSaysWhyAndNothingElse) {
  EXPECT_EQ(report::report_text(skipped_report()),
            "== a.toml: demo  [sass, deterministic, seed 7]\n   note: not for this mode\n   skipped\n\n");
}

TEST(RunText, StatusOfEachFile) {
  EXPECT_EQ(report::status({"bad.toml", std::nullopt, "line 1: no"}), report::FileStatus::error);
  EXPECT_EQ(report::status({"a.toml", skipped_report(), ""}), report::FileStatus::skipped);
  EXPECT_STREQ(report::name(report::FileStatus::undecided), "undecided");
  EXPECT_EQ(report::mode_named("exhaustive"), scenario::Mode::exhaustive);
  EXPECT_EQ(report::mode_named("fast"), std::nullopt);
}

TEST(RunText, JunitCountsAndEscapes) {
  const std::string xml =
      report::junit_xml({{"b<1>.toml", std::nullopt, "bad & worse"}, {"a.toml", skipped_report(), ""}}, 1.5);
  EXPECT_NE(xml.find("tests=\"2\" failures=\"0\" errors=\"1\" skipped=\"1\" time=\"1.500000\""), std::string::npos)
      << xml;
  EXPECT_NE(xml.find("classname=\"b&lt;1&gt;.toml\""), std::string::npos) << xml;
  EXPECT_NE(xml.find("<error message=\"bad input\" type=\"error\">bad &amp; worse</error>"), std::string::npos) << xml;
  EXPECT_NE(xml.find("<skipped message=\"not for this mode\"/>"), std::string::npos) << xml;
}
