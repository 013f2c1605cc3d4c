#include <fmt/format.h>

#include <algorithm>

#include "gpuatom/report/run_text.hpp"
#include "gpuatom/support/text.hpp"

namespace gpuatom::report {

namespace {

using scenario::RunReport;

// XML text: &, <, >, " and ' escaped; control characters XML 1.0 cannot hold become U+FFFD.
std::string xml(std::string_view text) {
  std::string clean;
  for (const char c : text) {
    const auto u = static_cast<unsigned char>(c);
    if (u < 0x20 && c != '\t' && c != '\n' && c != '\r')
      clean += "\xef\xbf\xbd";
    else
      clean += c;
  }
  return support::html_escape(clean);
}

}  // namespace

std::string junit_xml(const std::vector<FileRun>& runs, double seconds, const std::optional<std::string>& interruption,
                      const std::optional<std::string>& shard) {
  size_t failures = 0, errors = 0, skipped = 0;
  std::string cases;
  for (const FileRun& run : runs) {
    const FileStatus s = status(run);
    const std::string test_name = run.report ? run.report->name : run.file;
    const double time = run.report ? run.report->seconds : 0.0;
    cases +=
        fmt::format("    <testcase classname=\"{}\" name=\"{}\" time=\"{:.6f}\"", xml(run.file), xml(test_name), time);
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
      body = fmt::format(
          "      <error message=\"undecided: a check ran out of its budget\" type=\"undecided\">{}</error>\n",
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
      const std::string first = r.interrupted                                ? "interrupted"
                                : failed_expectation != r.expectations.end() ? failed_expectation->what
                                                                             : "an outcome failed";
      std::string text;
      for (const auto& e : r.expectations)
        if (!e.passed)
          text +=
              fmt::format("{}:{}: FAIL {}{}\n", r.file, e.where.line, e.what, e.detail.empty() ? "" : ": " + e.detail);
      for (const auto& o : r.outcomes)
        if (!o.expectations_hold) text += fmt::format("{} executions: {}\n", o.count, o.text);
      for (const std::string& f : r.fault_text) text += "fault: " + f + "\n";
      body = fmt::format("      <failure message=\"{}\" type=\"failure\">{}</failure>\n", xml(first), xml(text));
    }
    cases += body.empty() ? "/>\n" : ">\n" + body + "    </testcase>\n";
  }
  // An interrupted run says so for the whole suite too, where every JUnit reader shows properties.
  // A shard's report says which shard it is (`gpuatom run --shard K/N`), beside its cases.
  std::string property_lines;
  if (interruption)
    property_lines += fmt::format("      <property name=\"interrupted\" value=\"{}\"/>\n", xml(*interruption));
  if (shard) property_lines += fmt::format("      <property name=\"shard\" value=\"{}\"/>\n", xml(*shard));
  const std::string properties =
      property_lines.empty() ? "" : "    <properties>\n" + property_lines + "    </properties>\n";
  return fmt::format(
      "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
      "<testsuites name=\"gpuatom\" tests=\"{0}\" failures=\"{1}\" errors=\"{2}\" skipped=\"{3}\" time=\"{4:.6f}\">\n"
      "  <testsuite name=\"gpuatom run\" tests=\"{0}\" failures=\"{1}\" errors=\"{2}\" skipped=\"{3}\" "
      "time=\"{4:.6f}\">\n"
      "{6}{5}"
      "  </testsuite>\n"
      "</testsuites>\n",
      runs.size(), failures, errors, skipped, seconds, cases, properties);
}

}  // namespace gpuatom::report
