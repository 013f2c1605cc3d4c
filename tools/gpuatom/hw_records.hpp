// The harness's JSON lines (schema: hw/README.md) as the CUDA harness (hw/cuda) names them: the
// library writes them (gpuatom/nvidia/hardware_record_lines.hpp) and reads them
// (gpuatom/nvidia/hardware_records.hpp).
#pragma once

#include <string>

#include "gpuatom/nvidia/hardware_record_lines.hpp"

namespace gpuatom::cli {

// Who measured a record: the device name and its compute capability ("9.0").
using HwDevice = nvidia::hw::MeasuringDevice;

// The JSON line of a record, keys in the order hw/README.md lists them.
std::string hw_record_line(const HwDevice& device, const nvidia::hw::SingleRecord& record);
std::string hw_record_line(const HwDevice& device, const nvidia::hw::RacingRecord& record);

}  // namespace gpuatom::cli
