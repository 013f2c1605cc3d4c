// What one lane's atomic leaves in memory and returns, as `gpuatom alu` prints it: the bits, their
// typed values, and the lines saying why (a rule that changed the result) and what it does not depend
// on. Computed once here, printed as text lines or one JSON object by whoever shows it.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "gpuatom/alu/operand_text.hpp"
#include "gpuatom/alu/operation.hpp"

namespace gpuatom::alu {

struct LaneResult {
  int memory_bits;
  OperandValue memory;
  std::optional<OperandValue> returned;  // none: the atomic gives nothing back
  int returned_bits;
  Type type = Type::u32;           // of memory (and of the returned value unless a flag)
  std::vector<std::string> why;    // a rule that changed the result, in words
  std::vector<std::string> notes;  // what the answer does not depend on
  // Intel's 16-bit atomics return their memory-width value in the low half of a dword (upper half
  // zero): printed as the dword's bits and the value's type, not as a 32-bit integer.
  bool returned_in_low_half = false;

  void return_in_dword_low_half() {
    returned_bits = 32;
    returned_in_low_half = true;
  }
};

// What the ALU computes for one lane: `value` is the operand, `compare` a CAS's comparand;
// `flush_rule` names the vendor's flushing rule in the why lines (why.hpp).
LaneResult compute_lane(const Operation& operation, OperandValue old, OperandValue value, OperandValue compare,
                        std::string_view flush_rule = ".FTZ");

// "memory=0x40000000 (2) returned=0x3f800000 (1)\n" then a "  why: …" and a "  note: …" line each.
std::string lane_text(const LaneResult& result);

// One compact JSON object and a newline: memory, returned (hex; null: none), type, memory_value,
// returned_value (typed; null: none), why and notes.
std::string lane_json(const LaneResult& result);

}  // namespace gpuatom::alu
