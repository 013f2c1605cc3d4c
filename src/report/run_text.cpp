#include "gpuatom/report/run_text.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <iterator>

#include "gpuatom/support/text.hpp"

namespace gpuatom::report {

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

void append_dump(std::string& out, const RunReport::Dump& d) {
  const int digits = 2 * scenario::bytes(d.type);
  fmt::format_to(std::back_inserter(out), "   {} ({} × {}, at {:#x}):\n", d.region, d.elements, scenario::name(d.type),
                 d.base);
  // Runs of equal elements print once, with the index range they span.
  for (size_t i = 0; i < d.values.size();) {
    size_t j = i + 1;
    while (j < d.values.size() && d.values[j] == d.values[i]) ++j;
    const std::string at = j - i == 1 ? fmt::format("[{}]", i) : fmt::format("[{}..{}]", i, j - 1);
    fmt::format_to(std::back_inserter(out), "     {:>14}  0x{:0{}x}  {}\n", at, d.values[i], digits,
                   scenario::typed_value(d.values[i], d.type));
    i = j;
  }
  if (d.values.size() < d.elements)
    fmt::format_to(std::back_inserter(out), "     … {} more elements (the first {} are shown)\n",
                   d.elements - d.values.size(), d.values.size());
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

std::string report_text(const RunReport& r) {
  std::string out;
  // The file and the scenario's name are the user's text: control characters (an escape code in
  // a name) are shown, not sent to the terminal.
  fmt::format_to(std::back_inserter(out), "== {}: {}  [{}, {}{}]\n", support::printable_message(r.file),
                 support::printable_message(r.name),
                 r.isa == scenario::Isa::sass   ? "sass"
                 : r.isa == scenario::Isa::visa ? "visa"
                                                : "amd",
                 scenario::name(r.mode),
                 r.mode == Mode::parallel        ? fmt::format(", {} threads", r.threads)
                 : r.mode == Mode::deterministic ? fmt::format(", seed {}", r.seed)
                                                 : std::string());
  if (!r.skipped)
    fmt::format_to(
        std::back_inserter(out), "   lanes {}   time {:.3f} s   {}   operations {}   CAS retries {}   faults {}\n",
        r.lanes, r.seconds, format_rate(static_cast<double>(r.lanes) * std::max<uint64_t>(1, r.executions), r.seconds),
        r.counters.operations, r.counters.cas_retries, r.counters.faults);
  for (const std::string& note : r.notes) fmt::format_to(std::back_inserter(out), "   note: {}\n", note);
  for (const auto& e : r.expectations)
    fmt::format_to(std::back_inserter(out), "   {}  {}{}\n",
                   e.passed      ? "PASS"
                   : e.undecided ? "UNDECIDED"
                                 : "FAIL",
                   e.what, e.detail.empty() ? "" : "    " + e.detail);
  for (const std::string& f : r.fault_text) fmt::format_to(std::back_inserter(out), "   fault: {}\n", f);
  if (!r.outcomes.empty()) {
    fmt::format_to(std::back_inserter(out), "   {} distinct outcomes over {} executions{}:\n", r.outcomes.size(),
                   r.executions,
                   r.naive_log10 <= 0 ? ""
                   : r.reduced ? fmt::format(" (one per class of equivalent interleavings; {} interleavings in all)",
                                             interleavings_text(r.naive_log10))
                               : " (every interleaving)");
    for (const auto& o : r.outcomes)
      fmt::format_to(std::back_inserter(out), "   {:>8}  {}  {}\n", o.count, o.expectations_hold ? "hold" : "FAIL",
                     o.text);
  }
  for (const RunReport::Dump& d : r.dumps) append_dump(out, d);
  fmt::format_to(std::back_inserter(out), "   {}\n\n",
                 r.skipped       ? "skipped"
                 : r.passed()    ? "ok"
                 : r.undecided() ? "undecided"
                                 : "FAILED");
  return out;
}

}  // namespace gpuatom::report
