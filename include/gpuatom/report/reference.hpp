// The generated reference documentation (docs/reference/*.md), made from the instruction tables
// and the scenario key table — never typed by hand — so it cannot drift from the code. A test
// regenerates it and fails when the committed files differ.
#pragma once

#include <string>

namespace gpuatom::report {

std::string nvidia_reference_markdown();   // op × size legality per instruction, codes, float rules, assumptions
std::string intel_reference_markdown();    // op table: codes, names, semantics, operand roles, widths, assumptions
std::string amd_reference_markdown();      // the 27 rows and the assumptions
std::string amd_matrices_markdown();       // all 8 outcome tables, computed by the model
std::string amd_isa_reference_markdown();  // AMD atomic instructions per target (docs/reference/amd-isa.md)
std::string scenario_format_markdown();    // every scenario key

}  // namespace gpuatom::report
