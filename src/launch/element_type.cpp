// The element types' names and sizes, one table for every reader (scenario files' `type` keys,
// `run --dump`, embed::Launch::fill).
#include "gpuatom/launch/element_type.hpp"

#include <optional>
#include <string_view>

namespace gpuatom::launch {

namespace {

struct ElementName {
  std::string_view name;
  ElementType type;
  int bytes;
};
constexpr ElementName element_names[] = {
    {"u8", ElementType::u8, 1},     {"u16", ElementType::u16, 2}, {"u32", ElementType::u32, 4},
    {"u64", ElementType::u64, 8},   {"s8", ElementType::s8, 1},   {"s16", ElementType::s16, 2},
    {"s32", ElementType::s32, 4},   {"s64", ElementType::s64, 8}, {"f16", ElementType::f16, 2},
    {"bf16", ElementType::bf16, 2}, {"f32", ElementType::f32, 4}, {"f64", ElementType::f64, 8}};

}  // namespace

int bytes(ElementType type) {
  for (const ElementName& e : element_names)
    if (e.type == type) return e.bytes;
  return 4;
}

std::string_view name(ElementType type) {
  for (const ElementName& e : element_names)
    if (e.type == type) return e.name;
  return "?";
}

std::optional<ElementType> parse_element_type(std::string_view text) {
  for (const ElementName& e : element_names)
    if (e.name == text) return e.type;
  return std::nullopt;
}

}  // namespace gpuatom::launch
