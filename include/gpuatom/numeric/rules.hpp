// Platform rules for float arithmetic, kept apart from the arithmetic itself (as Berkeley
// SoftFloat keeps each platform's NaN rules in its own specialization). Vendors pick values of
// these; numeric/ never names a vendor.
#pragma once

#include <cstdint>

#include "gpuatom/numeric/format.hpp"

namespace gpuatom::numeric {

// What a NaN result of an addition is.
enum class NanResult : uint8_t {
  canonical,   // always the default NaN, whatever the inputs
  propagate,   // the first NaN operand in the order (a, b), made quiet; inf − inf gives the default NaN
  last_exact,  // the last NaN operand in the order (a, b), bit for bit (a signalling NaN stays signalling);
               // inf − inf gives the default NaN
};

struct AddRules {
  bool flush_inputs = false;  // subnormal inputs become zero of their sign before the add
  bool flush_result = false;  // a subnormal rounded result becomes zero of its sign
  NanResult nan = NanResult::canonical;
  DefaultNan default_nan = DefaultNan::all_ones;
};

// What min / max do with NaN operands. In every rule a number beats a quiet NaN.
enum class MinMaxNan : uint8_t {
  number_else_default,      // one NaN → the other operand; two NaNs → the default NaN
  number_else_first_quiet,  // one NaN → the other operand; two NaNs → the first, made quiet
  number_else_first,        // one NaN → the other operand; two NaNs → the first, bit-exact (minNum, keep old)
  signaling_wins,           // a quiet NaN is ignored; a single signalling NaN is the result, bit-exact;
                            // two NaNs of the same class → the first, bit-exact
};

struct MinMaxRules {
  bool flush_inputs = false;  // subnormal inputs become zero of their sign before the comparison
  MinMaxNan nan = MinMaxNan::number_else_default;
  DefaultNan default_nan = DefaultNan::all_ones;
  // With flush_inputs: the flush is for the comparison only, and the result is the chosen
  // operand's own bits (a subnormal comes back unchanged); false: the result is the flushed value.
  bool flush_compares_only = false;
};

// Float compare-and-swap: IEEE equality (a NaN equals nothing, −0 equals +0), on flushed inputs
// when `flush_inputs`; `flush_result` flushes the value written (the swapped-in value, or the old
// value written back).
struct CompareRules {
  bool flush_inputs = false;
  bool flush_result = false;
};

}  // namespace gpuatom::numeric
