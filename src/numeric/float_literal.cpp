#include "gpuatom/numeric/float_literal.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <bit>
#include <string>
#include <vector>

#include "big_unsigned.hpp"
#include "exact_rounding.hpp"

namespace gpuatom::numeric {

namespace {

// Significant digits kept before the rest is summed up in a sticky flag. A binary64 midpoint (the
// hardest value to round to) has at most 767 significant decimal digits and 15 hexadecimal ones;
// with more kept than that, a midpoint is a multiple of the last kept digit's unit, so the kept
// digits followed by one more nonzero digit lie strictly between the same two midpoints as the
// whole string does.
constexpr size_t max_decimal_digits = 800;
constexpr size_t max_hex_digits = 32;

int digit_value(char c, int base) {
  int v = -1;
  if (c >= '0' && c <= '9') v = c - '0';
  if (c >= 'a' && c <= 'f') v = c - 'a' + 10;
  if (c >= 'A' && c <= 'F') v = c - 'A' + 10;
  return v < base ? v : -1;
}

char lower(char c) { return c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c; }

// The digits of a significand, exact: value = digits (read in `base`) × base^exponent.
struct Significand {
  std::vector<uint8_t> digits;  // most significant first, no leading or trailing zeros
  int64_t exponent = 0;
};

class LiteralReader {
 public:
  LiteralReader(std::string_view text, FormatId format) : text_(text), format_(format) {}

  std::variant<uint64_t, LiteralError> read() {
    if (text_.empty()) return LiteralError{0, "an empty literal"};
    const bool negative = text_[0] == '-';
    if (text_[0] == '-' || text_[0] == '+') ++pos_;
    if (at_end()) return error("expected digits, inf or nan after the sign");
    const uint64_t sign = negative ? 1ULL << (width(format_) - 1) : 0;
    if (accept_word("infinity") || accept_word("inf")) return finish(sign | infinity_bits());
    if (accept_word("snan")) return nan_with_payload(sign, false);
    if (accept_word("nan")) return nan_with_payload(sign, true);
    if (text_[pos_] == '0' && pos_ + 1 < text_.size() && lower(text_[pos_ + 1]) == 'x') return hexadecimal(negative);
    return decimal(negative);
  }

 private:
  bool at_end() const { return pos_ >= text_.size(); }
  LiteralError error(std::string message) const { return LiteralError{pos_, std::move(message)}; }

  bool accept_word(std::string_view word) {
    if (text_.size() - pos_ < word.size()) return false;
    for (size_t i = 0; i < word.size(); ++i)
      if (lower(text_[pos_ + i]) != word[i]) return false;
    pos_ += word.size();
    return true;
  }

  LiteralError unexpected_character() const {
    return error(fmt::format("unexpected '{}' after the literal", text_[pos_]));
  }
  std::variant<uint64_t, LiteralError> finish(uint64_t bits) const {
    if (!at_end()) return unexpected_character();
    return bits;
  }

  // `nan`, `nan(P)`, `snan(P)`: P is the payload, the fraction bits below the quiet bit (decimal or
  // 0x-hex, as C's strtod reads `nan(n-char-sequence)` on glibc). A signalling NaN needs a payload:
  // with none, its bits would be infinity's.
  std::variant<uint64_t, LiteralError> nan_with_payload(uint64_t sign, bool quiet) {
    const uint64_t quiet_bit = quiet_nan_bits() & ~infinity_bits();
    if (at_end() || text_[pos_] != '(') {
      if (!quiet) return error("expected '(' and the payload after snan: snan(0x1)");
      return finish(sign | quiet_nan_bits());
    }
    const size_t open = pos_++;
    const size_t close = text_.find(')', pos_);
    if (close == std::string_view::npos) return error("expected ')' after the NaN payload");
    const std::string_view digits = text_.substr(pos_, close - pos_);
    const bool hex = digits.size() > 2 && digits[0] == '0' && lower(digits[1]) == 'x';
    uint64_t payload = 0;
    bool fits = !digits.empty() && digits.size() <= (hex ? 2 + 16 : 20);
    for (size_t i = hex ? 2 : 0; fits && i < digits.size(); ++i) {
      const int d = digit_value(digits[i], hex ? 16 : 10);
      if (d < 0) return LiteralError{pos_ + i, fmt::format("'{}' is not a digit of the NaN payload", digits[i])};
      fits = payload <= (~0ULL - static_cast<uint64_t>(d)) / (hex ? 16 : 10);
      payload = payload * (hex ? 16 : 10) + static_cast<uint64_t>(d);
    }
    if (digits.empty()) return error("expected the NaN payload (decimal or 0x-hex) inside the parentheses");
    if (!fits || payload >= quiet_bit)
      return LiteralError{open + 1,
                          fmt::format("the payload does not fit the {} bits below the {} quiet bit (at most 0x{:x})",
                                      std::countr_zero(quiet_bit), name(format_), quiet_bit - 1)};
    if (!quiet && payload == 0)
      return LiteralError{open + 1, "a signalling NaN's payload is not 0 (its bits would be infinity's)"};
    pos_ = close + 1;
    return finish(sign | infinity_bits() | (quiet ? quiet_bit : 0) | payload);
  }

  uint64_t infinity_bits() const {
    switch (format_) {
      case FormatId::f16: return Half::infinity;
      case FormatId::bf16: return BFloat16::infinity;
      case FormatId::f32: return Single::infinity;
      case FormatId::f64: break;
    }
    return Double::infinity;
  }
  uint64_t quiet_nan_bits() const {
    switch (format_) {
      case FormatId::f16: return default_nan<Half>(DefaultNan::quiet);
      case FormatId::bf16: return default_nan<BFloat16>(DefaultNan::quiet);
      case FormatId::f32: return default_nan<Single>(DefaultNan::quiet);
      case FormatId::f64: break;
    }
    return default_nan<Double>(DefaultNan::quiet);
  }

  // Digits with at most one '.', in `base`. Leading zeros only move the point; digits past
  // max_digits only count (for the exponent) and set the sticky digit.
  Significand significand(int base, size_t max_digits, bool& any_digit) {
    Significand s;
    bool seen_point = false;
    bool sticky = false;
    for (; !at_end(); ++pos_) {
      const char c = text_[pos_];
      if (c == '.' && !seen_point) {
        seen_point = true;
        continue;
      }
      const int d = digit_value(c, base);
      if (d < 0) break;
      any_digit = true;
      if (s.digits.size() < max_digits && (d != 0 || !s.digits.empty())) {
        s.digits.push_back(static_cast<uint8_t>(d));
        if (seen_point) --s.exponent;
      } else if (s.digits.empty()) {
        if (seen_point) --s.exponent;  // a leading zero
      } else {
        sticky = sticky || d != 0;
        if (!seen_point) ++s.exponent;  // a dropped digit before the point still scales the value
      }
    }
    if (sticky) {  // stands for every dropped digit: strictly between the kept value and its next step
      s.digits.push_back(1);
      --s.exponent;
    }
    while (!s.digits.empty() && s.digits.back() == 0) {
      s.digits.pop_back();
      ++s.exponent;
    }
    return s;
  }

  // [+|-] digits after 'e' or 'p', saturated at exact_exponent_limit (beyond it every format
  // has overflowed or underflowed already).
  std::variant<int64_t, LiteralError> exponent_digits(char letter) {
    bool negative = false;
    if (!at_end() && (text_[pos_] == '+' || text_[pos_] == '-')) negative = text_[pos_++] == '-';
    if (at_end() || digit_value(text_[pos_], 10) < 0)
      return error(fmt::format("expected the exponent's digits after '{}'", letter));
    int64_t value = 0;
    for (; !at_end() && digit_value(text_[pos_], 10) >= 0; ++pos_)
      value = std::min(value * 10 + digit_value(text_[pos_], 10), exact_exponent_limit);
    return negative ? -value : value;
  }

  static BigUnsigned integer_of(const std::vector<uint8_t>& digits, int base) {
    // Several digits per multiplication: base^chunk stays below 2^32.
    const int per_chunk = base == 10 ? 9 : 7;
    BigUnsigned m;
    uint32_t chunk = 0;
    uint32_t scale = 1;
    int in_chunk = 0;
    for (const uint8_t d : digits) {
      chunk = chunk * static_cast<uint32_t>(base) + d;
      scale *= static_cast<uint32_t>(base);
      if (++in_chunk == per_chunk) {
        m.multiply_add(scale, chunk);
        chunk = 0;
        scale = 1;
        in_chunk = 0;
      }
    }
    if (in_chunk > 0) m.multiply_add(scale, chunk);
    return m;
  }

  static int64_t clamp_exponent(int64_t e) { return std::clamp(e, -exact_exponent_limit, exact_exponent_limit); }

  std::variant<uint64_t, LiteralError> decimal(bool negative) {
    bool any_digit = false;
    const size_t start = pos_;
    Significand s = significand(10, max_decimal_digits, any_digit);
    if (!any_digit) {
      pos_ = start;
      if (at_end() || text_[pos_] == '.') return error("expected a digit");
      return error(fmt::format("'{}' cannot start a float literal", text_[pos_]));
    }
    int64_t written = 0;
    if (!at_end() && lower(text_[pos_]) == 'e') {
      const char letter = text_[pos_++];
      auto e = exponent_digits(letter);
      if (auto* bad = std::get_if<LiteralError>(&e)) return *bad;
      written = std::get<int64_t>(e);
    }
    if (!at_end()) return unexpected_character();
    return round_exact(format_, negative, integer_of(s.digits, 10), 0, clamp_exponent(s.exponent + written));
  }

  std::variant<uint64_t, LiteralError> hexadecimal(bool negative) {
    pos_ += 2;  // 0x
    const size_t start = pos_;
    bool any_digit = false;
    Significand s = significand(16, max_hex_digits, any_digit);
    if (!any_digit) {
      pos_ = start;
      return error("expected hexadecimal digits after '0x'");
    }
    int64_t written = 0;
    if (!at_end() && lower(text_[pos_]) == 'p') {
      const char letter = text_[pos_++];
      auto e = exponent_digits(letter);
      if (auto* bad = std::get_if<LiteralError>(&e)) return *bad;
      written = std::get<int64_t>(e);
    }
    if (!at_end()) return unexpected_character();
    // Each hexadecimal digit is four binary places.
    return round_exact(format_, negative, integer_of(s.digits, 16), clamp_exponent(4 * s.exponent + written), 0);
  }

  std::string_view text_;
  FormatId format_;
  size_t pos_ = 0;
};

template <class F>
std::string nan_text(uint64_t bits) {
  const std::string_view sign = sign_of<F>(bits) ? "-" : "";
  const uint64_t payload = fraction_of<F>(bits) & ~F::quiet_bit;
  if (!is_quiet_nan<F>(bits)) return fmt::format("{}snan(0x{:x})", sign, payload);
  if (payload == 0) return fmt::format("{}nan", sign);
  return fmt::format("{}nan(0x{:x})", sign, payload);
}

}  // namespace

std::string nan_literal(uint64_t bits, FormatId format) {
  switch (format) {
    case FormatId::f16: return nan_text<Half>(bits);
    case FormatId::bf16: return nan_text<BFloat16>(bits);
    case FormatId::f32: return nan_text<Single>(bits);
    case FormatId::f64: break;
  }
  return nan_text<Double>(bits);
}

std::variant<uint64_t, LiteralError> parse_float_literal(std::string_view text, FormatId format) {
  return LiteralReader(text, format).read();
}

}  // namespace gpuatom::numeric
