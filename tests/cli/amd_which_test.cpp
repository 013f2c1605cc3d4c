// The AMD questions a compiler engineer asks, the way they ask them: `amd which` over every device,
// `amd matrix --layout long` with every selector a column, devices by product or gfx target, --pcie
// left out where it cannot matter, and AMD's published word beside the model's where they differ.
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>
#include <vector>

#include "cli/run_cli.hpp"

namespace {

using nlohmann::json;

const std::vector<std::string> memories = {"device", "migratable", "pinned"};
std::string granularity_of(size_t leaf) { return (leaf / 2) % 2 == 0 ? "coarse" : "fine"; }
std::string scope_of(size_t leaf) { return leaf % 2 == 0 ? "device" : "system"; }

// Every cell of `amd matrix --layout long --format json`, by "strategy|pcie|memory|granularity|scope|atomic|device".
std::map<std::string, json> long_cells() {
  const CliRun r = run_gpuatom("amd matrix --layout long --format json");
  EXPECT_EQ(r.exit_code, 0) << r.out.substr(0, 400);
  std::map<std::string, json> out;
  for (const json& cell : json::parse(r.out))
    out[cell["strategy"].get<std::string>() + "|" + cell["pcie"].get<std::string>() + "|" +
        cell["memory"].get<std::string>() + "|" + cell["granularity"].get<std::string>() + "|" +
        cell["scope"].get<std::string>() + "|" + cell["atomic"].get<std::string>() + "|" +
        cell["device"].get<std::string>()] = cell;
  return out;
}

std::vector<std::string> split(const std::string& line) {
  std::vector<std::string> out;
  std::istringstream in(line);
  for (std::string field; std::getline(in, field, ',');) out.push_back(field);
  if (!line.empty() && line.back() == ',') out.emplace_back();
  return out;
}

}  // namespace

// "Which AMD devices can do a 64-bit float atomicAdd on fine-grained pinned host memory over PCIe?"
TEST(AmdWhich, AnswersForEveryDeviceInOneCommand) {
  const CliRun r = run_gpuatom(
      "amd which --op \"64 bit float atomicAdd\" --memory pinned --granularity fine --scope system --pcie yes --json");
  ASSERT_EQ(r.exit_code, 0) << r.out;
  const json rows = json::parse(r.out);
  ASSERT_EQ(rows.size(), 12u);  // 11 of AMD's columns and MI350X
  const auto cells = long_cells();
  for (const json& row : rows) {
    const std::string key = "HW atomics|PCIe atomics|Pinned Host DRAM|Fine-grained|System|64 bit float atomicAdd|" +
                            row["device"].get<std::string>();
    ASSERT_TRUE(cells.count(key)) << key;
    EXPECT_EQ(row["label"], cells.at(key)["label"]) << key;
  }
  EXPECT_EQ(rows[5]["device"], "MI350X");
  EXPECT_NE(rows[5]["published"].get<std::string>().find("ASSUMPTION amd.mi350x-as-mi300x"), std::string::npos);
  // The text form: a header naming the case, then a line per device.
  const CliRun text = run_gpuatom("amd which --op fadd64 --memory pinned --granularity fine --scope system --pcie yes");
  EXPECT_EQ(text.out.rfind(
                "64 bit float atomicAdd · HW atomics · PCIe atomics · Pinned Host DRAM · Fine-grained · System\n", 0),
            0u)
      << text.out;
  EXPECT_NE(text.out.find("\n  MI300A       ✅ Native\n"), std::string::npos) << text.out;
}

// `amd which` and `amd matrix --layout long` against `amd matrix`, the wide tables: the long
// layout on every cell, `which` on every fourth row of the CAS-emulation tables without PCIe
// atomics (where most of AMD's anomalies are) and on a spread of the others. (Asking `which` of
// every row, one command each, took 46 s of the AddressSanitizer stage.)
TEST(AmdWhich, WhichAndTheLongLayoutAgreeWithTheMatrix) {
  const auto cells = long_cells();
  EXPECT_EQ(cells.size(), 8u * 12u * 27u * 6u);  // every table's 6 columns (MI350X included)
  size_t compared = 0;
  for (const std::string strategy : {"hw", "cas"})
    for (const std::string pcie : {"yes", "no"})
      for (const std::string family : {"instinct", "gfx"}) {
        const CliRun wide =
            run_gpuatom("amd matrix --strategy " + strategy + " --pcie " + pcie + " --family " + family);
        std::vector<std::string> lines;
        std::istringstream in(wide.out);
        for (std::string line; std::getline(in, line);) lines.push_back(line);
        ASSERT_EQ(lines.size(), 1u + 12u * 27u);
        const auto devices = split(lines[0]);
        const std::string strategy_name = strategy == "hw" ? "HW atomics" : "CAS emulation";
        const std::string pcie_name = pcie == "yes" ? "PCIe atomics" : "No PCIe atomics";
        for (size_t leaf = 0; leaf < 12; ++leaf) {
          const std::string memory = memories[leaf / 4] == "device"       ? "Device DRAM"
                                     : memories[leaf / 4] == "migratable" ? "Migratable Host DRAM"
                                                                          : "Pinned Host DRAM";
          const std::string granularity = granularity_of(leaf) == "coarse" ? "Coarse-grained" : "Fine-grained";
          const std::string scope = scope_of(leaf) == "device" ? "Device" : "System";
          for (size_t r = 0; r < 27; ++r) {
            const auto fields = split(lines[1 + leaf * 27 + r]);
            for (size_t c = 1; c < devices.size(); ++c) {
              const std::string key = strategy_name + "|" + pcie_name + "|" + memory + "|" + granularity + "|" + scope +
                                      "|" + fields[0] + "|" + devices[c];
              ASSERT_TRUE(cells.count(key)) << key;
              EXPECT_EQ(cells.at(key)["label"], fields[c]) << key;
              ++compared;
            }
            const size_t spread = strategy == "cas" && pcie == "no" ? 4 : 37;
            if (family != "instinct" || (leaf * 27 + r) % spread != 0) continue;
            const CliRun which = run_gpuatom("amd which --json --strategy " + strategy + " --pcie " + pcie +
                                             " --op \"" + fields[0] + "\" --memory " + memories[leaf / 4] +
                                             " --granularity " + granularity_of(leaf) + " --scope " + scope_of(leaf));
            ASSERT_EQ(which.exit_code, 0) << which.out;
            for (const json& row : json::parse(which.out)) {
              const std::string key = strategy_name + "|" + pcie_name + "|" + memory + "|" + granularity + "|" + scope +
                                      "|" + fields[0] + "|" + row["device"].get<std::string>();
              EXPECT_EQ(row["label"], cells.at(key)["label"]) << key;
            }
          }
        }
      }
  EXPECT_EQ(compared, 8u * 12u * 27u * 6u);
}

// Every cell where AMD's published table differs from the model shows both, in every view.
TEST(AmdWhich, AmdsPublishedWordStandsBesideTheModelsWhereTheyDiffer) {
  size_t differing = 0, unpublished = 0;
  for (const auto& [key, cell] : long_cells()) {
    if (cell["published"].is_null()) continue;
    if (cell["published"] == "not published") {
      EXPECT_EQ(cell["device"], "MI350X");
      ++unpublished;
      continue;
    }
    ++differing;
    EXPECT_NE(cell["published"], cell["label"]) << key;
    // The same cell through `amd outcome`: both words, and the reason.
    const std::string memory = cell["memory"] == "Device DRAM"        ? "device"
                               : cell["memory"] == "Pinned Host DRAM" ? "pinned"
                                                                      : "migratable";
    const CliRun outcome = run_gpuatom("amd outcome --device \"" + cell["device"].get<std::string>() + "\" --op \"" +
                                       cell["atomic"].get<std::string>() + "\" --memory " + memory + " --granularity " +
                                       (cell["granularity"] == "Fine-grained" ? "fine" : "coarse") + " --scope " +
                                       (cell["scope"] == "System" ? "system" : "device") + " --pcie " +
                                       (cell["pcie"] == "PCIe atomics" ? "yes" : "no") + " --strategy " +
                                       (cell["strategy"] == "HW atomics" ? "hw" : "cas"));
    ASSERT_EQ(outcome.exit_code, 0) << outcome.out;
    EXPECT_NE(
        outcome.out.find("published: AMD's published tables (ROCm 6.4.3) say " + cell["published"].get<std::string>() +
                         " here; the model keeps " + cell["label"].get<std::string>()),
        std::string::npos)
        << outcome.out;
  }
  EXPECT_EQ(differing, 9u);  // gpuatom/amd/known_anomalies.hpp, checked against AMD's data by PublishedData
  EXPECT_EQ(unpublished, 4u * 12u * 27u);  // MI350X's column of the four Instinct tables
}

TEST(AmdWhich, DevicesByProductGfxTargetAndSeriesName) {
  const std::string cell = " --op add32 --memory device --granularity coarse --scope device --pcie no --json";
  for (const auto& [name, device] : std::vector<std::pair<std::string, std::string>>{{"gfx908", "MI100"},
                                                                                     {"MI210", "MI200 PCIe"},
                                                                                     {"\"MI300X series\"", "MI300X"},
                                                                                     {"MI325X", "MI300X"},
                                                                                     {"gfx950", "MI350X"},
                                                                                     {"MI355X", "MI350X"},
                                                                                     {"\"MI350X series\"", "MI350X"},
                                                                                     {"gfx906", "gfx9 dGPU"},
                                                                                     {"gfx90c", "gfx9 APU"},
                                                                                     {"gfx1030", "gfx10 dGPU"},
                                                                                     {"gfx1100", "gfx11 dGPU"},
                                                                                     {"gfx1151", "gfx11 APU"},
                                                                                     {"gfx1201", "gfx12 dGPU"}}) {
    const CliRun r = run_gpuatom("amd outcome --device " + name + cell);
    ASSERT_EQ(r.exit_code, 0) << name << ": " << r.out;
    EXPECT_EQ(json::parse(r.out)["device"], device) << name;
  }
  const CliRun gfx942 = run_gpuatom("amd outcome --device gfx942" + cell);
  EXPECT_EQ(gfx942.exit_code, 2);
  EXPECT_NE(gfx942.out.find("gpuatom: error: --device gfx942: the name may mean \"MI300X\" or \"MI300A\""),
            std::string::npos)
      << gfx942.out;
  const CliRun mi250x = run_gpuatom("amd outcome --device MI250X" + cell);
  EXPECT_EQ(mi250x.exit_code, 2);
  EXPECT_NE(mi250x.out.find("\"MI200 PCIe\" or \"MI200 A+A\" on AMD's tables; name one of them (\"MI200 A+A\" when the "
                            "host CPU is an AMD CPU"),
            std::string::npos)
      << mi250x.out;
  const CliRun apu = run_gpuatom("amd outcome --device gfx1035" + cell);
  EXPECT_EQ(apu.exit_code, 2);
  EXPECT_NE(apu.out.find("--device gfx1035: a gfx10 APU: AMD's tables have no gfx10 APU column"), std::string::npos)
      << apu.out;
}

TEST(AmdWhich, PcieMayBeLeftOutWhereItCannotMatter) {
  const std::string cell = " --op \"32 bit atomicAdd\" --memory pinned --granularity fine --scope system";
  const CliRun apu = run_gpuatom("amd outcome --device MI300A" + cell);
  EXPECT_EQ(apu.exit_code, 0) << apu.out;
  EXPECT_NE(apu.out.find("--pcie left out: PCIe atomics give the same outcome and path here"), std::string::npos)
      << apu.out;
  const CliRun dgpu = run_gpuatom("amd outcome --device MI300X" + cell);
  EXPECT_EQ(dgpu.exit_code, 2);
  EXPECT_NE(
      dgpu.out.find("--pcie decides this cell on MI300X: ✅ Native with PCIe atomics, ⚠️ Scope Downgrade without"),
      std::string::npos)
      << dgpu.out;
  const CliRun which = run_gpuatom("amd which" + cell + " --json");
  ASSERT_EQ(which.exit_code, 0) << which.out;
  for (const json& row : json::parse(which.out)) {
    if (row["device"] == "MI300X") {
      EXPECT_EQ(row["pcie"], "matters");
      EXPECT_EQ(row["with_pcie"], "Native");
      EXPECT_EQ(row["without_pcie"], "Scope Downgrade");
    }
    if (row["device"] == "MI300A") {
      EXPECT_EQ(row["pcie"], "either");
    }
  }
}

// The rendered tables carry AMD's word too: under the model's in HTML, after it in Markdown.
TEST(AmdWhich, RenderedTablesShowAmdsWordOnTheDifferingCells) {
  const CliRun md = run_gpuatom("amd matrix --strategy cas --pcie no --family instinct --format md");
  ASSERT_EQ(md.exit_code, 0);
  size_t count = 0;
  const size_t tables = md.out.find("| Atomic |");  // the introduction names the notation too
  for (size_t at = md.out.find("(AMD: ", tables); at != std::string::npos; at = md.out.find("(AMD: ", at + 1)) ++count;
  EXPECT_EQ(count, 3u);  // the three anomalies of this table: MI300A's two CAS cells, MI300X's 64-bit CAS
  EXPECT_NE(md.out.find("⚠️ Scope Downgrade - CAS (AMD: ⚠️ Scope Downgrade) |"), std::string::npos);
  const CliRun html = run_gpuatom("amd matrix --strategy hw --pcie no --family gfx --format html");
  ASSERT_EQ(html.exit_code, 0);
  EXPECT_NE(html.out.find("✅ CAS<br><small class=\"amd\">AMD: n/a</small>"), std::string::npos);
}

// The report's AMD matrices carry AMD's word on the same nine cells.
TEST(AmdWhich, TheReportShowsAmdsWordToo) {
  const std::string dir = testing::TempDir() + "amd-which-report-" + std::to_string(::getpid());
  const CliRun r = run_gpuatom("report --out " + dir);
  ASSERT_EQ(r.exit_code, 0) << r.out;
  std::ifstream in(dir + "/index.html");
  std::stringstream html;
  html << in.rdbuf();
  // The matrices are JSON the page draws (docs/report.md): a cell is a title, whose second entry
  // is AMD's published word (a piece) or -1.
  const std::string page = html.str(), open = "<script type=\"application/json\" id=\"facts-amd-matrix\">";
  const size_t start = page.find(open);
  ASSERT_NE(start, std::string::npos);
  const size_t begin = start + open.size();
  const nlohmann::json facts = nlohmann::json::parse(page.substr(begin, page.find("</script>", begin) - begin));
  size_t count = 0;
  for (const auto& [id, table] : facts["tables"].items())
    for (const auto& leaf : table["leaves"])
      for (const auto& cell : leaf) count += facts["titles"][cell.get<size_t>()][1].get<int>() >= 0;
  EXPECT_EQ(count, 9u);
  std::filesystem::remove_all(dir);
}
