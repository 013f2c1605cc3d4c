#include <fmt/format.h>

#include "gpuatom/amd/matrix_render.hpp"

namespace gpuatom::amd {

std::string csv_field(std::string_view text) {
  if (text.find_first_of(",\"\n\r") == std::string_view::npos) return std::string(text);
  std::string out = "\"";
  for (const char c : text) {
    if (c == '"') out += '"';
    out += c;
  }
  out += '"';
  return out;
}

std::string render_csv(const Matrix& m) {
  std::string out = "Atomic";
  // Appends, not `"," + field(…)`: GCC 12 warns falsely (-Wrestrict) on that temporary.
  for (const Device& d : m.columns) {
    out += ',';
    out += csv_field(d.name);
  }
  out += "\n";
  // No section rows: the group is implied by position (12 groups of 27 rows in selector_leaves()
  // order), exactly as AMD's data files are laid out, so the file diffs cleanly against AMD's.
  for (const LeafTable& leaf : m.leaves) {
    for (size_t r = 0; r < leaf.cells.size(); ++r) {
      out += csv_field(rows()[r].label);
      for (const Explanation& cell : leaf.cells[r]) {
        out += ',';
        out += csv_field(label(cell.outcome));
      }
      out += "\n";
    }
  }
  return out;
}

}  // namespace gpuatom::amd
