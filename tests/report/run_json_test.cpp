// The JSON report of a batch and reading it back (gpuatom/report/run_json.hpp).
#include "gpuatom/report/run_json.hpp"

#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "gpuatom/support/input_error.hpp"

using namespace gpuatom;

namespace {

scenario::RunReport exhaustive_report() {
  scenario::RunReport r;
  r.file = "x.toml";
  r.name = "two lanes";
  r.mode = scenario::Mode::exhaustive;
  r.seed = 3;
  r.lanes = 2;
  r.counters = {4, 1, 0};
  r.expectations.push_back({false, "x == 2", "x was 1", {}, false});
  r.executions = 6;
  r.outcomes.push_back({"x=[1]", 2, false, {{"x", {1}}}, "x == 2"});
  r.outcomes.push_back({"x=[2]", 4, true, {{"x", {2}}}, ""});
  r.dumps.push_back({"x", scenario::ElementType::u16, 0x100, 1, {0xbeef}});
  r.notes.push_back("a note");
  return r;
}

std::string message_of(std::string_view document) {
  try {
    report::parse_run_json(document, "r.json");
  } catch (const support::InputError& e) {
    return e.what();
  }
  return "(nothing thrown)";
}

}  // namespace

TEST(RunJson, DocumentHasAnObjectPerFile) {
  const std::string text =
      report::run_json({{"bad.toml", std::nullopt, "bad.toml:1:1: error: no\n"}, {"x.toml", exhaustive_report(), ""}});
  ASSERT_EQ(text.back(), '\n');
  const nlohmann::json all = nlohmann::json::parse(text);
  ASSERT_EQ(all.size(), 2u);
  EXPECT_EQ(
      all[0],
      nlohmann::json(
          {{"file", "bad.toml"}, {"status", "error"}, {"passed", false}, {"error", "bad.toml:1:1: error: no\n"}}));
  EXPECT_EQ(all[1]["status"], "failed");
  EXPECT_EQ(all[1]["mode"], "exhaustive");
  EXPECT_EQ(all[1]["counters"]["cas_retries"], 1);
  EXPECT_EQ(all[1]["outcomes"][1]["regions"]["x"][0], 2);
  EXPECT_EQ(all[1]["dumps"]["x"]["values"][0]["bits"], "0xbeef");
  EXPECT_EQ(all[1]["dumps"]["x"]["values"][0]["value"], "48879");
  EXPECT_EQ(text.substr(0, 8), "[\n  {\n  ") << "indented by 2";
}

TEST(RunJson, ReadBackKeepsWhatThePageShows) {
  const auto reports = report::parse_run_json(
      report::run_json({{"bad.toml", std::nullopt, "no"}, {"x.toml", exhaustive_report(), ""}}), "r.json");
  ASSERT_EQ(reports.size(), 1u) << "a file that never ran is left out";
  const scenario::RunReport& r = reports[0];
  const scenario::RunReport x = exhaustive_report();
  EXPECT_EQ(r.file, x.file);
  EXPECT_EQ(r.mode, x.mode);
  EXPECT_EQ(r.counters.cas_retries, 1u);
  ASSERT_EQ(r.expectations.size(), 1u);
  EXPECT_EQ(r.expectations[0].detail, "x was 1");
  ASSERT_EQ(r.outcomes.size(), 2u);
  EXPECT_EQ(r.outcomes[1].regions, x.outcomes[1].regions);
  EXPECT_EQ(r.outcomes[0].failed, "x == 2");
  ASSERT_EQ(r.dumps.size(), 1u);
  EXPECT_EQ(r.dumps[0].type, scenario::ElementType::u16);
  EXPECT_EQ(r.dumps[0].values, x.dumps[0].values);
  EXPECT_EQ(r.notes, x.notes);
  EXPECT_FALSE(r.passed());
}

TEST(RunJson, AnythingElseIsBadInputNamingTheSource) {
  EXPECT_EQ(message_of("{}"), "r.json: not a `gpuatom run --json` result (expected an array)");
  EXPECT_EQ(message_of("[{\"file\": \"a\", \"status\": \"error\"}]"), "r.json: the result holds no scenario that ran");
  EXPECT_EQ(message_of("[{\"file\": \"a\", \"name\": \"n\", \"mode\": \"fast\"}]"),
            "r.json: not a `gpuatom run --json` result: unknown mode \"fast\"");
  EXPECT_NE(message_of("[1,").find("r.json: not a `gpuatom run --json` result: [json.exception.parse_error"),
            std::string::npos);
}

TEST(RunJson, UnreadablePathIsBadInput) {
  EXPECT_THROW(report::read_run_json("/nonexistent/r.json"), support::InputError);
}
