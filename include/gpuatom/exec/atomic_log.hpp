// The `explainable` expectation's check: the lane-group executor logs the atomics as they happen
// (address, operation, operands, returned value, lane; lane_group.hpp) and this asks whether,
// at every address, some serial order of them explains every returned value and the final value
// (exec/checkers.hpp, check_serial_orders).
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "gpuatom/exec/checkers.hpp"
#include "gpuatom/memory/device_memory.hpp"

namespace gpuatom::exec {

struct LoggedAtomic {
  uint64_t address = 0;
  ObservedAtomic atomic;  // `thread` is the lane (tid): one lane's atomics keep program order
};

// `logs`: one list per agent, each in the order its agent performed them. `initial` is the memory
// as set up before the run (the initial values), `after` the memory the run left. Returns whether
// every address is explained (or, undecided, whether the search ran out of `budget`), and the
// checker's words.
CheckResult explain_logged(memory::DeviceMemory& initial, memory::DeviceMemory& after,
                           std::span<const std::vector<LoggedAtomic>* const> logs, const SerialSearchBudget& budget = {});

}  // namespace gpuatom::exec
