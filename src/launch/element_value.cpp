// An element's bits as text in its type, for expectations' messages and `run --dump`.
#include <fmt/format.h>

#include <bit>
#include <cmath>
#include <optional>

#include "gpuatom/launch/element_type.hpp"
#include "gpuatom/numeric/format.hpp"

namespace gpuatom::launch {

namespace {

// The shortest text that reads back as the same double ("0.1", "1e-40", "inf", "nan").
std::string decimal(double v) {
  if (std::isnan(v)) return std::signbit(v) ? "-nan" : "nan";
  if (std::isinf(v)) return v < 0 ? "-inf" : "inf";
  return fmt::format("{}", v);
}

}  // namespace

namespace {

// The bits cut to the type's width, and for a signed type sign-extended.
uint64_t element_bits(uint64_t bits, ElementType type, bool& is_signed) {
  const int width = 8 * bytes(type);
  const uint64_t mask = width == 64 ? ~uint64_t{0} : (uint64_t{1} << width) - 1;
  bits &= mask;
  is_signed =
      type == ElementType::s8 || type == ElementType::s16 || type == ElementType::s32 || type == ElementType::s64;
  if (!is_signed) return bits;
  const uint64_t sign = uint64_t{1} << (width - 1);
  return (bits ^ sign) - sign;
}

std::optional<numeric::FormatId> float_format(ElementType type) {
  switch (type) {
    case ElementType::f16: return numeric::FormatId::f16;
    case ElementType::bf16: return numeric::FormatId::bf16;
    case ElementType::f32: return numeric::FormatId::f32;
    case ElementType::f64: return numeric::FormatId::f64;
    default: return std::nullopt;
  }
}

}  // namespace

double typed_number(uint64_t bits, ElementType type) {
  if (const auto format = float_format(type)) return numeric::to_double(*format, bits);
  bool is_signed = false;
  const uint64_t v = element_bits(bits, type, is_signed);
  return is_signed ? static_cast<double>(static_cast<int64_t>(v)) : static_cast<double>(v);
}

std::string typed_value(uint64_t bits, ElementType type) {
  if (float_format(type)) return decimal(typed_number(bits, type));
  bool is_signed = false;
  const uint64_t v = element_bits(bits, type, is_signed);
  return is_signed ? fmt::format("{}", static_cast<int64_t>(v)) : fmt::format("{}", v);
}

}  // namespace gpuatom::launch
