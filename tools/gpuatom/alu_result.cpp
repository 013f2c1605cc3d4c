#include "alu_result.hpp"

#include <fmt/format.h>

#include <nlohmann/json.hpp>

#include "alu_why.hpp"
#include "gpuatom/alu/apply.hpp"
#include "gpuatom/support/text.hpp"

namespace gpuatom::cli {

Value parse_value(const std::string& flag, const std::string& text, const alu::Operation& operation, int bits) {
  return parse_operand(flag, text, operation.type, bits);
}

const std::string& need(const std::optional<std::string>& value, std::string_view flag, std::string_view why) {
  if (!value) throw BadInput(fmt::format("missing {}: {}", flag, why));
  return *value;
}
void forbid(const std::optional<std::string>& value, std::string_view flag, std::string_view why) {
  if (value) throw BadInput(fmt::format("{} is not an operand here: {}", flag, why));
}

namespace {

std::string format_value(Value v, int bits) {
  if (bits == 128) return fmt::format("0x{:016x}{:016x}", v.hi, v.lo);
  return support::hex(v.lo, bits / 4);
}

// "0x3fc00000 (1.5)": the bits and, where there is one, the typed value.
std::string value_text(Value v, int bits, alu::Type type) {
  const std::string typed = typed_text(v, type, bits);
  return typed.empty() ? format_value(v, bits) : fmt::format("{} ({})", format_value(v, bits), typed);
}

// The returned value's typed text: of the memory's type where it is the memory's value (also in
// the low half of a dword), else a 32-bit flag.
std::string returned_typed_text(const Computed& c) {
  if (c.returned_in_low_half) return typed_text(*c.returned, c.type, c.memory_bits);
  return typed_text(*c.returned, c.returned_bits == c.memory_bits ? c.type : alu::Type::u32, c.returned_bits);
}

std::string returned_value_text(const Computed& c) {
  const std::string typed = returned_typed_text(c);
  const std::string hex = format_value(*c.returned, c.returned_bits);
  return typed.empty() ? hex : fmt::format("{} ({})", hex, typed);
}

}  // namespace

int print(const Computed& c, bool json) {
  if (json) {
    nlohmann::ordered_json out;
    out["memory"] = format_value(c.memory, c.memory_bits);
    out["returned"] =
        c.returned ? nlohmann::ordered_json(format_value(*c.returned, c.returned_bits)) : nlohmann::ordered_json();
    out["type"] = alu::name(c.type);
    const std::string memory_typed = typed_text(c.memory, c.type, c.memory_bits);
    out["memory_value"] = memory_typed.empty() ? nlohmann::ordered_json() : nlohmann::ordered_json(memory_typed);
    const std::string returned_typed = c.returned ? returned_typed_text(c) : "";
    out["returned_value"] = returned_typed.empty() ? nlohmann::ordered_json() : nlohmann::ordered_json(returned_typed);
    out["why"] = c.why;
    out["notes"] = c.notes;
    fmt::print("{}\n", out.dump());
    return exit_ok;
  }
  fmt::print("memory={} returned={}\n", value_text(c.memory, c.memory_bits, c.type),
             c.returned ? returned_value_text(c) : "none");
  for (const std::string& line : c.why) fmt::print("  why: {}\n", line);
  for (const std::string& line : c.notes) fmt::print("  note: {}\n", line);
  return exit_ok;
}

Computed compute(const alu::Operation& operation, Value old, Value value, Value compare, std::string_view flush_rule) {
  const int bits = alu::width_bits(operation.type);
  if (bits == 128) {
    const auto r = alu::apply128(operation.op, {old.lo, old.hi}, {value.lo, value.hi}, {compare.lo, compare.hi});
    return {128, {r.memory.lo, r.memory.hi}, Value{r.returned.lo, r.returned.hi}, 128, operation.type, {}, {}};
  }
  const alu::Result r = alu::apply(operation, old.lo, {value.lo, compare.lo});
  const int returned_bits = alu::returns(operation.op) == alu::Returns::stored_flag ? 32 : bits;
  Computed c{bits, {r.memory, 0}, Value{r.returned, 0}, returned_bits, operation.type, {}, {}};
  c.why = why_lines(operation, old.lo, value.lo, r.memory, flush_rule);
  return c;
}

void check_alu(const alu::Operation& operation) {
  if (auto why = alu::unsupported(operation.op, operation.type)) throw BadInput(*why);
}

}  // namespace gpuatom::cli
