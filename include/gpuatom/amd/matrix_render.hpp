// The page's tables as text: CSV, Markdown or a self-contained HTML page.
//
// CSV layout. The first line is exactly `Atomic,<device columns of the family>`, as the page's own
// data files begin. The memory / granularity / scope grouping cannot be a column without changing
// that header, so each of the 12 leaf tables is introduced by a *section row*: its first field is
// the selector path ("Device DRAM / Coarse-grained / Device scope") and every device field is
// empty. The 27 data rows of the leaf follow, in rows() order (integer 9, float 8, bitwise 10, as
// the page's data files order them), and every data cell holds one of the seven outcome labels.
// A reader tells the two kinds of line apart by the empty device fields; no data cell is ever empty.
// Strategy and PCIe are not in the file: one file is one (strategy, PCIe, family) table, as the
// page keeps one data file per atomics type, PCIe setting and family.
#pragma once

#include <string>

#include "gpuatom/amd/matrix.hpp"

namespace gpuatom::amd {

std::string render_csv(const Matrix& matrix);
std::string render_markdown(const Matrix& matrix);  // headings per selector level, one table per leaf
std::string render_html(const Matrix& matrix);      // one page, no external resources; reasons in title attributes

}  // namespace gpuatom::amd
