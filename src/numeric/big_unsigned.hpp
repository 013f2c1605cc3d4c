// An unsigned integer of any size, with just the operations that exact decimal-to-binary rounding
// needs (float_literal.cpp): build from digits, scale by powers of two and five, compare, and a
// division whose quotient fits 64 bits. Not installed: only src/numeric uses it.
//
// Limbs are 32 bits, least significant first, so every product fits a uint64_t without
// compiler extensions. Sizes stay small (a binary64 literal needs at most a few thousand bits), so
// the schoolbook algorithms are the right ones.
#pragma once

#include <cstdint>
#include <vector>

namespace gpuatom::numeric {

class BigUnsigned {
 public:
  BigUnsigned() = default;
  explicit BigUnsigned(uint64_t value);

  bool is_zero() const { return limbs_.empty(); }
  // Number of significant bits (0 for zero).
  int64_t bit_length() const;

  // this = this × factor + addend.
  void multiply_add(uint32_t factor, uint32_t addend);
  void multiply_by_power_of_five(int64_t exponent);  // exponent >= 0
  void shift_left(int64_t bits);                     // bits >= 0

  // this −= other; requires this >= other.
  void subtract(const BigUnsigned& other);

  // Returns floor(this / divisor) and leaves the remainder in this; requires divisor > 0 and a
  // quotient below 2^64 (this < divisor × 2^64).
  uint64_t divide_small_quotient(const BigUnsigned& divisor);

  friend int compare(const BigUnsigned& a, const BigUnsigned& b);  // −1, 0 or 1

 private:
  void trim();  // drops leading zero limbs, so equal values have equal limb vectors

  std::vector<uint32_t> limbs_;
};

}  // namespace gpuatom::numeric
