// Scenario text loaded and run inside a test: a loader or runner error fails the test with the
// diagnostics printed, instead of each vendor's runner tests repeating the unwrapping.
#pragma once

#include <gtest/gtest.h>

#include <cstdint>
#include <string>
#include <variant>

#include "gpuatom/scenario/run.hpp"
#include "gpuatom/scenario/scenario.hpp"

namespace gpuatom::test {

// scenario::run_sass, run_visa, run_amd and run_scenario share this shape.
using ScenarioRunner = scenario::RunResult (*)(const scenario::Scenario&, const scenario::RunOptions&);

inline scenario::Scenario load_scenario(const std::string& text, const std::string& file) {
  auto r = scenario::parse_scenario(text, file);
  if (auto* d = std::get_if<support::Diagnostics>(&r)) {
    ADD_FAILURE() << d->format_all();
    return {};
  }
  return std::get<scenario::Scenario>(std::move(r));
}

inline scenario::RunReport run_scenario_ok(ScenarioRunner runner, const std::string& text, const std::string& file,
                                           scenario::Mode mode, std::uint64_t seed = 1) {
  scenario::RunOptions o;
  o.mode = mode;
  o.seed = seed;
  auto r = runner(load_scenario(text, file), o);
  if (auto* d = std::get_if<support::Diagnostics>(&r)) {
    ADD_FAILURE() << d->format_all();
    return {};
  }
  return std::get<scenario::RunReport>(std::move(r));
}

// The runner's diagnostics for a scenario that loads but must not run.
inline std::string run_scenario_error(ScenarioRunner runner, const std::string& text, const std::string& file) {
  auto r = runner(load_scenario(text, file), {});
  if (auto* d = std::get_if<support::Diagnostics>(&r)) return d->format_all();
  ADD_FAILURE() << "ran";
  return {};
}

}  // namespace gpuatom::test
