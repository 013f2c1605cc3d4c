// The harness's JSON lines (schema: hw/README.md) read into the library's records, and written
// back from them. Parsing lives here because the library does not depend on nlohmann_json.
#pragma once

#include <string>
#include <string_view>
#include <variant>

#include "gpuatom/nvidia/hardware_check.hpp"

namespace gpuatom::cli {

// Who measured a record: the device name and its compute capability ("9.0").
struct HwDevice {
  std::string name;
  std::string sm;
};

struct HwRecord {
  HwDevice device;
  std::variant<nvidia::hw::SingleRecord, nvidia::hw::RacingRecord> record;
};

// A value as the records write it: "0x" and exactly bits/4 lower-case digits (128 bits: high
// half first, the bytes at the address read as one little-endian number).
std::string hw_hex(const support::Bits128& value, nvidia::hw::CudaType type);

// One JSON line as a record, or the reason it is not one (without file:line, which the caller adds).
std::variant<HwRecord, std::string> parse_hw_record(std::string_view line);

// The JSON line of a record, keys in the order hw/README.md lists them.
std::string hw_record_line(const HwDevice& device, const nvidia::hw::SingleRecord& record);
std::string hw_record_line(const HwDevice& device, const nvidia::hw::RacingRecord& record);

}  // namespace gpuatom::cli
