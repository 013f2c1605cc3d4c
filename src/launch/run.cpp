#include "gpuatom/launch/run.hpp"

#include <algorithm>

#include "gpuatom/launch/bind.hpp"
#include "gpuatom/launch/structure.hpp"

namespace gpuatom::launch {

bool RunReport::passed() const {
  const bool expectations_hold =
      std::all_of(expectations.begin(), expectations.end(), [](const ExpectationResult& e) { return e.passed; });
  const bool outcomes_hold =
      std::all_of(outcomes.begin(), outcomes.end(), [](const Outcome& o) { return o.expectations_hold; });
  return !interrupted && expectations_hold && outcomes_hold;
}

bool RunReport::undecided() const {
  const bool failed =
      std::any_of(expectations.begin(), expectations.end(),
                  [](const ExpectationResult& e) { return !e.passed && !e.undecided; }) ||
      std::any_of(outcomes.begin(), outcomes.end(), [](const Outcome& o) { return !o.expectations_hold; });
  return !interrupted && !skipped && !failed &&
         std::any_of(expectations.begin(), expectations.end(), [](const ExpectationResult& e) { return e.undecided; });
}

RunResult run(const Setup& scenario, const RunOptions& options) {
  // A scenario built in C++ has not been through the loader: the file format's rules hold here too.
  if (support::Diagnostics broken = check_structure(scenario); broken.has_errors()) return broken;
  switch (scenario.isa) {
    case Isa::sass: return run_sass(scenario, options);
    case Isa::visa: return run_visa(scenario, options);
    case Isa::amd: return run_amd(scenario, options);
  }
  support::Diagnostics d;
  d.error(scenario.launch.where, "this scenario's isa has no machine");
  return d;
}

}  // namespace gpuatom::launch
