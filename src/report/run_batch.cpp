#include "gpuatom/report/run_batch.hpp"

#include <fmt/format.h>

#include <algorithm>

#include "gpuatom/scenario/bind.hpp"
#include "gpuatom/support/diagnostic.hpp"
#include "gpuatom/support/exit_codes.hpp"
#include "gpuatom/support/files.hpp"
#include "gpuatom/support/input_error.hpp"

namespace gpuatom::report {

namespace {

using Scenarios = std::vector<std::optional<scenario::Scenario>>;

// Every file read and checked; a file that is bad input is reported and left out (nullopt).
Scenarios load_all(Batch& batch) {
  Scenarios scenarios(batch.runs.size());
  for (size_t k = 0; k < batch.runs.size(); ++k) {
    auto loaded = scenario::load_scenario(batch.runs[k].file);
    if (auto* d = std::get_if<support::Diagnostics>(&loaded)) {
      batch.runs[k].error = d->format_all();
      support::write_stderr(batch.runs[k].error);
      continue;
    }
    scenarios[k] = std::move(std::get<scenario::Scenario>(loaded));
  }
  return scenarios;
}

void check_dumps(const Scenarios& scenarios, const scenario::RunOptions& options) {
  for (const auto& request : options.dump)
    if (std::none_of(scenarios.begin(), scenarios.end(), [&](const std::optional<scenario::Scenario>& s) {
          return s && std::any_of(s->regions.begin(), s->regions.end(),
                                  [&](const scenario::RegionText& r) { return r.name == request.region; });
        }))
      throw support::InputError(fmt::format("--dump {}: no scenario given has a region of that name", request.region));
}

}  // namespace

Batch run_batch(const std::vector<std::string>& files, const scenario::RunOptions& options,
                const std::function<void(const FileRun&)>& finished) {
  const scenario::Stopwatch clock;
  Batch batch;
  for (const std::string& file : files) batch.runs.push_back({file, std::nullopt, {}});
  Scenarios scenarios = load_all(batch);
  check_dumps(scenarios, options);
  size_t done = 0;
  for (size_t k = 0; k < files.size(); ++k) {
    if (!scenarios[k]) continue;
    if (support::interrupted()) {
      batch.interruption = fmt::format("after {} of {} scenarios", done, files.size());
      break;
    }
    FileRun& run = batch.runs[k];
    auto result = scenario::run_scenario(*scenarios[k], options);
    if (auto* d = std::get_if<support::Diagnostics>(&result)) {
      run.error = d->format_all();
      support::write_stderr(run.error);
      continue;
    }
    run.report = std::get<scenario::RunReport>(std::move(result));
    if (run.report->interrupted) {
      batch.interruption = fmt::format("after {} of {} scenarios; {} stopped after {}", done, files.size(),
                                       run.report->file, run.report->progress);
      break;
    }
    ++done;
    finished(run);
  }
  batch.seconds = clock.seconds();
  return batch;
}

BatchCounts count(const std::vector<FileRun>& runs) {
  BatchCounts c;
  c.files = runs.size();
  for (const FileRun& r : runs) {
    switch (status(r)) {
      case FileStatus::passed: ++c.passed; break;
      case FileStatus::failed: ++c.failed; break;
      case FileStatus::undecided: ++c.undecided; break;
      case FileStatus::skipped: ++c.skipped; break;
      case FileStatus::error: ++c.bad; break;
    }
  }
  return c;
}

std::string summary_line(const BatchCounts& c) {
  return fmt::format("{} scenarios: {} passed, {} failed{}{}{}\n", c.files, c.passed, c.failed,
                     c.undecided ? fmt::format(", {} undecided", c.undecided) : "",
                     c.skipped ? fmt::format(", {} skipped", c.skipped) : "",
                     c.bad ? fmt::format(", {} bad input", c.bad) : "");
}

int exit_code(const BatchCounts& c) {
  using namespace support;
  return c.bad ? exit_bad_input : c.failed ? exit_expectation_failed : c.undecided ? exit_undecided : exit_ok;
}

}  // namespace gpuatom::report
