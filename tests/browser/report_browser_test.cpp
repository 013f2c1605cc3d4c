// Opens `gpuatom report` in headless Chromium, as a person would: no console errors, the AMD
// selectors switch tables, and the cells shown are the model's values (`gpuatom amd matrix`).
// A screenshot is saved as build/<preset>/report-test/screenshot.png.
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <regex>
#include <sstream>
#include <string>
#include <vector>

#include "chromium.hpp"

namespace {

namespace fs = std::filesystem;

// ctest runs each test in its own process, possibly in parallel: each process gets its own folder.
const fs::path artifacts = browser::artifacts();
const fs::path work = artifacts / std::to_string(::getpid());

std::string chromium(const std::string& args) { return browser::chromium(work, args); }

}  // namespace

class ReportInBrowser : public testing::Test {
 protected:
  static void SetUpTestSuite() { browser::write_report(work); }
  void SetUp() override {
    if (!browser::have_chromium()) GTEST_SKIP() << browser::no_chromium;
  }
  static std::string page() { return browser::page_url(work); }
};

namespace {

// The cells of the one AMD table the page shows, as text, and that table's id.
std::pair<std::string, std::vector<std::string>> visible_amd_table(const std::string& dom) {
  const std::regex table(R"re(<table class="amd-table" id="([^"]+)"( hidden="")?>)re");
  for (auto it = std::sregex_iterator(dom.begin(), dom.end(), table); it != std::sregex_iterator(); ++it) {
    if ((*it)[2].matched) continue;
    const size_t start = static_cast<size_t>(it->position());
    const size_t end = dom.find("</table>", start);
    const std::string body = dom.substr(start, end - start);
    std::vector<std::string> cells;
    const std::regex cell(R"re(<td class="[a-z]+" title="[^"]*" data-outcome="[^"]*">([^<]*)</td>)re");
    for (auto c = std::sregex_iterator(body.begin(), body.end(), cell); c != std::sregex_iterator(); ++c)
      cells.push_back((*c)[1]);
    return {(*it)[1], cells};
  }
  return {};
}

// The cells of one selector leaf of `gpuatom amd matrix --format csv`: AMD's layout, 27 rows per
// leaf after the header and no section rows, so leaf n is lines 1 + 27n … 27 + 27n.
std::vector<std::string> model_cells(const std::string& matrix_args, int leaf) {
  const CliRun r = run_gpuatom("amd matrix --format csv " + matrix_args);
  std::istringstream lines(r.out);
  std::string line;
  std::getline(lines, line);  // header
  std::vector<std::string> cells;
  for (int n = 0; std::getline(lines, line); ++n) {
    if (n / 27 != leaf) continue;
    std::istringstream fields(line);
    std::string field;
    std::getline(fields, field, ',');  // row label
    while (std::getline(fields, field, ',')) cells.push_back(field);
  }
  return cells;
}

}  // namespace

TEST_F(ReportInBrowser, OpensWithoutConsoleErrorsAndShowsTheTables) {
  const std::string log =
      chromium("--window-size=1400,2000 --screenshot=" + (work / "screenshot.png").string() + " " + page());
  EXPECT_EQ(log.find(":CONSOLE("), std::string::npos) << log;
  ASSERT_TRUE(fs::exists(work / "screenshot.png"));
  EXPECT_GT(fs::file_size(work / "screenshot.png"), 20000u);  // a blank page compresses to a few KiB
  fs::copy_file(work / "screenshot.png", artifacts / "screenshot.png", fs::copy_options::overwrite_existing);
  const std::string dom = chromium("--dump-dom " + page());
  EXPECT_NE(dom.find("NVIDIA SASS: op × size"), std::string::npos);
  EXPECT_NE(dom.find("Bundled examples"), std::string::npos);
  EXPECT_EQ(dom.find("class=\"fail\""), std::string::npos) << "an example's expectation failed in the report";
}

TEST_F(ReportInBrowser, SelectorsShowTheModelsCells) {
  const std::pair<const char*, const char*> choices[] = {
      {"hw-nopcie-instinct-0", "--strategy hw --pcie no --family instinct"},
      {"cas-pcie-gfx-7", "--strategy cas --pcie yes --family gfx"},
      {"hw-pcie-instinct-11", "--strategy hw --pcie yes --family instinct"},
  };
  std::vector<std::vector<std::string>> shown;
  for (const auto& [hash, matrix] : choices) {
    const std::string dom = chromium("--dump-dom '" + page() + "#amd=" + hash + "'");
    const auto [id, cells] = visible_amd_table(dom);
    EXPECT_EQ(id, std::string("amd-") + hash);
    const int leaf = std::stoi(std::string(hash).substr(std::string(hash).rfind('-') + 1));
    EXPECT_EQ(cells, model_cells(matrix, leaf)) << hash;
    EXPECT_FALSE(cells.empty());
    EXPECT_EQ(cells.size() % 27, 0u);
    shown.push_back(cells);
  }
  EXPECT_NE(shown[0], shown[1]);  // switching selectors changes what is shown
  EXPECT_NE(shown[0], shown[2]);
}

// `gpuatom report FILE…`: the user's own scenarios, first on the page, with their paths as typed,
// operation counts in every mode, typed values beside the hex, and a chart whose labels are whole
// (tests/cli/data/batch/: a deterministic float sum and an exhaustive exchange).
TEST(UserReportInBrowser, ShowsTheUsersScenariosWithTheirCharts) {
  if (!browser::have_chromium()) GTEST_SKIP() << "chromium is not installed";
  const fs::path out = work / "user";
  fs::create_directories(out);
  const std::string batch = std::string(GPUATOM_SOURCE_DIR) + "/tests/cli/data/batch";
  const CliRun r = run_gpuatom_command("cd " + batch + " && " + GPUATOM_CLI +
                                       " report pass-sum.toml deeper/pass-exhaustive.toml --out " + out.string());
  ASSERT_EQ(r.exit_code, 0) << r.out;
  const std::string page = "file://" + (out / "index.html").string();
  const std::string log =
      chromium("--window-size=1400,1400 --screenshot=" + (out / "screenshot.png").string() + " " + page);
  EXPECT_EQ(log.find(":CONSOLE("), std::string::npos) << log;
  ASSERT_TRUE(fs::exists(out / "screenshot.png"));
  EXPECT_GT(fs::file_size(out / "screenshot.png"), 20000u);
  fs::copy_file(out / "screenshot.png", artifacts / "user-screenshot.png", fs::copy_options::overwrite_existing);
  const std::string dom = chromium("--dump-dom " + page);
  const size_t mine = dom.find("<h2>Your scenarios</h2>"), tables = dom.find("NVIDIA SASS: op × size");
  ASSERT_NE(mine, std::string::npos);
  EXPECT_LT(mine, tables) << "the user's runs come before the reference tables";
  EXPECT_NE(dom.find("<code>pass-sum.toml</code> · deterministic · 64 lanes · operations 64"), std::string::npos);
  EXPECT_NE(dom.find("<code>deeper/pass-exhaustive.toml</code> · exhaustive · 2 lanes · operations 4"),
            std::string::npos);
  // Typed values beside the hex, and the label column as wide as the longest label.
  const std::regex bar(
      R"re(<text x="0" y="[0-9]+" font-size="11" font-family="monospace">(sum\[0\] = 96\.25 \(0x42c08000\))</text><rect x="([0-9]+)")re");
  std::smatch m;
  ASSERT_TRUE(std::regex_search(dom, m, bar)) << "no whole, typed label for sum[0]";
  EXPECT_GE(std::stod(m[2]), 6.7 * static_cast<double>(m[1].length()));
  EXPECT_NE(dom.find("executions reaching each outcome"), std::string::npos);
  EXPECT_NE(dom.find(">cell=[1]</text>"), std::string::npos);
  EXPECT_NE(dom.find(">cell=[2]</text>"), std::string::npos);
  EXPECT_EQ(dom.find(GPUATOM_SOURCE_DIR), std::string::npos) << "no absolute source path on the page";
}

// A device picked (#amd=…-<device>, as the Device selector sets it): the table shows that
// device's column alone, the model's cells for it.
TEST_F(ReportInBrowser, DeviceSelectorShowsThatDevicesColumn) {
  const std::string matrix = "--strategy hw --pcie no --family instinct";
  std::istringstream header(run_gpuatom("amd matrix --format csv " + matrix).out);
  std::string line, name;
  std::getline(header, line);
  std::vector<std::string> devices;
  std::istringstream names(line);
  std::getline(names, name, ',');  // "Atomic"
  while (std::getline(names, name, ',')) devices.push_back(name);
  ASSERT_GT(devices.size(), 2u);
  const size_t pick = 1;  // "MI200 PCIe": a name with a space, as a link writes it
  const std::string url_name = std::regex_replace(devices[pick], std::regex(" "), "%20");
  const std::string dom = chromium("--dump-dom '" + page() + "#amd=hw-nopcie-instinct-3-" + url_name + "'");
  EXPECT_NE(dom.find("<th>Atomic</th><th>" + devices[pick] + "</th></tr>"), std::string::npos);
  const auto [id, cells] = visible_amd_table(dom);
  EXPECT_EQ(id, "amd-hw-nopcie-instinct-3");
  const std::vector<std::string> all = model_cells(matrix, 3);
  std::vector<std::string> column;
  for (size_t k = pick; k < all.size(); k += devices.size()) column.push_back(all[k]);
  EXPECT_EQ(column.size(), 27u);
  EXPECT_EQ(cells, column);
}
