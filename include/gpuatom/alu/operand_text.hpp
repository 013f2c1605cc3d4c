// The values of `gpuatom alu` (and of any caller that takes operands as text): operands as a user writes them (bits in
// hex or decimal, or a typed float such as 1.5, -0x1p-149, nan, f16(…), bf16x2(1.0, -2.0)), and results printed with
// their typed value beside the bits. Floats go through numeric::parse_float_literal: rounded once from the exact
// decimal, whatever the host FPU's mode.
#pragma once

#include <cstdint>
#include <string>

#include "gpuatom/alu/operation.hpp"

namespace gpuatom::alu {

// A value of up to 128 bits; only exchange/CAS .128 and the 128-bit vectors use the high word.
struct OperandValue {
  uint64_t lo = 0;
  uint64_t hi = 0;
};

// `text` as a `bits`-wide operand of an operation on `type`: an unsigned integer (decimal or
// 0x-hex), a negative decimal of an integer type (its two's complement), or, for a float type, a
// float literal of its own format (1.5, -0, -0x1p-149, inf, nan, nan(0x1), snan(0x1); anything
// signed is a float there, since bits are never negative). A typed spelling — f16(…), bf16(…),
// f32(…), f64(…), f16x2(lo, hi), bf16x2(lo, hi) — follows one rule: on a float operation its value
// is converted to the operation's format exactly, or refused (a NaN only within its format); on an
// integer or bits operation it gives its bits, and must be the operand's width. Throws support::InputError
// naming `flag`.
OperandValue parse_operand(const std::string& flag, const std::string& text, Type type, int bits);

// The typed value of `bits` of `type` for printing beside the hex ("1.5", "-3", "f16x2(1, -2)",
// "nan"), or "" where there is none to add (128 bits, vectors).
std::string typed_text(OperandValue value, Type type, int bits);

}  // namespace gpuatom::alu
