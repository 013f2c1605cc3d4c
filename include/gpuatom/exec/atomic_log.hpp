// The `explainable` expectation's check: the lane-group executor logs the atomics as they happen
// (address, operation, operands, returned value, lane; lane_group.hpp) and this asks whether,
// at every address, some serial order of them explains every returned value and the final value
// (exec/serial_order.hpp, check_serial_order).
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "gpuatom/exec/serial_order.hpp"
#include "gpuatom/memory/device_memory.hpp"
#include "gpuatom/support/mapped_allocator.hpp"

namespace gpuatom::exec {

// Where a run's groups leave their logged atomics as they finish: fixed-size chunks, so that a log
// of millions grows without a reallocation's moment of twice its size, each mapped on its own so
// that moving the log into one array gives every chunk back to the system as it goes.
class AtomicLog {
 public:
  static constexpr std::size_t chunk_atomics = std::size_t{1} << 16;

  void append(std::span<const LoggedAtomic> atomics);
  std::size_t size() const { return size_; }
  // Every atomic, in the order appended, moved onto the end of `out` (which reserves for them);
  // the chunks are freed as they go.
  void move_to(std::vector<LoggedAtomic>& out);

 private:
  using Chunk = std::vector<LoggedAtomic, support::MappedAllocator<LoggedAtomic>>;
  std::vector<Chunk> chunks_;
  std::size_t size_ = 0;
};

// `log`: every atomic of the run, in any order (LoggedAtomic::instruction orders a lane's). `initial` is the memory as
// set up before the run (the initial values), `after` the memory the run left. Returns whether every address is
// explained (or, undecided, whether the search ran out of `budget`), and the checker's words. The log is sorted by
// address in place and checked one address at a time: what the check holds beside the log is one address's search.
CheckResult explain_logged(memory::DeviceMemory& initial, memory::DeviceMemory& after, std::vector<LoggedAtomic> log,
                           const SerialSearchBudget& budget = {});

}  // namespace gpuatom::exec
