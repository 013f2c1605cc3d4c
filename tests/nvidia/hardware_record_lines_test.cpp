// The harness's JSON lines as the library writes them (nvidia/hardware_record_lines.hpp): byte for
// byte what nlohmann_json's compact dump writes for the same keys, and read back to the record.
#include "gpuatom/nvidia/hardware_record_lines.hpp"

#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <string>
#include <variant>

#include "gpuatom/nvidia/hardware_model_sample.hpp"
#include "gpuatom/nvidia/hardware_verification.hpp"

namespace gpuatom::nvidia::hw {
namespace {

using nlohmann::ordered_json;

ordered_json header(const MeasuringDevice& device, const char* kind, CudaOp op, CudaType type, Space space) {
  ordered_json j;
  j["device"] = device.name;
  j["sm"] = device.sm;
  j["kind"] = kind;
  j["op"] = name(op);
  j["type"] = name(type);
  j["space"] = name(space);
  return j;
}

ordered_json hex_array(const std::vector<uint64_t>& values, CudaType type) {
  auto array = ordered_json::array();
  for (uint64_t v : values) array.push_back(record_hex({v, 0}, type));
  return array;
}

// The line as nlohmann_json writes it, keys in hw/README.md's order.
std::string expected(const MeasuringDevice& device, const SingleRecord& r) {
  ordered_json j = header(device, "single", r.op, r.type, r.space);
  j["old"] = record_hex(r.old, r.type);
  j["operand"] = record_hex(r.operand, r.type);
  if (r.op == CudaOp::cas) j["compare"] = record_hex(r.compare, r.type);
  j["memory"] = record_hex(r.memory, r.type);
  j["returned"] = record_hex(r.returned, r.type);
  return j.dump();
}

std::string expected(const MeasuringDevice& device, const RacingRecord& r) {
  ordered_json j = header(device, "racing", r.op, r.type, r.space);
  j["form"] = name(r.form);
  j["threads"] = r.operands.size();
  j["old"] = record_hex({r.old, 0}, r.type);
  j["memory"] = record_hex({r.memory, 0}, r.type);
  j["operands"] = hex_array(r.operands, r.type);
  if (r.op == CudaOp::cas) j["compares"] = hex_array(r.compares, r.type);
  if (r.form != RacingForm::discarded) j["returned"] = hex_array(r.returned, r.type);
  return j.dump();
}

TEST(HardwareRecordLines, EveryModelRecordIsWhatNlohmannWrites) {
  ModelSampleOptions options;
  options.cases_per_atomic = 3;
  options.racing_lanes = 5;
  size_t checked = 0;
  for_each_model_record(options, [&](const HardwareRecord& record) {
    std::visit(
        [&](const auto& r) {
          const std::string line = record_line(record.device, r);
          EXPECT_EQ(line, expected(record.device, r));
          const auto back = parse_hardware_record(line);
          EXPECT_TRUE(std::holds_alternative<HardwareRecord>(back)) << line;
        },
        record.record);
    ++checked;
  });
  EXPECT_GT(checked, 100u);
}

TEST(HardwareRecordLines, DeviceNamesAreEscapedAsJsonDoes) {
  SingleRecord r{CudaOp::cas, CudaType::u32, Space::shared, {1, 0}, {2, 0}, {3, 0}, {4, 0}, {5, 0}};
  for (const std::string& device_name :
       {std::string("NVIDIA H100 80GB HBM3"), std::string("a \"quoted\" \\ name\t\n"),
        std::string("ctl \x01\x1f\b\f\r\x7f"), std::string("Gr\xc3\xa4t \xe2\x80\xa6")}) {
    const MeasuringDevice device{device_name, "9.0"};
    EXPECT_EQ(record_line(device, r), expected(device, r)) << device_name;
  }
  EXPECT_EQ(record_line({"d", "9.0"}, r),
            "{\"device\":\"d\",\"sm\":\"9.0\",\"kind\":\"single\",\"op\":\"atomicCAS\",\"type\":\"u32\","
            "\"space\":\"shared\",\"old\":\"0x00000001\",\"operand\":\"0x00000002\",\"compare\":\"0x00000003\","
            "\"memory\":\"0x00000004\",\"returned\":\"0x00000005\"}");
}

}  // namespace
}  // namespace gpuatom::nvidia::hw
