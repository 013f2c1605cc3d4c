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

#include "gpuatom/exec/lane_values.hpp"

namespace gpuatom::launch {

using ExpressionError = exec::LaneValueError;

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

class Expression final : public exec::LaneValues {
 public:
  static std::variant<Expression, ExpressionError> compile(std::string_view text, const Symbols& symbols);
  // An expression whose value is function(slots[slot]): of the lane's tid, or of a fill's i
  // (embed/launch.hpp's values from C++).
  static Expression of_lanes(std::shared_ptr<const LaneFunction> function, std::string text, uint32_t slot);
  // The slot of tid in the variable slots every evaluation gets (launch/symbols.hpp agrees).
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
  bool is_constant() const override { return !reads_variables_; }

  // exec::LaneValues: evaluate() and evaluate_lanes() with the lane's variables.
  using exec::LaneValues::value;
  std::variant<uint64_t, ExpressionError> value(uint64_t tid, uint64_t lane, uint64_t group) const override;
  bool values(uint64_t first_tid, uint32_t count, uint32_t group_size, uint64_t* out) const override {
    return evaluate_lanes(first_tid, count, group_size, out);
  }

  using Affine = exec::AffineLanes;
  const std::optional<Affine>& affine() const override { return affine_; }
  const std::string& text() const { return text_; }

  enum class Code : uint8_t {
    push,
    load,
    neg,
    bit_not,
    log_not,
    add,
    sub,
    mul,
    div,
    mod,
    shl,
    shr,
    bit_and,
    bit_or,
    bit_xor,
    eq,
    ne,
    lt,
    le,
    gt,
    ge,
    slt,
    sle,
    sgt,
    sge,
    log_and,
    log_or,
    select,
    lo,
    hi,
    min,
    max,
    sext,
  };
  struct Step {
    Code code;
    uint32_t column;   // for evaluation errors
    uint64_t operand;  // value for push, slot for load
  };

 private:
  std::vector<Step> program_;
  std::shared_ptr<const LaneFunction> lanes_;  // set: of_lanes(), and program_ is empty
  uint32_t lanes_slot_ = 0;
  std::string text_;
  bool reads_variables_ = false;
  std::optional<Affine> affine_;
};

// A compiled expression as the vendors' lane machines hold it (null when there is none).
std::shared_ptr<const exec::LaneValues> lane_values(std::optional<Expression> expression);

// Runs a postfix program with variable slots taken from `slots` (Expression::evaluate).
std::variant<uint64_t, ExpressionError> evaluate_steps(std::span<const Expression::Step> program,
                                                       std::span<const uint64_t> slots);

// The affine form of a compiled program, if it has one (expression_affine.cpp).
std::optional<Expression::Affine> affine_form(std::span<const Expression::Step> program);

}  // namespace gpuatom::launch
