// Diagnostics in the order a reader wants them: by place in the source, whichever stage (parser,
// validator) reported them first.
#pragma once

#include <vector>

#include "gpuatom/support/diagnostic.hpp"

namespace gpuatom::support {

// The diagnostics in source order (line and column, or byte offset); stable for equal places.
std::vector<Diagnostic> in_source_order(const Diagnostics& diagnostics);

}  // namespace gpuatom::support
