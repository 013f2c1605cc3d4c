// `gpuatom report`: one self-contained HTML page (no network resources; opens from disk) with
//   - NVIDIA, Intel and AMD op × size × form tables per architecture, platform and target (one
//     chosen, or two compared), each cell naming the first that has the form (docs/report.md),
//   - the AMD outcome matrices behind selectors, one device or all, each cell's reason on hover
//     (title) and click; the facts are JSON that inline scripts draw on demand,
//   - the bundled examples' results (expectations, faults, retries) with small SVG charts,
//   - every ASSUMPTION / DECISION / PROPOSED rule with where it is stated.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "gpuatom/scenario/run.hpp"

namespace gpuatom::report {

struct ExampleResult {
  scenario::RunReport report;
  // Bars to draw: a region's first elements (label, value) or an exhaustive run's outcome counts.
  std::string chart_title;
  std::vector<std::pair<std::string, double>> bars;
  // Under the chart: how the bars stand for the values when not one each ("1024 elements, 16 to a bar").
  std::string chart_note;
};

// `user_runs`: the examples are the user's own scenarios (`gpuatom report FILE…`), titled so.
std::string html_report(const std::vector<ExampleResult>& examples, const std::string& version, bool user_runs = false);

// The Intel oracle's last committed run (tests/oracle/intel/results.md, a markdown table),
// compiled in; the report's Intel section shows it.
std::string_view intel_oracle_table();

}  // namespace gpuatom::report
