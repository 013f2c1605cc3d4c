#include "gpuatom/scenario/run.hpp"

#include <algorithm>
#include <map>
#include <mutex>

namespace gpuatom::scenario {

bool RunReport::passed() const {
  const bool expectations_hold =
      std::all_of(expectations.begin(), expectations.end(), [](const ExpectationResult& e) { return e.passed; });
  const bool outcomes_hold =
      std::all_of(outcomes.begin(), outcomes.end(), [](const Outcome& o) { return o.expectations_hold; });
  return !interrupted && expectations_hold && outcomes_hold;
}

namespace {
std::mutex registry_mutex;
std::map<Isa, Runner>& registry() {
  static std::map<Isa, Runner> runners;
  return runners;
}
}  // namespace

void register_runner(Isa isa, Runner runner) {
  std::lock_guard lock(registry_mutex);
  registry()[isa] = std::move(runner);
}

const Runner* runner_for(Isa isa) {
  std::lock_guard lock(registry_mutex);
  const auto it = registry().find(isa);
  return it == registry().end() ? nullptr : &it->second;
}

}  // namespace gpuatom::scenario
