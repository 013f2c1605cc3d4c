// The page's tables as text: CSV, Markdown or a self-contained HTML page.
//
// CSV layout: exactly AMD's data files. The first line is `Atomic,<device columns of the family>`;
// then the 12 memory / granularity / scope groups in selector_leaves() order, each its 27 rows in
// rows() order (integer 9, float 8, bitwise 10), and nothing else: no section rows, the group is
// implied by position (line 2 + 27·g starts group g), so a user can diff the file against AMD's.
// Every data cell holds one of the seven outcome labels. Group titles appear in Markdown and HTML
// only. Strategy and PCIe are not in the file: one file is one (strategy, PCIe, family) table, as
// AMD keeps one data file per atomics type, PCIe setting and family.
#pragma once

#include <string>

#include "gpuatom/amd/matrix.hpp"

namespace gpuatom::amd {

std::string render_csv(const Matrix& matrix);
// One CSV field as RFC 4180 writes it: quoted when it holds a comma, a quote or a line break.
std::string csv_field(std::string_view text);
std::string render_markdown(const Matrix& matrix);  // headings per selector level, one table per leaf
std::string render_html(const Matrix& matrix);      // one page, no external resources; reasons in title attributes

}  // namespace gpuatom::amd
