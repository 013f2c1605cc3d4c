#include "gpuatom/alu/lane_result.hpp"

#include <fmt/format.h>

#include "gpuatom/alu/apply.hpp"
#include "gpuatom/alu/why.hpp"
#include "gpuatom/support/json_writer.hpp"
#include "gpuatom/support/text.hpp"

namespace gpuatom::alu {

namespace {

std::string hex_text(OperandValue v, int bits) {
  if (bits == 128) return fmt::format("0x{:016x}{:016x}", v.hi, v.lo);
  return support::hex(v.lo, bits / 4);
}

// "0x3fc00000 (1.5)": the bits and, where there is one, the typed value.
std::string with_typed(const std::string& hex, const std::string& typed) {
  return typed.empty() ? hex : fmt::format("{} ({})", hex, typed);
}

// The returned value's typed text: of the memory's type where it is the memory's value (also in
// the low half of a dword), else a 32-bit flag.
std::string returned_typed_text(const LaneResult& r) {
  if (r.returned_in_low_half) return typed_text(*r.returned, r.type, r.memory_bits);
  return typed_text(*r.returned, r.returned_bits == r.memory_bits ? r.type : Type::u32, r.returned_bits);
}

support::json::Written string_or_null(const std::string& text) {
  return text.empty() ? support::json::null : support::json::string(text);
}

}  // namespace

LaneResult compute_lane(const Operation& operation, OperandValue old, OperandValue value, OperandValue compare,
                        std::string_view flush_rule) {
  const int bits = width_bits(operation.type);
  if (bits == 128) {
    const auto r = apply128(operation.op, {old.lo, old.hi}, {value.lo, value.hi}, {compare.lo, compare.hi});
    return {128, {r.memory.lo, r.memory.hi}, OperandValue{r.returned.lo, r.returned.hi}, 128, operation.type, {}, {}};
  }
  const Result r = apply(operation, old.lo, {value.lo, compare.lo});
  const int returned_bits = returns(operation.op) == Returns::stored_flag ? 32 : bits;
  LaneResult lane{bits, {r.memory, 0}, OperandValue{r.returned, 0}, returned_bits, operation.type, {}, {}};
  lane.why = why_lines(operation, old.lo, value.lo, r.memory, flush_rule);
  return lane;
}

std::string lane_text(const LaneResult& r) {
  const std::string memory = with_typed(hex_text(r.memory, r.memory_bits), typed_text(r.memory, r.type, r.memory_bits));
  const std::string returned =
      r.returned ? with_typed(hex_text(*r.returned, r.returned_bits), returned_typed_text(r)) : "none";
  std::string out = fmt::format("memory={} returned={}\n", memory, returned);
  for (const std::string& line : r.why) out += fmt::format("  why: {}\n", line);
  for (const std::string& line : r.notes) out += fmt::format("  note: {}\n", line);
  return out;
}

std::string lane_json(const LaneResult& r) {
  namespace json = support::json;
  json::Object out;
  out.set("memory", hex_text(r.memory, r.memory_bits));
  out.set("returned", r.returned ? json::string(hex_text(*r.returned, r.returned_bits)) : json::null);
  out.set("type", name(r.type));
  out.set("memory_value", string_or_null(typed_text(r.memory, r.type, r.memory_bits)));
  out.set("returned_value", string_or_null(r.returned ? returned_typed_text(r) : ""));
  out.set("why", json::strings(r.why));
  out.set("notes", json::strings(r.notes));
  return out.written().text + "\n";
}

}  // namespace gpuatom::alu
