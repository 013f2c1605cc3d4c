// One rounding, to nearest with ties to even, of an exact value m × 2^exp2 × 10^exp10 to a
// binary format: the arithmetic behind numeric::parse_float_literal. Not installed.
#pragma once

#include <cstdint>

#include "big_unsigned.hpp"
#include "gpuatom/numeric/format.hpp"

namespace gpuatom::numeric {

// Exponents beyond this are clamped by the callers: every format's result is then already
// infinity or zero, and the bounds keep the magnitude estimates inside int64_t.
inline constexpr int64_t exact_exponent_limit = int64_t{1} << 40;

// The bits of (−1)^negative × m × 2^exp2 × 10^exp10 in `format`: overflow gives infinity,
// underflow a correctly rounded subnormal or zero (of the value's sign). |exp2| and |exp10|
// must not exceed exact_exponent_limit.
uint64_t round_exact(FormatId format, bool negative, const BigUnsigned& m, int64_t exp2, int64_t exp10);

}  // namespace gpuatom::numeric
