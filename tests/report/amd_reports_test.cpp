// What the `amd` commands print, rendered by the report layer: outcome, which, the long matrix
// layout and lowering's JSON, read back with nlohmann to check keys and values.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <sstream>
#include <string>

#include "gpuatom/report/amd_lowering_json.hpp"
#include "gpuatom/report/amd_matrix_cells.hpp"
#include "gpuatom/report/amd_outcome_report.hpp"
#include "gpuatom/report/amd_which_report.hpp"

namespace gpuatom::report {
namespace {

using json = nlohmann::ordered_json;

amd::Selectors pinned_fine_system() {
  amd::Selectors s;
  s.memory = amd::Memory::pinned_host_dram;
  s.granularity = amd::Granularity::fine;
  s.scope = amd::Scope::system;
  return s;
}

const amd::AtomicRequest add32 = *amd::find_request("32 bit atomicAdd");

TEST(AmdOutcomeReport, JsonNamesTheCellAndSaysEitherWhenPcieIsLeftOut) {
  const amd::AskedCell cell =
      amd::ask_cell(amd::device(amd::DeviceId::mi300a), add32, pinned_fine_system(), std::nullopt, {});
  const std::string text = amd_outcome_json(cell);
  ASSERT_EQ(text.back(), '\n');
  const json out = json::parse(text);
  EXPECT_EQ(out["device"], "MI300A");
  EXPECT_EQ(out["atomic"], "32 bit atomicAdd");
  EXPECT_EQ(out["selectors"]["pcie"], "either");
  EXPECT_EQ(out["outcome"], amd::name(cell.chosen().outcome));
  EXPECT_EQ(out["rules"].size(), cell.chosen().firings.size());
  EXPECT_TRUE(out["published"].is_null());
  EXPECT_EQ(out.dump() + "\n", text);  // the same bytes nlohmann writes
  EXPECT_NE(amd_outcome_text(cell).find("--pcie left out: PCIe atomics give the same outcome and path here\n"),
            std::string::npos);
}

TEST(AmdOutcomeReport, TextNamesThePublishedWordOffThePage) {
  const amd::AskedCell cell =
      amd::ask_cell(amd::device(amd::DeviceId::mi350x), add32, pinned_fine_system(), amd::PcieAtomics::supported, {});
  const std::string text = amd_outcome_text(cell);
  EXPECT_EQ(text.rfind(amd::explain_text(cell.chosen()), 0), 0u);
  EXPECT_NE(text.find("published: MI350X is not on AMD's published tables"), std::string::npos) << text;
  EXPECT_EQ(text.find("--pcie left out"), std::string::npos);
}

TEST(AmdWhichReport, EveryDeviceOfTheFamilyInColumnOrder) {
  WhichQuestion q{add32, pinned_fine_system(), std::nullopt, "", amd::Family::instinct, {}};
  const json rows = json::parse(amd_which_json(q));
  ASSERT_EQ(rows.size(), amd::devices(amd::Family::instinct).size());
  EXPECT_EQ(rows.front()["device"], amd::devices(amd::Family::instinct).front().name);
  for (const json& row : rows)
    if (row["device"] == "MI300X") {
      EXPECT_EQ(row["pcie"], "matters");
    }
  const std::string text = amd_which_text(q);
  EXPECT_EQ(text.rfind("32 bit atomicAdd · HW atomics · PCIe atomics or not · Pinned Host DRAM · ", 0), 0u) << text;
  EXPECT_NE(text.find("  MI300X       ✅ Native with PCIe atomics, ⚠️ Scope Downgrade without\n"),
            std::string::npos)
      << text;
  q.pcie = amd::PcieAtomics::supported;
  q.pcie_as_typed = "Yes";
  for (const json& row : json::parse(amd_which_json(q))) EXPECT_EQ(row["pcie"], "Yes");
}

TEST(AmdMatrixCells, OneLinePerCellOfTheSelectedTables) {
  MatrixFilter filter;
  filter.strategy = amd::Strategy::hw_atomics;
  filter.pcie = amd::PcieAtomics::unsupported;
  filter.family = amd::Family::instinct;
  const std::string csv = amd_matrix_cells_csv(filter, {});
  const size_t cells = amd::selector_leaves().size() * amd::rows().size() * amd::devices(amd::Family::instinct).size();
  std::istringstream lines(csv);
  std::string line;
  size_t count = 0;
  while (std::getline(lines, line)) ++count;
  EXPECT_EQ(count, cells + 1);
  EXPECT_EQ(csv.rfind("strategy,pcie,family,memory,granularity,scope,atomic,device,outcome,label,published\n", 0), 0u);
  const json rows = json::parse(amd_matrix_cells_json(filter, {}));
  ASSERT_EQ(rows.size(), cells);
  for (const json& row : rows) {
    EXPECT_EQ(row["strategy"], "HW atomics");
    EXPECT_EQ(row["family"], amd::name(amd::Family::instinct));
    if (row["device"] == "MI350X") {
      EXPECT_EQ(row["published"], "not published");
    }
  }
  EXPECT_GT(amd_matrix_cells_csv({}, {}).size(), 7 * csv.size());  // no filter: all eight tables
}

TEST(AmdLoweringJson, OneObjectOrAnArray) {
  const amd::LoweringTarget& target = amd::lowering_target_named("gfx942");
  const amd::Device& device = amd::lowering_device(target, "gfx942", "");
  const amd::HipAtomic atomic{amd::HipOp::add, amd::HipType::f32, amd::HipScope::system, amd::AddressSpace::global,
                              true};
  const amd::CompileFlags flags{true, false, false};
  const amd::LoweringAnswer answer = amd::lowering_answer(target, device, atomic, flags, amd::Memory::device_dram);
  const json one = json::parse(amd_lowering_json(target, device, flags, {answer}, true));
  EXPECT_EQ(one["target"], "gfx942");
  EXPECT_EQ(one["op"], "add");
  EXPECT_EQ(one["type"], "f32");
  EXPECT_EQ(one["flags"]["unsafe_fp_atomics"], true);
  EXPECT_EQ(one["matrix"]["device"], "MI300X");
  EXPECT_EQ(one["agreement"], answer.differences.empty() ? "agree" : "differ");
  const json many = json::parse(amd_lowering_json(target, device, flags, {answer, answer}, false));
  ASSERT_EQ(many.size(), 2u);
  EXPECT_EQ(many[1], one);
}

}  // namespace
}  // namespace gpuatom::report
