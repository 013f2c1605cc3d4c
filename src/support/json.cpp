#include "gpuatom/support/json.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <charconv>
#include <limits>
#include <system_error>
#include <tuple>

#include "gpuatom/support/text.hpp"

namespace gpuatom::support::json {

namespace {

bool is_digit(char c) { return c >= '0' && c <= '9'; }
bool is_blank(char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n'; }

void append_utf8(std::string& out, uint32_t code_point) {
  if (code_point < 0x80) {
    out += static_cast<char>(code_point);
  } else if (code_point < 0x800) {
    out += static_cast<char>(0xc0 | (code_point >> 6));
    out += static_cast<char>(0x80 | (code_point & 0x3f));
  } else if (code_point < 0x10000) {
    out += static_cast<char>(0xe0 | (code_point >> 12));
    out += static_cast<char>(0x80 | ((code_point >> 6) & 0x3f));
    out += static_cast<char>(0x80 | (code_point & 0x3f));
  } else {
    out += static_cast<char>(0xf0 | (code_point >> 18));
    out += static_cast<char>(0x80 | ((code_point >> 12) & 0x3f));
    out += static_cast<char>(0x80 | ((code_point >> 6) & 0x3f));
    out += static_cast<char>(0x80 | (code_point & 0x3f));
  }
}

// A number the grammar accepted that from_chars still calls out of range is either past the
// largest double or below the smallest subnormal. Only the first is refused (an underflow reads
// as 0, as every JSON reader does), and which one it is follows from the power of ten of the
// first significant digit plus the exponent: positive means too large. Computed here rather
// than taken from the host's strtod, whose answer depends on the C locale.
bool overflows(std::string_view number) {
  std::size_t i = number[0] == '-' ? 1 : 0;
  int64_t order = 0;
  bool significant = false;
  int64_t integer_digits = 0;
  for (; i < number.size() && is_digit(number[i]); ++i) {
    if (!significant && number[i] != '0') significant = true;
    if (significant) ++integer_digits;
  }
  order = integer_digits - 1;
  if (i < number.size() && number[i] == '.') {
    int64_t position = 0;
    for (++i; i < number.size() && is_digit(number[i]); ++i) {
      ++position;
      if (!significant && number[i] != '0') {
        significant = true;
        order = -position;
      }
    }
  }
  if (!significant) return false;  // zero
  int64_t exponent = 0;
  if (i < number.size() && (number[i] == 'e' || number[i] == 'E')) {
    ++i;
    bool negative = false;
    if (number[i] == '+' || number[i] == '-') negative = number[i++] == '-';
    for (; i < number.size(); ++i) exponent = std::min<int64_t>(exponent * 10 + (number[i] - '0'), int64_t{1} << 40);
    if (negative) exponent = -exponent;
  }
  return order + exponent > 0;
}

class Parser {
 public:
  explicit Parser(std::string_view text) : text_(text) {}

  std::variant<Value, Error> run() {
    Value value;
    skip_blanks();
    if (parse_value(value, 0)) {
      skip_blanks();
      if (pos_ < text_.size()) fail(pos_, fmt::format("{} after the end of the JSON value", found(pos_)));
    }
    if (error_) return std::move(*error_);
    return value;
  }

 private:
  std::string_view text_;
  std::size_t pos_ = 0;
  std::optional<Error> error_;

  static uint32_t column_of(std::size_t offset) {
    return static_cast<uint32_t>(std::min<std::size_t>(offset + 1, std::numeric_limits<uint32_t>::max()));
  }

  // Keeps the first error only: the rest of a broken line says nothing reliable.
  bool fail(std::size_t at, std::string message) {
    if (!error_) error_ = Error{column_of(at), std::move(message)};
    return false;
  }

  // What stands at `at`, as a message names it: 'x', '\x1b', 'é' or "the end of the line".
  std::string found(std::size_t at) const {
    if (at >= text_.size()) return "the end of the line";
    const unsigned char c = static_cast<unsigned char>(text_[at]);
    if (c >= 0x20 && c < 0x7f) return fmt::format("'{}'", static_cast<char>(c));
    if (const std::size_t n = utf8_sequence(text_, at)) return fmt::format("'{}'", text_.substr(at, n));
    return fmt::format("'\\x{:02x}'", c);
  }

  void skip_blanks() {
    while (pos_ < text_.size() && is_blank(text_[pos_])) ++pos_;
  }

  bool parse_value(Value& out, std::size_t depth) {
    out.column = column_of(pos_);
    if (pos_ >= text_.size()) return fail(pos_, "expected a JSON value, found the end of the line");
    const char c = text_[pos_];
    if (c == '{' || c == '[') {
      if (depth >= max_depth) return fail(pos_, fmt::format("arrays and objects nested deeper than {}", max_depth));
      return c == '{' ? parse_object(out, depth + 1) : parse_array(out, depth + 1);
    }
    if (c == '"') {
      out.kind = Kind::string;
      return parse_string(out.text);
    }
    if (c == '-' || is_digit(c)) return parse_number(out);
    for (const auto& [word, kind, truth] : {std::tuple{std::string_view("true"), Kind::boolean, true},
                                            std::tuple{std::string_view("false"), Kind::boolean, false},
                                            std::tuple{std::string_view("null"), Kind::null, false}}) {
      if (text_.substr(pos_, word.size()) == word) {
        pos_ += word.size();
        out.kind = kind;
        out.boolean = truth;
        return true;
      }
    }
    return fail(pos_,
                fmt::format("expected a JSON value (a string, number, object, array, true, false or null), found {}",
                            found(pos_)));
  }

  bool parse_object(Value& out, std::size_t depth) {
    out.kind = Kind::object;
    ++pos_;  // '{'
    skip_blanks();
    if (pos_ < text_.size() && text_[pos_] == '}') {
      ++pos_;
      return true;
    }
    for (;;) {
      skip_blanks();
      if (pos_ >= text_.size() || text_[pos_] != '"') {
        const bool trailing_comma = !out.members.empty() && pos_ < text_.size() && text_[pos_] == '}';
        return fail(pos_, fmt::format("expected a key (a string in double quotes){}, found {}",
                                      trailing_comma        ? " after ',' (JSON allows no trailing comma)"
                                      : out.members.empty() ? " or '}'"
                                                            : "",
                                      found(pos_)));
      }
      Member member;
      member.column = column_of(pos_);
      if (!parse_string(member.key)) return false;
      skip_blanks();
      if (pos_ >= text_.size() || text_[pos_] != ':')
        return fail(pos_, fmt::format("expected ':' after the key \"{}\", found {}", excerpt(member.key), found(pos_)));
      ++pos_;
      skip_blanks();
      if (!parse_value(member.value, depth)) return false;
      out.members.push_back(std::move(member));
      skip_blanks();
      if (pos_ < text_.size() && text_[pos_] == ',') {
        ++pos_;
        continue;
      }
      if (pos_ < text_.size() && text_[pos_] == '}') {
        ++pos_;
        return check_distinct_keys(out);
      }
      return fail(pos_, fmt::format("expected ',' or '}}' after the value of \"{}\", found {}",
                                    excerpt(out.members.back().key), found(pos_)));
    }
  }

  // Sorting finds repeated keys in n log n (an object may have a hundred thousand members); the
  // one reported is the repeat that comes first in the line.
  bool check_distinct_keys(const Value& object) {
    if (object.members.size() < 2) return true;
    std::vector<const Member*> sorted;
    sorted.reserve(object.members.size());
    for (const Member& m : object.members) sorted.push_back(&m);
    std::sort(sorted.begin(), sorted.end(), [](const Member* a, const Member* b) {
      return std::tie(a->key, a->column) < std::tie(b->key, b->column);
    });
    const Member* repeat = nullptr;
    const Member* first = nullptr;
    for (std::size_t i = 1; i < sorted.size(); ++i) {
      if (sorted[i]->key != sorted[i - 1]->key) continue;
      if (!repeat || sorted[i]->column < repeat->column) {
        repeat = sorted[i];
        std::size_t k = i;
        while (k > 0 && sorted[k - 1]->key == sorted[i]->key) --k;
        first = sorted[k];
      }
    }
    if (!repeat) return true;
    return fail(repeat->column - 1, fmt::format("duplicate key \"{}\" (first at column {}): a key may appear once",
                                                excerpt(repeat->key), first->column));
  }

  bool parse_array(Value& out, std::size_t depth) {
    out.kind = Kind::array;
    ++pos_;  // '['
    skip_blanks();
    if (pos_ < text_.size() && text_[pos_] == ']') {
      ++pos_;
      return true;
    }
    for (;;) {
      skip_blanks();
      if (pos_ < text_.size() && text_[pos_] == ']' && !out.items.empty())
        return fail(pos_, "expected a value after ',' (JSON allows no trailing comma), found ']'");
      Value item;
      if (!parse_value(item, depth)) return false;
      out.items.push_back(std::move(item));
      skip_blanks();
      if (pos_ < text_.size() && text_[pos_] == ',') {
        ++pos_;
        continue;
      }
      if (pos_ < text_.size() && text_[pos_] == ']') {
        ++pos_;
        return true;
      }
      return fail(pos_, fmt::format("expected ',' or ']' after an array element, found {}", found(pos_)));
    }
  }

  bool parse_hex4(std::size_t at, uint32_t& unit) {
    unit = 0;
    for (std::size_t k = 0; k < 4; ++k) {
      if (at + k >= text_.size()) return fail(at + k, "expected 4 hex digits after \\u, found the end of the line");
      const char c = text_[at + k];
      const int digit = is_digit(c)            ? c - '0'
                        : c >= 'a' && c <= 'f' ? c - 'a' + 10
                        : c >= 'A' && c <= 'F' ? c - 'A' + 10
                                               : -1;
      if (digit < 0) return fail(at + k, fmt::format("expected 4 hex digits after \\u, found {}", found(at + k)));
      unit = unit * 16 + static_cast<uint32_t>(digit);
    }
    return true;
  }

  bool parse_escape(std::string& out) {
    const std::size_t backslash = pos_++;
    if (pos_ >= text_.size()) return fail(pos_, "unterminated string: the line ends after '\\'");
    const char c = text_[pos_++];
    switch (c) {
      case '"': out += '"'; return true;
      case '\\': out += '\\'; return true;
      case '/': out += '/'; return true;
      case 'b': out += '\b'; return true;
      case 'f': out += '\f'; return true;
      case 'n': out += '\n'; return true;
      case 'r': out += '\r'; return true;
      case 't': out += '\t'; return true;
      case 'u': break;
      default:
        return fail(backslash,
                    fmt::format("'\\' followed by {} is not a JSON escape (\\\" \\\\ \\/ \\b \\f \\n \\r \\t \\uXXXX)",
                                found(pos_ - 1)));
    }
    uint32_t unit = 0;
    if (!parse_hex4(pos_, unit)) return false;
    pos_ += 4;
    if (unit >= 0xdc00 && unit <= 0xdfff)
      return fail(backslash, fmt::format("\\u{:04x} is a low surrogate without a high surrogate before it", unit));
    if (unit >= 0xd800 && unit <= 0xdbff) {
      uint32_t low = 0;
      if (text_.substr(pos_, 2) != "\\u" || !parse_hex4(pos_ + 2, low) || low < 0xdc00 || low > 0xdfff)
        return fail(backslash, fmt::format("\\u{:04x} is a high surrogate without a low surrogate after it", unit));
      pos_ += 6;
      unit = 0x10000 + ((unit - 0xd800) << 10) + (low - 0xdc00);
    }
    append_utf8(out, unit);
    return true;
  }

  bool parse_string(std::string& out) {
    const std::size_t open = pos_++;  // '"'
    for (;;) {
      if (pos_ >= text_.size()) return fail(open, "unterminated string: no closing '\"' on this line");
      const unsigned char c = static_cast<unsigned char>(text_[pos_]);
      if (c == '"') {
        ++pos_;
        return true;
      }
      if (c == '\\') {
        if (!parse_escape(out)) return false;
      } else if (c < 0x20) {
        return fail(pos_,
                    fmt::format("control character {} in a string (JSON writes it as \\u{:04x})", found(pos_), c));
      } else if (c < 0x80) {
        out += static_cast<char>(c);
        ++pos_;
      } else {
        const std::size_t n = utf8_sequence(text_, pos_);
        if (n == 0) return fail(pos_, fmt::format("byte {} in a string is not UTF-8", found(pos_)));
        out.append(text_.substr(pos_, n));
        pos_ += n;
      }
    }
  }

  bool digits(const char* what) {
    if (pos_ >= text_.size() || !is_digit(text_[pos_]))
      return fail(pos_, fmt::format("expected a digit {}, found {}", what, found(pos_)));
    while (pos_ < text_.size() && is_digit(text_[pos_])) ++pos_;
    return true;
  }

  bool parse_number(Value& out) {
    const std::size_t start = pos_;
    if (text_[pos_] == '-') ++pos_;
    if (pos_ < text_.size() && text_[pos_] == '0') {
      ++pos_;
      if (pos_ < text_.size() && is_digit(text_[pos_]))
        return fail(start, "a JSON number does not start with 0 followed by more digits");
    } else if (!digits("after '-'")) {
      return false;
    }
    if (pos_ < text_.size() && text_[pos_] == '.') {
      ++pos_;
      if (!digits("after the decimal point")) return false;
    }
    if (pos_ < text_.size() && (text_[pos_] == 'e' || text_[pos_] == 'E')) {
      ++pos_;
      if (pos_ < text_.size() && (text_[pos_] == '+' || text_[pos_] == '-')) ++pos_;
      if (!digits("in the exponent")) return false;
    }
    const std::string_view number = text_.substr(start, pos_ - start);
    double value = 0;
    const auto [end, ec] = std::from_chars(number.data(), number.data() + number.size(), value);
    if (ec == std::errc::result_out_of_range && overflows(number))
      return fail(start, fmt::format("number {} is too large: numbers must fit a double (at most about 1.8e308)",
                                     excerpt(number)));
    out.kind = Kind::number;
    out.text = number;
    return true;
  }
};

}  // namespace

std::string_view describe(Kind kind) {
  switch (kind) {
    case Kind::null: return "null";
    case Kind::boolean: return "true or false";
    case Kind::number: return "a number";
    case Kind::string: return "a string";
    case Kind::array: return "an array";
    case Kind::object: return "an object";
  }
  return "?";
}

const Value* Value::find(std::string_view key) const {
  for (const Member& m : members)
    if (m.key == key) return &m.value;
  return nullptr;
}

std::variant<Value, Error> parse(std::string_view text) { return Parser(text).run(); }

std::optional<uint64_t> as_unsigned(const Value& value, uint64_t max) {
  if (value.kind != Kind::number || value.text.empty() || !std::all_of(value.text.begin(), value.text.end(), is_digit))
    return std::nullopt;
  uint64_t out = 0;
  const auto [end, ec] = std::from_chars(value.text.data(), value.text.data() + value.text.size(), out);
  if (ec != std::errc() || end != value.text.data() + value.text.size() || out > max) return std::nullopt;
  return out;
}

std::string excerpt(std::string_view text, std::size_t longest) {
  if (text.size() <= longest) return std::string(text);
  std::size_t cut = longest;
  while (cut > 0 && (static_cast<unsigned char>(text[cut]) & 0xc0) == 0x80) --cut;  // not inside a character
  return std::string(text.substr(0, cut)) + "…";
}

}  // namespace gpuatom::support::json
