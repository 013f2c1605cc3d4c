// What `gpuatom amd outcome` prints for one asked cell: the explanation as text (with a line when
// --pcie was left out and a line for AMD's published word where it differs), or one JSON object
// with the outcome, path, rules and switches (keys in docs/reference/cli.md).
#pragma once

#include <string>

#include "gpuatom/amd/asked_cell.hpp"

namespace gpuatom::report {

// The cell must not be one where PCIe atomics decide (amd::refuse_pcie_matters first).
std::string amd_outcome_text(const amd::AskedCell& cell);
std::string amd_outcome_json(const amd::AskedCell& cell);  // one line, with its '\n'

}  // namespace gpuatom::report
