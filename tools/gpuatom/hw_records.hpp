// The harness's JSON lines (schema: hw/README.md) written from the library's records. Writing
// lives here because the library does not depend on nlohmann_json; reading is the library's
// (gpuatom/nvidia/hardware_records.hpp: strict, with line and column, fuzzed).
#pragma once

#include <string>

#include "gpuatom/nvidia/hardware_check.hpp"
#include "gpuatom/nvidia/hardware_records.hpp"

namespace gpuatom::cli {

// Who measured a record: the device name and its compute capability ("9.0").
using HwDevice = nvidia::hw::MeasuringDevice;

// The JSON line of a record, keys in the order hw/README.md lists them.
std::string hw_record_line(const HwDevice& device, const nvidia::hw::SingleRecord& record);
std::string hw_record_line(const HwDevice& device, const nvidia::hw::RacingRecord& record);

}  // namespace gpuatom::cli
