#include "run.hpp"

#include <fmt/format.h>

#include "gpuatom/scenario/bind.hpp"
#include "gpuatom/scenario/scenario.hpp"
#include "gpuatom/support/input_error.hpp"

namespace gpuatom::python {

namespace {

exec::Mode read_mode(const std::string& text) {
  for (const exec::Mode mode : {exec::Mode::parallel, exec::Mode::deterministic, exec::Mode::exhaustive})
    if (exec::name(mode) == text) return mode;
  throw support::InputError(fmt::format("--mode {}: expected parallel, deterministic or exhaustive", text));
}

}  // namespace

std::variant<launch::RunReport, support::Diagnostics> run_scenario(const ScenarioRequest& request,
                                                                   const std::atomic<bool>& stop) {
  launch::RunOptions options;
  options.mode = read_mode(request.mode);
  options.seed = request.seed;
  options.threads = request.threads;
  options.exhaustive_cap = request.max_executions;
  options.quiet = true;
  options.stop = &stop;
  options.dump_limit = request.region_limit;
  auto loaded =
      request.path.empty() ? scenario::parse_scenario(request.text, "<string>") : scenario::load_scenario(request.path);
  if (auto* diagnostics = std::get_if<support::Diagnostics>(&loaded)) return std::move(*diagnostics);
  const scenario::Scenario& setup = std::get<scenario::Scenario>(loaded);
  for (const launch::RegionText& region : setup.regions)
    options.dump.push_back({region.name, region.fill ? std::optional(region.fill->type) : std::nullopt});
  launch::RunResult result = scenario::run_scenario(setup, options);
  if (auto* diagnostics = std::get_if<support::Diagnostics>(&result)) return std::move(*diagnostics);
  return std::get<launch::RunReport>(std::move(result));
}

}  // namespace gpuatom::python
