// A strict JSON reader for one line of JSON Lines (RFC 8259, nothing more): every value it keeps
// carries the byte column it started at, so a reader of records can say "file:3:58: error: …"
// about the field itself. Strict where general-purpose parsers are lenient or fail late:
//   - a key twice in one object is an error (not "the last one wins");
//   - a number must fit a double: 1e400 is an error wherever it is, not an exception later;
//   - strings must be UTF-8, with control characters escaped; \u escapes must pair surrogates;
//   - nothing may follow the value but blanks;
//   - arrays and objects nest at most max_depth deep (recursion is bounded).
// nlohmann_json is used only privately by the report layer, to write the CLI's JSON reports and
// to read `run --json` back; every other JSON the library reads goes through this.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

namespace gpuatom::support::json {

enum class Kind : uint8_t { null, boolean, number, string, array, object };

// "null", "true or false", "a number", "a string", "an array", "an object"
std::string_view describe(Kind kind);

struct Member;

struct Value {
  Kind kind = Kind::null;
  uint32_t column = 0;  // 1-based byte column of the value's first byte
  bool boolean = false;
  std::string text;             // a string, decoded (UTF-8); a number as written
  std::vector<Value> items;     // an array
  std::vector<Member> members;  // an object, in input order, every key distinct

  // The value of `key` in an object, or null when it has no such key.
  const Value* find(std::string_view key) const;
};

struct Member {
  std::string key;
  uint32_t column = 0;  // of the key's opening quote
  Value value;
};

struct Error {
  uint32_t column = 0;  // 1-based byte column of the offending byte
  std::string message;
};

inline constexpr std::size_t max_depth = 64;

// The one JSON value `text` holds (blanks around it allowed), or the first error in it.
std::variant<Value, Error> parse(std::string_view text);

// A number written as a whole decimal number from 0 to `max` ("12", not "12.0", "1e1" or "-0").
std::optional<uint64_t> as_unsigned(const Value& value, uint64_t max);

// Text from the input as a message quotes it: at most `longest` bytes, cut at a UTF-8 character
// boundary, with "…" when cut, so a 10 MB token gives a short message. (Diagnostics escape any
// control characters left in it when they are added.)
inline constexpr std::size_t longest_excerpt = 40;
std::string excerpt(std::string_view text, std::size_t longest = longest_excerpt);

}  // namespace gpuatom::support::json
