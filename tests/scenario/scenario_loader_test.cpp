#include <gtest/gtest.h>

#include "gpuatom/scenario/scenario.hpp"

using namespace gpuatom::scenario;

namespace {

const char* const histogram = R"toml(name = "histogram"
isa = "sass"
program = """
ATOM.E.ADD R0, [R2], R4 ;
"""
[launch]
lanes = 1024
[[region]]
name = "bins"
size = 1024
fill = "i * 2"
fill_type = "u32"
[lanes]
R2 = "lo(addr(bins) + (tid % 256) * 4)"
R4 = 1
[[expect]]
region = "bins"
type = "u32"
each = "lanes / 256"
[[expect]]
faults = 0
)toml";

Scenario parse_ok(const std::string& text) {
  auto r = parse_scenario(text, "t.toml");
  if (auto* d = std::get_if<gpuatom::support::Diagnostics>(&r)) {
    ADD_FAILURE() << d->format_all();
    return {};
  }
  return std::get<Scenario>(std::move(r));
}

std::string parse_error(const std::string& text) {
  auto r = parse_scenario(text, "t.toml");
  if (auto* d = std::get_if<gpuatom::support::Diagnostics>(&r)) return d->format_all();
  ADD_FAILURE() << "parsed:\n" << text;
  return {};
}

}  // namespace

TEST(ScenarioLoader, ReadsEveryPart) {
  const Scenario s = parse_ok(histogram);
  EXPECT_EQ(s.name, "histogram");
  EXPECT_EQ(s.isa, Isa::sass);
  EXPECT_EQ(s.launch.lanes, 1024u);
  ASSERT_EQ(s.regions.size(), 1u);
  EXPECT_EQ(s.regions[0].size, 1024u);
  ASSERT_TRUE(s.regions[0].base);
  EXPECT_EQ(*s.regions[0].base % 16, 0u);
  ASSERT_TRUE(s.regions[0].fill);
  EXPECT_EQ(s.regions[0].fill->value.text, "i * 2");
  ASSERT_EQ(s.lanes.size(), 2u);
  EXPECT_EQ(s.lanes[0].first, "R2");
  EXPECT_EQ(s.lanes[0].second.where.line, 14u);
  EXPECT_EQ(s.lanes[0].second.where.column, 7u);  // first character inside the quotes
  EXPECT_EQ(s.lanes[1].second.text, "1");
  EXPECT_EQ(s.program, "ATOM.E.ADD R0, [R2], R4 ;\n");
  EXPECT_EQ(s.program_where.line, 4u);  // the line after the opening """
  EXPECT_EQ(s.program_where.column, 1u);
  ASSERT_EQ(s.expectations.size(), 2u);
  EXPECT_EQ(s.expectations[0].kind, Expectation::Kind::memory_each);
  EXPECT_EQ(s.expectations[1].kind, Expectation::Kind::faults);
  EXPECT_EQ(*s.expectations[1].count, 0u);
}

TEST(ScenarioLoader, ErrorsNameFileLineAndColumn) {
  EXPECT_NE(parse_error("isa = \"sass\"\nprogram = \"x\n").find("t.toml:2:"), std::string::npos);  // TOML syntax
  std::string e = parse_error("isa = \"cuda\"\n[launch]\nlanes = 1\nprogram = \"\"\n");
  EXPECT_NE(e.find("t.toml:1:7: error: unknown isa 'cuda'"), std::string::npos) << e;
  e = parse_error("isa = \"sass\"\nlanez = 3\n[launch]\nlanes = 1\nprogram = \"\"\n");
  EXPECT_NE(e.find("t.toml:2:1: error: unknown key 'lanez'"), std::string::npos) << e;
  e = parse_error("isa = \"sass\"\n[launch]\nlanes = 0\nprogram = \"\"\n");
  EXPECT_NE(e.find("out of range"), std::string::npos) << e;
  e = parse_error("isa = \"sass\"\nprogram = \"\"\n[launch]\nlanes = 18446744073709551615\n");
  EXPECT_NE(e.find("t.toml:4:"), std::string::npos) << e;  // 2^64 − 1 lanes: refused, not wrapped
}

TEST(ScenarioLoader, ProgramAfterATableIsExplained) {
  const std::string e = parse_error("isa = \"sass\"\n[launch]\nlanes = 1\n[lanes]\nR1 = 1\nprogram = \"x\"\n");
  EXPECT_NE(e.find("t.toml:6:1: error: 'program' must come before the first [table]"), std::string::npos) << e;
}

TEST(ScenarioLoader, RegionOverlapAndDuplicates) {
  const std::string base = "isa = \"sass\"\nprogram = \"\"\n[launch]\nlanes = 1\n";
  std::string e = parse_error(base + "[[region]]\nname = \"a\"\nbase = 0x1000\nsize = 0x100\n"
                                     "[[region]]\nname = \"b\"\nbase = 0x10f0\nsize = 0x100\n");
  EXPECT_NE(e.find("t.toml:9:1: error: region 'b' [0x10f0, 0x11f0) overlaps region 'a'"), std::string::npos) << e;
  e = parse_error(base + "[[region]]\nname = \"a\"\nsize = 16\n[[region]]\nname = \"a\"\nsize = 16\n");
  EXPECT_NE(e.find("defined twice"), std::string::npos) << e;
  e = parse_error(base + "[[region]]\nname = \"a b\"\nsize = 16\n");
  EXPECT_NE(e.find("must be an identifier"), std::string::npos) << e;
  e = parse_error(base + "[[region]]\nname = \"a\"\nsize = 16\nsparse = [[8, 16]]\n");
  EXPECT_NE(e.find("not inside the region"), std::string::npos) << e;
  e = parse_error(base + "[[expect]]\nregion = \"nope\"\ntype = \"u32\"\neach = 0\n");
  EXPECT_NE(e.find("no region named 'nope'"), std::string::npos) << e;
}

TEST(ScenarioLoader, RegionsWithoutBaseDoNotOverlap) {
  const Scenario s = parse_ok(
      "isa = \"sass\"\nprogram = \"\"\n[launch]\nlanes = 1\n[[region]]\nname = \"a\"\nsize = 0x30000\n"
      "[[region]]\nname = \"b\"\nsize = 16\n");
  ASSERT_EQ(s.regions.size(), 2u);
  EXPECT_GE(*s.regions[1].base, *s.regions[0].base + s.regions[0].size);
}
