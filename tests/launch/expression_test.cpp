#include "gpuatom/launch/expression.hpp"

#include <gtest/gtest.h>

#include <array>

using namespace gpuatom::launch;

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
  EXPECT_EQ(eval("f16(65520)"), 0x7c00u);                    // halfway to 2^16: ties to even → infinity
  EXPECT_EQ(eval("f16(5.960464477539063e-08)"), 0x0001u);    // smallest subnormal 2^-24
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

namespace {

// evaluate_lanes() against evaluate() lane by lane, over warps of several sizes and positions.
void expect_batch_matches_lanes(const char* text) {
  const auto compiled = Expression::compile(text, test_symbols());
  ASSERT_TRUE(std::holds_alternative<Expression>(compiled)) << text;
  const Expression& e = std::get<Expression>(compiled);
  for (const uint32_t group_size : {1u, 7u, 32u, 64u}) {
    for (const uint64_t first : {uint64_t{0}, uint64_t{32}, uint64_t{250}, uint64_t{4096 - 3}, ~uint64_t{0} - 70}) {
      for (const uint32_t count : {1u, 5u, 32u, 64u}) {
        uint64_t out[64];
        if (!e.evaluate_lanes(first, count, group_size, out)) continue;  // the caller evaluates lane by lane
        for (uint32_t k = 0; k < count; ++k) {
          const uint64_t tid = first + k;
          const std::array<uint64_t, 4> slots{tid, tid % group_size, tid / group_size, 0};
          const auto v = e.evaluate(slots);
          ASSERT_TRUE(std::holds_alternative<uint64_t>(v)) << text << " tid " << tid;
          EXPECT_EQ(out[k], std::get<uint64_t>(v)) << text << " tid " << tid << " group size " << group_size;
        }
      }
    }
  }
}

bool is_affine(const char* text) {
  return std::get<Expression>(Expression::compile(text, test_symbols())).affine().has_value();
}

}  // namespace

TEST(Expression, AffineLaneValuesAreRecognised) {
  EXPECT_TRUE(is_affine("lo(addr(bins) + tid * 4)"));
  EXPECT_TRUE(is_affine("hi(addr(bins) + tid * 4)"));
  EXPECT_TRUE(is_affine("addr(bins) + (tid % 256) * 4"));
  EXPECT_TRUE(is_affine("lane"));
  EXPECT_TRUE(is_affine("-(tid << 3) + lanes * 2 - tid"));
  EXPECT_FALSE(is_affine("lanes * 2"));  // constant: is_constant() covers it
  EXPECT_TRUE(is_affine("tid / 4"));     // a row of a grid: t = tid / 4
  EXPECT_TRUE(is_affine("addr(bins) + ((tid / 1024) % 3) * 4096"));
  EXPECT_FALSE(is_affine("(tid * 2) / 4"));  // only the bare tid takes a quotient
  EXPECT_FALSE(is_affine("(tid % 8) / 2"));  // no quotient of a modulus
  EXPECT_FALSE(is_affine("tid / 4 / 2"));    // one quotient
  EXPECT_FALSE(is_affine("tid / 4 + tid"));  // t differs between the terms
  EXPECT_FALSE(is_affine("tid / 0"));        // fails to evaluate
  EXPECT_FALSE(is_affine("(tid * 2) % 7"));  // only the bare tid takes a modulus
  EXPECT_FALSE(is_affine("tid + lane"));     // two variables
  EXPECT_FALSE(is_affine("tid % 0"));        // fails to evaluate
  EXPECT_FALSE(is_affine("lo(tid) + 1"));    // lo/hi only outermost
  EXPECT_FALSE(is_affine("tid * tid"));
  EXPECT_FALSE(is_affine("tid < 8 ? 1 : 0"));
}

TEST(Expression, BatchEvaluationMatchesLaneByLane) {
  for (const char* text : {"lo(addr(bins) + tid * 4)",
                           "hi(addr(bins) + tid * 4)",
                           "addr(bins) + (tid % 256) * 4",
                           "lo(addr(bins) + (tid % 3) * 0xffffffff)",
                           "hi(0xfffffffffffffff0 + tid * 0x100000000)",
                           "lane * 4 + 1",
                           "hi(lane << 40)",
                           "-(tid << 3) + lanes * 2 - tid",
                           "(tid % 5) - 7",
                           "tid << 64",
                           "(2 * 3) * tid + (lanes / 4)",
                           "tid / 4",
                           "tid + lane",
                           "tid < 8 ? 1 : 0",
                           "10 / (tid - 3)",
                           "sext(tid, 4)",
                           "tid / 1024",
                           "tid / 3 * 5 + 2",
                           "lo((tid / 7) % 5 * 0x100000001)",
                           "hi(addr(bins) + (tid / 2) * 0x80000000)",
                           "(tid / 64) % 2",
                           "tid / 1 + 1"})
    expect_batch_matches_lanes(text);
}

// Affine::line answers only where each lane's value, as evaluate() has it, is the first lane's
// plus the step times the lane's place; and always for tid itself (no quotient, no modulus), for
// a quotient that does not step and for a modulus that does not wrap within the lanes.
TEST(Expression, AffineLinesAreTheLanesValues) {
  int answered = 0;
  for (const char* text : {"addr(bins) + tid * 4", "addr(bins) + (tid % 256) * 4", "tid / 64", "tid / 1024",
                           "(tid / 64) % 2", "addr(bins) + ((tid / 1024) % 3) * 4096", "-(tid << 3) + 7",
                           "(tid % 48) * 0xffffffff", "lane * 4 + 1", "lo(addr(bins) + tid * 4)"}) {
    const auto compiled = Expression::compile(text, test_symbols());
    ASSERT_TRUE(std::holds_alternative<Expression>(compiled)) << text;
    const Expression::Affine form = *std::get<Expression>(compiled).affine();
    for (const uint64_t first : {uint64_t{0}, uint64_t{32}, uint64_t{250}, uint64_t{1000}, uint64_t{4096 - 3}}) {
      for (const uint32_t count : {1u, 5u, 32u, 64u}) {
        uint64_t at = 0, step = 0;
        if (!form.line(first, count, at, step)) continue;
        ++answered;
        for (uint32_t k = 0; k < count; ++k)
          EXPECT_EQ(at + step * k, eval(text, first + k, (first + k) % 64)) << text << " tid " << first + k;
      }
    }
  }
  EXPECT_EQ(answered, 120);  // of 160: the lines worked out by hand, form by form
  uint64_t at = 0, step = 0;
  const auto form = [](const char* text) {
    return *std::get<Expression>(Expression::compile(text, test_symbols())).affine();
  };
  EXPECT_TRUE(form("addr(bins) + tid * 4").line(~uint64_t{0} - 70, 64, at, step));
  EXPECT_EQ(step, 4u);
  EXPECT_TRUE(form("tid / 64").line(128, 64, at, step));  // the quotient does not step
  EXPECT_EQ(at, 2u);
  EXPECT_EQ(step, 0u);
  EXPECT_FALSE(form("tid / 64").line(129, 64, at, step));  // it steps at tid 192
  EXPECT_TRUE(form("addr(bins) + (tid % 256) * 4").line(192, 64, at, step));
  EXPECT_EQ(at, 0x10000u + 192 * 4);
  EXPECT_FALSE(form("addr(bins) + (tid % 256) * 4").line(193, 64, at, step));  // it wraps at tid 256
  EXPECT_FALSE(form("lo(addr(bins) + tid * 4)").line(0, 1, at, step));         // a half
  EXPECT_FALSE(form("lane * 4 + 1").line(0, 1, at, step));                     // a form of the lane
}
