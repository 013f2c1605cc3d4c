// Running a scenario: the options and the report of launch::run (launch/run.hpp), under the names
// scenario code has always used.
#pragma once

#include "gpuatom/launch/expectations.hpp"
#include "gpuatom/launch/run.hpp"
#include "gpuatom/scenario/scenario.hpp"

namespace gpuatom::scenario {

using launch::Counters;
using launch::ExpectationResult;
using launch::Mode;
using launch::Observation;
using launch::RunOptions;
using launch::RunReport;
using launch::RunResult;
using launch::Stopwatch;

}  // namespace gpuatom::scenario
