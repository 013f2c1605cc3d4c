#include "execute.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <map>
#include <new>

#include "gpuatom/exec/exhaustive.hpp"
#include "gpuatom/exec/lane_machine.hpp"
#include "gpuatom/exec/run.hpp"
#include "gpuatom/launch/memory_setup.hpp"
#include "gpuatom/support/progress.hpp"

namespace gpuatom::launch {

namespace {

bool all_hold(const std::variant<std::vector<ExpectationResult>, support::Diagnostics>& checked, std::string& first) {
  const auto* results = std::get_if<std::vector<ExpectationResult>>(&checked);
  if (!results) {
    first = "expectations could not be evaluated";
    return false;
  }
  for (const ExpectationResult& e : *results)
    if (!e.passed) {
      first = e.what + (e.detail.empty() ? "" : ": " + e.detail);
      return false;
    }
  return true;
}

}  // namespace

void check_lane_storage(const Setup& scenario, uint64_t bytes_per_lane, support::Diagnostics& diagnostics) {
  constexpr uint64_t limit = 4ULL << 30;
  const uint64_t lanes = scenario.launch.lanes;
  if (bytes_per_lane == 0 || lanes <= limit / bytes_per_lane) return;
  diagnostics.error(scenario.launch.where,
                    fmt::format("{} lanes × {} bytes of per-lane state is more than the {} GiB a launch may use; "
                                "this program allows at most {} lanes",
                                lanes, bytes_per_lane, limit >> 30, limit / bytes_per_lane));
}

std::vector<std::pair<std::string, std::vector<uint32_t>>> region_words(const Setup& scenario,
                                                                        memory::DeviceMemory& memory, uint64_t most) {
  std::vector<std::pair<std::string, std::vector<uint32_t>>> out;
  for (const RegionText& r : scenario.regions) {
    std::vector<uint32_t> words;
    for (uint64_t i = 0; i < std::min<uint64_t>(r.size / 4, most); ++i)
      words.push_back(static_cast<uint32_t>(memory.load(*r.base + 4 * i, 4, r.attributes.space).value_or(0)));
    out.emplace_back(r.name, std::move(words));
  }
  return out;
}

std::string region_snapshot(const std::vector<std::pair<std::string, std::vector<uint32_t>>>& regions) {
  std::string out;
  for (const auto& [name, words] : regions) {
    out += name + "=[";
    for (size_t i = 0; i < words.size(); ++i) out += fmt::format("{}{:#x}", i ? "," : "", words[i]);
    out += "] ";
  }
  return out;
}

namespace {

// The regions RunOptions::dump asks for, as they are after the run.
std::vector<RunReport::Dump> dump_regions(const Setup& scenario, const RunOptions& options,
                                          const memory::DeviceMemory& memory) {
  std::vector<RunReport::Dump> out;
  for (const RunOptions::DumpRequest& request : options.dump) {
    const auto r = std::find_if(scenario.regions.begin(), scenario.regions.end(),
                                [&](const RegionText& x) { return x.name == request.region; });
    if (r == scenario.regions.end()) continue;
    RunReport::Dump d;
    d.region = r->name;
    d.type = request.type.value_or(r->fill ? r->fill->type : ElementType::u32);
    d.base = *r->base;
    d.elements = r->size / static_cast<uint64_t>(bytes(d.type));
    for (uint64_t i = 0; i < std::min(d.elements, options.dump_limit); ++i)
      d.values.push_back(read_element(memory, d.base, d.type, i).value_or(0));
    out.push_back(std::move(d));
  }
  return out;
}

}  // namespace

namespace {

// Every interleaving of the launch (Mode::exhaustive): each distinct outcome with its count.
RunResult run_every_interleaving(const Setup& scenario, const RunOptions& options, const MachineFactory& make,
                                 RunReport report, const Stopwatch& clock) {
  if (!scenario.exhaustive_ok) {
    report.skipped = true;
    report.notes.push_back("skipped: not marked `exhaustive = true` (too large to enumerate)");
    return report;
  }
  // Build one machine first so that setup errors are reported as bad input.
  auto probe = make();
  if (auto* d = std::get_if<support::Diagnostics>(&probe)) return *d;
  // Each outcome's values, by its text (the exhaustive search keys outcomes by text).
  std::map<std::string, RunReport::Outcome> seen_outcomes;
  struct Instance final : exec::Instance {
    const Setup& scenario;
    std::unique_ptr<Machine> machine;
    const std::function<void(const Observation&)>& inspect;
    std::map<std::string, RunReport::Outcome>& outcomes;
    Instance(const Setup& s, std::unique_ptr<Machine> m, const std::function<void(const Observation&)>& i,
             std::map<std::string, RunReport::Outcome>& o)
        : scenario(s), machine(std::move(m)), inspect(i), outcomes(o) {}
    std::span<exec::Agent* const> agents() override { return machine->agents(); }
    std::string outcome(const exec::RunResult& run) override {
      std::string failed;
      const Observation seen = machine->observe(run);
      if (inspect) inspect(seen);
      const bool hold = all_hold(check_expectations(scenario, seen), failed);
      auto words = region_words(scenario, machine->memory(), 8);
      std::string text = region_snapshot(words) + (hold ? "| expectations hold" : "| FAILED " + failed);
      if (!outcomes.contains(text)) outcomes[text] = {text, 0, hold, std::move(words), hold ? "" : failed};
      return text;
    }
  };
  support::Progress bar(scenario.name + " (interleavings)", !options.quiet);
  exec::ExhaustiveOptions exhaustive{options.exhaustive_cap,    bar.callback(),      options.stop,
                                     options.exhaustive_reduce, options.shard_index, options.shard_count};
  const auto result = exec::run_exhaustive(
      [&]() -> std::unique_ptr<exec::Instance> {
        auto m = make();
        return std::make_unique<Instance>(scenario, std::move(std::get<std::unique_ptr<Machine>>(m)), options.inspect,
                                          seen_outcomes);
      },
      exhaustive);
  for (const auto& [text, count] : result.outcomes) {
    RunReport::Outcome o = seen_outcomes.at(text);
    o.count = count;
    report.outcomes.push_back(std::move(o));
  }
  report.executions = result.executions;
  report.pruned = result.pruned;
  report.counters = result.counters;  // over every execution
  report.naive_log10 = result.naive_log10;
  report.subtrees = result.subtrees;
  report.first_complete_subtree = result.first_complete_subtree;
  report.reduced = options.exhaustive_reduce;
  if (result.interrupted) {
    report.interrupted = true;
    report.progress = fmt::format("{} executions", result.executions + result.pruned);
    report.seconds = clock.seconds();
    return report;
  }
  if (!result.complete) {
    // Nothing failed in what was explored, and not everything was: neither a pass nor a failure,
    // reported the way an `explainable` search past its budget is (RunReport::undecided).
    report.notes.push_back(result.message);
    ExpectationResult cap;
    cap.undecided = true;
    cap.what = "every interleaving explored";
    cap.detail = fmt::format(
        "exploration stopped at the cap after {} executions, before every interleaving was "
        "checked; raise --max-executions or reduce lanes",
        result.executions + result.pruned);
    cap.where = scenario.launch.where;
    report.expectations.push_back(std::move(cap));
  }
  report.seconds = clock.seconds();
  return report;
}

// The run itself, once its memory estimate fits (execute, below).
RunResult run_within_estimate(const Setup& scenario, const RunOptions& options, const MachineFactory& make) {
  RunReport report;
  report.file = scenario.file;
  report.name = scenario.name;
  report.isa = scenario.isa;
  report.mode = options.mode;
  report.seed = options.seed;
  report.lanes = scenario.launch.lanes;
  const Stopwatch clock;

  if (options.mode == Mode::exhaustive)
    return run_every_interleaving(scenario, options, make, std::move(report), clock);

  MachineOrError made;
  try {
    made = make();
  } catch (const std::bad_alloc&) {
    support::Diagnostics d;
    d.error(scenario.launch.where, "the launch does not fit in this machine's memory; use fewer lanes");
    return d;
  }
  if (auto* d = std::get_if<support::Diagnostics>(&made)) return *d;
  Machine& machine = *std::get<std::unique_ptr<Machine>>(made);
  exec::RunOptions run_options;
  run_options.mode = options.mode;
  run_options.seed = options.seed;
  run_options.threads = options.threads;
  support::Progress bar(support::printable_message(scenario.name) + " (lanes)", !options.quiet);
  if (auto update = bar.callback())
    run_options.progress = [&machine, update](uint64_t done, uint64_t total) {
      update(machine.lanes_of(done), machine.lanes_of(total));
    };
  run_options.stop = options.stop;
  exec::RunResult run;
  try {
    exec::AgentStream* stream = machine.stream();
    if (!stream)
      run = exec::run(machine.agents(), run_options);
    else if (options.mode == Mode::parallel)
      run = exec::run_parallel(*stream, run_options.threads, run_options.progress, run_options.stop);
    else
      run = exec::run_deterministic(*stream, run_options);
  } catch (const exec::GroupSetupError&) {
    return machine.setup_error();
  } catch (const exec::ThreadStartError& e) {
    support::Diagnostics d;
    d.error(scenario.launch.where, fmt::format("{}; ask for fewer with --threads", e.what()));
    return d;
  }
  if (run.interrupted) {
    report.interrupted = true;
    report.threads = run.threads;
    report.counters = run.counters;
    report.progress =
        fmt::format("{} of {} lanes", machine.lanes_of(run.agents_finished), machine.lanes_of(run.agents));
    report.seconds = clock.seconds();
    return report;
  }
  report.threads = run.threads;
  report.counters = run.counters;
  for (size_t i = 0; i < run.faults.size() && i < 8; ++i) report.fault_text.push_back(exec::describe(run.faults[i]));
  if (run.faults.size() > 8) report.fault_text.push_back(fmt::format("… and {} more", run.faults.size() - 8));
  report.regions = region_words(scenario, machine.memory(), 16);
  report.dumps = dump_regions(scenario, options, machine.memory());
  const Observation seen = machine.observe(run);
  if (options.inspect) options.inspect(seen);
  auto checked = check_expectations(scenario, seen);
  if (auto* d = std::get_if<support::Diagnostics>(&checked)) return *d;
  report.expectations = std::get<std::vector<ExpectationResult>>(std::move(checked));
  report.seconds = clock.seconds();
  return report;
}

}  // namespace

RunResult execute(const Setup& scenario, const RunOptions& options, const MachineFactory& make, const LaneCosts& costs,
                  bool streamed) {
  if (support::Diagnostics d = check_memory(scenario, options, costs, streamed); d.has_errors()) return d;
  // An allocation that fails anyway (a worker's is rethrown here by the parallel mode) is this
  // scenario's bad input, said with its estimate, never an internal error.
  try {
    return run_within_estimate(scenario, options, make);
  } catch (const std::bad_alloc&) {
    return out_of_memory(scenario, options, costs, streamed);
  }
}

}  // namespace gpuatom::launch
