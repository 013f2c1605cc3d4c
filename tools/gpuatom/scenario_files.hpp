// The scenario files a command's arguments name, for `run` and `report`.
#pragma once

#include <string>
#include <vector>

namespace gpuatom::cli {

// A file as given; a directory as every *.toml under it, recursively, in name order. A directory
// with none, or one that cannot be listed, is bad input (BadInput).
std::vector<std::string> scenario_files(const std::vector<std::string>& args);

}  // namespace gpuatom::cli
