#include <fmt/format.h>

#include "gpuatom/amd/known_anomalies.hpp"
#include "gpuatom/amd/matrix_render.hpp"

namespace gpuatom::amd {

namespace {

// Switches that differ from the defaults, so a reader knows the table is not the default model.
std::string switch_note(const ModelOptions& options) {
  std::string changed;
  for (const SwitchInfo& sw : switches()) {
    const std::string_view value = switch_value(options, sw.name);
    if (value != sw.values.front()) changed += fmt::format("{}`{}={}`", changed.empty() ? "" : ", ", sw.name, value);
  }
  return changed.empty() ? "" : "Switches: " + changed + ".\n\n";
}

}  // namespace

std::string render_markdown(const Matrix& m) {
  std::string out = fmt::format("# {}\n\n", title(m.key));
  out +=
      "Computed by gpuatom from the rules of docs/spec/amd.md (not the page's data). "
      "`gpuatom amd outcome` explains any cell. Where AMD's published table (ROCm 6.4.3) says otherwise, its word "
      "follows the model's: \"(AMD: …)\".\n\n";
  out += switch_note(m.options);
  const SelectorLeaf* previous = nullptr;
  for (const LeafTable& leaf : m.leaves) {
    const SelectorLeaf& l = leaf.leaf;
    // The page nests tabs memory → granularity → scope; headings follow the same nesting.
    if (!previous || previous->memory != l.memory) out += fmt::format("## {}\n\n", name(l.memory));
    if (!previous || previous->memory != l.memory || previous->granularity != l.granularity)
      out += fmt::format("### {}\n\n", name(l.granularity));
    out += fmt::format("#### {} scope\n\n| Atomic |", name(l.scope));
    for (const Device& d : m.columns) out += fmt::format(" {} |", d.name);
    out += "\n|---|";
    for (size_t i = 0; i < m.columns.size(); ++i) out += "---|";
    out += "\n";
    for (size_t r = 0; r < leaf.cells.size(); ++r) {
      out += fmt::format("| {} |", rows()[r].label);
      for (const Explanation& cell : leaf.cells[r]) {
        const KnownAnomaly* differs = published_difference(*cell.device, cell.request.label, cell.selectors);
        out += differs ? fmt::format(" {} (AMD: {}) |", label(cell.outcome), differs->amd_says)
                       : fmt::format(" {} |", label(cell.outcome));
      }
      out += "\n";
    }
    out += "\n";
    previous = &l;
  }
  return out;
}

}  // namespace gpuatom::amd
