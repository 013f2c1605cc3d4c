#include "gpuatom/report/amd_which_report.hpp"

#include <fmt/format.h>

#include <vector>

#include "gpuatom/support/json_writer.hpp"

namespace gpuatom::report {

namespace {

namespace json = support::json;

std::vector<amd::AskedCell> ask_every_device(const WhichQuestion& q) {
  std::vector<amd::AskedCell> cells;
  for (const amd::Device& device : amd::devices())
    if (!q.family || device.family == *q.family)
      cells.push_back(amd::ask_cell(device, q.request, q.selectors, q.pcie, q.options));
  return cells;
}

std::string outcome_text(const amd::AskedCell& cell) {
  if (!cell.pcie_matters) return std::string(amd::label(cell.chosen().outcome));
  return fmt::format("{} with PCIe atomics, {} without", amd::label(cell.with_pcie.outcome),
                     amd::label(cell.without_pcie.outcome));
}

}  // namespace

std::string amd_which_text(const WhichQuestion& q) {
  std::string out = fmt::format("{} · {} · {} · {} · {} · {}\n", q.request.label, amd::name(q.selectors.strategy),
                                q.pcie ? amd::name(*q.pcie) : "PCIe atomics or not", amd::name(q.selectors.memory),
                                amd::name(q.selectors.granularity), amd::name(q.selectors.scope));
  for (const amd::AskedCell& cell : ask_every_device(q)) {
    const std::string published = amd::published_note(cell.chosen());
    out += fmt::format("  {:<12} {}{}\n", cell.chosen().device->name, outcome_text(cell),
                       published.empty() ? "" : "\n               published: " + published);
  }
  return out;
}

std::string amd_which_json(const WhichQuestion& q) {
  std::vector<json::Written> rows;
  for (const amd::AskedCell& cell : ask_every_device(q)) {
    const amd::Explanation& e = cell.chosen();
    const std::string published = amd::published_note(e);
    json::Object row;
    row.set("device", e.device->name)
        .set("outcome", amd::name(e.outcome))
        .set("label", amd::label(e.outcome))
        .set("pcie", cell.pcie_given     ? std::string_view(q.pcie_as_typed)
                     : cell.pcie_matters ? "matters"
                                         : "either");
    if (cell.pcie_matters)
      row.set("with_pcie", amd::name(cell.with_pcie.outcome)).set("without_pcie", amd::name(cell.without_pcie.outcome));
    row.set("path", e.path.text()).set("published", published.empty() ? json::null : json::string(published));
    rows.push_back(row.written());
  }
  return json::array(rows).text + "\n";
}

}  // namespace gpuatom::report
