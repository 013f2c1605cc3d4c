// Checks a scenario's [[expect]] entries against what a run left behind. Vendor runners supply
// the observation: memory, per-lane values by name, faults and, for "explainable", the verdict of
// the serial-order checker over the atomics they logged.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "gpuatom/exec/check_result.hpp"
#include "gpuatom/exec/results.hpp"
#include "gpuatom/launch/setup.hpp"
#include "gpuatom/launch/symbols.hpp"
#include "gpuatom/memory/device_memory.hpp"

namespace gpuatom::launch {

using exec::LaneFault;

struct Observation {
  memory::DeviceMemory* memory = nullptr;
  uint32_t group_size = 32;
  // The value `name` of lane `tid` after the run, or nothing when the name is unknown.
  std::function<std::optional<uint64_t>(std::string_view name, uint64_t tid)> lane_value;
  // Whether lane `tid` took part (active, not a helper); inactive lanes are skipped by lane checks.
  std::function<bool(uint64_t tid)> lane_active;
  std::vector<LaneFault> faults;
  // The serial-order checker's verdict, when the runner logged atomics (nullopt: not logged).
  std::optional<exec::CheckResult> explainable;
};

struct ExpectationResult {
  bool passed = false;
  std::string what;    // "bins[*] == lanes / 256 (u32)"
  std::string detail;  // on failure: the first differing values
  support::SourceLocation where;
  // Neither held nor failed: its check ran out of budget (`explainable`); `detail` says which.
  bool undecided = false;
};

// Compiles every expectation's expression before a run, so bad input is reported before work.
support::Diagnostics precheck_expectations(const Setup& scenario, uint32_t group_size);

// Checks every expectation; compile errors of their expressions are diagnostics (bad input).
std::variant<std::vector<ExpectationResult>, support::Diagnostics> check_expectations(const Setup& scenario,
                                                                                      const Observation& observation);

}  // namespace gpuatom::launch
