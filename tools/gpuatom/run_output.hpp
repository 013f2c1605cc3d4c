// What `gpuatom run` prints and writes for each scenario file: the text report and the JUnit XML
// report (gpuatom/report/run_text.hpp), and the JSON report (docs/reference/cli.md, "run --json").
#pragma once

#include <nlohmann/json.hpp>
#include <optional>

#include "gpuatom/report/run_text.hpp"

namespace gpuatom::cli {

using report::FileRun;
using report::FileStatus;
using report::junit_xml;
using report::mode_named;
using report::status;

void print_report(const scenario::RunReport& report);
nlohmann::json to_json(const FileRun& run);
// What to_json wrote for a file that ran, read back (`gpuatom report --json`); nothing for a file
// that never ran. Throws (nlohmann::json's exceptions, std::invalid_argument) on anything else.
std::optional<scenario::RunReport> report_from_json(const nlohmann::json& j);

}  // namespace gpuatom::cli
