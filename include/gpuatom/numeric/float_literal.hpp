// Float literal text → the bits of f16, bf16, f32 or f64, rounded ONCE from the literal's exact
// value (round to nearest, ties to even) by integer arithmetic: the host FPU's rounding mode
// cannot change a result, and no intermediate double rounds it twice (strtod then narrowing gave
// f16(1.0004882812500001) = 0x3c00; the value is above the midpoint, so it is 0x3c01).
//
// Accepted text (ASCII, no surrounding spaces), as C's strtod reads it:
//   [+|-] digits [. digits] [e|E [+|-] digits]     decimal: 1.5, -2.5e-3, .5, 1., 1e400
//   [+|-] 0x|0X hexdigits [. hexdigits] [p|P [+|-] digits]    hexadecimal: -0x1p-149, 0x1.8p3
//   [+|-] inf | infinity | nan                       any case; nan is the format's default quiet
//                                                   NaN (exponent all ones, quiet bit), signed
//   [+|-] nan(P) | snan(P)                          a NaN with payload P (decimal or 0x-hex): the
//                                                   fraction bits below the quiet bit; nan(P) sets
//                                                   the quiet bit, snan(P) clears it (P > 0)
// Overflow gives infinity, underflow a correctly rounded subnormal or zero, both signed. Digit
// strings of any length are exact: the first 800 significant digits are kept (a binary64
// midpoint has at most 767) and any nonzero digit after them is remembered, which decides every
// near-tie the same way the whole string does.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <variant>

#include "gpuatom/numeric/format.hpp"

namespace gpuatom::numeric {

struct LiteralError {
  size_t offset = 0;  // byte offset in the text of the character that is wrong (its size: missing text)
  std::string message;
};

// The literal's bits in the low bits of the result, or what is wrong with the text.
std::variant<uint64_t, LiteralError> parse_float_literal(std::string_view text, FormatId format);

// A NaN's bits of `format` as the literal that reads back to them: "nan", "-nan(0x1)",
// "snan(0x200)". `bits` must be a NaN of the format.
std::string nan_literal(uint64_t bits, FormatId format);

}  // namespace gpuatom::numeric
