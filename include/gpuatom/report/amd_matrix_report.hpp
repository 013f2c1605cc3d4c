// `gpuatom amd matrix`'s output, from its options as typed: one of the page's eight tables as CSV,
// Markdown or HTML (amd/matrix_render.hpp), or with --layout long one row per cell of the tables
// the selectors pick, as CSV or JSON (amd_matrix_cells.hpp). One home for which options go together.
#pragma once

#include <functional>
#include <string>

#include "gpuatom/amd/options.hpp"

namespace gpuatom::report {

struct MatrixRequest {  // the options as typed; an empty selector takes every table (--layout long)
  std::string strategy, pcie, family;
  std::string format = "csv";   // csv | md | html; json with --layout long
  std::string layout = "wide";  // wide (AMD's tables) | long (one row per cell)
};

// The whole output. `options` gives the model's switches; it is asked after the request's own
// options are read, so that their refusals come first. Throws support::InputError for a bad
// spelling, a missing selector of a wide table, or a format the layout does not have.
std::string amd_matrix_report(const MatrixRequest& request, const std::function<amd::ModelOptions()>& options);

}  // namespace gpuatom::report
