// The strict JSON reader (support/json.hpp): what it keeps, where it says an error is, and the
// inputs general-purpose parsers accept or throw on late: repeated keys, numbers past a double,
// control characters, broken UTF-8 and surrogates, trailing text, deep nesting.
#include "gpuatom/support/json.hpp"

#include <gtest/gtest.h>

#include <string>

namespace {

using namespace gpuatom::support::json;

Value parsed(const std::string& text) {
  auto result = parse(text);
  if (auto* e = std::get_if<Error>(&result)) ADD_FAILURE() << text << "\n  column " << e->column << ": " << e->message;
  return std::holds_alternative<Value>(result) ? std::get<Value>(result) : Value{};
}

Error error_of(const std::string& text) {
  auto result = parse(text);
  EXPECT_TRUE(std::holds_alternative<Error>(result)) << "accepted: " << text;
  return std::holds_alternative<Error>(result) ? std::get<Error>(result) : Error{};
}

TEST(StrictJson, KeepsValuesWithTheirColumns) {
  const Value v = parsed(R"( {"a": "x\u00e9\n", "b": [1, -2.5e3, true, null], "c": {}} )");
  ASSERT_EQ(v.kind, Kind::object);
  EXPECT_EQ(v.column, 2u);
  ASSERT_EQ(v.members.size(), 3u);
  EXPECT_EQ(v.members[0].key, "a");
  EXPECT_EQ(v.members[0].column, 3u);
  EXPECT_EQ(v.find("a")->text, "x\xc3\xa9\n");
  EXPECT_EQ(v.find("a")->column, 8u);
  const Value& b = *v.find("b");
  ASSERT_EQ(b.items.size(), 4u);
  EXPECT_EQ(b.items[1].kind, Kind::number);
  EXPECT_EQ(b.items[1].text, "-2.5e3");
  EXPECT_EQ(b.items[1].column, 30u);
  EXPECT_TRUE(b.items[2].boolean);
  EXPECT_EQ(b.items[3].kind, Kind::null);
  EXPECT_EQ(v.find("c")->kind, Kind::object);
  EXPECT_EQ(v.find("missing"), nullptr);
}

TEST(StrictJson, ARepeatedKeyIsAnErrorAtTheRepeat) {
  const Error e = error_of(R"({"op":"a","x":1,"op":"b"})");
  EXPECT_EQ(e.column, 17u);
  EXPECT_EQ(e.message, "duplicate key \"op\" (first at column 2): a key may appear once");
  // In nested objects too, and among many keys (found by sorting, not by comparing every pair).
  EXPECT_NE(error_of(R"({"a":{"k":1,"k":2}})").message.find("duplicate key \"k\""), std::string::npos);
  std::string many = "{";
  for (int i = 0; i < 50000; ++i) many += "\"k" + std::to_string(i) + "\":0,";
  many += "\"k7\":1}";
  EXPECT_NE(error_of(many).message.find("duplicate key \"k7\""), std::string::npos);
}

TEST(StrictJson, NumbersMustFitADouble) {
  const Error e = error_of(R"({"x":1e400})");
  EXPECT_EQ(e.column, 6u);
  EXPECT_EQ(e.message, "number 1e400 is too large: numbers must fit a double (at most about 1.8e308)");
  EXPECT_NE(error_of("-123456789e301").message.find("too large"), std::string::npos);
  EXPECT_NE(error_of("0.000001e320").message.find("too large"), std::string::npos);
  EXPECT_NE(error_of(std::string(400, '9')).message.find("too large"), std::string::npos);
  // The largest double, and underflow (which reads as 0, as in every JSON reader), are numbers.
  EXPECT_EQ(parsed("1.7976931348623157e308").kind, Kind::number);
  EXPECT_EQ(parsed("1e-400").kind, Kind::number);
  EXPECT_EQ(parsed("-0.0e-99999999999999999999").kind, Kind::number);
  EXPECT_EQ(parsed("0.000000001e-320").kind, Kind::number);
}

TEST(StrictJson, NumberGrammarIsJsonsOwn) {
  EXPECT_NE(error_of("012").message.find("does not start with 0 followed by more digits"), std::string::npos);
  EXPECT_NE(error_of("-").message.find("expected a digit after '-'"), std::string::npos);
  EXPECT_NE(error_of("1.").message.find("expected a digit after the decimal point"), std::string::npos);
  EXPECT_NE(error_of("1e+").message.find("expected a digit in the exponent"), std::string::npos);
  EXPECT_EQ(error_of("+1").column, 1u);
  EXPECT_EQ(error_of(".5").column, 1u);
  EXPECT_EQ(error_of("NaN").column, 1u);
  EXPECT_EQ(error_of("Infinity").column, 1u);
  EXPECT_EQ(error_of("0x10").column, 2u);
}

TEST(StrictJson, OnlyBlanksMayFollowTheValue) {
  EXPECT_EQ(parsed(" {} \t\r ").kind, Kind::object);
  const Error e = error_of(R"({"a":1} x)");
  EXPECT_EQ(e.column, 9u);
  EXPECT_EQ(e.message, "'x' after the end of the JSON value");
  EXPECT_EQ(error_of("{}{}").column, 3u);
}

TEST(StrictJson, TrailingCommasAndMissingPartsAreErrors) {
  EXPECT_NE(error_of(R"({"a":1,})").message.find("JSON allows no trailing comma"), std::string::npos);
  EXPECT_NE(error_of("[1,]").message.find("JSON allows no trailing comma"), std::string::npos);
  EXPECT_EQ(error_of(R"({"a":1)").message, "expected ',' or '}' after the value of \"a\", found the end of the line");
  EXPECT_EQ(error_of(R"({"a" 1})").message, "expected ':' after the key \"a\", found '1'");
  EXPECT_EQ(error_of(R"({a:1})").message, "expected a key (a string in double quotes) or '}', found 'a'");
  EXPECT_EQ(error_of("").message, "expected a JSON value, found the end of the line");
  EXPECT_EQ(error_of("[1 2]").message, "expected ',' or ']' after an array element, found '2'");
}

TEST(StrictJson, StringsAreUtf8WithControlCharactersEscaped) {
  Error e = error_of("\"a\x1b[31m\"");
  EXPECT_EQ(e.column, 3u);
  EXPECT_EQ(e.message, "control character '\\x1b' in a string (JSON writes it as \\u001b)");
  EXPECT_EQ(error_of(std::string("\"a\0b\"", 5)).message,
            "control character '\\x00' in a string (JSON writes it as \\u0000)");
  EXPECT_EQ(error_of("\"\xff\"").message, "byte '\\xff' in a string is not UTF-8");
  EXPECT_EQ(error_of("\"\xc0\xaf\"").message, "byte '\\xc0' in a string is not UTF-8");      // overlong '/'
  EXPECT_EQ(error_of("\"\xed\xa0\x80\"").message, "byte '\\xed' in a string is not UTF-8");  // a surrogate
  EXPECT_EQ(error_of("\"abc").message, "unterminated string: no closing '\"' on this line");
  EXPECT_EQ(error_of("\"abc").column, 1u);
  // Escaped, they are fine: the decoded text holds them (and a message escapes them again).
  EXPECT_EQ(parsed(R"("\u001b\u0000\"\\\/\b\f\n\r\t")").text, std::string("\x1b\0\"\\/\b\f\n\r\t", 10));
  EXPECT_EQ(parsed(R"("\ud83d\ude00")").text, "\xf0\x9f\x98\x80");
  EXPECT_EQ(parsed("\"\xf0\x9f\x98\x80\x7f\"").text, "\xf0\x9f\x98\x80\x7f");
}

TEST(StrictJson, EscapesAreChecked) {
  EXPECT_EQ(error_of(R"("\q")").message,
            "'\\' followed by 'q' is not a JSON escape (\\\" \\\\ \\/ \\b \\f \\n \\r \\t \\uXXXX)");
  EXPECT_EQ(error_of(R"("\u12G4")").message, "expected 4 hex digits after \\u, found 'G'");
  EXPECT_EQ(error_of(R"("\ud800")").message, "\\ud800 is a high surrogate without a low surrogate after it");
  EXPECT_EQ(error_of(R"("\ud800\u0041")").message, "\\ud800 is a high surrogate without a low surrogate after it");
  EXPECT_EQ(error_of(R"("\udc00")").message, "\\udc00 is a low surrogate without a high surrogate before it");
  EXPECT_EQ(error_of(R"("\)").message, "unterminated string: the line ends after '\\'");
}

TEST(StrictJson, NestingIsBounded) {
  const std::string ok = std::string(max_depth, '[') + std::string(max_depth, ']');
  EXPECT_EQ(parsed(ok).kind, Kind::array);
  const std::string deep = std::string(max_depth + 1, '[') + std::string(max_depth + 1, ']');
  const Error e = error_of(deep);
  EXPECT_EQ(e.column, max_depth + 1);
  EXPECT_EQ(e.message, "arrays and objects nested deeper than 64");
  // Far deeper than the stack would take without the bound.
  EXPECT_EQ(error_of(std::string(1000000, '[')).column, max_depth + 1);
  EXPECT_EQ(error_of(std::string(500000, '{')).column, 2u);  // a key is expected after '{'
}

TEST(StrictJson, ForeignBytesAreNamedEscaped) {
  EXPECT_EQ(error_of(std::string("\x00", 1)).message,
            "expected a JSON value (a string, number, object, array, true, false or null), found '\\x00'");
  EXPECT_EQ(error_of("{\"a\":1}\x1b").message, "'\\x1b' after the end of the JSON value");
  EXPECT_EQ(error_of("\xc3\xa9").message,
            "expected a JSON value (a string, number, object, array, true, false or null), found '\xc3\xa9'");
}

TEST(StrictJson, WholeNumbers) {
  EXPECT_EQ(as_unsigned(parsed("16777216"), 1u << 24), 16777216u);
  EXPECT_EQ(as_unsigned(parsed("0"), 10), 0u);
  EXPECT_FALSE(as_unsigned(parsed("16777217"), 1u << 24));
  EXPECT_FALSE(as_unsigned(parsed("3.0"), 10));
  EXPECT_FALSE(as_unsigned(parsed("1e1"), 100));
  EXPECT_FALSE(as_unsigned(parsed("-1"), 10));
  EXPECT_FALSE(as_unsigned(parsed("-0"), 10));
  EXPECT_FALSE(as_unsigned(parsed("99999999999999999999999"), ~uint64_t{0}));
  EXPECT_FALSE(as_unsigned(parsed("\"3\""), 10));
}

TEST(StrictJson, ExcerptsAreShortAndCutBetweenCharacters) {
  EXPECT_EQ(excerpt("short"), "short");
  EXPECT_EQ(excerpt(std::string(longest_excerpt, 'a')), std::string(longest_excerpt, 'a'));
  EXPECT_EQ(excerpt(std::string(10000000, 'Q')), std::string(longest_excerpt, 'Q') + "…");
  // 39 ASCII bytes then 'é' (2 bytes): byte 40 is inside the 'é', so the cut comes before it.
  const std::string text = std::string(39, 'a') + "\xc3\xa9" + "tail";
  EXPECT_EQ(excerpt(text), std::string(39, 'a') + "…");
}

}  // namespace
