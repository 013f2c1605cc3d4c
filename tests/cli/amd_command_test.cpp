// `gpuatom amd outcome` and `gpuatom amd matrix` as a user runs them: text, JSON, aliases, the
// eight tables in three formats, exit 2 on bad values, and outcome agreeing with matrix.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <sstream>
#include <string>
#include <vector>

#include "cli/run_cli.hpp"

namespace {

const std::string mi300x_case =
    "amd outcome --device mi300x --op \"32 bit float atomicAdd\" --memory pinned --granularity fine --scope system "
    "--pcie no";

std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> out;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) out.push_back(line);
  return out;
}

std::vector<std::string> fields_of(const std::string& line) {
  std::vector<std::string> out;
  std::istringstream in(line);
  for (std::string field; std::getline(in, field, ',');) out.push_back(field);
  if (!line.empty() && line.back() == ',') out.emplace_back();
  return out;
}

void expect_refused_with_all(const std::string& args, const std::vector<std::string>& fragments) {
  const CliRun r = run_gpuatom(args);
  EXPECT_EQ(r.exit_code, 2) << args << "\n" << r.out;
  for (const auto& f : fragments) EXPECT_NE(r.out.find(f), std::string::npos) << args << "\n" << r.out;
}

}  // namespace

TEST(AmdOutcomeCommand, PrintsOutcomePathAndEachRuleWithReasonQuoteAndTag) {
  const CliRun r = run_gpuatom(mi300x_case);
  ASSERT_EQ(r.exit_code, 0) << r.out;
  const auto out = lines_of(r.out);
  ASSERT_GE(out.size(), 4u);
  EXPECT_EQ(out[0],
            "32 bit float atomicAdd on MI300X · HW atomics · No PCIe atomics · Pinned Host DRAM · Fine-grained · "
            "System scope");
  EXPECT_EQ(out[1], "outcome: ⚠️ Scope Downgrade");
  EXPECT_EQ(out[2], "path:    IF → PCIe");
  EXPECT_NE(r.out.find("  1. P1 MI300-FABRIC\n"), std::string::npos);
  EXPECT_NE(r.out.find("     page: \"All atomicRMW operations are forwarded out to the Infinity Fabric.\"\n"),
            std::string::npos);
  EXPECT_NE(r.out.find("  3. H5 PCIE-LOAD-OP-STORE\n"), std::string::npos);

  const CliRun tagged = run_gpuatom(
      "amd outcome --device gfx11 --op fadd32 --memory device --granularity coarse --scope device --pcie no");
  EXPECT_EQ(tagged.exit_code, 2) << "gfx11 names two devices: " << tagged.out;
  const CliRun apu = run_gpuatom(
      "amd outcome --device \"gfx11 APU\" --op fadd32 --memory PINNED --granularity Fine-Grained "
      "--scope AGENT --pcie No --strategy CAS");
  ASSERT_EQ(apu.exit_code, 0) << apu.out;
  EXPECT_NE(apu.out.find("outcome: ✅ CAS\n"), std::string::npos) << apu.out;
  EXPECT_NE(apu.out.find("P6 HOST-OVER-FABRIC [DECISION]"), std::string::npos) << apu.out;
  EXPECT_NE(apu.out.find("decision: \"APUs (MI300A, gfx9 APU, gfx11 APU) reach host memory"), std::string::npos)
      << apu.out;
}

TEST(AmdOutcomeCommand, JsonShape) {
  const CliRun r = run_gpuatom(mi300x_case + " --json");
  ASSERT_EQ(r.exit_code, 0) << r.out;
  const auto j = nlohmann::json::parse(r.out);
  EXPECT_EQ(j["device"], "MI300X");
  EXPECT_EQ(j["atomic"], "32 bit float atomicAdd");
  EXPECT_EQ(j["selectors"], nlohmann::json::parse(R"({"strategy":"HW atomics","pcie":"No PCIe atomics",
      "memory":"Pinned Host DRAM","granularity":"Fine-grained","scope":"System"})"));
  EXPECT_EQ(j["outcome"], "Scope Downgrade");
  EXPECT_EQ(j["label"], "⚠️ Scope Downgrade");
  EXPECT_EQ(j["path"], nlohmann::json::parse(R"(["IF","PCIe"])"));
  ASSERT_EQ(j["rules"].size(), 3u);
  const auto& h5 = j["rules"][2];
  EXPECT_EQ(h5["id"], "H5");
  EXPECT_EQ(h5["rule"], "H5 PCIE-LOAD-OP-STORE");
  EXPECT_EQ(h5["source"], "page");
  EXPECT_TRUE(h5["tag"].is_null());
  EXPECT_EQ(h5["outcome"], "Scope Downgrade");
  EXPECT_TRUE(h5["reason"].is_string());
  EXPECT_TRUE(h5["quote"].get<std::string>().starts_with("If the PCIe bus does not support the requested atomic"));
  EXPECT_TRUE(h5["switches"].is_object());
  EXPECT_EQ(j["rules"][0]["outcome"], nullptr);
  EXPECT_EQ(j["switches"].size(), 5u);
  EXPECT_EQ(j["switches"]["amd.sub-pcie"], "none");

  const auto p = nlohmann::json::parse(run_gpuatom("amd outcome --device mi300x --op add32 --memory device "
                                                   "--granularity coarse --scope system --pcie no --json")
                                           .out);
  EXPECT_EQ(p["rules"][0]["tag"], "TABLES");
  EXPECT_EQ(p["rules"][0]["switches"]["amd.mi300-coarse-place"], "l2");
}

TEST(AmdOutcomeCommand, SwitchesChangeTheOutcome) {
  const std::string gfx10 =
      "amd outcome --device gfx10 --op \"64 bit float atomicMin\" --memory device --granularity coarse "
      "--scope device --pcie no --json";
  EXPECT_EQ(nlohmann::json::parse(run_gpuatom(gfx10).out)["outcome"], "Native");
  EXPECT_EQ(nlohmann::json::parse(run_gpuatom(gfx10 + " --gfx10-fminmax f32").out)["outcome"], "CAS");
  const std::string gfx9 =
      "amd outcome --device \"gfx9 dGPU\" --op fadd32 --memory device --granularity fine --scope device --pcie no "
      "--json";
  EXPECT_EQ(nlohmann::json::parse(run_gpuatom(gfx9).out)["outcome"], "CAS");
  EXPECT_EQ(nlohmann::json::parse(run_gpuatom(gfx9 + " --no-hw-instruction na").out)["outcome"], "n/a");
  const std::string sub =
      "amd outcome --device \"MI200 PCIe\" --op \"32 bit atomicSub\" --memory pinned --granularity fine --scope system "
      "--pcie yes --json";
  EXPECT_EQ(nlohmann::json::parse(run_gpuatom(sub).out)["outcome"], "NOP");
  EXPECT_EQ(nlohmann::json::parse(run_gpuatom(sub + " --sub-pcie fetchadd").out)["outcome"], "Native");
  const std::string mi100 =
      "amd outcome --device mi100 --op fadd32 --memory device --granularity coarse --scope system --pcie no --json";
  EXPECT_EQ(nlohmann::json::parse(run_gpuatom(mi100).out)["outcome"], "NoReturn");
  const std::string mi300 =
      "amd outcome --device mi300x --op fadd32 --memory pinned --granularity coarse --scope system --pcie no "
      "--strategy cas --json";
  EXPECT_EQ(nlohmann::json::parse(run_gpuatom(mi300).out)["path"], nlohmann::json::parse(R"(["L2"])"));
  EXPECT_EQ(nlohmann::json::parse(run_gpuatom(mi300).out)["outcome"], "CAS");
  const auto fabric = nlohmann::json::parse(run_gpuatom(mi300 + " --mi300-coarse-place fabric").out);
  EXPECT_EQ(fabric["path"], nlohmann::json::parse(R"(["IF","PCIe"])"));
  EXPECT_EQ(fabric["outcome"], "Scope Downgrade - CAS");
}

TEST(AmdOutcomeCommand, OneHundredTwentyEightBitIsNotApplicable) {
  const CliRun r = run_gpuatom(
      "amd outcome --device gfx12 --op cas128 --memory device --granularity coarse --scope device --pcie yes");
  ASSERT_EQ(r.exit_code, 0) << r.out;
  EXPECT_NE(r.out.find("outcome: n/a\npath:    –\n"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("A2 NO-128-BIT"), std::string::npos) << r.out;
}

TEST(AmdOutcomeCommand, BadValuesExitTwoListingTheValidOnes) {
  const std::string rest = " --op add32 --memory device --granularity coarse --scope device --pcie no";
  expect_refused_with_all("amd outcome --device mi400" + rest,
                          {"--device mi400: expected one of: MI100, MI200 PCIe", "gfx12 dGPU (gfx12)"});
  expect_refused_with_all(
      "amd outcome --device mi300x --op add16 --memory device --granularity coarse --scope device --pcie no",
      {"--op add16: expected one of:", "\"32 bit atomicAdd\"", "\"128 bit atomicCAS\""});
  expect_refused_with_all(
      "amd outcome --device mi300x --op add32 --memory shared --granularity coarse --scope device --pcie no",
      {"--memory shared: expected one of: Device DRAM (device, vram), Migratable Host DRAM",
       "Pinned Host DRAM (pinned"});
  expect_refused_with_all(
      "amd outcome --device mi300x --op add32 --memory device --granularity medium --scope device --pcie no",
      {"Coarse-grained (coarse), Fine-grained (fine)"});
  expect_refused_with_all(
      "amd outcome --device mi300x --op add32 --memory device --granularity fine --scope workgroup --pcie no",
      {"--scope workgroup: expected one of: Device (agent"});
  expect_refused_with_all(
      "amd outcome --device mi300x --op add32 --memory device --granularity coarse --scope device --pcie maybe",
      {"--pcie maybe: expected one of: No PCIe atomics (no, false, off, 0), PCIe atomics (yes"});
  expect_refused_with_all("amd outcome --device mi300x" + rest + " --strategy sw",
                          {"--strategy sw: expected one of: HW atomics"});
  expect_refused_with_all("amd outcome --device mi300x" + rest + " --sub-pcie fetchsub",
                          {"--sub-pcie fetchsub: expected one of: none, fetchadd"});
  expect_refused_with_all("amd outcome --device mi300x" + rest + " --gfx10-fminmax f64", {"f32,f64, f32"});
  expect_refused_with_all("amd outcome --device mi300x --op add32", {"--memory"});  // missing required selectors
  expect_refused_with_all("amd matrix --strategy hw --pcie no --family radeon",
                          {"--family radeon: expected one of: instinct"});
  expect_refused_with_all("amd matrix --strategy hw --pcie no --family gfx --format pdf",
                          {"--format pdf: expected one of: csv, md (markdown), html"});
  expect_refused_with_all("amd matrix --strategy hw --pcie no", {"--family"});
  expect_refused_with_all("amd matrix --strategy hw --pcie no --family gfx --mi300-coarse-place cache", {"l2, fabric"});
  expect_refused_with_all("amd", {"subcommand"});
}

TEST(AmdMatrixCommand, AllEightTablesRenderInEveryFormat) {
  for (const std::string strategy : {"hw", "cas"})
    for (const std::string pcie : {"yes", "no"})
      for (const std::string family : {"instinct", "gfx"}) {
        const std::string args = "amd matrix --strategy " + strategy + " --pcie " + pcie + " --family " + family;
        const CliRun csv = run_gpuatom(args + " --format csv");
        ASSERT_EQ(csv.exit_code, 0) << args << csv.out;
        const auto lines = lines_of(csv.out);
        // AMD's layout: the header, then 12 groups of 27 rows and no section rows.
        ASSERT_EQ(lines.size(), 1u + 12u * 27u) << args;
        EXPECT_EQ(lines[0], family == "instinct"
                                ? "Atomic,MI100,MI200 PCIe,MI200 A+A,MI300X,MI300A,MI350X"
                                : "Atomic,gfx9 dGPU,gfx9 APU,gfx10 dGPU,gfx11 dGPU,gfx11 APU,gfx12 dGPU");
        EXPECT_TRUE(lines[1].starts_with("32 bit atomicAdd,")) << lines[1];
        EXPECT_TRUE(lines[27].starts_with("64 bit atomicXor,")) << lines[27];
        EXPECT_TRUE(lines[28].starts_with("32 bit atomicAdd,")) << lines[28];
        EXPECT_EQ(csv.out.find("Coarse-grained"), std::string::npos);  // group titles only in md and html
        const CliRun md = run_gpuatom(args + " --format md");
        ASSERT_EQ(md.exit_code, 0) << args;
        EXPECT_TRUE(md.out.starts_with("# AMD ")) << md.out.substr(0, 60);
        const CliRun html = run_gpuatom(args + " --format html");
        ASSERT_EQ(html.exit_code, 0) << args;
        EXPECT_TRUE(html.out.starts_with("<!DOCTYPE html>"));
        EXPECT_EQ(html.out.find("http"), std::string::npos);
      }
  EXPECT_EQ(run_gpuatom("amd matrix --strategy HW --pcie YES --family Instinct").exit_code, 0);  // csv by default
}

// `amd outcome` explains cells consistently with `amd matrix`: a spread of cells from every
// table, every leaf and every column, asked one by one.
TEST(AmdMatrixCommand, OutcomeAgreesWithTheMatrixCellByCell) {
  const std::vector<std::string> memories = {"device", "migratable", "pinned"};
  int checked = 0;
  for (const std::string strategy : {"hw", "cas"})
    for (const std::string pcie : {"yes", "no"})
      for (const std::string family : {"instinct", "gfx"}) {
        const std::string key = " --strategy " + strategy + " --pcie " + pcie;
        const auto lines = lines_of(run_gpuatom("amd matrix" + key + " --family " + family).out);
        ASSERT_EQ(lines.size(), 1u + 12u * 27u);
        const auto devices = fields_of(lines[0]);
        for (size_t leaf = 0; leaf < 12; ++leaf) {
          const std::string memory = memories[leaf / 4];
          const std::string granularity = (leaf / 2) % 2 == 0 ? "coarse" : "fine";
          const std::string scope = leaf % 2 == 0 ? "device" : "system";
          for (size_t pick = 0; pick < 2; ++pick) {
            const size_t row = (leaf * 7 + pick * 13 + (strategy == "cas" ? 3 : 0)) % 27;
            const size_t column = 1 + (leaf + pick * 3 + (pcie == "yes" ? 1 : 0)) % (devices.size() - 1);
            const auto fields = fields_of(lines[1 + leaf * 27 + row]);
            const CliRun r =
                run_gpuatom("amd outcome --json" + key + " --device \"" + devices[column] + "\" --op \"" + fields[0] +
                            "\" --memory " + memory + " --granularity " + granularity + " --scope " + scope);
            ASSERT_EQ(r.exit_code, 0) << r.out;
            EXPECT_EQ(nlohmann::json::parse(r.out)["label"], fields[column])
                << devices[column] << " " << fields[0] << " " << memory << " " << granularity << " " << scope << key;
            ++checked;
          }
        }
      }
  EXPECT_EQ(checked, 8 * 12 * 2);
}
