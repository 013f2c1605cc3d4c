// The JSON report of a batch (`gpuatom run --json`, docs/reference/cli.md) and reading it back
// (`gpuatom report --json`): one object per file, in the batch's order.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "gpuatom/report/run_text.hpp"

namespace gpuatom::report {

// The whole document: an array with an object per file, indented by 2, ending in a newline.
std::string run_json(const std::vector<FileRun>& runs);

// The reports of the files that ran in a document run_json wrote (`source` names it in messages).
// Anything else, or a document in which no file ran, is bad input (support::InputError).
std::vector<scenario::RunReport> parse_run_json(std::string_view document, std::string_view source);

// parse_run_json of the file at `path`, read through support/line_input.hpp (which says why a path
// cannot be read: a directory, missing, unreadable, larger than any real batch's result).
std::vector<scenario::RunReport> read_run_json(const std::string& path);

}  // namespace gpuatom::report
