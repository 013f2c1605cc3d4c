// No check is vacuous: for every bundled example (examples/**.toml) and every test scenario
// (tests/**.toml) that loads and passes, altering the expected value of any one [[expect]] makes
// the run fail. Each scenario runs once, deterministically (seed 1); while its machine still
// exists (RunOptions::inspect), its expectations are checked again with one of them altered at a
// time:
//   each / equals / permutation   the expression E becomes (E)+1
//   between [L, H]                shifted past itself: [L + w, H + w], w = H − L + 1, which
//                                 excludes every value the original range holds
//   faults = N                    N + 1
//   fault = K, at_lane = L        another kind; the next lane that did not fault with K
// `distinct` and `explainable` have no value to alter. A scenario too large to run cheaply here
// (more lanes than `most_lanes`), one that does not load (the bad-input corpus) or one that
// does not pass in this mode (a scenario that expects its own failure) is listed with the reason.
#include <fmt/format.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <iostream>
#include <string>
#include <vector>

#include "gpuatom/launch/expectations.hpp"
#include "gpuatom/memory/fault.hpp"
#include "gpuatom/scenario/bind.hpp"
#include "gpuatom/scenario/scenario.hpp"

using namespace gpuatom;
using namespace gpuatom::scenario;
using namespace gpuatom::launch;

namespace {

namespace fs = std::filesystem;

// Past this many lanes a test scenario is skipped: it is there to show speed or memory at scale
// (1 M lanes and more), and a run of each would cost seconds here and half a minute under
// AddressSanitizer. Every bundled example runs (the largest, a 1 M-lane histogram, takes 2.6 s).
constexpr uint64_t most_lanes = 1 << 16;
constexpr uint64_t most_example_lanes = 1 << 20;

struct Mutation {
  size_t expectation;  // which [[expect]] was altered
  std::string what;    // how, for the failure message
  Scenario scenario;   // the scenario with that one expectation altered
};

ExpressionText plus_one(const ExpressionText& e) { return {"(" + e.text + ")+1", e.where, e.lanes}; }

// Whether lane `lane` faulted with `kind` in what the run left behind.
bool faulted_with(const Observation& seen, uint64_t lane, const std::string& kind) {
  return std::any_of(seen.faults.begin(), seen.faults.end(),
                     [&](const LaneFault& f) { return f.lane == lane && memory::name(f.fault.kind) == kind; });
}

std::vector<Mutation> mutations_of(const Scenario& s, const Observation& seen) {
  std::vector<Mutation> out;
  const auto add = [&](size_t k, std::string what, const std::function<void(Expectation&)>& alter) {
    Mutation m{k, std::move(what), s};
    alter(m.scenario.expectations[k]);
    out.push_back(std::move(m));
  };
  for (size_t k = 0; k < s.expectations.size(); ++k) {
    const Expectation& e = s.expectations[k];
    switch (e.kind) {
      case Expectation::Kind::memory_each:
      case Expectation::Kind::memory_at:
      case Expectation::Kind::lane_each:
      case Expectation::Kind::lane_permutation:
        add(k, "(" + e.value->text + ")+1", [](Expectation& x) { x.value = plus_one(*x.value); });
        break;
      case Expectation::Kind::memory_between: {
        const std::string width = fmt::format("(({}) - ({}) + 1)", e.upper->text, e.value->text);
        add(k, "between shifted by its width", [&](Expectation& x) {
          x.value->text = fmt::format("({}) + {}", e.value->text, width);
          x.upper->text = fmt::format("({}) + {}", e.upper->text, width);
        });
        break;
      }
      case Expectation::Kind::faults:
        add(k, fmt::format("faults = {}", *e.count + 1), [](Expectation& x) { x.count = *x.count + 1; });
        break;
      case Expectation::Kind::fault_at: {
        const std::string other = e.fault_kind == "misaligned" ? "out-of-range" : "misaligned";
        add(k, "fault = " + other, [&](Expectation& x) { x.fault_kind = other; });
        // The next lane that did not fault so: a lane that did would be an equally true check.
        for (uint64_t step = 1; step < std::min<uint64_t>(s.launch.lanes, 4096); ++step) {
          const uint64_t lane = (e.lane + step) % s.launch.lanes;
          if (faulted_with(seen, lane, e.fault_kind)) continue;
          add(k, fmt::format("at_lane = {}", lane), [lane](Expectation& x) { x.lane = lane; });
          break;
        }
        break;
      }
      case Expectation::Kind::lane_distinct:
      case Expectation::Kind::explainable: break;  // nothing to alter
    }
  }
  return out;
}

bool all_pass(const std::variant<std::vector<ExpectationResult>, support::Diagnostics>& checked) {
  const auto* results = std::get_if<std::vector<ExpectationResult>>(&checked);
  return results && std::all_of(results->begin(), results->end(), [](const ExpectationResult& r) { return r.passed; });
}

std::vector<fs::path> scenario_files() {
  const fs::path root(GPUATOM_SOURCE_DIR);
  std::vector<fs::path> files;
  for (const char* folder : {"examples", "tests"})
    for (const auto& entry : fs::recursive_directory_iterator(root / folder))
      if (entry.is_regular_file() && entry.path().extension() == ".toml") files.push_back(entry.path());
  std::sort(files.begin(), files.end());
  return files;
}

}  // namespace

TEST(ExpectationMutation, EveryCheckCatchesAnAlteredValue) {
  const fs::path root(GPUATOM_SOURCE_DIR);
  size_t scenarios = 0, mutated = 0, bad_input = 0;
  std::vector<std::string> skipped, vacuous;
  for (const fs::path& path : scenario_files()) {
    const std::string name = fs::relative(path, root).string();
    auto loaded = load_scenario(path.string());
    const bool corpus = name.starts_with("tests/bad-inputs/");
    if (std::holds_alternative<support::Diagnostics>(loaded)) {
      ++bad_input;  // the bad-input corpus and scenarios refused by design
      continue;
    }
    const Scenario s = std::get<Scenario>(std::move(loaded));
    if (corpus) {
      ++bad_input;  // loads, and is refused when it runs
      continue;
    }
    const uint64_t limit = name.starts_with("examples/") ? most_example_lanes : most_lanes;
    if (s.launch.lanes > limit) {
      skipped.push_back(fmt::format("{}: {} lanes, above the {} this check runs", name, s.launch.lanes, limit));
      continue;
    }
    size_t altered = 0;
    std::vector<std::string> survived;
    RunOptions options;
    options.mode = Mode::deterministic;
    options.seed = 1;
    options.quiet = true;
    options.inspect = [&](const Observation& seen) {
      const std::vector<Mutation> mutations = mutations_of(s, seen);
      altered = mutations.size();
      for (const Mutation& m : mutations)
        if (all_pass(check_expectations(m.scenario, seen)))
          survived.push_back(
              fmt::format("{}:{}: {} still passes", name, m.scenario.expectations[m.expectation].where.line, m.what));
    };
    const RunResult result = run_scenario(s, options);
    const auto* report = std::get_if<RunReport>(&result);
    if (!report) {
      skipped.push_back(name + ": refused when run (bad input by design)");
      continue;
    }
    if (!report->passed()) {
      skipped.push_back(name + ": does not pass in deterministic mode with seed 1 (a scenario that expects to fail)");
      continue;
    }
    ++scenarios;
    mutated += altered;
    vacuous.insert(vacuous.end(), survived.begin(), survived.end());
  }
  std::cout << fmt::format(
      "{} scenarios passed and had {} checks altered; {} files are bad input by design (the "
      "tests/bad-inputs/ corpus and scenarios refused when read); {} skipped:\n",
      scenarios, mutated, bad_input, skipped.size());
  for (const std::string& line : skipped) std::cout << "  skipped " << line << "\n";
  for (const std::string& line : vacuous) ADD_FAILURE() << "vacuous check: " << line;
  EXPECT_GT(scenarios, 50u);
  EXPECT_GT(mutated, 100u);
}
