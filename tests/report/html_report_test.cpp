// The page `gpuatom report` writes (gpuatom/report/html_report.hpp): one scenario's page stays
// under 1 MiB while it holds every fact (the AMD matrices' cells and the legality tables as JSON
// the page's script draws from), and a chart of many elements shows all of them, grouped.
#include "gpuatom/report/html_report.hpp"

#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <regex>
#include <string>

#include "gpuatom/amd/device.hpp"
#include "gpuatom/amd/matrix.hpp"
#include "gpuatom/amd/rows.hpp"
#include "gpuatom/report/page_results.hpp"
#include "gpuatom/scenario/scenario.hpp"

using namespace gpuatom;

namespace {

std::string one_scenario_page() {
  const auto loaded = scenario::load_scenario(std::string(GPUATOM_SOURCE_DIR) + "/examples/nvidia/inc-race-small.toml");
  EXPECT_TRUE(std::holds_alternative<scenario::Scenario>(loaded));
  const report::ExampleResult x = report::run_for_page(std::get<scenario::Scenario>(loaded), std::nullopt, 1);
  return report::html_report({x}, "test", true);
}

// The JSON of the page's <script type="application/json" id="ID">.
nlohmann::json facts(const std::string& page, const std::string& id) {
  const std::string open = "<script type=\"application/json\" id=\"" + id + "\">";
  const size_t begin = page.find(open);
  if (begin == std::string::npos) return nullptr;
  const size_t start = begin + open.size(), end = page.find("</script>", start);
  return nlohmann::json::parse(page.substr(start, end - start));
}

}  // namespace

TEST(HtmlReport, OneScenarioPageIsUnderOneMebibyte) {
  const std::string page = one_scenario_page();
  EXPECT_LT(page.size(), 1u << 20) << "a one-scenario report of " << page.size() / 1024 << " KiB";
  EXPECT_NE(page.find("<h2>Your scenarios</h2>"), std::string::npos);
}

TEST(HtmlReport, HoldsEveryAmdCellOnceAsFactsNotAsTables) {
  const std::string page = one_scenario_page();
  const nlohmann::json matrix = facts(page, "facts-amd-matrix");
  ASSERT_TRUE(matrix.is_object());
  size_t cells = 0, tables = 0;
  for (const amd::TableKey& key : amd::all_tables()) {
    const size_t devices = amd::devices(key.family).size();
    for (const auto& [id, table] : matrix["tables"].items())
      if (table["title"] == amd::title(key)) {
        ++tables;
        EXPECT_EQ(table["columns"].size(), devices) << id;
        EXPECT_EQ(table["leaves"].size(), amd::selector_leaves().size()) << id;
        for (const auto& leaf : table["leaves"]) {
          EXPECT_EQ(leaf.size(), devices * amd::rows().size()) << id;
          cells += leaf.size();
        }
      }
  }
  EXPECT_EQ(tables, amd::all_tables().size());
  EXPECT_EQ(cells, 15552u) << "every cell of every AMD table";
  // Drawn by the script on demand: no cell of the matrices is on the page as HTML.
  EXPECT_FALSE(std::regex_search(page, std::regex(R"re(<td class="[a-z]+" title="[^"]*" data-outcome=)re")));
  for (const char* id : {"facts-nvidia", "facts-intel", "facts-amd"}) {
    const nlohmann::json legal = facts(page, id);
    ASSERT_TRUE(legal.is_object()) << id;
    EXPECT_FALSE(legal["targets"].empty()) << id;
    for (const auto& grid : legal["grids"])
      for (const auto& cell : grid["cells"]) EXPECT_EQ(cell[2].get<std::string>().size(), legal["targets"].size());
  }
}

TEST(HtmlReport, ChartOfManyElementsShowsThemAllGrouped) {
  scenario::RunReport r;
  r.file = "x.toml";
  scenario::RunReport::Dump d{"bins", scenario::ElementType::u32, 0, 256, {}};
  for (uint64_t i = 0; i < 256; ++i) d.values.push_back(i < 64 ? 4096 : 0);
  r.dumps.push_back(d);
  const report::ExampleResult x = report::page_result(r, {});
  ASSERT_EQ(x.bars.size(), 64u);
  EXPECT_EQ(x.bars[0], (std::pair<std::string, double>{"bins[0…3] sum = 16384", 16384.0}));
  EXPECT_EQ(x.bars[15].second, 16384.0);
  EXPECT_EQ(x.bars[16].second, 0.0);
  EXPECT_EQ(x.bars[63].first, "bins[252…255] sum = 0");
  EXPECT_EQ(x.chart_note, "256 elements, 4 to a bar (their sum)");
  const std::string page = report::html_report({x}, "test", true);
  EXPECT_NE(page.find("<p class=\"chart-note\">256 elements, 4 to a bar (their sum)</p>"), std::string::npos);

  d.values.resize(16);  // a recorded dump shorter than its region: the note says so
  r.dumps = {d};
  const report::ExampleResult part = report::page_result(r, {});
  EXPECT_EQ(part.bars.size(), 16u);
  EXPECT_EQ(part.chart_note, "the first 16 of 256 elements (the run recorded no more)");
}
