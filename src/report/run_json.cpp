#include "gpuatom/report/run_json.hpp"

#include <fmt/format.h>

#include <nlohmann/json.hpp>
#include <optional>
#include <stdexcept>

#include "gpuatom/support/input_error.hpp"
#include "gpuatom/support/line_input.hpp"
#include "run_json_objects.hpp"

namespace gpuatom::report {

using scenario::Mode;
using scenario::RunReport;

nlohmann::json file_run_json(const FileRun& run) {
  nlohmann::json j;
  j["file"] = run.file;
  j["status"] = name(status(run));
  if (!run.report) {
    j["passed"] = false;
    j["error"] = run.error;
    return j;
  }
  const RunReport& r = *run.report;
  j["name"] = r.name;
  j["mode"] = scenario::name(r.mode);
  j["seed"] = r.seed;
  j["threads"] = r.threads;
  j["lanes"] = r.lanes;
  j["seconds"] = r.seconds;
  j["passed"] = r.passed();
  j["skipped"] = r.skipped;
  j["counters"] = {
      {"operations", r.counters.operations}, {"cas_retries", r.counters.cas_retries}, {"faults", r.counters.faults}};
  j["expectations"] = nlohmann::json::array();
  for (const auto& e : r.expectations)
    j["expectations"].push_back({{"what", e.what},
                                 {"passed", e.passed},
                                 {"undecided", e.undecided},
                                 {"detail", e.detail},
                                 {"line", e.where.line}});
  j["faults"] = r.fault_text;
  if (!r.outcomes.empty() || r.mode == Mode::exhaustive) {
    j["executions"] = r.executions;
    j["interleavings_log10"] = r.naive_log10;
    j["reduced"] = r.reduced;
    j["outcomes"] = nlohmann::json::array();
    for (const auto& o : r.outcomes) {
      nlohmann::json regions = nlohmann::json::object();
      for (const auto& [region, words] : o.regions) regions[region] = words;
      j["outcomes"].push_back({{"count", o.count},
                               {"expectations_hold", o.expectations_hold},
                               {"failed", o.failed},
                               {"regions", regions},
                               {"text", o.text}});
    }
  }
  nlohmann::json dumps = nlohmann::json::object();
  for (const RunReport::Dump& d : r.dumps) {
    nlohmann::json values = nlohmann::json::array();
    for (const uint64_t v : d.values)
      values.push_back({{"bits", fmt::format("0x{:0{}x}", v, 2 * scenario::bytes(d.type))},
                        {"value", scenario::typed_value(v, d.type)}});
    dumps[d.region] = {
        {"type", scenario::name(d.type)}, {"base", d.base}, {"elements", d.elements}, {"values", values}};
  }
  if (!r.dumps.empty()) j["dumps"] = dumps;
  j["notes"] = r.notes;
  return j;
}

namespace {

// What file_run_json wrote for a file that ran, read back; nothing for a file that never ran. Throws
// (nlohmann::json's exceptions, std::invalid_argument) on anything else.
std::optional<RunReport> report_from_json(const nlohmann::json& j) {
  if (!j.contains("name")) return std::nullopt;  // a file that never ran
  RunReport r;
  r.file = j.at("file").get<std::string>();
  r.name = j.at("name").get<std::string>();
  const auto mode = mode_named(j.at("mode").get<std::string>());
  if (!mode) throw std::invalid_argument("unknown mode " + j.at("mode").dump());
  r.mode = *mode;
  r.seed = j.value("seed", uint64_t{0});
  r.lanes = j.value("lanes", uint64_t{0});
  r.threads = j.value("threads", 0U);
  r.seconds = j.value("seconds", 0.0);
  r.naive_log10 = j.value("interleavings_log10", 0.0);
  r.reduced = j.value("reduced", true);
  r.skipped = j.value("skipped", false);
  const nlohmann::json& c = j.at("counters");
  r.counters = {c.value("operations", uint64_t{0}), c.value("cas_retries", uint64_t{0}),
                c.value("faults", uint64_t{0})};
  for (const nlohmann::json& e : j.at("expectations")) {
    support::SourceLocation where;
    where.line = e.value("line", 0U);
    r.expectations.push_back({e.at("passed").get<bool>(), e.at("what").get<std::string>(), e.value("detail", ""), where,
                              e.value("undecided", false)});
  }
  for (const nlohmann::json& f : j.value("faults", nlohmann::json::array()))
    r.fault_text.push_back(f.get<std::string>());
  r.executions = j.value("executions", uint64_t{0});
  for (const nlohmann::json& o : j.value("outcomes", nlohmann::json::array())) {
    RunReport::Outcome outcome{o.value("text", ""),
                               o.at("count").get<uint64_t>(),
                               o.at("expectations_hold").get<bool>(),
                               {},
                               o.value("failed", "")};
    const nlohmann::json regions = o.value("regions", nlohmann::json::object());  // kept: items() refers to it
    for (const auto& [region, words] : regions.items())
      outcome.regions.emplace_back(region, words.get<std::vector<uint32_t>>());
    r.outcomes.push_back(std::move(outcome));
  }
  for (const nlohmann::json& n : j.value("notes", nlohmann::json::array())) r.notes.push_back(n.get<std::string>());
  const nlohmann::json dumps = j.value("dumps", nlohmann::json::object());
  for (const auto& [region, d] : dumps.items()) {
    RunReport::Dump dump;
    dump.region = region;
    const auto type = scenario::parse_element_type(d.at("type").get<std::string>());
    if (!type) throw std::invalid_argument("unknown element type " + d.at("type").dump());
    dump.type = *type;
    dump.base = d.value("base", uint64_t{0});
    dump.elements = d.value("elements", uint64_t{0});
    for (const nlohmann::json& v : d.at("values"))
      dump.values.push_back(std::stoull(v.at("bits").get<std::string>(), nullptr, 16));
    r.dumps.push_back(std::move(dump));
  }
  return r;
}

// The largest `gpuatom run --json` result read: far above any real batch's.
constexpr uint64_t max_json_result_bytes = uint64_t{256} << 20;

}  // namespace

FileRun file_run_of_json(const nlohmann::json& j) {
  FileRun run{j.at("file").get<std::string>(), report_from_json(j), j.value("error", "")};
  if (run.report) run.report->file = run.file;
  return run;
}

std::string run_json(const std::vector<FileRun>& runs) {
  nlohmann::json all = nlohmann::json::array();
  for (const FileRun& r : runs) all.push_back(file_run_json(r));
  return all.dump(2) + "\n";
}

std::vector<RunReport> parse_run_json(std::string_view document, std::string_view source) {
  nlohmann::json all;
  try {
    all = nlohmann::json::parse(document);
  } catch (const nlohmann::json::exception& e) {
    throw support::InputError(fmt::format("{}: not a `gpuatom run --json` result: {}", source, e.what()));
  }
  // A shard's result (`gpuatom run --shard K/N --json`, shard.hpp) holds its files' objects under "runs".
  if (all.is_object() && all.contains("shard") && all.contains("runs")) all = nlohmann::json(all["runs"]);
  if (!all.is_array())
    throw support::InputError(fmt::format("{}: not a `gpuatom run --json` result (expected an array)", source));
  std::vector<RunReport> out;
  try {
    for (const nlohmann::json& j : all)
      if (auto r = report_from_json(j)) out.push_back(std::move(*r));
  } catch (const std::exception& e) {
    throw support::InputError(fmt::format("{}: not a `gpuatom run --json` result: {}", source, e.what()));
  }
  if (out.empty()) throw support::InputError(fmt::format("{}: the result holds no scenario that ran", source));
  return out;
}

std::vector<RunReport> read_run_json(const std::string& path) {
  // The shared input layer says why a path cannot be read as bad input naming it; an ifstream
  // opens a directory and fails later, unexplained.
  const support::WholeInput input = support::read_whole_input(path, max_json_result_bytes);
  if (input.problem != support::WholeInput::Problem::none)
    throw support::InputError(support::describe(input, path, max_json_result_bytes));
  return parse_run_json(input.bytes, path);
}

}  // namespace gpuatom::report
