// A run's options from the command line's spellings (`gpuatom run` and `gpuatom report`): the mode,
// the regions to dump and the memory limit. Each throws support::InputError naming the option when
// its text cannot be taken.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "gpuatom/scenario/run.hpp"

namespace gpuatom::report {

// --mode: "parallel", "deterministic" or "exhaustive".
scenario::Mode mode_option(const std::string& text);

// --dump: "sum,bins:f32" → the regions to dump, each with its type if one is given; one request
// per item of every argument.
std::vector<scenario::RunOptions::DumpRequest> dump_requests(const std::vector<std::string>& args);

// --max-memory: "8G", "512MiB", "1.5 GiB", "100000" (bytes) → bytes.
uint64_t max_memory_option(const std::string& text);

}  // namespace gpuatom::report
