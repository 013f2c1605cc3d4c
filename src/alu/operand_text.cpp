#include "gpuatom/alu/operand_text.hpp"

#include <fmt/format.h>

#include <bit>
#include <cctype>
#include <cmath>
#include <limits>
#include <optional>
#include <string_view>
#include <variant>
#include <vector>

#include "gpuatom/numeric/float_literal.hpp"
#include "gpuatom/numeric/format.hpp"
#include "gpuatom/support/input_error.hpp"
#include "gpuatom/support/text.hpp"

namespace gpuatom::alu {

namespace {

using numeric::FormatId;

std::string trimmed(std::string_view text) {
  while (!text.empty() && std::isspace(static_cast<unsigned char>(text.front()))) text.remove_prefix(1);
  while (!text.empty() && std::isspace(static_cast<unsigned char>(text.back()))) text.remove_suffix(1);
  return std::string(text);
}

// Whether `text` is written as a float rather than as bits: a fraction, an exponent, inf or nan.
bool looks_like_float(std::string_view text) {
  std::string lower;
  for (const char c : text) lower += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  if (lower.find("inf") != std::string::npos || lower.find("nan") != std::string::npos) return true;
  if (lower.find('.') != std::string::npos) return true;
  const bool hex = lower.find("0x") != std::string::npos;
  return hex ? lower.find('p') != std::string::npos : lower.find('e') != std::string::npos;
}

uint64_t literal(const std::string& flag, const std::string& text, FormatId format) {
  const auto bits = numeric::parse_float_literal(text, format);
  if (const auto* error = std::get_if<numeric::LiteralError>(&bits))
    throw support::InputError(fmt::format("{} {}: {} at character {}", flag, text, error->message, error->offset + 1));
  return std::get<uint64_t>(bits);
}

// "f16x2(1.0, -2.0)" → ("f16x2", ["1.0", "-2.0"]); nothing when `text` is no call.
std::optional<std::pair<std::string, std::vector<std::string>>> call(const std::string& text) {
  const size_t open = text.find('(');
  if (open == std::string::npos || text.back() != ')') return std::nullopt;
  std::vector<std::string> args;
  std::string inside = text.substr(open + 1, text.size() - open - 2);
  size_t start = 0;
  for (size_t comma; (comma = inside.find(',', start)) != std::string::npos; start = comma + 1)
    args.push_back(trimmed(inside.substr(start, comma - start)));
  args.push_back(trimmed(inside.substr(start)));
  return std::pair{trimmed(text.substr(0, open)), args};
}

// A typed spelling: its element format and how many elements it takes (f16x2: two f16).
struct TypedSpelling {
  std::string_view name;
  FormatId format;
  size_t elements;
};
constexpr TypedSpelling typed_spellings[] = {{"f16", FormatId::f16, 1},   {"bf16", FormatId::bf16, 1},
                                             {"f32", FormatId::f32, 1},   {"f64", FormatId::f64, 1},
                                             {"f16x2", FormatId::f16, 2}, {"bf16x2", FormatId::bf16, 2}};

// Whether a call is a NaN with a payload (nan(0x1), -snan(1)), which the literal reader reads.
bool is_nan_call(std::string_view name) {
  std::string lower;
  for (const char c : name) lower += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  if (!lower.empty() && (lower[0] == '-' || lower[0] == '+')) lower.erase(0, 1);
  return lower == "nan" || lower == "snan";
}

// The value of `bits` (a `from`) as a `to`, or nothing where `to` does not hold it exactly. A NaN
// converts only to its own format: its payload has no exact place in another.
std::optional<uint64_t> convert_exactly(uint64_t bits, FormatId from, FormatId to) {
  if (from == to) return bits;
  const double value = numeric::to_double(from, bits);  // exact: a double holds every f16, bf16 and f32
  if (std::isnan(value)) return std::nullopt;
  // The value's exact hexadecimal spelling ("0x1.8p+0", "-0x0p+0", "inf"), read once in `to`.
  const auto converted = numeric::parse_float_literal(fmt::format("{:a}", value), to);
  if (!std::holds_alternative<uint64_t>(converted)) return std::nullopt;
  const uint64_t result = std::get<uint64_t>(converted);
  if (numeric::to_double(to, result) != value) return std::nullopt;
  return result;
}

// A float's shortest decimal that reads back to it: f32's own for f32, else the exact double's;
// a NaN as the literal that gives its bits back (nan, -nan(0x1), snan(0x200)).
std::string float_text(uint64_t bits, FormatId format) {
  const double value = numeric::to_double(format, bits);
  if (std::isnan(value)) return numeric::nan_literal(bits, format);
  if (format == FormatId::f32) return fmt::format("{}", static_cast<float>(value));
  return fmt::format("{}", value);
}

}  // namespace

OperandValue parse_operand(const std::string& flag, const std::string& raw, Type type, int bits) {
  const std::string text = trimmed(raw);
  const auto fail = [&](std::string_view what) {
    return support::InputError(fmt::format("{} {}: {}", flag, raw, what));
  };
  const std::optional<FormatId> format = element_format(type);
  const bool scalar_float = format && !is_packed(type) && numeric::width(*format) == bits;
  const bool packed_pair = is_packed(type) && bits == 32;
  if (const auto c = call(text); c && !is_nan_call(c->first)) {
    const auto& [name, args] = *c;
    const TypedSpelling* spelling = nullptr;
    for (const TypedSpelling& s : typed_spellings)
      if (name == s.name) spelling = &s;
    if (!spelling)
      throw fail(
          "expected f16(…), bf16(…), f32(…), f64(…), f16x2(lo, hi), bf16x2(lo, hi) or a NaN with its payload, "
          "nan(0x1) or snan(0x1)");
    if (args.size() != spelling->elements)
      throw fail(spelling->elements == 1 ? fmt::format("{}(…) takes one value", name)
                                         : fmt::format("{}(lo, hi) takes two values (lo: bits 15:0)", name));
    const int written_bits = numeric::width(spelling->format) * static_cast<int>(spelling->elements);
    // The one rule for a typed spelling: on a float operation its value is converted to the
    // operation's format, exactly or not at all; on an integer or bits operation it is its bits,
    // of the operand's own width.
    const auto element = [&](const std::string& arg, FormatId to) {
      const uint64_t read = literal(flag, arg, spelling->format);
      if (const auto converted = convert_exactly(read, spelling->format, to)) return *converted;
      const std::string why =
          std::isnan(numeric::to_double(spelling->format, read))
              ? fmt::format("a {} NaN has no exact {} (write nan(…) as the operation's own type)",
                            numeric::name(spelling->format), numeric::name(to))
              : fmt::format("{}({}) is {}, which no {} holds exactly", numeric::name(spelling->format), arg,
                            float_text(read, spelling->format), numeric::name(to));
      throw fail(fmt::format("{}: the operation is on {}; give a {} value or the bits", why, alu::name(type),
                             numeric::name(to)));
    };
    if (scalar_float) {
      if (spelling->elements != 1) throw fail(fmt::format("a pair, but the operation is on one {}", alu::name(type)));
      return {element(args[0], *format), 0};
    }
    if (packed_pair) {
      if (spelling->elements != 2)
        throw fail(fmt::format("a packed {} takes {}(lo, hi) or its bits", alu::name(type), alu::name(type)));
      return {element(args[0], *format) | element(args[1], *format) << 16, 0};
    }
    if (format) throw fail(fmt::format("a {}-bit vector of {}: give its bits", bits, alu::name(type)));
    if (written_bits != bits)
      throw fail(fmt::format("{} is {} bits, but the operand of this {} operation is {} bits", name, written_bits,
                             alu::name(type), bits));
    uint64_t out = 0;
    for (size_t k = 0; k < args.size(); ++k) out |= literal(flag, args[k], spelling->format) << (16 * k);
    return {out, 0};
  }
  // A float literal: a fraction, an exponent, inf, nan(…); on a float operation also anything
  // signed, "-0" and "-1" included (bits are never negative).
  if (looks_like_float(text) || (format && !text.empty() && (text.front() == '-' || text.front() == '+'))) {
    if (!format) throw fail(fmt::format("a float, but the operation is on {} integers", alu::name(type)));
    if (is_packed(type))
      throw fail(fmt::format("a packed {} takes {}(lo, hi) or its bits", alu::name(type), alu::name(type)));
    if (scalar_float) return {literal(flag, text, *format), 0};
    throw fail("a float value of a vector: give its bits");
  }
  if (bits == 128 && text.size() > 18 && support::istarts_with(text, "0x")) {  // more than 64 bits of hex
    const std::string digits = text.substr(2);
    const auto hi =
        digits.size() <= 32 ? support::parse_unsigned("0x" + digits.substr(0, digits.size() - 16)) : std::nullopt;
    const auto lo =
        digits.size() <= 32 ? support::parse_unsigned("0x" + digits.substr(digits.size() - 16)) : std::nullopt;
    if (!hi || !lo) throw fail("not an unsigned 128-bit value");
    return {*lo, *hi};
  }
  const uint64_t max = bits >= 64 ? ~0ULL : (1ULL << bits) - 1;
  // A negative integer is its two's complement at the operand's width, whatever the op's signedness.
  if (!format && text.size() > 1 && text.front() == '-' && std::isdigit(static_cast<unsigned char>(text[1]))) {
    const auto magnitude = support::parse_unsigned(text.substr(1));
    const uint64_t limit = bits >= 64 ? uint64_t{1} << 63 : uint64_t{1} << (bits - 1);
    if (!magnitude || *magnitude > limit) throw fail(fmt::format("below the smallest signed {}-bit value", bits));
    return {(~*magnitude + 1) & max, 0};
  }
  const auto v = support::parse_unsigned(text, max);
  if (!v)
    throw fail(
        fmt::format("not an unsigned {}-bit value (decimal or 0x-hex){}", bits,
                    format ? fmt::format(", nor a {} literal (1.5, -0x1p-149, -0, nan(0x1), {}(…))", alu::name(type),
                                         is_packed(type) ? alu::name(type) : numeric::name(*format))
                           : std::string()));
  return {*v, 0};
}

std::string typed_text(OperandValue value, Type type, int bits) {
  if (bits == 128) return "";
  if (const auto format = element_format(type)) {
    if (is_packed(type)) {
      if (bits != 32) return "";  // a vector of pairs
      return fmt::format("{}({}, {})", alu::name(type), float_text(value.lo & 0xffff, *format),
                         float_text((value.lo >> 16) & 0xffff, *format));
    }
    if (numeric::width(*format) != bits) return "";  // a vector element's type
    return float_text(value.lo, *format);
  }
  const uint64_t mask = bits >= 64 ? ~0ULL : (1ULL << bits) - 1;
  const bool is_signed = type == Type::s16 || type == Type::s32 || type == Type::s64;
  if (is_signed && (value.lo >> (bits - 1)) & 1) return fmt::format("-{}", (~value.lo + 1) & mask);
  return fmt::format("{}", value.lo & mask);
}

}  // namespace gpuatom::alu
