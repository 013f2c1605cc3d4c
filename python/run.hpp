// Scenario runs for the Python module: `gpuatom run` on one scenario (a file, or TOML text), its
// report kept as a value with every region's final contents, instead of printed.
#pragma once

#include <atomic>
#include <cstdint>
#include <string>
#include <variant>

#include "gpuatom/launch/run.hpp"
#include "gpuatom/support/diagnostic.hpp"

namespace gpuatom::python {

struct ScenarioRequest {
  std::string path;  // a scenario file; empty: `text` is the scenario
  std::string text;
  std::string mode = "parallel";
  uint64_t seed = 1;
  unsigned threads = 0;
  uint64_t max_executions = 100000;
  uint64_t region_limit = uint64_t{1} << 24;  // elements kept of each region
};

// The report (RunReport::dumps holds every region, read as its fill type, else u32), or the
// diagnostics of bad input. Stops early, the report saying so, once `stop` is set.
std::variant<launch::RunReport, support::Diagnostics> run_scenario(const ScenarioRequest& request,
                                                                   const std::atomic<bool>& stop);

}  // namespace gpuatom::python
