#include <fmt/format.h>

#include "gpuatom/amd/known_anomalies.hpp"
#include "gpuatom/amd/matrix_render.hpp"
#include "gpuatom/support/text.hpp"

namespace gpuatom::amd {

namespace {

std::string escape(std::string_view text) { return support::html_escape(text); }

std::string_view css_class(Outcome outcome) {
  switch (outcome) {
    case Outcome::native:
    case Outcome::cas:
    case Outcome::no_return: return "ok";
    case Outcome::scope_downgrade:
    case Outcome::scope_downgrade_cas: return "weak";
    case Outcome::nop: return "fail";
    case Outcome::not_applicable: return "na";
  }
  return "";
}

// Everything inline: the page must open from a file with no network.
constexpr std::string_view style =
    "body{font-family:sans-serif;margin:2em}table{border-collapse:collapse;margin-bottom:1.5em}"
    "th,td{border:1px solid #bbb;padding:2px 8px;text-align:left}td[title]{cursor:help}"
    ".ok{background:#e6f4e6}.weak{background:#fff4d6}.fail{background:#fbe3e3}.na{color:#777}.amd{color:#a00}";

}  // namespace

std::string render_html(const Matrix& m) {
  const std::string heading = escape(title(m.key));
  std::string out = fmt::format(
      "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<title>{0}</title>\n"
      "<style>{1}</style>\n</head>\n<body>\n<h1>{0}</h1>\n"
      "<p>Computed by gpuatom from the rules of docs/spec/amd.md (not the page's data). Hover over a cell to read why. "
      "Where AMD's published table (ROCm 6.4.3) says otherwise, its word is under the model's, in red.</p>\n",
      heading, style);
  for (const SwitchInfo& sw : switches()) {
    const std::string_view value = switch_value(m.options, sw.name);
    if (value != sw.values.front()) out += fmt::format("<p>Switch {}={}</p>\n", escape(sw.name), escape(value));
  }
  const SelectorLeaf* previous = nullptr;
  for (const LeafTable& leaf : m.leaves) {
    const SelectorLeaf& l = leaf.leaf;
    if (!previous || previous->memory != l.memory) out += fmt::format("<h2>{}</h2>\n", escape(name(l.memory)));
    if (!previous || previous->memory != l.memory || previous->granularity != l.granularity)
      out += fmt::format("<h3>{}</h3>\n", escape(name(l.granularity)));
    out += fmt::format("<h4>{} scope</h4>\n<table>\n<thead><tr><th>Atomic</th>", escape(name(l.scope)));
    for (const Device& d : m.columns) out += fmt::format("<th>{}</th>", escape(d.name));
    out += "</tr></thead>\n<tbody>\n";
    for (size_t r = 0; r < leaf.cells.size(); ++r) {
      out += fmt::format("<tr><th>{}</th>", escape(rows()[r].label));
      for (const Explanation& cell : leaf.cells[r]) {
        // AMD's published word beside the model's where they differ (known_anomalies.hpp).
        const KnownAnomaly* differs = published_difference(*cell.device, cell.request.label, cell.selectors);
        const std::string amd =
            differs ? fmt::format("<br><small class=\"amd\">AMD: {}</small>", escape(differs->amd_says)) : "";
        const std::string why =
            differs ? fmt::format(" — {} say {}: {}", published_source, differs->amd_says, differs->why) : "";
        out += fmt::format("<td class=\"{}\" title=\"{}\">{}{}</td>", css_class(cell.outcome),
                           escape(explain_line(cell) + why), escape(label(cell.outcome)), amd);
      }
      out += "</tr>\n";
    }
    out += "</tbody>\n</table>\n";
    previous = &l;
  }
  out += "</body>\n</html>\n";
  return out;
}

}  // namespace gpuatom::amd
