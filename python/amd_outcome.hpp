// `gpuatom amd outcome` for the Python module: one cell of AMD's support tables, computed by the
// library from the rules, as the JSON object `--json` prints (report/amd_outcome_report.hpp).
#pragma once

#include <map>
#include <string>

namespace gpuatom::python {

struct OutcomeRequest {
  std::string device, op, memory, granularity, scope, pcie;  // pcie empty: left out
  std::string strategy = "hw";
  std::map<std::string, std::string> switches;  // docs/spec/amd.md §9, by flag name without "--"
};

std::string amd_outcome_json(const OutcomeRequest& request);

}  // namespace gpuatom::python
