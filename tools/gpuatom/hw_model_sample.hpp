// Results files made by the model instead of a GPU (`gpuatom verify-hw --model-sample OUT`): the
// harness's own cases, answered by the model, in the order the harness writes them. They test
// verify-hw where no GPU is available, and show what a hardware file looks like.
#pragma once

#include <cstdint>
#include <string>

namespace gpuatom::cli {

struct ModelSampleOptions {
  std::string device = "gpuatom model (no GPU)";
  std::string sm = "9.0";    // decides whether the sm_90 forms (u128) are included
  int cases_per_atomic = 0;  // single-lane cases per atomic and space, evenly spread; 0 = all
  int racing_lanes = 1024;   // lanes per racing record (the harness's default)
  uint64_t seed = 1;         // shuffles each racing record's serial order
};

// Writes the sample to `path`; returns the number of records. Throws BadInput when it cannot write.
size_t write_model_sample(const std::string& path, const ModelSampleOptions& options);

}  // namespace gpuatom::cli
