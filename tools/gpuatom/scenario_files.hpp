// The scenario files a command's arguments name, for `run` and `report`.
#pragma once

#include <string>
#include <vector>

namespace gpuatom::cli {

// A file as given; a directory as every *.toml under it, recursively, in name order. Under a
// directory only regular files are taken: any other *.toml (a FIFO, a device, a broken link) is
// passed over with a note on standard error, never opened. A directory with none, or one that
// cannot be listed, is bad input (BadInput).
std::vector<std::string> scenario_files(const std::vector<std::string>& args);

}  // namespace gpuatom::cli
