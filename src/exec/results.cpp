#include "gpuatom/exec/results.hpp"

#include <fmt/format.h>

#include <algorithm>

namespace gpuatom::exec {

std::string describe(const LaneFault& fault) {
  return fmt::format("lane {}, instruction {}: {}", fault.lane, fault.instruction, memory::describe(fault.fault));
}

RunResult merge(std::vector<Recorder>& recorders) {
  RunResult result;
  std::size_t fault_count = 0;
  for (const auto& recorder : recorders) fault_count += recorder.faults.size();
  result.faults.reserve(fault_count);
  for (auto& recorder : recorders) {
    result.counters += recorder.counters;
    result.thread_counters.push_back(recorder.counters);
    result.faults.insert(result.faults.end(), recorder.faults.begin(), recorder.faults.end());
  }
  // Threads finish agents in a racy order; sorting makes the list the same for every run.
  std::stable_sort(result.faults.begin(), result.faults.end(), [](const LaneFault& a, const LaneFault& b) {
    return a.lane != b.lane ? a.lane < b.lane : a.instruction < b.instruction;
  });
  result.threads = static_cast<unsigned>(recorders.size());
  return result;
}

}  // namespace gpuatom::exec
