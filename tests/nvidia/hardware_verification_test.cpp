// verify-hw's library side: the model's own sample (nvidia/hardware_model_sample.hpp) tallied
// against the model (nvidia/hardware_verification.hpp), a tampered record found, the report.
#include "gpuatom/nvidia/hardware_verification.hpp"

#include <fmt/format.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "gpuatom/nvidia/hardware_model_sample.hpp"

namespace gpuatom::nvidia::hw {
namespace {

std::vector<HardwareRecord> sample(const std::string& sm) {
  ModelSampleOptions options;
  options.sm = sm;
  options.cases_per_atomic = 2;
  options.racing_lanes = 4;
  std::vector<HardwareRecord> records;
  const size_t count = for_each_model_record(options, [&](const HardwareRecord& r) { records.push_back(r); });
  EXPECT_EQ(count, records.size());
  return records;
}

HardwareTally tally(const std::vector<HardwareRecord>& records, support::Diagnostics& diagnostics) {
  HardwareTally out;
  uint32_t line = 0;
  for (const HardwareRecord& r : records) {
    tally_record({++line, 1, r}, support::FileName("sample.jsonl"), {}, out, diagnostics);
    ++out.records;
  }
  return out;
}

TEST(HardwareVerification, RecordHexIsTheTypesWidth) {
  EXPECT_EQ(record_hex({0x2a, 0}, CudaType::u32), "0x0000002a");
  EXPECT_EQ(record_hex({0x2a, 0}, CudaType::u64), "0x000000000000002a");
  EXPECT_EQ(record_hex({0x2a, 0x1}, CudaType::u128), "0x0000000000000001000000000000002a");
}

TEST(HardwareVerification, ComputeCapabilities) {
  EXPECT_TRUE(is_record_sm("9.0"));
  EXPECT_TRUE(is_record_sm("12.1"));
  EXPECT_FALSE(is_record_sm("9"));
  EXPECT_FALSE(is_record_sm("9."));
  EXPECT_FALSE(is_record_sm("1000.0"));
  EXPECT_FALSE(is_record_sm("sm_90"));
}

TEST(HardwareVerification, TheModelsSampleAgreesWithTheModel) {
  const std::vector<HardwareRecord> records = sample("9.0");
  ASSERT_FALSE(records.empty());
  EXPECT_EQ(records.front().device.sm, "9.0");
  EXPECT_TRUE(std::holds_alternative<SingleRecord>(records.front().record));
  EXPECT_TRUE(std::holds_alternative<RacingRecord>(records.back().record));
  support::Diagnostics diagnostics;
  const HardwareTally t = tally(records, diagnostics);
  EXPECT_FALSE(diagnostics.has_errors());
  EXPECT_TRUE(t.disagreements.empty());
  ASSERT_EQ(t.devices.size(), 1u);
  const std::string report = render_verification(t);
  EXPECT_TRUE(report.starts_with("device: gpuatom model (no GPU) (sm 9.0)\n\nop ")) << report;
  EXPECT_TRUE(report.ends_with(fmt::format("\nall {} cases agree with the model, bit for bit\n", records.size())))
      << report;
}

TEST(HardwareVerification, Sm80HasNo128BitCases) {
  const auto is_u128 = [](const HardwareRecord& r) {
    return std::visit([](const auto& record) { return record.type == CudaType::u128; }, r.record);
  };
  const std::vector<HardwareRecord> sm80 = sample("8.0");
  const std::vector<HardwareRecord> sm90 = sample("9.0");
  EXPECT_LT(sm80.size(), sm90.size());
  EXPECT_EQ(std::count_if(sm80.begin(), sm80.end(), is_u128), 0);
  EXPECT_GT(std::count_if(sm90.begin(), sm90.end(), is_u128), 0);
}

TEST(HardwareVerification, ATamperedRecordDisagreesWithItsInputs) {
  std::vector<HardwareRecord> records = sample("9.0");
  SingleRecord& first = std::get<SingleRecord>(records.front().record);
  first.memory.lo ^= 1;
  support::Diagnostics diagnostics;
  const HardwareTally t = tally(records, diagnostics);
  ASSERT_EQ(t.disagreements.size(), 1u);
  EXPECT_TRUE(t.disagreements[0].starts_with("sample.jsonl:1: atomicAdd ")) << t.disagreements[0];
  EXPECT_NE(t.disagreements[0].find(" single: old="), std::string::npos) << t.disagreements[0];
  const std::string report = render_verification(t);
  EXPECT_NE(report.find(fmt::format("\n1 of {} cases disagree with the model:\n", records.size())), std::string::npos)
      << report;
  size_t cases = 0, agree = 0;
  for (const auto& [key, row] : t.rows) {
    cases += row.cases;
    agree += row.agree;
  }
  EXPECT_EQ(cases, records.size());
  EXPECT_EQ(agree, records.size() - 1);
}

}  // namespace
}  // namespace gpuatom::nvidia::hw
