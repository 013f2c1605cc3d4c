// The serial-order check of a racing run (usable by tests and scenarios): per address, some serial
// order of the atomics explains every returned value and the final value (the Vulkan CTS
// "intermediate values" check): a backtracking search with memoisation that answers explained
// (with an order), unexplainable, or undecided past its budget — never a false pass. It explains
// its first mismatch in words. Values are compared at the operation's width (alu::width_mask);
// 128-bit types are not covered. The order-free checks are fold_check.hpp.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "gpuatom/alu/operation.hpp"
#include "gpuatom/exec/check_result.hpp"

namespace gpuatom::exec {

// An atomic as observed after a run.
struct ObservedAtomic {
  alu::Operation operation;
  alu::Operands operands;
  std::optional<uint64_t> returned;  // nullopt: the value never reached a register (reductions)
  // Atomics of one thread (lane) to one address happen in program order: give them the same
  // `thread` and list them in that order. nullopt: unordered with respect to every other atomic.
  std::optional<uint64_t> thread;
};

// An atomic as the executor logs it for the serial-order check: an ObservedAtomic with its address,
// packed into 56 bytes (a run of a million atomics keeps every one of them until the check).
struct LoggedAtomic {
  uint64_t address = 0;
  alu::Operands operands;
  uint64_t returned = 0;  // with has_returned
  uint64_t thread = 0;    // with has_thread
  // The instruction that performed it: with the thread, its place in the thread's program order
  // (the log is sorted by address, thread and instruction).
  uint32_t instruction = 0;
  alu::Operation operation;
  bool has_returned = false;
  bool has_thread = false;

  static LoggedAtomic of(uint64_t address, const ObservedAtomic& atomic) {
    return {address, atomic.operands,  atomic.returned.value_or(0), atomic.thread.value_or(0),
            0,       atomic.operation, atomic.returned.has_value(), atomic.thread.has_value()};
  }
};

// Everything observed at one address.
struct AddressHistory {
  uint64_t address = 0;
  uint64_t initial = 0;
  std::vector<ObservedAtomic> atomics;
  uint64_t final_value = 0;
};

enum class Verdict : uint8_t { explained, unexplainable, undecided };
std::string_view name(Verdict verdict);

struct SerialOrderResult {
  Verdict verdict = Verdict::undecided;
  std::vector<std::size_t> order;  // explained: indices into atomics, first to last
  uint64_t states = 0;             // search states visited
  std::string explanation;
};

struct SerialSearchBudget {
  // Past (atomics + states) search states: undecided. A search that never backtracks visits one
  // state per atomic, so `states` is what backtracking may cost on top.
  uint64_t states = 1'000'000;
  uint64_t memo_bytes = 256ULL << 20;  // failed states remembered up to about this much memory
};

SerialOrderResult check_serial_order(const AddressHistory& history, const SerialSearchBudget& budget = {});
// The same over the logged atomics of one address, each thread's in program order (their
// `address` is not read). The search holds about 60 bytes per atomic beside them.
SerialOrderResult check_serial_order(uint64_t address, uint64_t initial, uint64_t final_value,
                                     std::span<const LoggedAtomic> atomics, const SerialSearchBudget& budget = {});

// Gathers the verdicts of several addresses into check_serial_orders' answer.
class SerialOrderTally {
 public:
  explicit SerialOrderTally(const SerialSearchBudget& budget) : budget_(budget) {}
  // False once an address is unexplainable: the answer is known (a failure stays a failure).
  bool add(uint64_t address, std::size_t atomics, const SerialOrderResult& result);
  CheckResult result() const;

 private:
  SerialSearchBudget budget_;
  std::size_t addresses_ = 0, atomics_ = 0;
  std::optional<CheckResult> failed_, undecided_;
};

// Every address; passes only when every address is explained. An address that is unexplainable
// fails the check; else an address the search gave up on makes it undecided (CheckResult::undecided).
// The explanation names the address, and for undecided the budget.
CheckResult check_serial_orders(std::span<const AddressHistory> histories, const SerialSearchBudget& budget = {});

}  // namespace gpuatom::exec
