#include "gpuatom/numeric/dispatch.hpp"

#include "gpuatom/numeric/arithmetic.hpp"

namespace gpuatom::numeric {

namespace {
template <class Fn>
auto with_format(FormatId id, Fn&& fn) {
  switch (id) {
    case FormatId::f16: return fn(Half{});
    case FormatId::bf16: return fn(BFloat16{});
    case FormatId::f32: return fn(Single{});
    case FormatId::f64: break;
  }
  return fn(Double{});
}
}  // namespace

uint64_t add(FormatId format, uint64_t a, uint64_t b, const AddRules& rules) {
  return with_format(format, [&](auto f) { return add<decltype(f)>(a, b, rules); });
}
uint64_t min(FormatId format, uint64_t a, uint64_t b, const MinMaxRules& rules) {
  return with_format(format, [&](auto f) { return min<decltype(f)>(a, b, rules); });
}
uint64_t max(FormatId format, uint64_t a, uint64_t b, const MinMaxRules& rules) {
  return with_format(format, [&](auto f) { return max<decltype(f)>(a, b, rules); });
}
bool equal(FormatId format, uint64_t a, uint64_t b, bool flush_inputs) {
  return with_format(format, [&](auto f) { return equal<decltype(f)>(a, b, flush_inputs); });
}

}  // namespace gpuatom::numeric
