// Recognises [lanes] expressions that are affine in the lane: f(base + stride · t) with t = tid,
// tid % m, tid / d, (tid / d) % m or lane, f = identity, lo() or hi().
//
// The program is run symbolically: each stack entry is a constant or such a term. Addition,
// subtraction, negation, multiplication and left shifts by a constant are ring operations modulo
// 2^64, so folding them into (stride, base) gives the same wrapped bits as evaluating the program
// step by step. A quotient or modulus is taken only of the bare tid (or, for the modulus, of the
// bare quotient), where it is exactly t's definition. Anything else on a term (comparisons,
// division of a scaled term, a second modulus, lo/hi before the last step, `group`, `i`) gives up:
// the batch interpreter handles it as before.
#include <array>

#include "gpuatom/launch/expression.hpp"
#include "gpuatom/launch/symbols.hpp"

namespace gpuatom::launch {

namespace {

using Code = Expression::Code;
using Step = Expression::Step;
using Affine = Expression::Affine;

struct Term {
  bool variable = false;  // false: the constant `base`
  Affine::Of of = Affine::Of::tid;
  uint64_t modulus = 0;
  uint64_t stride = 0;
  uint64_t base = 0;
  uint64_t divisor = 1;

  // t itself (stride 1, base 0), with no modulus yet.
  bool bare() const { return variable && of == Affine::Of::tid && modulus == 0 && stride == 1 && base == 0; }
};

Term constant(uint64_t value) { return Term{false, Affine::Of::tid, 0, 0, value, 1}; }

// A step applied to constants only: the interpreter itself computes it, so folding can never
// disagree with evaluation (a failing step, e.g. division by zero, gives up).
std::optional<Term> fold(Code code, const Term* operands, size_t count) {
  std::array<Step, 4> steps{};
  for (size_t k = 0; k < count; ++k) steps[k] = Step{Code::push, 1, operands[k].base};
  steps[count] = Step{code, 1, 0};
  const auto v = evaluate_steps(std::span<const Step>(steps.data(), count + 1), {});
  if (!std::holds_alternative<uint64_t>(v)) return std::nullopt;
  return constant(std::get<uint64_t>(v));
}

Term scaled(Term t, uint64_t factor) {
  t.stride *= factor;
  t.base *= factor;
  return t;
}

std::optional<Term> sum(const Term& a, const Term& b) {
  if (a.variable && b.variable && (a.of != b.of || a.modulus != b.modulus || a.divisor != b.divisor))
    return std::nullopt;
  Term r = a.variable ? a : b;
  r.stride = a.stride + b.stride;
  r.base = a.base + b.base;
  return r;
}

size_t arity(Code code) {
  switch (code) {
    case Code::push:
    case Code::load: return 0;
    case Code::neg:
    case Code::bit_not:
    case Code::log_not:
    case Code::lo:
    case Code::hi: return 1;
    case Code::select: return 3;
    default: return 2;
  }
}

}  // namespace

std::optional<Affine> affine_form(std::span<const Step> program) {
  constexpr size_t depth = 16;
  std::array<Term, depth> stack{};
  size_t top = 0;
  Affine::Half half = Affine::Half::whole;
  for (size_t index = 0; index < program.size(); ++index) {
    const Step& s = program[index];
    if (top >= depth - 1) return std::nullopt;
    if (s.code == Code::push) {
      stack[top++] = constant(s.operand);
      continue;
    }
    if (s.code == Code::load) {
      if (s.operand == slot_tid)
        stack[top++] = Term{true, Affine::Of::tid, 0, 1, 0, 1};
      else if (s.operand == slot_lane)
        stack[top++] = Term{true, Affine::Of::lane, 0, 1, 0, 1};
      else
        return std::nullopt;
      continue;
    }
    const size_t n = arity(s.code);
    if (top < n) return std::nullopt;
    top -= n;
    Term* in = &stack[top];
    bool any_variable = false;
    for (size_t k = 0; k < n; ++k) any_variable |= in[k].variable;
    std::optional<Term> out;
    if (!any_variable) {
      out = fold(s.code, in, n);
    } else {
      switch (s.code) {
        case Code::add: out = sum(in[0], in[1]); break;
        case Code::sub: {
          Term negated = scaled(in[1], ~uint64_t{0});  // −x = x · (2^64 − 1) modulo 2^64
          out = sum(in[0], negated);
          break;
        }
        case Code::neg: out = scaled(in[0], ~uint64_t{0}); break;
        case Code::mul:
          if (in[0].variable && in[1].variable) return std::nullopt;
          out = in[0].variable ? scaled(in[0], in[1].base) : scaled(in[1], in[0].base);
          break;
        case Code::shl:
          if (in[1].variable) return std::nullopt;
          out = in[1].base >= 64 ? constant(0) : scaled(in[0], uint64_t{1} << in[1].base);
          break;
        case Code::mod: {
          // Only the bare tid or quotient: (tid % m) has no affine form once scaled or offset.
          if (in[1].variable || in[1].base == 0 || !in[0].bare()) return std::nullopt;
          out = in[0];
          out->modulus = in[1].base;
          break;
        }
        case Code::div: {
          // Only the bare tid: tid / d steps once every d lanes (a row of a 2D grid).
          if (in[1].variable || in[1].base == 0 || !in[0].bare() || in[0].divisor != 1) return std::nullopt;
          out = in[0];
          out->divisor = in[1].base;
          break;
        }
        case Code::lo:
        case Code::hi:
          if (index + 1 != program.size()) return std::nullopt;  // only as the outermost function
          half = s.code == Code::lo ? Affine::Half::lo : Affine::Half::hi;
          out = in[0];
          break;
        default: return std::nullopt;
      }
    }
    if (!out) return std::nullopt;
    stack[top++] = *out;
  }
  if (top != 1 || !stack[0].variable) return std::nullopt;
  const Term& t = stack[0];
  return Affine{t.of, half, t.modulus, t.stride, t.base, t.divisor};
}

}  // namespace gpuatom::launch
