// Integer expressions of scenario files: per-lane initial values, fills and expectations, e.g.
//   "addr(bins) + (tid % 256) * 4"     "lanes / 256"     "f32(1.5)"     "tid < 8 ? 1 : 0"
//
// Values are 64-bit unsigned and wrap (−1 is all ones); comparisons are unsigned unless written
// with the s< s<= s> s>= operators. Operators follow C's precedence: ?: || && | ^ & == != < <= >
// >= << >> + − * / % and unary − ~ !. Functions: lo(x) hi(x) (32-bit halves), min(a,b) max(a,b),
// sext(x, bits), f16/bf16/f32/f64(literal) (the bits of a decimal float literal, correctly rounded
// to nearest even), and whatever names the caller's symbol table resolves (variables such as tid,
// lane, warp; constants such as region addresses through addr(name) / size(name)).
//
// An expression is compiled once against a symbol table and evaluated per lane from a slot array,
// so a million lanes cost a million short postfix runs, with no parsing and no allocation.
#pragma once

#include <algorithm>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

namespace gpuatom::scenario {

struct ExpressionError {
  uint32_t column = 1;  // 1-based, within the expression text
  std::string message;
};

// Resolves the names an expression uses. A name is either a variable, read from slot `slot` of
// the evaluation's value array, or a constant. Functions of one name argument (`addr(bins)`) are
// resolved through `call` with the function and argument names.
struct Symbols {
  struct Resolved {
    bool is_variable = false;
    uint32_t slot = 0;
    uint64_t value = 0;
  };
  std::function<std::optional<Resolved>(std::string_view name)> name;
  std::function<std::optional<uint64_t>(std::string_view function, std::string_view argument)> call;
  // Listed in "unknown name" messages, e.g. "tid, lane, warp, lanes".
  std::string known_names;
};

// Values computed by the embedding program instead of written in the scenario language: the
// value of lane `tid` (a lane value), or of element `i` (a region fill). Parallel runs call it
// from every worker thread at once, so it must be safe to call concurrently (a pure function,
// or reads of data that does not change).
using LaneFunction = std::function<uint64_t(uint64_t tid_or_i)>;

class Expression {
 public:
  static std::variant<Expression, ExpressionError> compile(std::string_view text, const Symbols& symbols);
  // An expression whose value is function(slots[slot]): of the lane's tid, or of a fill's i
  // (embed/launch.hpp's values from C++).
  static Expression of_lanes(std::shared_ptr<const LaneFunction> function, std::string text, uint32_t slot);
  // The slot of tid in the variable slots every evaluation gets (scenario/symbols.hpp agrees).
  static constexpr size_t tid_slot = 0;

  // Evaluates with variable slots taken from `slots`; errors (division by zero) carry the column.
  std::variant<uint64_t, ExpressionError> evaluate(std::span<const uint64_t> slots) const;

  // Evaluates for `count` (≤ 64) consecutive lanes tid = first_tid … of groups of `group_size`
  // lanes, with i = 0, into out[0 … count): each step of the program runs over all the lanes at
  // once, so a warp costs one pass over the program instead of 32. Returns false, with `out`
  // unspecified, when some lane's evaluation fails (call evaluate() for that lane's error) or the
  // program is too deep for the batch stack.
  bool evaluate_lanes(uint64_t first_tid, uint32_t count, uint32_t group_size, uint64_t* out) const;

  // Whether the expression reads no variable (its value is the same for every lane).
  bool is_constant() const { return !reads_variables_; }

  // A lane value of the form f(base + stride · t), where t is tid, tid % modulus, tid / divisor,
  // (tid / divisor) % modulus or lane and f is the identity, lo() or hi(): the usual
  // `lo(addr(buf) + tid * 4)`, `(tid % 256) * 4` or a 2D coordinate `tid / 1024`. Recognised once
  // at compile time, so that evaluate_lanes() costs a multiply-add per lane instead of a pass over
  // the program. Such an expression never fails to evaluate.
  struct Affine {
    enum class Of : uint8_t { tid, lane } of = Of::tid;
    enum class Half : uint8_t { whole, lo, hi } half = Half::whole;
    uint64_t modulus = 0;  // Of::tid: t = (tid / divisor) % modulus (0: no modulus); Of::lane: t = tid % group_size
    uint64_t stride = 0;
    uint64_t base = 0;
    uint64_t divisor = 1;  // Of::tid only; 1 for every form without a quotient

    // The values of `count` consecutive lanes from `first_tid` on, into out[0 … count), each
    // ANDed with `keep` (an element's bytes), stepped (Walk::fill).
    void fill(uint64_t first_tid, uint32_t group_size, uint32_t count, uint64_t* out,
              uint64_t keep = ~uint64_t{0}) const;

    // Whether the whole values of lanes first_tid … first_tid + count − 1 lie on a line: the first
    // lane's value and the step per lane (0: one value). False where t wraps at the modulus or
    // the quotient steps within them, and for a half.
    bool line(uint64_t first_tid, uint32_t count, uint64_t& first, uint64_t& step) const {
      if (half != Half::whole || count == 0 || (of == Of::lane && stride != 0)) return false;
      const uint64_t q = first_tid / divisor, t = modulus ? q % modulus : q;
      if (stride == 0 || q == (first_tid + count - 1) / divisor) step = 0;
      else if (divisor == 1 && (modulus == 0 || t + count - 1 < modulus)) step = stride;
      else return false;
      first = base + stride * t;
      return true;
    }

    // The value for consecutive lanes from `first_tid` on, stepped one lane at a time: t counts
    // the quotient up and wraps at the modulus, so no lane divides.
    class Walk {
     public:
      Walk() = default;
      Walk(const Affine& a, uint64_t first_tid, uint32_t group_size)
          : base_(a.base),
            stride_(a.stride),
            divisor_(a.of == Of::lane ? 1 : a.divisor),
            modulus_(a.of == Of::lane ? group_size : a.modulus),
            mask_(a.half == Half::whole ? ~uint64_t{0} : 0xffffffffULL),
            shift_(a.half == Half::hi ? 32 : 0) {
        // Divisions only where the form has a quotient or a modulus (once per group, not per lane).
        const uint64_t quotient = divisor_ == 1 ? first_tid : first_tid / divisor_;
        remainder_ = divisor_ == 1 ? 0 : first_tid % divisor_;
        t_ = modulus_ ? quotient % modulus_ : quotient;
      }
      [[gnu::always_inline]] uint64_t value() const { return ((base_ + stride_ * t_) >> shift_) & mask_; }
      [[gnu::always_inline]] void next() {
        if (++remainder_ != divisor_) return;
        remainder_ = 0;
        if (++t_ == modulus_) t_ = 0;
      }
      // value() & keep of the next `count` lanes into out[0 … count), stepping past them, a run of
      // lanes at a time: where t steps every lane (no quotient), a straight line up to the wrap;
      // where it holds for `divisor` lanes, one value up to the next step. Neither loop branches
      // per lane.
      void fill(uint32_t count, uint64_t* out, uint64_t keep) {
        // Locals: `out` might alias a member, which the loop would load again for every lane and
        // not vectorise.
        const uint64_t mask = mask_ & keep, step = stride_;
        const int right = shift_;
        for (uint64_t k = 0; k < count;) {
          const uint64_t sum = base_ + step * t_;
          if (divisor_ == 1) {
            uint64_t n = count - k;
            if (modulus_ != 0 && modulus_ - t_ < n) n = modulus_ - t_;
            uint64_t value = sum;
            for (uint64_t j = 0; j < n; ++j, value += step) out[k + j] = (value >> right) & mask;
            k += n;
            t_ += n;
            if (t_ == modulus_) t_ = 0;
          } else {
            const uint64_t n = std::min<uint64_t>(count - k, divisor_ - remainder_);
            std::fill(out + k, out + k + n, (sum >> shift_) & mask);
            k += n;
            remainder_ += n;
            if (remainder_ == divisor_) {
              remainder_ = 0;
              if (++t_ == modulus_) t_ = 0;
            }
          }
        }
      }

     private:
      uint64_t base_ = 0, stride_ = 0, divisor_ = 1, modulus_ = 0, mask_ = 0, t_ = 0, remainder_ = 0;
      int shift_ = 0;
    };
  };
  const std::optional<Affine>& affine() const { return affine_; }
  const std::string& text() const { return text_; }

  enum class Code : uint8_t {
    push, load, neg, bit_not, log_not, add, sub, mul, div, mod, shl, shr, bit_and, bit_or, bit_xor,
    eq, ne, lt, le, gt, ge, slt, sle, sgt, sge, log_and, log_or, select, lo, hi, min, max, sext,
  };
  struct Step {
    Code code;
    uint32_t column;  // for evaluation errors
    uint64_t operand; // value for push, slot for load
  };

 private:
  std::vector<Step> program_;
  std::shared_ptr<const LaneFunction> lanes_;  // set: of_lanes(), and program_ is empty
  uint32_t lanes_slot_ = 0;
  std::string text_;
  bool reads_variables_ = false;
  std::optional<Affine> affine_;
};

// Runs a postfix program with variable slots taken from `slots` (Expression::evaluate).
std::variant<uint64_t, ExpressionError> evaluate_steps(std::span<const Expression::Step> program,
                                                       std::span<const uint64_t> slots);

// The affine form of a compiled program, if it has one (expression_affine.cpp).
std::optional<Expression::Affine> affine_form(std::span<const Expression::Step> program);

}  // namespace gpuatom::scenario
