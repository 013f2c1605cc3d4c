// Binary floating-point formats described by their field widths, and bit-pattern classification.
//
// Every float in gpuatom is a bit pattern held in a uint64_t (low bits used). Nothing here touches
// the host FPU, so results never depend on its rounding or flush mode.
#pragma once

#include <cstdint>
#include <string_view>

namespace gpuatom::numeric {

template <int ExpBits, int FracBits>
struct Format {
  static constexpr int exp_bits = ExpBits;
  static constexpr int frac_bits = FracBits;
  static constexpr int width = 1 + ExpBits + FracBits;
  static constexpr int bias = (1 << (ExpBits - 1)) - 1;
  static constexpr int max_exp = (1 << ExpBits) - 1;  // biased exponent of inf / NaN
  static constexpr uint64_t mask = width == 64 ? ~0ULL : (1ULL << width) - 1;
  static constexpr uint64_t sign_bit = 1ULL << (width - 1);
  static constexpr uint64_t frac_mask = (1ULL << FracBits) - 1;
  static constexpr uint64_t exp_mask = static_cast<uint64_t>(max_exp) << FracBits;
  static constexpr uint64_t quiet_bit = 1ULL << (FracBits - 1);
  static constexpr uint64_t infinity = exp_mask;
};

using Half = Format<5, 10>;     // IEEE binary16 (f16)
using BFloat16 = Format<8, 7>;  // bfloat16 (bf16): binary32 with the low 16 fraction bits dropped
using Single = Format<8, 23>;   // IEEE binary32 (f32)
using Double = Format<11, 52>;  // IEEE binary64 (f64)

// The same four formats, for code that chooses one at run time.
enum class FormatId : uint8_t { f16, bf16, f32, f64 };
std::string_view name(FormatId id);
int width(FormatId id);

template <class F>
constexpr bool sign_of(uint64_t x) {
  return (x & F::sign_bit) != 0;
}
template <class F>
constexpr uint64_t exponent_of(uint64_t x) {
  return (x & F::exp_mask) >> F::frac_bits;
}
template <class F>
constexpr uint64_t fraction_of(uint64_t x) {
  return x & F::frac_mask;
}

template <class F>
constexpr bool is_nan(uint64_t x) {
  return exponent_of<F>(x) == F::max_exp && fraction_of<F>(x) != 0;
}
template <class F>
constexpr bool is_quiet_nan(uint64_t x) {
  return is_nan<F>(x) && (x & F::quiet_bit);
}
template <class F>
constexpr bool is_signaling_nan(uint64_t x) {
  return is_nan<F>(x) && !(x & F::quiet_bit);
}
template <class F>
constexpr bool is_infinity(uint64_t x) {
  return (x & ~F::sign_bit & F::mask) == F::infinity;
}
template <class F>
constexpr bool is_zero(uint64_t x) {
  return (x & ~F::sign_bit & F::mask) == 0;
}
template <class F>
constexpr bool is_subnormal(uint64_t x) {
  return exponent_of<F>(x) == 0 && fraction_of<F>(x) != 0;
}

// Flush-to-zero of one value: a subnormal becomes the zero of its own sign.
template <class F>
constexpr uint64_t flush_subnormal(uint64_t x) {
  return is_subnormal<F>(x) ? (x & F::sign_bit) : x;
}

// Set the quiet bit of a NaN (a signalling NaN becomes quiet, payload kept).
template <class F>
constexpr uint64_t quieten(uint64_t x) {
  return x | F::quiet_bit;
}

// Which NaN an operation produces when it makes one "from nothing" (or always, under the
// canonical policy).
enum class DefaultNan : uint8_t {
  all_ones,        // sign clear, exponent and fraction all ones: 0x7fff, 0x7fffffff, … (NVIDIA's canonical NaN)
  quiet,           // sign clear, only the quiet bit of the fraction set: 0x7e00, 0x7fc0, 0x7fc00000, … (IEEE default)
  negative_quiet,  // sign set, only the quiet bit set: 0xfe00, 0xffc00000, 0xfff8000000000000 (x86's "indefinite";
                   // NVIDIA's f64 add, measured)
};

template <class F>
constexpr uint64_t default_nan(DefaultNan kind) {
  switch (kind) {
    case DefaultNan::all_ones: return F::mask & ~F::sign_bit;
    case DefaultNan::quiet: return F::exp_mask | F::quiet_bit;
    case DefaultNan::negative_quiet: break;
  }
  return F::sign_bit | F::exp_mask | F::quiet_bit;
}

// Exact widening to a host double, for display only (f64 is returned as is).
double to_double(FormatId id, uint64_t bits);

// The classifications above for a format chosen at run time.
bool is_nan(FormatId id, uint64_t bits);
bool is_subnormal(FormatId id, uint64_t bits);

}  // namespace gpuatom::numeric
