#include "run_output.hpp"

#include <algorithm>
#include <cmath>

#include <fmt/format.h>

#include "gpuatom/support/diagnostic.hpp"
#include "gpuatom/support/text.hpp"

namespace gpuatom::cli {

namespace {

using scenario::Mode;
using scenario::RunReport;

std::string format_rate(double lanes, double seconds) {
  if (seconds <= 0) return "-";
  const double rate = lanes / seconds;
  if (rate >= 1e6) return fmt::format("{:.1f} M lanes/s", rate / 1e6);
  if (rate >= 1e3) return fmt::format("{:.1f} k lanes/s", rate / 1e3);
  return fmt::format("{:.0f} lanes/s", rate);
}

// "24", "1.3e+13": a count known by its log10.
std::string interleavings_text(double log10) {
  const double n = std::pow(10.0, log10);
  return log10 < 15 ? fmt::format("{:.0f}", std::round(n)) : fmt::format("about {:.2g}", n);
}

void print_dump(const RunReport::Dump& d) {
  const int digits = 2 * scenario::bytes(d.type);
  fmt::print("   {} ({} × {}, at {:#x}):\n", d.region, d.elements, scenario::name(d.type), d.base);
  // Runs of equal elements print once, with the index range they span.
  for (size_t i = 0; i < d.values.size();) {
    size_t j = i + 1;
    while (j < d.values.size() && d.values[j] == d.values[i]) ++j;
    const std::string at = j - i == 1 ? fmt::format("[{}]", i) : fmt::format("[{}..{}]", i, j - 1);
    fmt::print("     {:>14}  0x{:0{}x}  {}\n", at, d.values[i], digits, scenario::typed_value(d.values[i], d.type));
    i = j;
  }
  if (d.values.size() < d.elements)
    fmt::print("     … {} more elements (the first {} are shown)\n", d.elements - d.values.size(), d.values.size());
}

// XML text: &, <, >, " and ' escaped; control characters XML 1.0 cannot hold become U+FFFD.
std::string xml(std::string_view text) {
  std::string clean;
  for (const char c : text) {
    const auto u = static_cast<unsigned char>(c);
    if (u < 0x20 && c != '\t' && c != '\n' && c != '\r') clean += "\xef\xbf\xbd";
    else clean += c;
  }
  return support::html_escape(clean);
}

}  // namespace

std::optional<scenario::Mode> mode_named(std::string_view name) {
  for (const Mode m : {Mode::parallel, Mode::deterministic, Mode::exhaustive})
    if (scenario::name(m) == name) return m;
  return std::nullopt;
}

FileStatus status(const FileRun& run) {
  if (!run.report) return FileStatus::error;
  if (run.report->skipped) return FileStatus::skipped;
  if (run.report->undecided()) return FileStatus::undecided;
  return run.report->passed() ? FileStatus::passed : FileStatus::failed;
}

const char* name(FileStatus s) {
  switch (s) {
    case FileStatus::passed: return "passed";
    case FileStatus::failed: return "failed";
    case FileStatus::undecided: return "undecided";
    case FileStatus::skipped: return "skipped";
    case FileStatus::error: return "error";
  }
  return "?";
}

void print_report(const RunReport& r) {
  // The file and the scenario's name are the user's text: control characters (an escape code in
  // a name) are shown, not sent to the terminal.
  fmt::print("== {}: {}  [{}, {}{}]\n", support::printable_message(r.file), support::printable_message(r.name), r.isa == scenario::Isa::sass ? "sass" : r.isa == scenario::Isa::visa ? "visa" : "amd",
             scenario::name(r.mode),
             r.mode == Mode::parallel ? fmt::format(", {} threads", r.threads)
             : r.mode == Mode::deterministic ? fmt::format(", seed {}", r.seed) : std::string());
  if (!r.skipped)
    fmt::print("   lanes {}   time {:.3f} s   {}   operations {}   CAS retries {}   faults {}\n", r.lanes, r.seconds,
               format_rate(static_cast<double>(r.lanes) * std::max<uint64_t>(1, r.executions), r.seconds),
               r.counters.operations, r.counters.cas_retries, r.counters.faults);
  for (const std::string& note : r.notes) fmt::print("   note: {}\n", note);
  for (const auto& e : r.expectations)
    fmt::print("   {}  {}{}\n", e.passed ? "PASS" : e.undecided ? "UNDECIDED" : "FAIL", e.what,
               e.detail.empty() ? "" : "    " + e.detail);
  for (const std::string& f : r.fault_text) fmt::print("   fault: {}\n", f);
  if (!r.outcomes.empty()) {
    fmt::print("   {} distinct outcomes over {} executions{}:\n", r.outcomes.size(), r.executions,
               r.naive_log10 <= 0 ? ""
               : r.reduced ? fmt::format(" (one per class of equivalent interleavings; {} interleavings in all)",
                                         interleavings_text(r.naive_log10))
                           : " (every interleaving)");
    for (const auto& o : r.outcomes)
      fmt::print("   {:>8}  {}  {}\n", o.count, o.expectations_hold ? "hold" : "FAIL", o.text);
  }
  for (const RunReport::Dump& d : r.dumps) print_dump(d);
  fmt::print("   {}\n\n", r.skipped ? "skipped" : r.passed() ? "ok" : r.undecided() ? "undecided" : "FAILED");
}

nlohmann::json to_json(const FileRun& run) {
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
  j["counters"] = {{"operations", r.counters.operations}, {"cas_retries", r.counters.cas_retries},
                   {"faults", r.counters.faults}};
  j["expectations"] = nlohmann::json::array();
  for (const auto& e : r.expectations)
    j["expectations"].push_back({{"what", e.what}, {"passed", e.passed}, {"undecided", e.undecided},
                                 {"detail", e.detail}, {"line", e.where.line}});
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
    dumps[d.region] = {{"type", scenario::name(d.type)}, {"base", d.base}, {"elements", d.elements}, {"values", values}};
  }
  if (!r.dumps.empty()) j["dumps"] = dumps;
  j["notes"] = r.notes;
  return j;
}

std::optional<scenario::RunReport> report_from_json(const nlohmann::json& j) {
  if (!j.contains("name")) return std::nullopt;  // a file that never ran
  RunReport r;
  r.file = j.at("file").get<std::string>();
  r.name = j.at("name").get<std::string>();
  const auto mode = mode_named(j.at("mode").get<std::string>());
  if (!mode) throw std::invalid_argument("unknown mode " + j.at("mode").dump());
  r.mode = *mode;
  r.seed = j.value("seed", uint64_t{0});
  r.lanes = j.value("lanes", uint64_t{0});
  r.skipped = j.value("skipped", false);
  const nlohmann::json& c = j.at("counters");
  r.counters = {c.value("operations", uint64_t{0}), c.value("cas_retries", uint64_t{0}), c.value("faults", uint64_t{0})};
  for (const nlohmann::json& e : j.at("expectations"))
    r.expectations.push_back({e.at("passed").get<bool>(), e.at("what").get<std::string>(), e.value("detail", ""), {},
                              e.value("undecided", false)});
  for (const nlohmann::json& f : j.value("faults", nlohmann::json::array())) r.fault_text.push_back(f.get<std::string>());
  r.executions = j.value("executions", uint64_t{0});
  for (const nlohmann::json& o : j.value("outcomes", nlohmann::json::array())) {
    RunReport::Outcome outcome{o.value("text", ""), o.at("count").get<uint64_t>(), o.at("expectations_hold").get<bool>(),
                               {}, o.value("failed", "")};
    const nlohmann::json regions = o.value("regions", nlohmann::json::object());  // kept: items() refers to it
    for (const auto& [region, words] : regions.items()) outcome.regions.emplace_back(region, words.get<std::vector<uint32_t>>());
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
    for (const nlohmann::json& v : d.at("values")) dump.values.push_back(std::stoull(v.at("bits").get<std::string>(), nullptr, 16));
    r.dumps.push_back(std::move(dump));
  }
  return r;
}

std::string junit_xml(const std::vector<FileRun>& runs, double seconds,
                      const std::optional<std::string>& interruption) {
  size_t failures = 0, errors = 0, skipped = 0;
  std::string cases;
  for (const FileRun& run : runs) {
    const FileStatus s = status(run);
    const std::string test_name = run.report ? run.report->name : run.file;
    const double time = run.report ? run.report->seconds : 0.0;
    cases += fmt::format("    <testcase classname=\"{}\" name=\"{}\" time=\"{:.6f}\"", xml(run.file), xml(test_name), time);
    std::string body;
    if (interruption && !run.report && run.error.empty()) {
      ++skipped;  // never started: the run was stopped before it
      body = "      <skipped message=\"not run: the run was interrupted\"/>\n";
    } else if (run.report && run.report->interrupted) {
      ++errors;  // stopped part-way: neither passed nor failed, its expectations unchecked
      body = fmt::format(
          "      <error message=\"interrupted after {}\" type=\"interrupted\">the run was stopped by a "
          "signal; the expectations were not checked</error>\n",
          xml(run.report->progress));
    } else if (s == FileStatus::error) {
      ++errors;
      body = fmt::format("      <error message=\"bad input\" type=\"error\">{}</error>\n", xml(run.error));
    } else if (s == FileStatus::undecided) {
      ++errors;  // neither passed nor failed: JUnit's error, with its own type
      std::string text;
      for (const auto& e : run.report->expectations)
        if (e.undecided) text += fmt::format("{}:{}: UNDECIDED {}: {}\n", run.file, e.where.line, e.what, e.detail);
      body = fmt::format("      <error message=\"undecided: a check ran out of its budget\" type=\"undecided\">{}</error>\n",
                         xml(text));
    } else if (s == FileStatus::skipped) {
      ++skipped;
      const std::string why = run.report->notes.empty() ? "skipped" : run.report->notes.front();
      body = fmt::format("      <skipped message=\"{}\"/>\n", xml(why));
    } else if (s == FileStatus::failed) {
      ++failures;
      const RunReport& r = *run.report;
      const auto failed_expectation =
          std::find_if(r.expectations.begin(), r.expectations.end(), [](const auto& e) { return !e.passed; });
      const std::string first = r.interrupted ? "interrupted"
                                : failed_expectation != r.expectations.end() ? failed_expectation->what
                                                                             : "an outcome failed";
      std::string text;
      for (const auto& e : r.expectations)
        if (!e.passed)
          text += fmt::format("{}:{}: FAIL {}{}\n", r.file, e.where.line, e.what, e.detail.empty() ? "" : ": " + e.detail);
      for (const auto& o : r.outcomes)
        if (!o.expectations_hold) text += fmt::format("{} executions: {}\n", o.count, o.text);
      for (const std::string& f : r.fault_text) text += "fault: " + f + "\n";
      body = fmt::format("      <failure message=\"{}\" type=\"failure\">{}</failure>\n", xml(first), xml(text));
    }
    cases += body.empty() ? "/>\n" : ">\n" + body + "    </testcase>\n";
  }
  // An interrupted run says so for the whole suite too, where every JUnit reader shows properties.
  const std::string properties =
      interruption
          ? fmt::format("    <properties>\n      <property name=\"interrupted\" value=\"{}\"/>\n    </properties>\n",
                        xml(*interruption))
          : "";
  return fmt::format(
      "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
      "<testsuites name=\"gpuatom\" tests=\"{0}\" failures=\"{1}\" errors=\"{2}\" skipped=\"{3}\" time=\"{4:.6f}\">\n"
      "  <testsuite name=\"gpuatom run\" tests=\"{0}\" failures=\"{1}\" errors=\"{2}\" skipped=\"{3}\" time=\"{4:.6f}\">\n"
      "{6}{5}"
      "  </testsuite>\n"
      "</testsuites>\n",
      runs.size(), failures, errors, skipped, seconds, cases, properties);
}

}  // namespace gpuatom::cli
