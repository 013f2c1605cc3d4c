// The scenario files a batch runs (`gpuatom run`, `gpuatom report`): those its arguments name, or
// the bundled examples when it names none.
#pragma once

#include <string>
#include <vector>

namespace gpuatom::report {

// A file as given; a directory as every *.toml under it, recursively, in name order. Under a
// directory only regular files are taken: any other *.toml (a FIFO, a device, a broken link) is
// passed over with a note on standard error, never opened. A directory with none, or one that
// cannot be listed, is bad input (support::InputError).
std::vector<std::string> scenario_files(const std::vector<std::string>& args);

// The bundled example scenarios, in name order: under $GPUATOM_EXAMPLES, else the source tree's
// examples/ (the running binary lives in build/<preset>/bin), else the installed
// share/gpuatom/examples; none when no such directory holds a *.toml.
std::vector<std::string> bundled_examples();

}  // namespace gpuatom::report
