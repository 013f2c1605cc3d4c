// Fuzz target: the scenario loader (scenario/scenario.hpp) on in-memory TOML text. It must never
// crash: every input gives a scenario or diagnostics. For a scenario that loads, the regions are
// placed and every expression it holds compiles against the scenario's names and evaluates for
// the first, second and last lane and element.
#include <algorithm>

#include "fuzz_check.hpp"
#include "gpuatom/launch/memory_setup.hpp"
#include "gpuatom/launch/symbols.hpp"
#include "gpuatom/scenario/scenario.hpp"

using namespace gpuatom;
using namespace gpuatom::scenario;
using namespace gpuatom::launch;

namespace {

void evaluate_all(const ExpressionText& text, const Symbols& symbols, uint64_t lanes, uint32_t group_size) {
  support::Diagnostics d;
  const std::optional<Expression> expression = compile_into(text, symbols, d);
  (void)d.format_all();
  if (!expression) return;
  for (uint64_t tid : {uint64_t{0}, uint64_t{1}, lanes - 1}) {
    SlotValues slots = lane_slots(tid, group_size);
    slots[slot_i] = tid;
    (void)expression->evaluate(slots);
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  auto loaded = parse_scenario(fuzz::as_text(data, size), "fuzz.toml");
  if (auto* d = std::get_if<support::Diagnostics>(&loaded)) {
    FUZZ_CHECK(d->has_errors(), "a scenario that did not load has no error:\n" + d->format_all());
    (void)d->format_all();
    return 0;
  }
  const Scenario& s = std::get<Scenario>(loaded);
  FUZZ_CHECK(s.launch.lanes >= 1, "a loaded scenario has no lanes");
  const uint32_t group_size = s.launch.group_size ? s.launch.group_size : 32;
  const Symbols symbols = make_symbols(s, placements(s), group_size);
  const uint64_t lanes = s.launch.lanes;
  for (const auto& [name, text] : s.lanes) evaluate_all(text, symbols, lanes, group_size);
  for (const auto* text : {&s.launch.active, &s.launch.helper, &s.launch.killed})
    if (*text) evaluate_all(**text, symbols, lanes, group_size);
  for (const RegionText& r : s.regions)
    if (r.fill) evaluate_all(r.fill->value, symbols, lanes, group_size);
  for (const Expectation& e : s.expectations) {
    if (e.value) evaluate_all(*e.value, symbols, lanes, group_size);
    if (e.upper) evaluate_all(*e.upper, symbols, lanes, group_size);
  }
  return 0;
}
