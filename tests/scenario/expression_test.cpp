#include <gtest/gtest.h>

#include <array>

#include "gpuatom/scenario/expression.hpp"

using namespace gpuatom::scenario;

namespace {

// tid in slot 0, lane in slot 1; constant lanes = 1024; addr(bins) = 0x10000.
Symbols test_symbols() {
  Symbols s;
  s.name = [](std::string_view n) -> std::optional<Symbols::Resolved> {
    if (n == "tid") return Symbols::Resolved{true, 0, 0};
    if (n == "lane") return Symbols::Resolved{true, 1, 0};
    if (n == "lanes") return Symbols::Resolved{false, 0, 1024};
    return std::nullopt;
  };
  s.call = [](std::string_view f, std::string_view a) -> std::optional<uint64_t> {
    if (f == "addr" && a == "bins") return 0x10000;
    return std::nullopt;
  };
  s.known_names = "tid, lane, lanes";
  return s;
}

uint64_t eval(const char* text, uint64_t tid = 0, uint64_t lane = 0) {
  const auto compiled = Expression::compile(text, test_symbols());
  if (auto* e = std::get_if<ExpressionError>(&compiled)) {
    ADD_FAILURE() << text << ": " << e->message;
    return 0;
  }
  const std::array<uint64_t, 2> slots{tid, lane};
  const auto v = std::get<Expression>(compiled).evaluate(slots);
  if (auto* e = std::get_if<ExpressionError>(&v)) {
    ADD_FAILURE() << text << ": " << e->message;
    return 0;
  }
  return std::get<uint64_t>(v);
}

ExpressionError compile_error(const char* text) {
  const auto compiled = Expression::compile(text, test_symbols());
  if (auto* e = std::get_if<ExpressionError>(&compiled)) return *e;
  ADD_FAILURE() << text << " compiled";
  return {};
}

}  // namespace

TEST(Expression, PrecedenceFollowsC) {
  EXPECT_EQ(eval("1 + 2 * 3"), 7u);
  EXPECT_EQ(eval("(1 + 2) * 3"), 9u);
  EXPECT_EQ(eval("1 << 2 + 1"), 8u);
  EXPECT_EQ(eval("6 & 3 | 8"), 10u);
  EXPECT_EQ(eval("1 | 2 ^ 3"), 1u);  // ^ binds tighter than |
  EXPECT_EQ(eval("2 < 3 == 1"), 1u);
  EXPECT_EQ(eval("10 - 2 - 3"), 5u);  // left associative
  EXPECT_EQ(eval("100 / 10 / 5"), 2u);
  EXPECT_EQ(eval("1 ? 2 : 3 ? 4 : 5"), 2u);
  EXPECT_EQ(eval("0 ? 2 : 0 ? 4 : 5"), 5u);
  EXPECT_EQ(eval("1 && 0 || 1"), 1u);
  EXPECT_EQ(eval("5--1"), 6u);
}

TEST(Expression, VariablesConstantsAndFunctions) {
  EXPECT_EQ(eval("addr(bins) + (tid % 256) * 4", 300), 0x10000u + 44 * 4);
  EXPECT_EQ(eval("lanes / 256"), 4u);
  EXPECT_EQ(eval("lane", 0, 31), 31u);
  EXPECT_EQ(eval("hi(0x123456789)"), 1u);
  EXPECT_EQ(eval("lo(0x123456789)"), 0x23456789u);
  EXPECT_EQ(eval("min(3, tid)", 7), 3u);
  EXPECT_EQ(eval("max(3, tid)", 7), 7u);
  EXPECT_EQ(eval("sext(0x80, 8)"), 0xffffffffffffff80u);
}

TEST(Expression, WrapsAndComparesUnsignedUnlessAsked) {
  EXPECT_EQ(eval("-1"), ~0ULL);
  EXPECT_EQ(eval("0 - 1 > 0"), 1u);
  EXPECT_EQ(eval("0 - 1 s< 0"), 1u);
  EXPECT_EQ(eval("-2 s>= -1"), 0u);
  EXPECT_EQ(eval("~0 >> 63"), 1u);
  EXPECT_EQ(eval("1 << 64"), 0u);
  EXPECT_EQ(eval("0xffffffffffffffff + 1"), 0u);
}

TEST(Expression, FloatLiteralsGiveCorrectlyRoundedBits) {
  EXPECT_EQ(eval("f32(1.5)"), 0x3fc00000u);
  EXPECT_EQ(eval("f32(-0.0)"), 0x80000000u);
  EXPECT_EQ(eval("f64(1.0)"), 0x3ff0000000000000u);
  EXPECT_EQ(eval("f16(1.0)"), 0x3c00u);
  EXPECT_EQ(eval("f16(65504)"), 0x7bffu);
  EXPECT_EQ(eval("f16(65520)"), 0x7c00u);   // halfway to 2^16: ties to even → infinity
  EXPECT_EQ(eval("f16(5.960464477539063e-08)"), 0x0001u);  // smallest subnormal 2^-24
  EXPECT_EQ(eval("f16(2.98023223876953125e-08)"), 0x0000u);  // 2^-25 exactly halfway → even (0)
  EXPECT_EQ(eval("bf16(1.0)"), 0x3f80u);
  EXPECT_EQ(eval("bf16(1.00390625)"), 0x3f80u);  // 1 + 2^-8: halfway → even
  EXPECT_EQ(eval("bf16(1.01171875)"), 0x3f82u);  // 1 + 3×2^-8: halfway → even (0x3f82)
  EXPECT_EQ(eval("f32(inf)"), 0x7f800000u);
}

TEST(Expression, ErrorsNameTheColumn) {
  ExpressionError e = compile_error("tid + foo");
  EXPECT_EQ(e.column, 7u);
  EXPECT_NE(e.message.find("unknown name 'foo'"), std::string::npos) << e.message;
  EXPECT_NE(e.message.find("tid, lane, lanes"), std::string::npos);
  e = compile_error("(1 + 2");
  EXPECT_NE(e.message.find("expected ')'"), std::string::npos);
  e = compile_error("1 +");
  EXPECT_NE(e.message.find("expected a value"), std::string::npos);
  e = compile_error("99999999999999999999");
  EXPECT_EQ(e.column, 1u);
  e = compile_error("addr(nothere)");
  EXPECT_EQ(e.column, 6u);
  e = compile_error("f32(abc)");
  EXPECT_NE(e.message.find("decimal float literal"), std::string::npos);
  e = compile_error("");
  EXPECT_NE(e.message.find("empty"), std::string::npos);
  e = compile_error("1 2");
  EXPECT_EQ(e.column, 3u);
  // Hostile nesting is refused, not a stack overflow.
  e = compile_error(std::string(100000, '(').c_str());
  EXPECT_NE(e.message.find("nested too deeply"), std::string::npos);
  e = compile_error(std::string(100000, '-').c_str());
  EXPECT_NE(e.message.find("nested too deeply"), std::string::npos);
}

TEST(Expression, DivisionByZeroIsAnEvaluationError) {
  const auto compiled = Expression::compile("10 / (tid - 3)", test_symbols());
  const Expression& e = std::get<Expression>(compiled);
  const std::array<uint64_t, 2> ok{4, 0}, bad{3, 0};
  EXPECT_EQ(std::get<uint64_t>(e.evaluate(ok)), 10u);
  const auto failed = e.evaluate(bad);
  ASSERT_TRUE(std::holds_alternative<ExpressionError>(failed));
  EXPECT_EQ(std::get<ExpressionError>(failed).column, 4u);
  EXPECT_FALSE(e.is_constant());
  EXPECT_TRUE(std::get<Expression>(Expression::compile("lanes * 2", test_symbols())).is_constant());
}
