// An element's bits as text in its type, for expectations' messages and `run --dump`.
#include <bit>
#include <cmath>

#include <fmt/format.h>

#include "gpuatom/numeric/format.hpp"
#include "gpuatom/scenario/scenario.hpp"

namespace gpuatom::scenario {

namespace {

// The shortest text that reads back as the same double ("0.1", "1e-40", "inf", "nan").
std::string decimal(double v) {
  if (std::isnan(v)) return std::signbit(v) ? "-nan" : "nan";
  if (std::isinf(v)) return v < 0 ? "-inf" : "inf";
  return fmt::format("{}", v);
}

}  // namespace

std::string typed_value(uint64_t bits, ElementType type) {
  const int width = 8 * bytes(type);
  const uint64_t mask = width == 64 ? ~uint64_t{0} : (uint64_t{1} << width) - 1;
  bits &= mask;
  switch (type) {
    case ElementType::s8:
    case ElementType::s16:
    case ElementType::s32:
    case ElementType::s64: {
      const uint64_t sign = uint64_t{1} << (width - 1);
      return fmt::format("{}", static_cast<int64_t>((bits ^ sign) - sign));
    }
    case ElementType::f16: return decimal(numeric::to_double(numeric::FormatId::f16, bits));
    case ElementType::bf16: return decimal(numeric::to_double(numeric::FormatId::bf16, bits));
    case ElementType::f32: return decimal(numeric::to_double(numeric::FormatId::f32, bits));
    case ElementType::f64: return decimal(numeric::to_double(numeric::FormatId::f64, bits));
    default: return fmt::format("{}", bits);
  }
}

}  // namespace gpuatom::scenario
