// numeric::parse_float_literal: the syntax it reads (what strtod reads, as scenario expressions
// used it), what it refuses and where, and values that follow from the formats' definitions.
// The rounding itself is judged by MPFR in float_literal_mpfr_test.cpp.
#include "gpuatom/numeric/float_literal.hpp"

#include <gtest/gtest.h>

#include <string>
#include <variant>

#include "numeric/mpfr_oracle.hpp"

namespace {

using namespace gpuatom::numeric;
using gpuatom::test::max_finite_bits;
using gpuatom::test::one_bits;

uint64_t bits_of(std::string_view text, FormatId format) {
  const auto parsed = parse_float_literal(text, format);
  if (const auto* e = std::get_if<LiteralError>(&parsed)) {
    ADD_FAILURE() << "'" << text << "' refused at " << e->offset << ": " << e->message;
    return 0;
  }
  return std::get<uint64_t>(parsed);
}

LiteralError error_of(std::string_view text) {
  const auto parsed = parse_float_literal(text, FormatId::f32);
  if (const auto* e = std::get_if<LiteralError>(&parsed)) return *e;
  ADD_FAILURE() << "'" << text << "' was read as 0x" << std::hex << std::get<uint64_t>(parsed);
  return {};
}

TEST(FloatLiteral, EverySpellingOfOneIsOne) {
  for (const char* text : {"1", "1.", "1.0", "+1", "1e0", "1E+0", "10e-1", ".1e1", "0.001e3", "000001.000", "0x1",
                           "0X1P0", "0x.8p1", "0x10p-4", "0x1.000p0"}) {
    EXPECT_EQ(bits_of(text, FormatId::f16), one_bits<Half>) << text;
    EXPECT_EQ(bits_of(text, FormatId::bf16), one_bits<BFloat16>) << text;
    EXPECT_EQ(bits_of(text, FormatId::f32), one_bits<Single>) << text;
    EXPECT_EQ(bits_of(text, FormatId::f64), one_bits<Double>) << text;
  }
}

TEST(FloatLiteral, SignedZerosInfinitiesAndNans) {
  EXPECT_EQ(bits_of("0", FormatId::f32), 0u);
  EXPECT_EQ(bits_of("-0.0", FormatId::f32), Single::sign_bit);
  EXPECT_EQ(bits_of("-0x0p5", FormatId::f16), Half::sign_bit);
  EXPECT_EQ(bits_of("-1e-999", FormatId::f64), Double::sign_bit);  // underflow keeps the sign
  for (const char* text : {"inf", "INF", "Infinity", "+inf", "1e999999999999999999999999"}) {
    EXPECT_EQ(bits_of(text, FormatId::f16), Half::infinity) << text;
    EXPECT_EQ(bits_of(text, FormatId::f64), Double::infinity) << text;
  }
  EXPECT_EQ(bits_of("-inf", FormatId::bf16), BFloat16::sign_bit | BFloat16::infinity);
  EXPECT_EQ(bits_of("nan", FormatId::f32), default_nan<Single>(DefaultNan::quiet));
  EXPECT_EQ(bits_of("NaN", FormatId::f16), default_nan<Half>(DefaultNan::quiet));
  EXPECT_EQ(bits_of("-nan", FormatId::f64), Double::sign_bit | default_nan<Double>(DefaultNan::quiet));
}

// Every NaN has a spelling (issue 39): nan(P) is quiet with payload P below the quiet bit, snan(P)
// signalling; nan_literal spells bits back the same way.
TEST(FloatLiteral, NanPayloadsReadAndPrintBack) {
  EXPECT_EQ(bits_of("nan(0x200)", FormatId::f32), 0x7fc00200u);
  EXPECT_EQ(bits_of("-nan(0x1)", FormatId::f32), 0xffc00001u);
  EXPECT_EQ(bits_of("nan(0)", FormatId::f32), 0x7fc00000u);
  EXPECT_EQ(bits_of("nan(12)", FormatId::f16), 0x7e0cu);
  EXPECT_EQ(bits_of("snan(0x1)", FormatId::f16), 0x7c01u);
  EXPECT_EQ(bits_of("SNaN(0x3fffff)", FormatId::f32), 0x7fbfffffu);
  EXPECT_EQ(bits_of("nan(0x7ffffffffffff)", FormatId::f64), 0x7fffffffffffffffu);
  EXPECT_EQ(bits_of("-snan(1)", FormatId::bf16), 0xff81u);
  for (const char* text : {"nan", "-nan", "nan(0x1ff)", "-nan(0x1)", "snan(0x200)"}) {
    const uint64_t bits = bits_of(text, FormatId::f32);
    EXPECT_EQ(nan_literal(bits, FormatId::f32), text);
    EXPECT_EQ(bits_of(nan_literal(bits, FormatId::f32), FormatId::f32), bits);
  }
  EXPECT_EQ(nan_literal(0x7fffffffu, FormatId::f32), "nan(0x3fffff)");  // NVIDIA's canonical NaN
  EXPECT_EQ(nan_literal(0xfe00u, FormatId::f16), "-nan");
}

TEST(FloatLiteral, HexadecimalIsExactWhereTheFormatHoldsIt) {
  EXPECT_EQ(bits_of("-0x1p-149", FormatId::f32), Single::sign_bit | 1);                // the smallest subnormal
  EXPECT_EQ(bits_of("0x1.8p3", FormatId::f32), (uint64_t{130} << 23) | (1ULL << 22));  // 12 = 1.5 × 2^3
  EXPECT_EQ(bits_of("0x1.fffffffffffffp1023", FormatId::f64), max_finite_bits<Double>);
  EXPECT_EQ(bits_of("0x1.ffcp15", FormatId::f16), max_finite_bits<Half>);
  EXPECT_EQ(bits_of("0x1p-24", FormatId::f16), 1u);
  EXPECT_EQ(bits_of("0x1p-25", FormatId::f16), 0u);         // half the smallest subnormal: tie to even 0
  EXPECT_EQ(bits_of("0x1.000001p-25", FormatId::f16), 1u);  // just above it
}

TEST(FloatLiteral, NearTiesAreDecidedByEveryDigit) {
  // 1 + 2^-11 is the midpoint between f16's 1 and its successor 1 + 2^-10: ties go to the even 1.
  // The nearest double to the literal just above it is that midpoint, so strtod then narrowing
  // gave 1; rounded once it is the successor.
  EXPECT_EQ(bits_of("1.00048828125", FormatId::f16), one_bits<Half>);
  EXPECT_EQ(bits_of("1.0004882812500001", FormatId::f16), one_bits<Half> + 1);
  EXPECT_EQ(bits_of("1.0004882812499999", FormatId::f16), one_bits<Half>);
  // A nonzero digit thousands of places down still counts (the sticky digit past 800 kept).
  EXPECT_EQ(bits_of(std::string("1.00048828125").append(5000, '0').append("1"), FormatId::f16), one_bits<Half> + 1);
  EXPECT_EQ(bits_of(std::string("1.00048828124").append(5000, '9'), FormatId::f16), one_bits<Half>);
  // A long integer, its dropped digits still scaling it: 10^5000 overflows every format.
  EXPECT_EQ(bits_of(std::string("1").append(5000, '0'), FormatId::f64), Double::infinity);
  EXPECT_EQ(bits_of(std::string("0.").append(5000, '0').append("1e5000"), FormatId::f64),
            bits_of("0.1", FormatId::f64));
}

TEST(FloatLiteral, MalformedTextNamesTheOffendingByte) {
  struct Case {
    const char* text;
    size_t offset;
    const char* message;
  };
  const Case cases[] = {
      {"", 0, "empty"},
      {"-", 1, "after the sign"},
      {"abc", 0, "'a' cannot start a float literal"},
      {".", 0, "expected a digit"},
      {"-.e5", 1, "expected a digit"},
      {"1.5x", 3, "unexpected 'x'"},
      {"1..2", 2, "unexpected '.'"},
      {"1e", 2, "exponent's digits after 'e'"},
      {"1e+", 3, "exponent's digits after 'e'"},
      {"2E-x", 3, "exponent's digits after 'E'"},
      {"0x", 2, "hexadecimal digits after '0x'"},
      {"0x.p1", 2, "hexadecimal digits after '0x'"},
      {"0x1p", 4, "exponent's digits after 'p'"},
      {"0x1g", 3, "unexpected 'g'"},
      {"infinit", 3, "unexpected 'i'"},
      {"nan(1", 4, "expected ')'"},
      {"nan()", 4, "expected the NaN payload"},
      {"nan(0x1g)", 7, "'g' is not a digit"},
      {"nan(0x400000)", 4, "does not fit the 22 bits below the f32 quiet bit"},
      {"snan(0)", 5, "payload is not 0"},
      {"snan", 4, "expected '(' and the payload"},
      {"nan(1)x", 6, "unexpected 'x'"},
      {"1 ", 1, "unexpected ' '"},
      {"--1", 1, "'-' cannot start"},
  };
  for (const Case& c : cases) {
    const LiteralError e = error_of(c.text);
    EXPECT_EQ(e.offset, c.offset) << c.text << ": " << e.message;
    EXPECT_NE(e.message.find(c.message), std::string::npos) << c.text << ": " << e.message;
  }
  // In hexadecimal, e is a digit: 0x1.8e3 is 0x1.8e3p0, not an exponent.
  EXPECT_EQ(bits_of("0x1.8e3", FormatId::f64), bits_of("0x18e3p-12", FormatId::f64));
}

}  // namespace
