#include "gpuatom/report/html_report.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>

#include "gpuatom/intel/atomic_ops.hpp"
#include "gpuatom/support/assumption.hpp"
#include "gpuatom/support/text.hpp"
#include "html_amd_instructions.hpp"
#include "html_amd_matrix.hpp"
#include "html_legality.hpp"

namespace gpuatom::report {

namespace {

std::string escape(std::string_view text) { return support::html_escape(text); }

constexpr std::string_view style = R"css(
body{font:14px/1.45 system-ui,sans-serif;margin:0;color:#1d2330;background:#fafbfc}
header{background:#1d2330;color:#fff;padding:18px 28px}header h1{margin:0;font-size:22px}
header p{margin:4px 0 0;color:#c5cbd6}nav a{color:#9fd0ff;margin-right:16px}
main{padding:8px 28px 40px;max-width:1400px}section{margin:28px 0}h2{border-bottom:2px solid #dde2ea;padding-bottom:4px}
table{border-collapse:collapse;margin:8px 0 16px;font-size:13px}th,td{border:1px solid #d5dbe5;padding:3px 7px;text-align:left}
th{background:#eef1f6}td.y{background:#e3f5e6;text-align:center}td.only-a,td.only-b{text-align:center}td.n{color:#b0b6c0;text-align:center}
td.native{background:#e3f5e6}td.cas{background:#e6f0fb}td.noreturn{background:#eef6d9}td.downgrade{background:#fff3d6}
td.nop{background:#fbe3e3}td.na{background:#eceff3;color:#7a8290}td[title]{cursor:help}
.pass{color:#1b7f3b;font-weight:600}.fail{color:#b3261e;font-weight:600}.tag{font-size:11px;padding:1px 5px;border-radius:3px;background:#eef1f6}
.selectors label{margin-right:14px}#reason{white-space:pre-wrap;background:#fff;border:1px solid #d5dbe5;padding:8px;min-height:2em;font-size:12px}
.example{background:#fff;border:1px solid #dde2ea;border-radius:6px;padding:10px 14px;margin:12px 0}
.example p,.example li{overflow-wrap:anywhere}.scroll{overflow-x:auto;max-width:100%}
main{box-sizing:border-box}td.later{color:#8a919c;text-align:center}td.y{font-size:12px}
td.only-a,span.only-a{background:#ffe1c2}td.only-b,span.only-b{background:#e5dcf7}.legend{font-size:12px;color:#4a5262}
.chart-note{font-size:12px;color:#4a5262}
)css";

std::string nvidia_section() {
  return "<section id=\"nvidia\"><h2>NVIDIA SASS: op × size</h2><p>Generated from <code>nvidia/opcodes.hpp</code> "
         "(docs/spec/nvidia.md §5) and the forms each architecture has (<code>nvidia/architecture.hpp</code>, "
         "docs/oracles.md), by the rule <code>alu nvidia --arch</code> and <code>check sass --arch</code> apply. A "
         "link may choose the view: <code>#legal-nvidia=sm_80,sm_90</code>.</p>" +
         nvidia_legality() + "</section>";
}

std::string intel_section() {
  std::string out =
      "<section id=\"intel\"><h2>Intel vISA: operations</h2>"
      "<p>Generated from <code>intel/atomic_ops.hpp</code> "
      "(docs/spec/intel.md §3).</p><div class=\"scroll\"><table><tr><th>code</th>"
      "<th>op</th><th>page</th><th>computes</th><th>Src0</th><th>Src1</th><th>returns</th></tr>";
  const auto role = [](intel::Role r) -> std::string_view {
    switch (r) {
      case intel::Role::null: return "null";
      case intel::Role::value: return "value";
      case intel::Role::new_value: return "new value";
      case intel::Role::comparand: return "comparand";
    }
    return "?";
  };
  for (const intel::AtomicOpInfo& i : intel::atomic_op_table())
    out += fmt::format(
        "<tr><td>0x{:02x}</td><td><code>.{}</code></td><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td></tr>",
        static_cast<unsigned>(i.op), i.name, i.page_name, alu::name(i.alu_op), role(i.src0), role(i.src1),
        i.op == intel::AtomicOp::PREDEC ? "new value" : "old value");
  out +=
      "</table></div><h3>Which platforms have each form</h3><p>Each form and width by the platform rules <code>alu "
      "intel "
      "--platform P</code> and <code>check visa --platform P</code> apply (<code>intel/platform.hpp</code>).</p>" +
      intel_legality();
  // Intel's own compiler as the judge (docs/oracles.md): the committed run's table.
  out +=
      "<h3>Intel's compiler as the judge</h3><p>Every atomic line IGC 1.0.12504 writes for the kernels of "
      "<code>tests/oracle/intel/kernels</code>, per platform (<code>make oracle-intel</code>; docs/oracles.md)."
      "</p><div class=\"scroll\"><table>";
  bool header = true;
  const std::string_view table = intel_oracle_table();
  for (size_t begin = 0; begin < table.size();) {
    const size_t end = std::min(table.find('\n', begin), table.size());
    const std::string_view line = table.substr(begin, end - begin);
    begin = end + 1;
    if (!line.starts_with("|") || line.starts_with("|---")) continue;
    out += "<tr>";
    for (size_t cell = 1; cell < line.size();) {
      const size_t bar = std::min(line.find('|', cell), line.size());
      std::string_view text = line.substr(cell, bar - cell);
      while (!text.empty() && text.front() == ' ') text.remove_prefix(1);
      while (!text.empty() && text.back() == ' ') text.remove_suffix(1);
      out += (header ? "<th>" : "<td>") + escape(text) + (header ? "</th>" : "</td>");
      cell = bar + 1;
    }
    out += "</tr>";
    header = false;
  }
  return out + "</table></div></section>";
}

// A label as drawn: whole up to 90 characters (the label column is as wide as the longest).
std::string chart_label(const std::string& label) { return label.size() <= 90 ? label : label.substr(0, 89) + "…"; }

std::string bar_chart(const ExampleResult& example) {
  if (example.bars.empty()) return {};
  double top = 0;
  size_t longest = 0;
  for (const auto& [label, value] : example.bars) {
    top = std::max(top, std::abs(value));
    longest = std::max(longest, chart_label(label).size());
  }
  // 11 px monospace: 6.7 px a character, so no label runs into its bar.
  const double labels = 12 + 6.7 * static_cast<double>(longest), width = 420, bar_height = 16, gap = 4;
  const double height = static_cast<double>(example.bars.size()) * (bar_height + gap) + 24;
  std::string svg = fmt::format(
      "<svg width=\"{:.0f}\" height=\"{:.0f}\" role=\"img\" aria-label=\"{}\"><text x=\"0\" "
      "y=\"14\" font-size=\"12\">{}</text>",
      labels + width + 120, height, escape(example.chart_title), escape(example.chart_title));
  double y = 22;
  for (const auto& [label, value] : example.bars) {
    const double w = top > 0 ? std::abs(value) / top * width : 0;
    svg += fmt::format(
        "<text x=\"0\" y=\"{:.0f}\" font-size=\"11\" font-family=\"monospace\">{}</text><rect x=\"{:.0f}\" "
        "y=\"{:.0f}\" width=\"{:.1f}\" height=\"{}\" fill=\"#4a7fd4\"/><text x=\"{:.1f}\" y=\"{:.0f}\" "
        "font-size=\"11\">{}</text>",
        y + 12, escape(chart_label(label)), labels, y, w, bar_height, labels + 5 + w, y + 12, value);
    y += bar_height + gap;
  }
  return "<div class=\"scroll\">" + svg + "</svg></div>" +
         (example.chart_note.empty() ? "" : "<p class=\"chart-note\">" + escape(example.chart_note) + "</p>");
}

std::string examples_section(const std::vector<ExampleResult>& examples, bool user_runs) {
  std::string out =
      user_runs ? "<section id=\"examples\"><h2>Your scenarios</h2><p>As <code>gpuatom report</code> ran "
                  "them (or as a <code>gpuatom run --json</code> result recorded them).</p>"
                : "<section id=\"examples\"><h2>Bundled examples</h2><p>Each run by <code>gpuatom report</code> "
                  "in deterministic mode (seed 1), or exhaustive mode where marked.</p>";
  for (const ExampleResult& x : examples) {
    const scenario::RunReport& r = x.report;
    out += fmt::format(
        "<div class=\"example\"><h3>{}</h3><p><code>{}</code> · {} · {} lanes · operations {} · CAS "
        "retries {} · faults {} · <span class=\"{}\">{}</span></p><ul>",
        escape(r.name), escape(r.file), scenario::name(r.mode), r.lanes, r.counters.operations, r.counters.cas_retries,
        r.counters.faults, r.passed() || r.skipped ? "pass" : "fail",
        r.skipped       ? "skipped in this mode"
        : r.passed()    ? "all expectations hold"
        : r.undecided() ? "undecided: a check ran out of its budget"
                        : "an expectation failed");
    for (const auto& e : r.expectations)
      out += fmt::format("<li><span class=\"{}\">{}</span> {}{}</li>", e.passed ? "pass" : "fail",
                         e.passed      ? "PASS"
                         : e.undecided ? "UNDECIDED"
                                       : "FAIL",
                         escape(e.what), e.detail.empty() ? "" : " — " + escape(e.detail));
    for (const std::string& f : r.fault_text) out += fmt::format("<li>fault: {}</li>", escape(f));
    for (const auto& o : r.outcomes) out += fmt::format("<li>{} × {}</li>", o.count, escape(o.text));
    for (const std::string& n : r.notes) out += fmt::format("<li>note: {}</li>", escape(n));
    out += "</ul>" + bar_chart(x) + "</div>";
  }
  return out + "</section>";
}

std::string assumptions_section() {
  std::string out =
      "<section id=\"assumptions\"><h2>Assumptions</h2><p>Every choice gpuatom makes where the vendor "
      "pages are silent, labelled as the spec labels it.</p><div class=\"scroll\"><table><tr><th>label</th><th>id</th>"
      "<th>what gpuatom does</th><th>stated in</th><th>switch</th></tr>";
  for (auto list : {nvidia::assumptions(), intel::assumptions(), amd::assumptions()})
    for (const support::Assumption& a : list)
      out += fmt::format("<tr><td><span class=\"tag\">{}</span></td><td>{}</td><td>{}</td><td>{}</td><td>{}</td></tr>",
                         a.label, a.id, escape(a.statement), escape(a.source), escape(a.option));
  return out + "</table></div></section>";
}

}  // namespace

std::string html_report(const std::vector<ExampleResult>& examples, const std::string& version, bool user_runs) {
  // The user's own runs come first; the reference tables follow them.
  const std::string runs_link = user_runs ? "<a href=\"#examples\">Your scenarios</a>" : "";
  std::string page = fmt::format(
      "<!DOCTYPE html><html lang=\"en\"><head><meta charset=\"utf-8\"><title>gpuatom report</title><style>{}</style>"
      "</head><body><header><h1>gpuatom report</h1><p>GPU atomics of NVIDIA SASS, Intel vISA and AMD — computed, not "
      "transcribed. gpuatom {}.</p><nav>{}<a href=\"#nvidia\">NVIDIA</a><a href=\"#intel\">Intel</a><a "
      "href=\"#amd\">AMD</a><a href=\"#amd-instructions\">AMD instructions</a>{}<a "
      "href=\"#assumptions\">Assumptions</a></nav></header><main>",
      style, escape(version), runs_link, user_runs ? "" : "<a href=\"#examples\">Examples</a>");
  if (user_runs) page += examples_section(examples, user_runs);
  page += nvidia_section();
  page += intel_section();
  page += amd_matrix_section();
  page += amd_instructions_section();
  if (!user_runs) page += examples_section(examples, user_runs);
  page += assumptions_section();
  page += fmt::format("</main><script>{}</script></body></html>\n", legality_script());
  return page;
}

}  // namespace gpuatom::report
