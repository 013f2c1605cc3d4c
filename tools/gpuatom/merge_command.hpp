// `gpuatom merge` (merge_command.cpp), declared on its own so that adding it leaves command.hpp,
// which every command includes, as it is.
#pragma once

#include "command.hpp"

namespace gpuatom::cli {

void add_merge_command(CLI::App& app, Action& run);

}  // namespace gpuatom::cli
