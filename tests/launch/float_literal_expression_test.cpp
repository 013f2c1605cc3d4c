// f16(…), bf16(…), f32(…) and f64(…) in scenario expressions round their literal once, whatever
// the host FPU's rounding mode (issue 31), and a malformed literal is refused at its bad byte.
#include <gtest/gtest.h>

#include <array>
#include <cfenv>
#include <string>

#include "gpuatom/launch/expression.hpp"
#include "gpuatom/numeric/float_literal.hpp"

using namespace gpuatom;
using launch::Expression;
using launch::ExpressionError;

namespace {

std::variant<uint64_t, ExpressionError> evaluate(const std::string& text) {
  const auto compiled = Expression::compile(text, launch::Symbols{});
  if (const auto* e = std::get_if<ExpressionError>(&compiled)) return *e;
  const std::array<uint64_t, 1> slots{0};
  return std::get<Expression>(compiled).evaluate(slots);
}

uint64_t value_of(const std::string& text) {
  const auto v = evaluate(text);
  if (const auto* e = std::get_if<ExpressionError>(&v)) {
    ADD_FAILURE() << text << ": " << e->message;
    return 0;
  }
  return std::get<uint64_t>(v);
}

}  // namespace

TEST(FloatLiteralExpression, JustAboveAnF16TieRoundsUp) {
  // 1 + 2^-11 is the tie between f16's 1.0 (0x3c00) and 1 + 2^-10 (0x3c01); the literal lies
  // above it, though its nearest double is the tie itself (which strtod + narrowing rounded to
  // even, 0x3c00).
  EXPECT_EQ(value_of("f16(1.0004882812500001)"), 0x3c01u);
  EXPECT_EQ(value_of("f16(1.00048828125)"), 0x3c00u);
  EXPECT_EQ(value_of("f16( 1.0004882812500001 ) + 1"), 0x3c02u);
}

TEST(FloatLiteralExpression, EveryFunctionRoundsLikeTheNumericLayer) {
  for (const char* literal : {"0.1", "-2.5e-3", "1e400", "-0x1p-149", "0x1.8p3", "inf", "-nan", "65520"}) {
    const std::pair<const char*, numeric::FormatId> functions[] = {{"f16", numeric::FormatId::f16},
                                                                   {"bf16", numeric::FormatId::bf16},
                                                                   {"f32", numeric::FormatId::f32},
                                                                   {"f64", numeric::FormatId::f64}};
    for (const auto& [function, format] : functions) {
      const auto expected = numeric::parse_float_literal(literal, format);
      ASSERT_TRUE(std::holds_alternative<uint64_t>(expected)) << literal;
      EXPECT_EQ(value_of(std::string(function) + "(" + literal + ")"), std::get<uint64_t>(expected))
          << function << "(" << literal << ")";
    }
  }
}

TEST(FloatLiteralExpression, TheHostRoundingModeChangesNothing) {
  const uint64_t f32_tenth = value_of("f32(0.1)");
  const uint64_t f64_tenth = value_of("f64(0.1)");
  const uint64_t f16_third = value_of("f16(0.333333333333333333333)");
  const int saved = std::fegetround();
  for (int mode : {FE_UPWARD, FE_DOWNWARD, FE_TOWARDZERO}) {
    ASSERT_EQ(std::fesetround(mode), 0);
    EXPECT_EQ(value_of("f32(0.1)"), f32_tenth) << mode;
    EXPECT_EQ(value_of("f64(0.1)"), f64_tenth) << mode;
    EXPECT_EQ(value_of("f16(0.333333333333333333333)"), f16_third) << mode;
  }
  std::fesetround(saved);
  // 0.1 lies above its nearest f32 and f64 (0x3dcccccd, 0x3fb999999999999a round up), so a
  // downward host conversion was one ulp low; these are the round-to-nearest bits.
  EXPECT_EQ(f32_tenth, 0x3dcccccdu);
  EXPECT_EQ(f64_tenth, 0x3fb999999999999au);
}

TEST(FloatLiteralExpression, MalformedLiteralPointsAtTheBadByte) {
  const auto v = evaluate("1 + f32(1.5x)");
  ASSERT_TRUE(std::holds_alternative<ExpressionError>(v));
  const ExpressionError& e = std::get<ExpressionError>(v);
  EXPECT_EQ(e.column, 12u) << e.message;  // the x
  EXPECT_NE(e.message.find("decimal float literal"), std::string::npos) << e.message;
  EXPECT_NE(e.message.find("unexpected 'x'"), std::string::npos) << e.message;
}
