#include "memory_estimate.hpp"

#include <fmt/format.h>

#include <algorithm>

#include "gpuatom/exec/run.hpp"
#include "gpuatom/support/memory_available.hpp"

namespace gpuatom::launch {

namespace {

// Measured with GNU time's peak resident size (%M) of `gpuatom run FILE --quiet --mode M
// --threads 2` (2026-11-27, release build) on tests/cli/data/memory/: an SASS ATOM on a 256-word
// histogram (4 registers), the LSC histogram example (two SIMD16 instructions, five variables) and
// an AMD 32-bit add. The costs below are per lane beside the binding's own lane state
// (LaneCosts::state_bytes); they do not grow with the program's length.
struct VendorCosts {
  Isa isa;
  // A lane of a group in flight: its work and events. The deterministic mode's resident window
  // (exec::default_resident groups) at 1 M lanes, less the parallel mode's peak.
  uint64_t in_flight;
  uint64_t eager_deterministic;  // every lane held (an inspector): the same, kept for the run
  uint64_t eager_parallel;       // every lane held in parallel mode
};
constexpr VendorCosts vendor_costs[] = {
    {Isa::sass, 50, 172, 133},
    {Isa::visa, 200, 445, 422},
    {Isa::amd, 110, 176, 0},
};
// `explainable`: each atomic logged (56 B: address, operation, operands, returned value, lane,
// instruction), then, one address at a time, the serial-order search's arrays (at most 60 B per
// atomic of the address, when every atomic is a class of its own), counted as if every atomic
// were at one address. Measured: 116 B per atomic on one hot word, 1 M to 4 M lanes, in either
// mode. The search's memo of failed states (SerialSearchBudget::memo_bytes, 256 MiB) is spent only
// when it backtracks, and is not counted.
constexpr uint64_t logged_atomic = 56;
// Checking a lane expectation holds each lane's value beside its tid (16 B), and a permutation's
// its expected values too (8 B); the expectations are checked one at a time (expectations.cpp).
constexpr uint64_t lane_check = 16, permutation_check = 8;
constexpr uint64_t searched_atomic = 60;
// The program, its libraries, threads and heap: 6.5 MiB measured on a one-lane run in either mode;
// the deterministic mode adds its scheduler's tables for the resident window, which do not grow
// with the lanes (about 16 MiB beside the window's per-lane costs below, at 1 M lanes).
constexpr uint64_t process_base = 8ULL << 20;
constexpr uint64_t deterministic_base = 16ULL << 20;

const VendorCosts& costs_of(Isa isa) {
  return *std::find_if(std::begin(vendor_costs), std::end(vendor_costs),
                       [&](const VendorCosts& c) { return c.isa == isa; });
}

const char* mode_text(Mode mode) {
  return mode == Mode::parallel        ? "parallel mode"
         : mode == Mode::deterministic ? "deterministic mode"
                                       : "exhaustive mode";
}

}  // namespace

MemoryEstimate estimate_memory(const Setup& scenario, const RunOptions& options, const LaneCosts& costs,
                               bool streamed) {
  MemoryEstimate e;
  const uint64_t lanes = scenario.launch.lanes;
  const auto add = [&](uint64_t bytes, std::string what) {
    e.bytes += bytes;
    e.parts.push_back(fmt::format("{}: {}", what, support::bytes_text(bytes)));
  };
  e.bytes = process_base;
  uint64_t regions = 0;
  for (const RegionText& r : scenario.regions) {
    // A fill writes every page; otherwise a page exists once an atomic touches it.
    const uint64_t touched = r.fill ? r.size : std::min(r.size, lanes * costs.atomics_per_lane * 4096);
    regions = std::min(regions + touched, uint64_t{1} << 62);
  }
  if (regions) add(regions, "device memory");
  const bool explainable = std::any_of(scenario.expectations.begin(), scenario.expectations.end(),
                                       [](const Expectation& x) { return x.kind == Expectation::Kind::explainable; });
  if (options.mode == Mode::exhaustive) return e;  // a handful of lanes, re-run one execution at a time
  if (options.mode == Mode::deterministic) e.bytes += deterministic_base;
  const VendorCosts& v = costs_of(scenario.isa);
  if (streamed) {
    if (options.mode == Mode::deterministic) {
      const uint64_t resident = std::min(lanes, exec::default_resident * costs.group_size);
      const uint64_t per_lane = costs.state_bytes + v.in_flight;
      add(resident * per_lane,
          fmt::format("the resident groups of deterministic mode: {} lanes × {} B", resident, per_lane));
    }
    if (costs.kept_bytes)
      add(lanes * costs.kept_bytes,
          fmt::format("values the expectations read: {} lanes × {} B", lanes, costs.kept_bytes));
  } else {
    const uint64_t per_lane =
        costs.state_bytes + (options.mode == Mode::deterministic ? v.eager_deterministic : v.eager_parallel);
    add(lanes * per_lane, fmt::format("lane state: {} lanes × {} B in {}", lanes, per_lane, mode_text(options.mode)));
  }
  uint64_t check = 0;
  for (const Expectation& x : scenario.expectations) {
    if (x.name.empty()) continue;
    check = std::max(check, lane_check + (x.kind == Expectation::Kind::lane_permutation ? permutation_check : 0));
  }
  if (check) add(lanes * check, fmt::format("checking the lane expectations: {} lanes × {} B", lanes, check));
  if (explainable) {
    const uint64_t atomics = lanes * costs.atomics_per_lane;
    add(atomics * (logged_atomic + searched_atomic),
        fmt::format("the serial-order check of `explainable`: {} atomics × {} B", atomics,
                    logged_atomic + searched_atomic));
    e.ways_out.push_back("drop `explainable` (check the memory instead)");
  }
  if (!streamed && options.mode == Mode::deterministic) e.ways_out.push_back("run it with --mode parallel");
  e.ways_out.push_back("use fewer lanes");
  return e;
}

namespace {

// The limit a run is held to and how it is shown: --max-memory, else 80 % of what is available.
struct MemoryLimit {
  uint64_t bytes = 0;  // 0: none known
  std::string text;
};

MemoryLimit limit_of(const RunOptions& options) {
  if (options.max_memory)
    return {options.max_memory, fmt::format("the {} --max-memory allows", support::bytes_text(options.max_memory))};
  const auto available = support::available_memory();
  if (!available) return {};
  const uint64_t limit = available->bytes / 5 * 4;
  return {limit, fmt::format("{}, 80 % of the {} available ({}; --max-memory sets another limit)",
                             support::bytes_text(limit), support::bytes_text(available->bytes), available->source)};
}

std::string joined(const std::vector<std::string>& items, const char* separator, const char* last_separator) {
  std::string out;
  for (size_t k = 0; k < items.size(); ++k)
    out += (k == 0 ? "" : k + 1 == items.size() ? last_separator : separator) + items[k];
  return out;
}

}  // namespace

support::Diagnostics check_memory(const Setup& scenario, const RunOptions& options, const LaneCosts& costs,
                                  bool streamed) {
  support::Diagnostics d;
  const MemoryLimit limit = limit_of(options);
  if (!limit.bytes) return d;
  const MemoryEstimate e = estimate_memory(scenario, options, costs, streamed);
  if (e.bytes <= limit.bytes) return d;
  d.error(scenario.launch.where,
          fmt::format("this run would need about {} of memory ({}), more than {}: {}", support::bytes_text(e.bytes),
                      joined(e.parts, "; ", "; "), limit.text, joined(e.ways_out, ", ", " or ")));
  return d;
}

support::Diagnostics out_of_memory(const Setup& scenario, const RunOptions& options, const LaneCosts& costs,
                                   bool streamed) {
  support::Diagnostics d;
  const MemoryEstimate e = estimate_memory(scenario, options, costs, streamed);
  const MemoryLimit limit = limit_of(options);
  std::vector<std::string> ways = e.ways_out;
  ways.push_back("run it where more memory is free");
  d.error(scenario.launch.where,
          fmt::format("out of memory: an allocation failed during the run, whose estimate was about {} ({}){}: {}; "
                      "a lower --max-memory refuses such a run before it starts",
                      support::bytes_text(e.bytes), joined(e.parts, "; ", "; "),
                      limit.bytes ? ", within " + limit.text : std::string(), joined(ways, ", ", " or ")));
  return d;
}

}  // namespace gpuatom::launch
