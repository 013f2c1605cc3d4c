// The harness's results written as JSON lines (schema: hw/README.md), keys in the order it lists
// them: what the CUDA harness (hw/cuda) and `gpuatom verify-hw --model-sample` write, and
// hardware_records.hpp reads back. Compact JSON, one object per line (without its '\n').
#pragma once

#include <string>

#include "gpuatom/nvidia/hardware_check.hpp"
#include "gpuatom/nvidia/hardware_records.hpp"

namespace gpuatom::nvidia::hw {

std::string record_line(const MeasuringDevice& device, const SingleRecord& record);
std::string record_line(const MeasuringDevice& device, const RacingRecord& record);

}  // namespace gpuatom::nvidia::hw
