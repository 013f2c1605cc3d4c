// What a checker of a racing run answers (fold_check.hpp, serial_order.hpp): passed, failed or
// undecided, with the first mismatch explained in words.
#pragma once

#include <string>

namespace gpuatom::exec {

struct CheckResult {
  bool passed = false;
  std::string explanation;  // what was found; on failure, the first mismatch
  // Not passed, yet not a failure either: the check ran out of its budget before it could decide
  // (the serial-order search). The explanation says how far it got and how to raise the budget.
  bool undecided = false;
  explicit operator bool() const { return passed; }
};

}  // namespace gpuatom::exec
