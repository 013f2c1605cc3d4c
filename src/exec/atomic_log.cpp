#include "gpuatom/exec/atomic_log.hpp"

#include <algorithm>
#include <tuple>

#include "gpuatom/alu/operation.hpp"

namespace gpuatom::exec {

void AtomicLog::append(std::span<const LoggedAtomic> atomics) {
  while (!atomics.empty()) {
    if (chunks_.empty() || chunks_.back().size() == chunk_atomics) {
      chunks_.emplace_back();
      chunks_.back().reserve(chunk_atomics);
    }
    Chunk& chunk = chunks_.back();
    const std::size_t taken = std::min(atomics.size(), chunk_atomics - chunk.size());
    chunk.insert(chunk.end(), atomics.begin(), atomics.begin() + static_cast<std::ptrdiff_t>(taken));
    atomics = atomics.subspan(taken);
    size_ += taken;
  }
}

void AtomicLog::move_to(std::vector<LoggedAtomic>& out) {
  out.reserve(out.size() + size_);
  for (Chunk& chunk : chunks_) {
    out.insert(out.end(), chunk.begin(), chunk.end());
    Chunk().swap(chunk);
  }
  chunks_.clear();
  size_ = 0;
}

CheckResult explain_logged(memory::DeviceMemory& initial, memory::DeviceMemory& after, std::vector<LoggedAtomic> log,
                           const SerialSearchBudget& budget) {
  // No atomic reached memory (every lane inactive, faulted or a NOP): "explainable" would be a
  // check over nothing, which is never a pass.
  if (log.empty()) return {false, "no atomic was performed: there is nothing to explain"};
  // By address, then each thread's atomics in program order. (Not a stable sort by address: its
  // buffer is half the log again.)
  std::sort(log.begin(), log.end(), [](const LoggedAtomic& a, const LoggedAtomic& b) {
    return std::tie(a.address, a.thread, a.instruction) < std::tie(b.address, b.thread, b.instruction);
  });
  SerialOrderTally tally(budget);
  for (std::size_t first = 0, end = 0; first < log.size(); first = end) {
    const uint64_t address = log[first].address;
    end = first;
    while (end < log.size() && log[end].address == address) ++end;
    const unsigned width = static_cast<unsigned>(alu::width_bits(log[first].operation.type) / 8);
    const auto region = after.region_at(address);
    const auto space = region ? region->attributes.space : memory::Space::global;
    const uint64_t before = initial.load(address, width, space).value_or(0);
    const uint64_t final_value = after.load(address, width, space).value_or(0);
    const std::span<const LoggedAtomic> atomics(log.data() + first, end - first);
    if (!tally.add(address, atomics.size(), check_serial_order(address, before, final_value, atomics, budget))) break;
  }
  return tally.result();
}

}  // namespace gpuatom::exec
