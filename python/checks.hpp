// The checks a test of a real GPU kernel runs on its output, element by element of a memory array
// (a histogram's bins): whether some serial order of the atomics explains each final value and
// every returned value (exec/serial_order.hpp), whether each final value is the fold of its
// atomics (exec/fold_check.hpp), and whether exchanged values came back as a permutation. Each
// names the first element that fails.
#pragma once

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>

#include "array_atomic.hpp"
#include "gpuatom/exec/serial_order.hpp"

namespace gpuatom::python {

// The memory before and after (`elements` of atomic.bits each) and the atomics that ran on it: the
// element each hit (`index`), its operands as ArrayAtomic::apply takes them, and optionally what it
// returned and the thread that ran it (a thread's atomics in array order).
struct ObservedArrays {
  std::size_t elements = 0;
  const void* initial = nullptr;
  const void* final_memory = nullptr;
  std::size_t atomics = 0;
  const int64_t* index = nullptr;
  const void* first = nullptr;
  const void* second = nullptr;
  const void* returned = nullptr;
  const int64_t* thread = nullptr;
};

struct ElementCheck {
  bool passed = false;
  bool undecided = false;              // the search ran out of its budget at `element` before deciding
  std::string explanation;             // what was found; on failure, the first mismatch in words
  std::optional<std::size_t> element;  // the first element no order explains (or the check failed at)
};

ElementCheck explainable(const ArrayAtomic& atomic, const ObservedArrays& observed,
                         const exec::SerialSearchBudget& budget, const std::atomic<bool>* stop = nullptr);
ElementCheck fold(const ArrayAtomic& atomic, const ObservedArrays& observed);
// Exchange: `first` holds the stored values and `returned` what each atomic returned.
ElementCheck permutation(const ArrayAtomic& atomic, const ObservedArrays& observed);

}  // namespace gpuatom::python
