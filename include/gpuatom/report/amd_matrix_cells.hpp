// `gpuatom amd matrix --layout long`: one row per cell of the page's tables, every selector a
// column, over the tables a filter selects (all eight by default); `published` is AMD's word where
// it differs from the model's ("not published" for a device not on AMD's tables).
#pragma once

#include <optional>
#include <string>

#include "gpuatom/amd/matrix.hpp"

namespace gpuatom::report {

struct MatrixFilter {  // an empty selector takes every table
  std::optional<amd::Strategy> strategy;
  std::optional<amd::PcieAtomics> pcie;
  std::optional<amd::Family> family;
};

// CSV: a header line, then one line per cell, fields quoted as amd::csv_field quotes them.
std::string amd_matrix_cells_csv(const MatrixFilter& filter, const amd::ModelOptions& options);
// One JSON array of objects with the CSV's keys; an empty "published" is null. One line, with '\n'.
std::string amd_matrix_cells_json(const MatrixFilter& filter, const amd::ModelOptions& options);

}  // namespace gpuatom::report
