#include "big_unsigned.hpp"

#include <bit>
#include <cstddef>

namespace gpuatom::numeric {

BigUnsigned::BigUnsigned(uint64_t value) {
  limbs_ = {static_cast<uint32_t>(value), static_cast<uint32_t>(value >> 32)};
  trim();
}

void BigUnsigned::trim() {
  while (!limbs_.empty() && limbs_.back() == 0) limbs_.pop_back();
}

int64_t BigUnsigned::bit_length() const {
  if (limbs_.empty()) return 0;
  return static_cast<int64_t>(limbs_.size() - 1) * 32 + std::bit_width(limbs_.back());
}

void BigUnsigned::multiply_add(uint32_t factor, uint32_t addend) {
  uint64_t carry = addend;
  for (uint32_t& limb : limbs_) {
    const uint64_t product = static_cast<uint64_t>(limb) * factor + carry;
    limb = static_cast<uint32_t>(product);
    carry = product >> 32;
  }
  if (carry != 0) limbs_.push_back(static_cast<uint32_t>(carry));
  trim();  // factor 0 leaves zero limbs behind
}

void BigUnsigned::multiply_by_power_of_five(int64_t exponent) {
  constexpr uint32_t five_to_13 = 1220703125;  // the largest power of five that fits 32 bits
  for (; exponent >= 13; exponent -= 13) multiply_add(five_to_13, 0);
  uint32_t rest = 1;
  for (; exponent > 0; --exponent) rest *= 5;
  multiply_add(rest, 0);
}

void BigUnsigned::shift_left(int64_t bits) {
  if (limbs_.empty() || bits == 0) return;
  const auto whole = static_cast<size_t>(bits / 32);
  const int part = static_cast<int>(bits % 32);
  if (part != 0) {
    uint32_t carry = 0;
    for (uint32_t& limb : limbs_) {
      const uint32_t next = limb >> (32 - part);
      limb = (limb << part) | carry;
      carry = next;
    }
    if (carry != 0) limbs_.push_back(carry);
  }
  limbs_.insert(limbs_.begin(), whole, 0);
}

void BigUnsigned::subtract(const BigUnsigned& other) {
  uint64_t borrow = 0;
  for (size_t i = 0; i < limbs_.size(); ++i) {
    const uint64_t take = (i < other.limbs_.size() ? other.limbs_[i] : 0) + borrow;
    const uint64_t have = limbs_[i];
    limbs_[i] = static_cast<uint32_t>(have - take);
    borrow = have < take ? 1 : 0;
  }
  trim();
}

int compare(const BigUnsigned& a, const BigUnsigned& b) {
  if (a.limbs_.size() != b.limbs_.size()) return a.limbs_.size() < b.limbs_.size() ? -1 : 1;
  for (size_t i = a.limbs_.size(); i-- > 0;) {
    if (a.limbs_[i] != b.limbs_[i]) return a.limbs_[i] < b.limbs_[i] ? -1 : 1;
  }
  return 0;
}

uint64_t BigUnsigned::divide_small_quotient(const BigUnsigned& divisor) {
  // Binary long division: at most 64 quotient bits, each one a compare and perhaps a subtract.
  const int64_t top = bit_length() - divisor.bit_length();
  if (top < 0) return 0;
  uint64_t quotient = 0;
  BigUnsigned shifted = divisor;
  shifted.shift_left(top);
  for (int64_t bit = top; bit >= 0; --bit) {
    if (compare(*this, shifted) >= 0) {
      subtract(shifted);
      quotient |= 1ULL << bit;
    }
    if (bit > 0) {
      shifted = divisor;
      shifted.shift_left(bit - 1);
    }
  }
  return quotient;
}

}  // namespace gpuatom::numeric
