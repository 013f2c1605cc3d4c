// Results files made by the model instead of a GPU (`gpuatom verify-hw --model-sample OUT`): the
// harness's own cases (hardware_cases.hpp), answered by the model (hardware_check.hpp), in the
// order the harness writes them. They test verify-hw where no GPU is available, and show what a
// hardware file looks like.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <string>
#include <string_view>

#include "gpuatom/nvidia/hardware_records.hpp"

namespace gpuatom::nvidia::hw {

struct ModelSampleOptions {
  std::string device = "gpuatom model (no GPU)";
  std::string sm = "9.0";    // decides whether the sm_90 forms (u128) are included
  int cases_per_atomic = 0;  // single-lane cases per atomic and space, evenly spread; 0 = all
  int racing_lanes = 1024;   // lanes per racing record (the harness's default)
  uint64_t seed = 1;         // shuffles each racing record's serial order
};

// Whether `text` is a compute capability as the records write it: "9.0", "12.1" (1 to 3 digits,
// a dot, 1 to 3 digits).
bool is_record_sm(std::string_view text);

// Hands every record of the sample to `record`, in the harness's order: every single-lane case
// per space, then every racing run. Returns how many there were. `options.sm` must be a compute
// capability (is_record_sm()).
size_t for_each_model_record(const ModelSampleOptions& options,
                             const std::function<void(const HardwareRecord&)>& record);

}  // namespace gpuatom::nvidia::hw
