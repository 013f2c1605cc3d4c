// The element types a region is filled with and read as (a fill's or an expectation's `type`,
// `run --dump`, embed::Launch::fill): their names, sizes, and how an element's bits read in each.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace gpuatom::launch {

// An element type of a region fill or an expectation.
enum class ElementType : uint8_t { u8, u16, u32, u64, s8, s16, s32, s64, f16, bf16, f32, f64 };
int bytes(ElementType type);
std::string_view name(ElementType type);
// "u32" → ElementType::u32; nothing for a name that is no element type.
std::optional<ElementType> parse_element_type(std::string_view name);
// An element's bits as the type reads them: "-5" (signed), "4294967295", "1.5", "-inf", "nan".
std::string typed_value(uint64_t bits, ElementType type);
// The same as a number (a 64-bit integer beyond 2^53 rounded to the nearest double).
double typed_number(uint64_t bits, ElementType type);

}  // namespace gpuatom::launch
