#include "gpuatom/numeric/format.hpp"

#include <bit>
#include <cmath>

namespace gpuatom::numeric {

std::string_view name(FormatId id) {
  switch (id) {
    case FormatId::f16: return "f16";
    case FormatId::bf16: return "bf16";
    case FormatId::f32: return "f32";
    case FormatId::f64: return "f64";
  }
  return "?";
}

int width(FormatId id) {
  switch (id) {
    case FormatId::f16:
    case FormatId::bf16: return 16;
    case FormatId::f32: return 32;
    case FormatId::f64: return 64;
  }
  return 0;
}

namespace {
// Every f16, bf16 and f32 value is exactly a double; ldexp of an integer significand is exact.
template <class F>
double widen(uint64_t bits) {
  const bool negative = sign_of<F>(bits);
  const uint64_t e = exponent_of<F>(bits);
  const uint64_t f = fraction_of<F>(bits);
  double magnitude;
  if (e == static_cast<uint64_t>(F::max_exp)) {
    magnitude = f ? std::nan("") : HUGE_VAL;
  } else if (e == 0) {
    magnitude = std::ldexp(static_cast<double>(f), 1 - F::bias - F::frac_bits);
  } else {
    magnitude =
        std::ldexp(static_cast<double>(f | (1ULL << F::frac_bits)), static_cast<int>(e) - F::bias - F::frac_bits);
  }
  return negative ? -magnitude : magnitude;
}
}  // namespace

double to_double(FormatId id, uint64_t bits) {
  switch (id) {
    case FormatId::f16: return widen<Half>(bits);
    case FormatId::bf16: return widen<BFloat16>(bits);
    case FormatId::f32: return widen<Single>(bits);
    case FormatId::f64: break;
  }
  return std::bit_cast<double>(bits);
}

bool is_nan(FormatId id, uint64_t bits) {
  switch (id) {
    case FormatId::f16: return is_nan<Half>(bits);
    case FormatId::bf16: return is_nan<BFloat16>(bits);
    case FormatId::f32: return is_nan<Single>(bits);
    case FormatId::f64: break;
  }
  return is_nan<Double>(bits);
}

bool is_subnormal(FormatId id, uint64_t bits) {
  switch (id) {
    case FormatId::f16: return is_subnormal<Half>(bits);
    case FormatId::bf16: return is_subnormal<BFloat16>(bits);
    case FormatId::f32: return is_subnormal<Single>(bits);
    case FormatId::f64: break;
  }
  return is_subnormal<Double>(bits);
}

}  // namespace gpuatom::numeric
