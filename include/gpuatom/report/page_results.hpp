// The runs `gpuatom report` shows on its page (html_report.hpp): each scenario's report with its
// path as the user would type it and the chart drawn beside it (the outcome histogram of an
// exhaustive run, else the first dumped region's elements, else a region's first words).
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "gpuatom/report/html_report.hpp"

namespace gpuatom::report {

// A report as the page shows it; `types` says how to read each region's elements (u32 by default).
ExampleResult page_result(scenario::RunReport report, const std::map<std::string, scenario::ElementType>& types);

// A scenario run for the page in `mode` (default: exhaustive where the scenario is marked for it,
// else deterministic), quietly, every region dumped (its first 16 elements). A scenario that
// cannot run is bad input (support::InputError, its diagnostics).
ExampleResult run_for_page(const scenario::Scenario& scenario, std::optional<scenario::Mode> mode, uint64_t seed);

// Every report of a `gpuatom run --json` result (run_json.hpp), its dumps read as the run read them.
std::vector<ExampleResult> page_results_of_json(const std::string& path);

// Whether any result the page shows failed, and whether any is undecided: the page's verdict.
bool any_failed(const std::vector<ExampleResult>& results);
bool any_undecided(const std::vector<ExampleResult>& results);

}  // namespace gpuatom::report
