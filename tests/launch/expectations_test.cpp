#include "gpuatom/launch/expectations.hpp"

#include <gtest/gtest.h>

#include "gpuatom/launch/memory_setup.hpp"
#include "gpuatom/scenario/scenario.hpp"

using namespace gpuatom;
using namespace gpuatom::launch;
using namespace gpuatom::scenario;  // the setups are read from scenario text

namespace {

Scenario load(const std::string& text) {
  auto r = parse_scenario(text, "t.toml");
  if (auto* d = std::get_if<support::Diagnostics>(&r)) {
    ADD_FAILURE() << d->format_all();
    return {};
  }
  return std::get<Scenario>(std::move(r));
}

const std::string head = "isa = \"sass\"\nprogram = \"\"\n[launch]\nlanes = 8\ngroup = 4\n";

}  // namespace

TEST(MemorySetup, FillsAndSparsePages) {
  const Scenario s = load(head +
                          "[[region]]\nname = \"a\"\nsize = 8192\nfill = \"i * 3\"\nfill_type = \"u16\"\n"
                          "sparse = [[4096, 4096]]\n");
  memory::DeviceMemory m;
  ASSERT_FALSE(setup_memory(s, m, 4).has_errors());
  const uint64_t base = *s.regions[0].base;
  EXPECT_EQ(*read_element(m, base, ElementType::u16, 5), 15u);
  EXPECT_EQ(*read_element(m, base, ElementType::u16, 2047), 2047u * 3);
  EXPECT_FALSE(read_element(m, base, ElementType::u16, 2048));  // first element of the sparse page
  EXPECT_EQ(read_element(m, base, ElementType::u16, 2048).error().kind, memory::FaultKind::sparse);
}

TEST(MemorySetup, FillValuesMustFit) {
  const Scenario s = load(head + "[[region]]\nname = \"a\"\nsize = 16\nfill = \"i + 254\"\nfill_type = \"u8\"\n");
  memory::DeviceMemory m;
  const auto d = setup_memory(s, m, 4);
  ASSERT_TRUE(d.has_errors());
  EXPECT_NE(d.format_all().find("fill value 0x100 of element 2 does not fit u8"), std::string::npos) << d.format_all();
  const Scenario negative = load(head + "[[region]]\nname = \"a\"\nsize = 16\nfill = \"-1\"\nfill_type = \"s8\"\n");
  memory::DeviceMemory m2;
  EXPECT_FALSE(setup_memory(negative, m2, 4).has_errors());
  EXPECT_EQ(*read_element(m2, *negative.regions[0].base, ElementType::u8, 3), 0xffu);
}

TEST(Expectations, MemoryLanesAndFaults) {
  const Scenario s = load(head +
                          "[[region]]\nname = \"a\"\nsize = 16\nfill = \"i\"\n"
                          "[[expect]]\nregion = \"a\"\ntype = \"u32\"\neach = \"i\"\n"
                          "[[expect]]\nregion = \"a\"\ntype = \"u32\"\nindex = 3\nequals = 4\n"
                          "[[expect]]\nlane = \"R0\"\neach = \"tid * 2\"\n"
                          "[[expect]]\nlane = \"R0\"\npermutation = \"(7 - i) * 2\"\n"
                          "[[expect]]\nlane = \"R1\"\ndistinct = true\n"
                          "[[expect]]\nfaults = 1\n"
                          "[[expect]]\nfault = \"misaligned\"\nat_lane = 5\n");
  memory::DeviceMemory m;
  ASSERT_FALSE(setup_memory(s, m, 4).has_errors());
  Observation o;
  o.memory = &m;
  o.group_size = 4;
  o.lane_value = [](std::string_view name, uint64_t tid) -> std::optional<uint64_t> {
    if (name == "R0") return tid * 2;
    if (name == "R1") return tid == 6 ? 0 : tid;  // lanes 0 and 6 collide
    return std::nullopt;
  };
  o.faults.push_back({5, 0, memory::Fault{memory::FaultKind::misaligned, 4, memory::no_region, 0x1002, {}}});
  const auto checked = check_expectations(s, o);
  ASSERT_TRUE(std::holds_alternative<std::vector<ExpectationResult>>(checked));
  const auto& r = std::get<std::vector<ExpectationResult>>(checked);
  ASSERT_EQ(r.size(), 7u);
  EXPECT_TRUE(r[0].passed) << r[0].detail;
  EXPECT_FALSE(r[1].passed);
  EXPECT_NE(r[1].detail.find("a[3] = 0x00000003 (3), expected 0x00000004 (4)"), std::string::npos) << r[1].detail;
  EXPECT_TRUE(r[2].passed) << r[2].detail;
  EXPECT_TRUE(r[3].passed) << r[3].detail;
  EXPECT_FALSE(r[4].passed);
  EXPECT_NE(r[4].detail.find("lanes 0 and 6"), std::string::npos) << r[4].detail;
  EXPECT_TRUE(r[5].passed);
  EXPECT_TRUE(r[6].passed) << r[6].detail;
}

// `distinct` names the first repeat a walk in lane order meets, with the lane that held the value
// first, whatever order the values sort in.
TEST(Expectations, DistinctNamesTheFirstRepeatInLaneOrder) {
  const Scenario s = load(head + "[[expect]]\nlane = \"R2\"\ndistinct = true\n");
  memory::DeviceMemory m;
  ASSERT_FALSE(setup_memory(s, m, 4).has_errors());
  Observation o;
  o.memory = &m;
  o.group_size = 4;
  o.lane_value = [](std::string_view, uint64_t tid) -> std::optional<uint64_t> {
    constexpr uint64_t values[8] = {9, 4, 9, 4, 1, 4, 3, 9};  // 9 repeats at lane 2, before 4 at lane 3
    return values[tid];
  };
  const auto checked = check_expectations(s, o);
  ASSERT_TRUE(std::holds_alternative<std::vector<ExpectationResult>>(checked));
  const auto& r = std::get<std::vector<ExpectationResult>>(checked);
  ASSERT_EQ(r.size(), 1u);
  EXPECT_FALSE(r[0].passed);
  EXPECT_EQ(r[0].detail, "lanes 0 and 2 both hold 0x9");
}

TEST(Expectations, BadExpressionsAreReportedBeforeTheRun) {
  const Scenario s = load(head +
                          "[[region]]\nname = \"a\"\nsize = 16\n"
                          "[[expect]]\nregion = \"a\"\ntype = \"u32\"\neach = \"tid + 1\"\n");
  const auto d = precheck_expectations(s, 4);
  ASSERT_TRUE(d.has_errors());
  // 'tid' is not available in a memory expectation (elements are indexed by i).
  EXPECT_NE(d.format_all().find("t.toml:12:9: error: unknown name 'tid'"), std::string::npos) << d.format_all();
}
