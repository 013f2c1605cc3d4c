// Per-lane values as the lane machines read them: what a lane's register, variable or operand
// starts as. The scenario language's expressions are one kind (scenario::Expression); values
// computed by an embedding program are another. The machines of nvidia/, intel/ and amd/ know
// only this interface, and the affine form that lets them compute a line of lanes at once.
#pragma once

#include <algorithm>
#include <cstdint>
#include <optional>
#include <string>
#include <variant>

namespace gpuatom::exec {

// Why a lane has no value (a division by zero …), at a column of the value's text.
struct LaneValueError {
  uint32_t column = 1;  // 1-based, within the expression text
  std::string message;
};

// A lane value of the form f(base + stride · t), where t is tid, tid % modulus, tid / divisor,
// (tid / divisor) % modulus or lane and f is the identity, lo() or hi(): the usual
// `lo(addr(buf) + tid * 4)`, `(tid % 256) * 4` or a 2D coordinate `tid / 1024`. Recognised once
// at compile time, so that evaluate_lanes() costs a multiply-add per lane instead of a pass over
// the program. Such an expression never fails to evaluate.
struct AffineLanes {
  enum class Of : uint8_t { tid, lane } of = Of::tid;
  enum class Half : uint8_t { whole, lo, hi } half = Half::whole;
  uint64_t modulus = 0;  // Of::tid: t = (tid / divisor) % modulus (0: no modulus); Of::lane: t = tid % group_size
  uint64_t stride = 0;
  uint64_t base = 0;
  uint64_t divisor = 1;  // Of::tid only; 1 for every form without a quotient

  // The values of `count` consecutive lanes from `first_tid` on, into out[0 … count), each
  // ANDed with `keep` (an element's bytes), stepped (Walk::fill).
  void fill(uint64_t first_tid, uint32_t group_size, uint32_t count, uint64_t* out, uint64_t keep = ~uint64_t{0}) const;

  // Whether the whole values of lanes first_tid … first_tid + count − 1 lie on a line: the first
  // lane's value and the step per lane (0: one value). False where t wraps at the modulus or
  // the quotient steps within them, and for a half.
  bool line(uint64_t first_tid, uint32_t count, uint64_t& first, uint64_t& step) const {
    if (half != Half::whole || count == 0 || (of == Of::lane && stride != 0)) return false;
    const uint64_t q = first_tid / divisor, t = modulus ? q % modulus : q;
    if (stride == 0 || q == (first_tid + count - 1) / divisor)
      step = 0;
    else if (divisor == 1 && (modulus == 0 || t + count - 1 < modulus))
      step = stride;
    else
      return false;
    first = base + stride * t;
    return true;
  }

  // The value for consecutive lanes from `first_tid` on, stepped one lane at a time: t counts
  // the quotient up and wraps at the modulus, so no lane divides.
  class Walk {
   public:
    Walk() = default;
    Walk(const AffineLanes& a, uint64_t first_tid, uint32_t group_size)
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

class LaneValues {
 public:
  virtual ~LaneValues() = default;
  // The value of lane `tid`, which is lane `lane` of group `group` (an Intel variable's element e
  // past the SIMD width is lane e, not tid % group size).
  virtual std::variant<uint64_t, LaneValueError> value(uint64_t tid, uint64_t lane, uint64_t group) const = 0;
  // Lane tid's value in launches of groups of `group_size` lanes.
  std::variant<uint64_t, LaneValueError> value(uint64_t tid, uint32_t group_size) const {
    return value(tid, tid % group_size, tid / group_size);
  }
  // The values of `count` (≤ 64) consecutive lanes from first_tid on, into out[0 … count); false,
  // with `out` unspecified, when some lane has none (ask value() which and why).
  virtual bool values(uint64_t first_tid, uint32_t count, uint32_t group_size, uint64_t* out) const = 0;
  // The affine form, when the values have one.
  virtual const std::optional<AffineLanes>& affine() const = 0;
  // Whether every lane has the same value.
  virtual bool is_constant() const = 0;
};

}  // namespace gpuatom::exec
