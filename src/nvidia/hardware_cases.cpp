#include "gpuatom/nvidia/hardware_cases.hpp"

#include <array>

#include "cuda_type_kind.hpp"
#include "gpuatom/support/random.hpp"

namespace gpuatom::nvidia::hw {

namespace {

using support::Bits128;

constexpr std::array<std::string_view, cuda_op_count> op_names = {"atomicAdd",  "atomicInc", "atomicDec", "atomicMin",
                                                                  "atomicMax",  "atomicAnd", "atomicOr",  "atomicXor",
                                                                  "atomicExch", "atomicCAS"};
constexpr std::array<std::string_view, cuda_type_count> type_names = {"u32",   "s32",   "u64",    "s64",    "f32",
                                                                      "f64",   "f16x2", "bf16x2", "u128",   "f32x2",
                                                                      "f32x4", "f16x4", "f16x8",  "bf16x4", "bf16x8"};
constexpr std::array<std::string_view, 3> form_names = {"returned", "discarded", "cas-loop"};

using O = CudaOp;
using T = CudaType;
// The CUDA C++ overloads the model has an operation for (docs/spec/nvidia.md §5.1 with the sm_70+
// additions). atomicAdd on int is the same operation as on unsigned int and atomicSub compiles to
// an add of the negated operand, so neither adds a case.
constexpr CudaAtomic atomics[] = {
    {O::add, T::u32, 75},
    {O::add, T::u64, 75},
    {O::add, T::f32, 75},
    {O::add, T::f64, 75},
    {O::add, T::f16x2, 75},
    {O::add, T::bf16x2, 75},
    {O::inc, T::u32, 75},
    {O::dec, T::u32, 75},
    {O::min, T::u32, 75},
    {O::min, T::s32, 75},
    {O::min, T::u64, 75},
    {O::min, T::s64, 75},
    {O::max, T::u32, 75},
    {O::max, T::s32, 75},
    {O::max, T::u64, 75},
    {O::max, T::s64, 75},
    {O::bit_and, T::u32, 75},
    {O::bit_and, T::u64, 75},
    {O::bit_or, T::u32, 75},
    {O::bit_or, T::u64, 75},
    {O::bit_xor, T::u32, 75},
    {O::bit_xor, T::u64, 75},
    {O::exch, T::u32, 75},
    {O::exch, T::u64, 75},
    {O::exch, T::u128, 90},
    {O::cas, T::u32, 75},
    {O::cas, T::u64, 75},
    {O::cas, T::u128, 90},
    // The sm_90 vectors: add on each (float2/float4 atomicAdd; inline PTX for the halves), min and
    // max on the halves (inline PTX).
    {O::add, T::f32x2, 90, true},
    {O::add, T::f32x4, 90, true},
    {O::add, T::f16x4, 90, true},
    {O::add, T::f16x8, 90, true},
    {O::add, T::bf16x4, 90, true},
    {O::add, T::bf16x8, 90, true},
    {O::min, T::f16x4, 90, true},
    {O::min, T::f16x8, 90, true},
    {O::min, T::bf16x4, 90, true},
    {O::min, T::bf16x8, 90, true},
    {O::max, T::f16x4, 90, true},
    {O::max, T::f16x8, 90, true},
    {O::max, T::bf16x4, 90, true},
    {O::max, T::bf16x8, 90, true},
};

template <class Names, class E>
std::optional<E> parse_name(const Names& names, std::string_view text) {
  for (size_t i = 0; i < names.size(); ++i)
    if (names[i] == text) return static_cast<E>(i);
  return std::nullopt;
}

// --- single-lane inputs ----------------------------------------------------------------------

// Special classes in the order ±0, smallest subnormal, largest subnormal, smallest normal, 1,
// largest normal, ±inf, quiet NaNs (with and without payload, negative), signalling NaNs.
constexpr std::array<uint64_t, 20> f32_specials = {0x00000000, 0x80000000, 0x00000001, 0x80000001, 0x007fffff,
                                                   0x807fffff, 0x00800000, 0x80800000, 0x3f800000, 0xbf800000,
                                                   0x7f7fffff, 0xff7fffff, 0x7f800000, 0xff800000, 0x7fc00000,
                                                   0xffc00000, 0x7fc00001, 0x7f800001, 0xff800001, 0x7fa00000};
constexpr std::array<uint64_t, 20> f64_specials = {
    0x0000000000000000, 0x8000000000000000, 0x0000000000000001, 0x8000000000000001, 0x000fffffffffffff,
    0x800fffffffffffff, 0x0010000000000000, 0x8010000000000000, 0x3ff0000000000000, 0xbff0000000000000,
    0x7fefffffffffffff, 0xffefffffffffffff, 0x7ff0000000000000, 0xfff0000000000000, 0x7ff8000000000000,
    0xfff8000000000000, 0x7ff8000000000001, 0x7ff0000000000001, 0xfff0000000000001, 0x7ff4000000000000};
constexpr std::array<uint64_t, 20> f16_specials = {0x0000, 0x8000, 0x0001, 0x8001, 0x03ff, 0x83ff, 0x0400,
                                                   0x8400, 0x3c00, 0xbc00, 0x7bff, 0xfbff, 0x7c00, 0xfc00,
                                                   0x7e00, 0xfe00, 0x7e01, 0x7c01, 0xfc01, 0x7d00};
constexpr std::array<uint64_t, 20> bf16_specials = {0x0000, 0x8000, 0x0001, 0x8001, 0x007f, 0x807f, 0x0080,
                                                    0x8080, 0x3f80, 0xbf80, 0x7f7f, 0xff7f, 0x7f80, 0xff80,
                                                    0x7fc0, 0xffc0, 0x7fc1, 0x7f81, 0xff81, 0x7fa0};

constexpr std::array<uint64_t, 10> u32_boundaries = {0,          1,          2,          0x7ffffffe, 0x7fffffff,
                                                     0x80000000, 0x80000001, 0xfffffffe, 0xffffffff, 0x12345678};
constexpr std::array<uint64_t, 14> u64_boundaries = {0,
                                                     1,
                                                     2,
                                                     0x7fffffff,
                                                     0x80000000,
                                                     0xffffffff,
                                                     0x100000000,
                                                     0x7ffffffffffffffe,
                                                     0x7fffffffffffffff,
                                                     0x8000000000000000,
                                                     0x8000000000000001,
                                                     0xfffffffffffffffe,
                                                     0xffffffffffffffff,
                                                     0x0123456789abcdef};
constexpr std::array<Bits128, 8> u128_boundaries = {{{0, 0},
                                                     {1, 0},
                                                     {~0ULL, ~0ULL},
                                                     {~0ULL, 0},
                                                     {0, 1},
                                                     {0, 0x8000000000000000},
                                                     {0x0123456789abcdef, 0xfedcba9876543210},
                                                     {0x8000000000000000, 0x7fffffffffffffff}}};

constexpr int random_int_cases = 64;
constexpr int random_float_cases = 128;

uint64_t seed_of(const CudaAtomic& a, uint64_t salt) {
  return 0x6770756174F0A70DULL ^ salt ^ (static_cast<uint64_t>(a.op) << 8) ^ static_cast<uint64_t>(a.type);
}

// A random float of a format with `exp_bits`/`frac_bits` whose exponent is `exponent` (clamped).
uint64_t random_float(support::SplitMix64& rng, int exp_bits, int frac_bits, int64_t exponent) {
  const int64_t max_exp = (int64_t{1} << exp_bits) - 1;
  if (exponent < 0) exponent = 0;
  if (exponent > max_exp - 1) exponent = max_exp - 1;
  const uint64_t sign = rng.next() & 1;
  const uint64_t frac = rng.next() & ((uint64_t{1} << frac_bits) - 1);
  return (sign << (exp_bits + frac_bits)) | (static_cast<uint64_t>(exponent) << frac_bits) | frac;
}

struct FloatFormat {
  int exp_bits;
  int frac_bits;
};

// A random pair: fully random bits half of the time, else exponents at most 3 apart, so sums
// round, cancel and tie rather than just return the larger operand.
std::pair<uint64_t, uint64_t> random_float_pair(support::SplitMix64& rng, FloatFormat f, int i) {
  const int width = 1 + f.exp_bits + f.frac_bits;
  const uint64_t m = width == 64 ? ~0ULL : (uint64_t{1} << width) - 1;
  if (i % 2 == 0) return {rng.next() & m, rng.next() & m};
  const int64_t max_exp = (int64_t{1} << f.exp_bits) - 1;
  const int64_t e = static_cast<int64_t>(rng.below(static_cast<uint64_t>(max_exp)));
  const int64_t delta = static_cast<int64_t>(rng.below(7)) - 3;
  return {random_float(rng, f.exp_bits, f.frac_bits, e), random_float(rng, f.exp_bits, f.frac_bits, e + delta)};
}

void add_float_cases(std::vector<SingleInput>& out, const CudaAtomic& a, std::span<const uint64_t> specials,
                     FloatFormat f) {
  for (uint64_t x : specials)
    for (uint64_t y : specials) out.push_back({a.op, a.type, {x, 0}, {y, 0}, {}});
  support::SplitMix64 rng(seed_of(a, 1));
  for (int i = 0; i < random_float_cases; ++i) {
    const auto [x, y] = random_float_pair(rng, f, i);
    out.push_back({a.op, a.type, {x, 0}, {y, 0}, {}});
  }
}

// Packed halves: every ordered pair of specials appears once in lane 0 and once in lane 1.
void add_packed_cases(std::vector<SingleInput>& out, const CudaAtomic& a, std::span<const uint64_t> specials,
                      FloatFormat f) {
  const size_t n = specials.size();
  const size_t pairs = n * n;
  for (size_t k = 0; k < pairs; ++k) {
    const size_t other = (k + pairs / 2) % pairs;
    const uint64_t old = specials[k / n] | (specials[other / n] << 16);
    const uint64_t operand = specials[k % n] | (specials[other % n] << 16);
    out.push_back({a.op, a.type, {old, 0}, {operand, 0}, {}});
  }
  support::SplitMix64 rng(seed_of(a, 2));
  for (int i = 0; i < random_float_cases; ++i) {
    const auto [x0, y0] = random_float_pair(rng, f, i);
    const auto [x1, y1] = random_float_pair(rng, f, i + 1);
    out.push_back({a.op, a.type, {x0 | (x1 << 16), 0}, {y0 | (y1 << 16), 0}, {}});
  }
}

void add_integer_cases(std::vector<SingleInput>& out, const CudaAtomic& a, std::span<const uint64_t> boundaries) {
  const uint64_t m = mask(a.type);
  support::SplitMix64 rng(seed_of(a, 3));
  if (a.op != CudaOp::cas) {
    for (uint64_t x : boundaries)
      for (uint64_t y : boundaries) out.push_back({a.op, a.type, {x, 0}, {y, 0}, {}});
    for (int i = 0; i < random_int_cases; ++i)
      out.push_back({a.op, a.type, {rng.next() & m, 0}, {rng.next() & m, 0}, {}});
    return;
  }
  // CAS: a match, a miss in the lowest bit, a miss in the sign bit, for every boundary value.
  const uint64_t top = (m >> 1) + 1;
  for (size_t i = 0; i < boundaries.size(); ++i) {
    const uint64_t old = boundaries[i];
    const uint64_t value = boundaries[(i + 1) % boundaries.size()];
    for (uint64_t compare : {old, old ^ 1, old ^ top})
      out.push_back({a.op, a.type, {old, 0}, {value, 0}, {compare, 0}});
  }
  for (int i = 0; i < random_int_cases; ++i) {
    const uint64_t old = rng.next() & m;
    const uint64_t compare = i % 2 == 0 ? old : rng.next() & m;
    out.push_back({a.op, a.type, {old, 0}, {rng.next() & m, 0}, {compare, 0}});
  }
}

void add_u128_cases(std::vector<SingleInput>& out, const CudaAtomic& a) {
  const size_t n = u128_boundaries.size();
  for (size_t i = 0; i < n; ++i) {
    const Bits128 old = u128_boundaries[i];
    const Bits128 value = u128_boundaries[(i + 1) % n];
    if (a.op == CudaOp::exch) {
      for (const Bits128& v : u128_boundaries) out.push_back({a.op, a.type, old, v, {}});
      continue;
    }
    // A match, a miss only in the low word, a miss only in the high word (the compare is 128 bits wide).
    for (const Bits128& compare : {old, Bits128{old.lo ^ 1, old.hi}, Bits128{old.lo, old.hi ^ 0x8000000000000000}})
      out.push_back({a.op, a.type, old, value, compare});
  }
  support::SplitMix64 rng(seed_of(a, 4));
  for (int i = 0; i < random_int_cases / 2; ++i) {
    const Bits128 old{rng.next(), rng.next()};
    const Bits128 value{rng.next(), rng.next()};
    const Bits128 compare = i % 2 == 0 ? old : Bits128{rng.next(), rng.next()};
    out.push_back({a.op, a.type, old, value, a.op == CudaOp::cas ? compare : Bits128{}});
  }
}

// A vector's element type: an f32, or a pair of halves.
CudaType element_type(CudaType type) {
  switch (type) {
    case T::f32x2:
    case T::f32x4: return T::f32;
    case T::f16x4:
    case T::f16x8: return T::f16x2;
    default: return T::bf16x2;
  }
}

// Vectors: the element type's cases, word k of case i taking element case i + k·n/words, so every
// element case (every special pair) appears once in every word of the vector.
void add_vector_cases(std::vector<SingleInput>& out, const CudaAtomic& a) {
  const std::vector<SingleInput> elements = single_inputs({a.op, element_type(a.type), a.min_sm});
  const size_t n = elements.size();
  const size_t words = static_cast<size_t>(bits(a.type) / 32);
  const auto place = [](Bits128& v, size_t k, uint64_t word) { (k < 2 ? v.lo : v.hi) |= word << (32 * (k % 2)); };
  for (size_t i = 0; i < n; ++i) {
    SingleInput in{a.op, a.type, {}, {}, {}};
    for (size_t k = 0; k < words; ++k) {
      const SingleInput& e = elements[(i + k * n / words) % n];
      place(in.old, k, e.old.lo);
      place(in.operand, k, e.operand.lo);
    }
    out.push_back(in);
  }
}

// --- racing plans ----------------------------------------------------------------------------

// A random value in [1, 2) of the type, per 16-bit lane for the packed types.
uint64_t random_one_to_two(support::SplitMix64& rng, CudaType type) {
  switch (type) {
    case T::f32: return 0x3f800000 | (rng.next() & 0x7fffff);
    case T::f64: return 0x3ff0000000000000 | (rng.next() & 0xfffffffffffff);
    case T::f16x2: return (0x3c00 | (rng.next() & 0x3ff)) | ((0x3c00 | (rng.next() & 0x3ff)) << 16);
    default: return (0x3f80 | (rng.next() & 0x7f)) | ((0x3f80 | (rng.next() & 0x7f)) << 16);  // bf16x2
  }
}

// Operands whose every partial sum is exact (small integers, or all lanes equal for the packed
// types), so any order gives the same total: what a `discarded` float race can be checked with.
uint64_t exact_float_operand(support::SplitMix64& rng, CudaType type) {
  static constexpr uint64_t f32_small[] = {0x3f800000, 0x40000000, 0x40400000, 0x40800000};
  static constexpr uint64_t f64_small[] = {0x3ff0000000000000, 0x4000000000000000, 0x4008000000000000,
                                           0x4010000000000000};
  switch (type) {
    case T::f32: return f32_small[rng.below(4)];
    case T::f64: return f64_small[rng.below(4)];
    case T::f16x2: return 0x3c003c00;
    default: return 0x3f803f80;  // bf16x2
  }
}

bool is_signed(CudaType type) { return type == T::s32 || type == T::s64; }

RacingPlan plan_for(const CudaAtomic& a, RacingForm form, int lanes) {
  const uint64_t m = mask(a.type);
  const int width = bits(a.type);
  const uint64_t sign = (m >> 1) + 1;
  support::SplitMix64 rng(seed_of(a, 10 + static_cast<uint64_t>(form)));
  RacingPlan p{a.op, a.type, form, 0, std::vector<uint64_t>(lanes), std::vector<uint64_t>(lanes, 0)};
  for (int i = 0; i < lanes; ++i) {
    uint64_t& operand = p.operands[i];
    switch (a.op) {
      case O::add:
        if (is_float(a.type))
          operand = form == RacingForm::discarded ? exact_float_operand(rng, a.type) : random_one_to_two(rng, a.type);
        else
          operand = a.type == T::u64 ? 1 + rng.below(0xffffff) : 1 + rng.below(0xffff);
        break;
      case O::inc: operand = static_cast<uint64_t>(lanes) + 16; break;  // the bound, never reached
      case O::dec: operand = 0xffffffff; break;                         // the bound; memory only falls
      case O::min:
      case O::max: operand = rng.next() & m; break;
      case O::bit_and: operand = ~(uint64_t{1} << (i % width)) & m; break;
      case O::bit_or:
      case O::bit_xor: operand = uint64_t{1} << (i % width); break;
      case O::exch: operand = static_cast<uint64_t>(i + 1) * 0x10001; break;  // distinct, never `initial`
      case O::cas: operand = form == RacingForm::cas_loop ? 1 + rng.below(4) : static_cast<uint64_t>(i + 1); break;
    }
  }
  switch (a.op) {
    case O::add: p.initial = a.type == T::u64 ? 0xffff0000 : is_float(a.type) ? 0 : 0x1000; break;
    case O::dec: p.initial = static_cast<uint64_t>(lanes) + 16; break;
    case O::min: p.initial = is_signed(a.type) ? sign - 1 : m; break;
    case O::max: p.initial = is_signed(a.type) ? sign : 0; break;
    case O::bit_and: p.initial = m; break;
    case O::bit_xor: p.initial = 0x5a5a5a5a5a5a5a5a & m; break;
    case O::exch: p.initial = m; break;
    case O::cas:
      p.initial = form == RacingForm::cas_loop ? (a.type == T::u64 ? 0xfffffff0 : 0) : 0x0badf00d;
      if (form == RacingForm::returned) p.compares.assign(lanes, p.initial);
      break;
    default: p.initial = 0; break;
  }
  return p;
}

}  // namespace

std::string_view name(CudaOp op) { return op_names[static_cast<size_t>(op)]; }
std::string_view name(CudaType type) { return type_names[static_cast<size_t>(type)]; }
std::string_view name(Space space) { return space == Space::global ? "global" : "shared"; }
std::string_view name(RacingForm form) { return form_names[static_cast<size_t>(form)]; }

std::optional<CudaOp> parse_cuda_op(std::string_view text) {
  return parse_name<decltype(op_names), CudaOp>(op_names, text);
}
std::optional<CudaType> parse_cuda_type(std::string_view text) {
  return parse_name<decltype(type_names), CudaType>(type_names, text);
}
std::optional<Space> parse_space(std::string_view text) {
  if (text == "global") return Space::global;
  if (text == "shared") return Space::shared;
  return std::nullopt;
}
std::optional<RacingForm> parse_racing_form(std::string_view text) {
  return parse_name<decltype(form_names), RacingForm>(form_names, text);
}

int bits(CudaType type) {
  switch (type) {
    case T::u64:
    case T::s64:
    case T::f64:
    case T::f32x2:
    case T::f16x4:
    case T::bf16x4: return 64;
    case T::u128:
    case T::f32x4:
    case T::f16x8:
    case T::bf16x8: return 128;
    default: return 32;
  }
}

bool is_vector(CudaType type) { return type >= T::f32x2; }

bool runs_in(const CudaAtomic& a, Space space) { return space == Space::global || !a.global_only; }

uint64_t mask(CudaType type) { return bits(type) >= 64 ? ~0ULL : 0xffffffffULL; }

std::span<const CudaAtomic> cuda_atomics() { return atomics; }

const CudaAtomic* find_cuda_atomic(CudaOp op, CudaType type) {
  for (const CudaAtomic& a : cuda_atomics())
    if (a.op == op && a.type == type) return &a;
  return nullptr;
}

std::vector<SingleInput> single_inputs(const CudaAtomic& a) {
  std::vector<SingleInput> out;
  switch (a.type) {
    case T::f32: add_float_cases(out, a, f32_specials, {8, 23}); break;
    case T::f64: add_float_cases(out, a, f64_specials, {11, 52}); break;
    case T::f16x2: add_packed_cases(out, a, f16_specials, {5, 10}); break;
    case T::bf16x2: add_packed_cases(out, a, bf16_specials, {8, 7}); break;
    case T::u128: add_u128_cases(out, a); break;
    case T::u32:
    case T::s32: add_integer_cases(out, a, u32_boundaries); break;
    case T::u64:
    case T::s64: add_integer_cases(out, a, u64_boundaries); break;
    case T::f32x2:
    case T::f32x4:
    case T::f16x4:
    case T::f16x8:
    case T::bf16x4:
    case T::bf16x8: add_vector_cases(out, a); break;
  }
  return out;
}

std::vector<RacingPlan> racing_plans(const CudaAtomic& a, int max_lanes) {
  if (a.type == T::u128 || is_vector(a.type) || max_lanes < 1) return {};
  const int lanes = a.op == O::bit_xor ? std::min(max_lanes, bits(a.type)) : max_lanes;
  std::vector<RacingPlan> plans;
  plans.push_back(plan_for(a, RacingForm::returned, lanes));
  if (a.op == O::cas)
    plans.push_back(plan_for(a, RacingForm::cas_loop, lanes));
  else if (a.op != O::exch)
    plans.push_back(plan_for(a, RacingForm::discarded, lanes));
  return plans;
}

}  // namespace gpuatom::nvidia::hw
