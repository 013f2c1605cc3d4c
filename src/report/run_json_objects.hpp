// One file's object in `gpuatom run --json`'s document (run_json.hpp), for the report layer's
// other JSON documents (a shard's result, shard.hpp): kept out of the public headers, which do not
// depend on nlohmann::json.
#pragma once

#include <nlohmann/json.hpp>

#include "gpuatom/report/run_text.hpp"

namespace gpuatom::report {

// The object run_json writes for `run`, and the file read back from it (a file that never ran:
// its error). Reading throws nlohmann::json's exceptions or std::invalid_argument on anything else.
nlohmann::json file_run_json(const FileRun& run);
FileRun file_run_of_json(const nlohmann::json& object);

}  // namespace gpuatom::report
