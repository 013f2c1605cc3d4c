#include "gpuatom/launch/expression.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>

#include "gpuatom/launch/symbols.hpp"
#include "gpuatom/numeric/float_literal.hpp"
#include "gpuatom/support/text.hpp"

namespace gpuatom::launch {

namespace {

using Code = Expression::Code;
using Step = Expression::Step;

// A recursive-descent compiler from text to postfix steps. Depth is bounded so that hostile input
// ("((((…") cannot overflow the stack.
class Compiler {
 public:
  Compiler(std::string_view text, const Symbols& symbols) : text_(text), symbols_(symbols) {}

  std::optional<ExpressionError> run(std::vector<Step>& out, bool& reads_variables) {
    skip_space();
    if (at_end()) return error("empty expression");
    if (!conditional()) return error_;
    skip_space();
    if (!at_end()) return error(fmt::format("unexpected '{}'", text_[pos_]));
    out = std::move(program_);
    reads_variables = reads_variables_;
    return std::nullopt;
  }

 private:
  static constexpr int max_depth = 200;

  bool at_end() const { return pos_ >= text_.size(); }
  uint32_t column() const { return static_cast<uint32_t>(pos_ + 1); }
  void skip_space() {
    while (!at_end() && std::isspace(static_cast<unsigned char>(text_[pos_]))) ++pos_;
  }
  bool accept(std::string_view token) {
    skip_space();
    if (text_.substr(pos_, token.size()) != token) return false;
    pos_ += token.size();
    return true;
  }
  ExpressionError error(std::string message) { return ExpressionError{column(), std::move(message)}; }
  bool fail(std::string message) {
    if (!failed_) error_ = error(std::move(message));
    failed_ = true;
    return false;
  }
  void emit(Code code, uint32_t at, uint64_t operand = 0) { program_.push_back({code, at, operand}); }

  // Binary levels, lowest precedence first. Longer operators are listed before their prefixes.
  struct Op {
    std::string_view token;
    Code code;
  };
  template <size_t N>
  bool binary_level(int level, const Op (&ops)[N]) {
    if (!next_level(level)) return false;
    for (;;) {
      skip_space();
      const uint32_t at = column();
      const Op* found = nullptr;
      for (const Op& op : ops) {
        if (text_.substr(pos_, op.token.size()) != op.token) continue;
        // '&' must not match '&&', '|' not '||', '<' not '<<', '>' not '>>' etc.
        const char after = pos_ + op.token.size() < text_.size() ? text_[pos_ + op.token.size()] : '\0';
        const bool doubled_char = op.token == "&" || op.token == "|" || op.token == "<" || op.token == ">";
        if (doubled_char && (after == op.token[0] || after == '=')) continue;
        found = &op;
        break;
      }
      if (!found) return true;
      pos_ += found->token.size();
      if (!next_level(level)) return false;
      emit(found->code, at);
    }
  }

  bool next_level(int level) {
    if (++depth_ > max_depth) return fail("expression nested too deeply");
    bool ok = false;
    switch (level) {
      case 0: {
        static const Op ops[] = {{"||", Code::log_or}};
        ok = binary_level(1, ops);
        break;
      }
      case 1: {
        static const Op ops[] = {{"&&", Code::log_and}};
        ok = binary_level(2, ops);
        break;
      }
      case 2: {
        static const Op ops[] = {{"|", Code::bit_or}};
        ok = binary_level(3, ops);
        break;
      }
      case 3: {
        static const Op ops[] = {{"^", Code::bit_xor}};
        ok = binary_level(4, ops);
        break;
      }
      case 4: {
        static const Op ops[] = {{"&", Code::bit_and}};
        ok = binary_level(5, ops);
        break;
      }
      case 5: {
        static const Op ops[] = {{"==", Code::eq}, {"!=", Code::ne}};
        ok = binary_level(6, ops);
        break;
      }
      case 6: {
        static const Op ops[] = {{"s<=", Code::sle}, {"s>=", Code::sge}, {"s<", Code::slt}, {"s>", Code::sgt},
                                 {"<=", Code::le},   {">=", Code::ge},   {"<", Code::lt},   {">", Code::gt}};
        ok = binary_level(7, ops);
        break;
      }
      case 7: {
        static const Op ops[] = {{"<<", Code::shl}, {">>", Code::shr}};
        ok = binary_level(8, ops);
        break;
      }
      case 8: {
        static const Op ops[] = {{"+", Code::add}, {"-", Code::sub}};
        ok = binary_level(9, ops);
        break;
      }
      case 9: {
        static const Op ops[] = {{"*", Code::mul}, {"/", Code::div}, {"%", Code::mod}};
        ok = binary_level(10, ops);
        break;
      }
      default: ok = unary(); break;
    }
    --depth_;
    return ok;
  }

  bool conditional() {
    if (++depth_ > max_depth) return fail("expression nested too deeply");
    if (!next_level(0)) return false;
    skip_space();
    const uint32_t at = column();
    if (accept("?")) {
      if (!conditional()) return false;
      if (!accept(":")) return fail("expected ':' of the '?:' operator");
      if (!conditional()) return false;
      emit(Code::select, at);
    }
    --depth_;
    return true;
  }

  bool unary() {
    skip_space();
    const uint32_t at = column();
    Code code;
    if (accept("-"))
      code = Code::neg;
    else if (accept("~"))
      code = Code::bit_not;
    else if (!at_end() && text_[pos_] == '!' && (pos_ + 1 >= text_.size() || text_[pos_ + 1] != '=')) {
      ++pos_;
      code = Code::log_not;
    } else {
      return primary();
    }
    if (++depth_ > max_depth) return fail("expression nested too deeply");
    if (!unary()) return false;
    --depth_;
    emit(code, at);
    return true;
  }

  std::string_view identifier() {
    skip_space();
    const size_t start = pos_;
    while (!at_end() && (std::isalnum(static_cast<unsigned char>(text_[pos_])) || text_[pos_] == '_')) ++pos_;
    return text_.substr(start, pos_ - start);
  }

  bool number() {
    const uint32_t at = column();
    const size_t start = pos_;
    while (!at_end() && (std::isalnum(static_cast<unsigned char>(text_[pos_])) || text_[pos_] == '_')) ++pos_;
    const std::string_view digits = text_.substr(start, pos_ - start);
    const auto value = support::parse_unsigned(digits);
    if (!value) {
      pos_ = start;
      return fail(fmt::format("'{}' is not an integer (decimal or 0x-hex, at most 2^64 − 1)", digits));
    }
    emit(Code::push, at, *value);
    return true;
  }

  // f16/bf16/f32/f64(float literal): the literal's bits, rounded once from its exact value
  // (numeric/float_literal.hpp), whatever the host FPU's rounding mode.
  bool float_literal(std::string_view function, uint32_t at) {
    skip_space();
    const size_t start = pos_;
    while (!at_end() && text_[pos_] != ')') ++pos_;
    std::string_view literal = text_.substr(start, pos_ - start);
    while (!literal.empty() && std::isspace(static_cast<unsigned char>(literal.back()))) literal.remove_suffix(1);
    const numeric::FormatId format = function == "f64"   ? numeric::FormatId::f64
                                     : function == "f32" ? numeric::FormatId::f32
                                     : function == "f16" ? numeric::FormatId::f16
                                                         : numeric::FormatId::bf16;
    const auto parsed = numeric::parse_float_literal(literal, format);
    if (const auto* bad = std::get_if<numeric::LiteralError>(&parsed)) {
      pos_ = start + bad->offset;
      return fail(
          fmt::format("{}() takes a decimal float literal such as 1.5, -0.0, inf or nan: {}", function, bad->message));
    }
    if (!accept(")")) return fail(fmt::format("expected ')' after the {}() literal", function));
    emit(Code::push, at, std::get<uint64_t>(parsed));
    return true;
  }

  bool call(std::string_view function, uint32_t at) {
    if (function == "f16" || function == "bf16" || function == "f32" || function == "f64")
      return float_literal(function, at);
    struct Builtin {
      std::string_view name;
      Code code;
      int arity;
    };
    static constexpr Builtin builtins[] = {{"lo", Code::lo, 1},
                                           {"hi", Code::hi, 1},
                                           {"min", Code::min, 2},
                                           {"max", Code::max, 2},
                                           {"sext", Code::sext, 2}};
    for (const Builtin& b : builtins) {
      if (b.name != function) continue;
      for (int i = 0; i < b.arity; ++i) {
        if (i > 0 && !accept(",")) return fail(fmt::format("{}() takes {} arguments", function, b.arity));
        if (!conditional()) return false;
      }
      if (!accept(")")) return fail(fmt::format("expected ')' closing {}()", function));
      emit(b.code, at);
      return true;
    }
    // A function of one name, resolved by the caller (addr(bins), size(bins)).
    skip_space();
    const uint32_t argument_column = column();
    const std::string_view argument = identifier();
    if (argument.empty() || !accept(")")) return fail(fmt::format("unknown function '{}'", function));
    const auto value = symbols_.call ? symbols_.call(function, argument) : std::nullopt;
    if (!value) {
      pos_ = argument_column - 1;
      return fail(fmt::format("{}({}): unknown function or name", function, argument));
    }
    emit(Code::push, at, *value);
    return true;
  }

  bool primary() {
    skip_space();
    const uint32_t at = column();
    if (at_end()) return fail("expected a value");
    const char c = text_[pos_];
    if (std::isdigit(static_cast<unsigned char>(c))) return number();
    if (c == '(') {
      ++pos_;
      if (!conditional()) return false;
      if (!accept(")")) return fail("expected ')'");
      return true;
    }
    if (std::isalpha(static_cast<unsigned char>(c)) || c == '_') {
      const size_t start = pos_;
      const std::string_view name = identifier();
      if (accept("(")) return call(name, at);
      const auto resolved = symbols_.name ? symbols_.name(name) : std::nullopt;
      if (!resolved) {
        pos_ = start;
        return fail(fmt::format("unknown name '{}'{}", name,
                                symbols_.known_names.empty() ? "" : "; known names: " + symbols_.known_names));
      }
      if (resolved->is_variable) {
        emit(Code::load, at, resolved->slot);
        reads_variables_ = true;
      } else {
        emit(Code::push, at, resolved->value);
      }
      return true;
    }
    return fail(fmt::format("unexpected '{}'", c));
  }

  std::string_view text_;
  const Symbols& symbols_;
  size_t pos_ = 0;
  int depth_ = 0;
  bool failed_ = false;
  ExpressionError error_;
  std::vector<Step> program_;
  bool reads_variables_ = false;
};

}  // namespace

std::variant<Expression, ExpressionError> Expression::compile(std::string_view text, const Symbols& symbols) {
  Expression e;
  e.text_ = std::string(text);
  Compiler compiler(e.text_, symbols);
  if (auto error = compiler.run(e.program_, e.reads_variables_)) return *error;
  if (e.reads_variables_) e.affine_ = affine_form(e.program_);
  return e;
}

std::shared_ptr<const exec::LaneValues> lane_values(std::optional<Expression> expression) {
  if (!expression) return nullptr;
  return std::make_shared<const Expression>(std::move(*expression));
}

Expression Expression::of_lanes(std::shared_ptr<const LaneFunction> function, std::string text, uint32_t slot) {
  Expression e;
  e.lanes_ = std::move(function);
  e.lanes_slot_ = slot;
  e.text_ = std::move(text);
  e.reads_variables_ = true;
  return e;
}

std::variant<uint64_t, ExpressionError> Expression::value(uint64_t tid, uint64_t lane, uint64_t group) const {
  return evaluate(SlotValues{tid, lane, group, 0});
}

std::variant<uint64_t, ExpressionError> Expression::evaluate(std::span<const uint64_t> slots) const {
  if (lanes_) return (*lanes_)(slots[lanes_slot_]);
  return evaluate_steps(program_, slots);
}

std::variant<uint64_t, ExpressionError> evaluate_steps(std::span<const Expression::Step> program,
                                                       std::span<const uint64_t> slots) {
  // Postfix evaluation on a small fixed stack; the compiler bounds the depth.
  uint64_t stack[256];
  size_t top = 0;
  for (const Step& s : program) {
    if (top >= std::size(stack) - 1) return ExpressionError{s.column, "expression too complex"};
    switch (s.code) {
      case Code::push: stack[top++] = s.operand; continue;
      case Code::load:
        if (s.operand >= slots.size()) return ExpressionError{s.column, "variable has no value here"};
        stack[top++] = slots[s.operand];
        continue;
      case Code::neg: stack[top - 1] = 0 - stack[top - 1]; continue;
      case Code::bit_not: stack[top - 1] = ~stack[top - 1]; continue;
      case Code::log_not: stack[top - 1] = stack[top - 1] == 0; continue;
      case Code::lo: stack[top - 1] &= 0xffffffff; continue;
      case Code::hi: stack[top - 1] >>= 32; continue;
      case Code::select: {
        const uint64_t otherwise = stack[--top];
        const uint64_t then = stack[--top];
        stack[top - 1] = stack[top - 1] ? then : otherwise;
        continue;
      }
      default: break;
    }
    const uint64_t b = stack[--top];
    const uint64_t a = stack[top - 1];
    uint64_t r = 0;
    switch (s.code) {
      case Code::add: r = a + b; break;
      case Code::sub: r = a - b; break;
      case Code::mul: r = a * b; break;
      case Code::div:
      case Code::mod:
        if (b == 0) return ExpressionError{s.column, "division by zero"};
        r = s.code == Code::div ? a / b : a % b;
        break;
      case Code::shl: r = b >= 64 ? 0 : a << b; break;
      case Code::shr: r = b >= 64 ? 0 : a >> b; break;
      case Code::bit_and: r = a & b; break;
      case Code::bit_or: r = a | b; break;
      case Code::bit_xor: r = a ^ b; break;
      case Code::eq: r = a == b; break;
      case Code::ne: r = a != b; break;
      case Code::lt: r = a < b; break;
      case Code::le: r = a <= b; break;
      case Code::gt: r = a > b; break;
      case Code::ge: r = a >= b; break;
      case Code::slt: r = static_cast<int64_t>(a) < static_cast<int64_t>(b); break;
      case Code::sle: r = static_cast<int64_t>(a) <= static_cast<int64_t>(b); break;
      case Code::sgt: r = static_cast<int64_t>(a) > static_cast<int64_t>(b); break;
      case Code::sge: r = static_cast<int64_t>(a) >= static_cast<int64_t>(b); break;
      case Code::log_and: r = a && b; break;
      case Code::log_or: r = a || b; break;
      case Code::min: r = a < b ? a : b; break;
      case Code::max: r = a > b ? a : b; break;
      case Code::sext:
        if (b == 0 || b > 64) return ExpressionError{s.column, "sext(x, bits) needs 1 ≤ bits ≤ 64"};
        r = b == 64 ? a : static_cast<uint64_t>(static_cast<int64_t>(a << (64 - b)) >> (64 - b));
        break;
      default: break;
    }
    stack[top - 1] = r;
  }
  return top == 1 ? stack[0] : 0;
}

}  // namespace gpuatom::launch

namespace gpuatom::launch {

namespace {

// One binary step over n lanes: a[k] = a[k] op b[k]; false where a lane divides by zero or an
// operand is out of range. Inlined into the batch loop, so that each case stays a vectorisable loop.
__attribute__((always_inline)) inline bool apply_binary(Code code, uint64_t* a, const uint64_t* b, uint32_t n) {
  bool zero = false;
  for (uint32_t k = 0; k < n; ++k) zero |= b[k] == 0;
  using S = int64_t;
  switch (code) {
    case Code::add:
      for (uint32_t k = 0; k < n; ++k) a[k] += b[k];
      break;
    case Code::sub:
      for (uint32_t k = 0; k < n; ++k) a[k] -= b[k];
      break;
    case Code::mul:
      for (uint32_t k = 0; k < n; ++k) a[k] *= b[k];
      break;
    case Code::div:
      if (zero) return false;
      for (uint32_t k = 0; k < n; ++k) a[k] /= b[k];
      break;
    case Code::mod:
      if (zero) return false;
      for (uint32_t k = 0; k < n; ++k) a[k] %= b[k];
      break;
    case Code::shl:
      for (uint32_t k = 0; k < n; ++k) a[k] = b[k] >= 64 ? 0 : a[k] << b[k];
      break;
    case Code::shr:
      for (uint32_t k = 0; k < n; ++k) a[k] = b[k] >= 64 ? 0 : a[k] >> b[k];
      break;
    case Code::bit_and:
      for (uint32_t k = 0; k < n; ++k) a[k] &= b[k];
      break;
    case Code::bit_or:
      for (uint32_t k = 0; k < n; ++k) a[k] |= b[k];
      break;
    case Code::bit_xor:
      for (uint32_t k = 0; k < n; ++k) a[k] ^= b[k];
      break;
    case Code::eq:
      for (uint32_t k = 0; k < n; ++k) a[k] = a[k] == b[k];
      break;
    case Code::ne:
      for (uint32_t k = 0; k < n; ++k) a[k] = a[k] != b[k];
      break;
    case Code::lt:
      for (uint32_t k = 0; k < n; ++k) a[k] = a[k] < b[k];
      break;
    case Code::le:
      for (uint32_t k = 0; k < n; ++k) a[k] = a[k] <= b[k];
      break;
    case Code::gt:
      for (uint32_t k = 0; k < n; ++k) a[k] = a[k] > b[k];
      break;
    case Code::ge:
      for (uint32_t k = 0; k < n; ++k) a[k] = a[k] >= b[k];
      break;
    case Code::slt:
      for (uint32_t k = 0; k < n; ++k) a[k] = static_cast<S>(a[k]) < static_cast<S>(b[k]);
      break;
    case Code::sle:
      for (uint32_t k = 0; k < n; ++k) a[k] = static_cast<S>(a[k]) <= static_cast<S>(b[k]);
      break;
    case Code::sgt:
      for (uint32_t k = 0; k < n; ++k) a[k] = static_cast<S>(a[k]) > static_cast<S>(b[k]);
      break;
    case Code::sge:
      for (uint32_t k = 0; k < n; ++k) a[k] = static_cast<S>(a[k]) >= static_cast<S>(b[k]);
      break;
    case Code::log_and:
      for (uint32_t k = 0; k < n; ++k) a[k] = a[k] && b[k];
      break;
    case Code::log_or:
      for (uint32_t k = 0; k < n; ++k) a[k] = a[k] || b[k];
      break;
    case Code::min:
      for (uint32_t k = 0; k < n; ++k) a[k] = a[k] < b[k] ? a[k] : b[k];
      break;
    case Code::max:
      for (uint32_t k = 0; k < n; ++k) a[k] = a[k] > b[k] ? a[k] : b[k];
      break;
    case Code::sext:
      for (uint32_t k = 0; k < n; ++k)
        if (b[k] == 0 || b[k] > 64) return false;
      for (uint32_t k = 0; k < n; ++k)
        a[k] = b[k] == 64 ? a[k] : static_cast<uint64_t>(static_cast<S>(a[k] << (64 - b[k])) >> (64 - b[k]));
      break;
    default: return false;
  }
  return true;
}

// The batch evaluator over a compile-time (N > 0) or run-time (N == 0: `count`) number of
// lanes; a fixed count lets the compiler unroll and vectorise each step's loop.
template <uint32_t N>
bool evaluate_batch(std::span<const Expression::Step> program, uint64_t first_tid, uint32_t count, uint32_t group_size,
                    uint64_t* out) {
  constexpr size_t width = 64, depth = 16;
  const uint32_t n = N ? N : count;
  uint64_t stack[depth][width];
  size_t top = 0;
  for (const Expression::Step& s : program) {
    if (top >= depth - 1) return false;
    switch (s.code) {
      case Code::push:
        std::fill(stack[top], stack[top] + n, s.operand);
        ++top;
        continue;
      case Code::load: {
        uint64_t* t = stack[top++];
        switch (s.operand) {
          case slot_tid:
            for (uint32_t k = 0; k < n; ++k) t[k] = first_tid + k;
            break;
          case slot_lane:
            for (uint32_t k = 0; k < n; ++k) t[k] = (first_tid + k) % group_size;
            break;
          case slot_group:
            for (uint32_t k = 0; k < n; ++k) t[k] = (first_tid + k) / group_size;
            break;
          case slot_i: std::fill(t, t + n, uint64_t{0}); break;
          default: return false;
        }
        continue;
      }
      case Code::neg:
        for (uint32_t k = 0; k < n; ++k) stack[top - 1][k] = 0 - stack[top - 1][k];
        continue;
      case Code::bit_not:
        for (uint32_t k = 0; k < n; ++k) stack[top - 1][k] = ~stack[top - 1][k];
        continue;
      case Code::log_not:
        for (uint32_t k = 0; k < n; ++k) stack[top - 1][k] = stack[top - 1][k] == 0;
        continue;
      case Code::lo:
        for (uint32_t k = 0; k < n; ++k) stack[top - 1][k] &= 0xffffffff;
        continue;
      case Code::hi:
        for (uint32_t k = 0; k < n; ++k) stack[top - 1][k] >>= 32;
        continue;
      case Code::select: {
        top -= 2;
        uint64_t* c = stack[top - 1];
        const uint64_t* then = stack[top];
        const uint64_t* otherwise = stack[top + 1];
        for (uint32_t k = 0; k < n; ++k) c[k] = c[k] ? then[k] : otherwise[k];
        continue;
      }
      default: break;
    }
    --top;
    uint64_t* a = stack[top - 1];
    const uint64_t* b = stack[top];
    if (!apply_binary(s.code, a, b, n)) return false;
  }
  if (top != 1) {
    std::fill(out, out + n, uint64_t{0});
    return true;
  }
  std::copy(stack[0], stack[0] + n, out);
  return true;
}

}  // namespace

bool Expression::evaluate_lanes(uint64_t first_tid, uint32_t count, uint32_t group_size, uint64_t* out) const {
  if (count == 0) return true;
  if (count > 64 || group_size == 0) return false;
  if (lanes_) {
    for (uint32_t k = 0; k < count; ++k) {
      const uint64_t tid = first_tid + k;
      out[k] = (*lanes_)(SlotValues{tid, tid % group_size, tid / group_size, 0}[lanes_slot_]);
    }
    return true;
  }
  if (!reads_variables_) {
    const auto v = evaluate(SlotValues{first_tid, first_tid % group_size, first_tid / group_size, 0});
    if (!std::holds_alternative<uint64_t>(v)) return false;
    std::fill(out, out + count, std::get<uint64_t>(v));
    return true;
  }
  if (affine_) {
    affine_->fill(first_tid, group_size, count, out);
    return true;
  }
  if (count == 32) return evaluate_batch<32>(program_, first_tid, count, group_size, out);
  return evaluate_batch<0>(program_, first_tid, count, group_size, out);
}

}  // namespace gpuatom::launch
