#include "gpuatom/report/page_results.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <filesystem>

#include "gpuatom/report/run_json.hpp"
#include "gpuatom/scenario/bind.hpp"
#include "gpuatom/support/input_error.hpp"
#include "gpuatom/support/text.hpp"

namespace gpuatom::report {

namespace {

namespace fs = std::filesystem;
using Types = std::map<std::string, scenario::ElementType>;

// A path as the user would type it from here: relative to the current directory when it is below it.
std::string shown_path(const std::string& file) {
  std::error_code ec;
  const fs::path relative = fs::proximate(file, ec);
  if (ec || relative.empty() || *relative.begin() == "..") return file;
  return relative.string();
}

// A number for a bar: the typed value, 0 for a NaN or an infinity.
double bar_value(uint64_t bits, scenario::ElementType type) {
  const double v = scenario::typed_number(bits, type);
  return std::isfinite(v) ? v : 0.0;
}

// "x=[3, 0] y=[1.5]": an outcome's regions, each element in its region's type.
std::string outcome_label(const scenario::RunReport::Outcome& o, const Types& types) {
  std::string out;
  for (const auto& [region, words] : o.regions) {
    const auto t = types.find(region);
    const scenario::ElementType type =
        t == types.end() || scenario::bytes(t->second) != 4 ? scenario::ElementType::u32 : t->second;
    out += (out.empty() ? "" : " ") + region + "=[";
    for (size_t i = 0; i < words.size(); ++i) out += (i ? ", " : "") + scenario::typed_value(words[i], type);
    out += "]";
  }
  if (!o.expectations_hold) out += " (FAILED)";
  return out.empty() ? o.text : out;
}

// Every element of the dump as a bar, or, past max_bars, runs of consecutive elements as one bar
// each (their sum), with a note saying so and how much of the region the dump holds.
void dump_bars(const scenario::RunReport::Dump& d, ExampleResult& x) {
  constexpr size_t max_bars = 64;
  const size_t n = d.values.size(), per = (n + max_bars - 1) / max_bars;
  if (per <= 1) {
    for (size_t i = 0; i < n; ++i)
      x.bars.emplace_back(fmt::format("{}[{}] = {} ({})", d.region, i, scenario::typed_value(d.values[i], d.type),
                                      support::hex(d.values[i], 2 * scenario::bytes(d.type))),
                          bar_value(d.values[i], d.type));
  } else {
    for (size_t i = 0; i < n; i += per) {
      const size_t end = std::min(n, i + per);
      double sum = 0;
      for (size_t k = i; k < end; ++k) sum += bar_value(d.values[k], d.type);
      x.bars.emplace_back(fmt::format("{}[{}…{}] sum = {}", d.region, i, end - 1, sum), sum);
    }
    x.chart_note = fmt::format("{} elements, {} to a bar (their sum)", n, per);
  }
  if (d.elements > n)
    x.chart_note += fmt::format("{}the first {} of {} elements (the run recorded no more)",
                                x.chart_note.empty() ? "" : "; ", n, d.elements);
}

}  // namespace

ExampleResult page_result(scenario::RunReport report, const Types& types) {
  ExampleResult x;
  report.file = shown_path(report.file);
  x.report = std::move(report);
  const scenario::RunReport& r = x.report;
  if (!r.outcomes.empty()) {
    x.chart_title = "executions reaching each outcome";
    for (const auto& o : r.outcomes) x.bars.emplace_back(outcome_label(o, types), static_cast<double>(o.count));
  } else if (!r.dumps.empty()) {
    const scenario::RunReport::Dump& d = r.dumps.front();
    x.chart_title = fmt::format("region '{}' ({}) after the run", d.region, scenario::name(d.type));
    dump_bars(d, x);
  } else if (!r.regions.empty()) {
    const auto& [name, words] = r.regions.front();
    x.chart_title = fmt::format("first words of region '{}' after the run", name);
    for (size_t i = 0; i < words.size(); ++i)
      x.bars.emplace_back(fmt::format("{}[{}] = {} ({})", name, i, words[i], support::hex(words[i], 8)), words[i]);
  }
  return x;
}

ExampleResult run_for_page(const scenario::Scenario& s, std::optional<scenario::Mode> mode, uint64_t seed) {
  scenario::RunOptions options;
  options.mode = mode ? *mode : s.exhaustive_ok ? scenario::Mode::exhaustive : scenario::Mode::deterministic;
  options.seed = seed;
  options.quiet = true;
  Types types;
  for (const scenario::RegionText& r : s.regions) {
    types[r.name] = r.fill ? r.fill->type : scenario::ElementType::u32;
    options.dump.push_back({r.name, std::nullopt});
  }
  options.dump_limit = 4096;  // every bin of a histogram; dump_bars() groups them for the chart
  auto result = scenario::run_scenario(s, options);
  if (auto* d = std::get_if<support::Diagnostics>(&result)) throw support::InputError(d->format_all());
  return page_result(std::get<scenario::RunReport>(std::move(result)), types);
}

std::vector<ExampleResult> page_results_of_json(const std::string& path) {
  std::vector<ExampleResult> out;
  for (scenario::RunReport& r : read_run_json(path)) {
    Types types;  // what the run's dumps were read as
    for (const scenario::RunReport::Dump& d : r.dumps) types[d.region] = d.type;
    out.push_back(page_result(std::move(r), types));
  }
  return out;
}

bool any_failed(const std::vector<ExampleResult>& results) {
  return std::any_of(results.begin(), results.end(), [](const ExampleResult& x) {
    return !x.report.skipped && !x.report.passed() && !x.report.undecided();
  });
}

bool any_undecided(const std::vector<ExampleResult>& results) {
  return std::any_of(results.begin(), results.end(), [](const ExampleResult& x) { return x.report.undecided(); });
}

}  // namespace gpuatom::report
