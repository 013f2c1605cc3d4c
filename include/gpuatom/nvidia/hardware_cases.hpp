// What the CUDA hardware harness (hw/cuda) runs: every CUDA atomic the NVIDIA model knows, the
// single-lane inputs it feeds each one and the racing plans it launches. The harness and the
// model's sample generator (`gpuatom verify-hw --model-sample`) both read these lists, so a
// hardware results file and a model-produced one hold the same cases.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string_view>
#include <vector>

#include "gpuatom/support/bits128.hpp"

namespace gpuatom::nvidia::hw {

// CUDA's atomic functions (CUDA C++ Programming Guide, "Atomic Functions"), by JSON name.
enum class CudaOp : uint8_t { add, inc, dec, min, max, bit_and, bit_or, bit_xor, exch, cas };
inline constexpr int cuda_op_count = static_cast<int>(CudaOp::cas) + 1;

// The operand type of the overload: u32 = unsigned int, s32 = int, u64 = unsigned long long,
// s64 = long long, f16x2 = __half2, bf16x2 = __nv_bfloat162, u128 = any 16-byte type (sm_90).
// The vectors (sm_90, global memory only): f32x2 = float2, f32x4 = float4 (CUDA's vector
// atomicAdd); f16x4/f16x8/bf16x4/bf16x8 = 4 or 8 halves, which CUDA reaches only through inline
// PTX atom.global.{add,min,max}.noftz.v2/.v4.{f16x2,bf16x2}. A vector atomic is one atomic per
// element (PTX "atom"), and its SASS is one 64- or 128-bit ATOMG (.F32x2 … .BF16x8).
enum class CudaType : uint8_t {
  u32,
  s32,
  u64,
  s64,
  f32,
  f64,
  f16x2,
  bf16x2,
  u128,
  f32x2,
  f32x4,
  f16x4,
  f16x8,
  bf16x4,
  bf16x8
};
inline constexpr int cuda_type_count = static_cast<int>(CudaType::bf16x8) + 1;

enum class Space : uint8_t { global, shared };

std::string_view name(CudaOp op);      // "atomicAdd"
std::string_view name(CudaType type);  // "f16x2"
std::string_view name(Space space);    // "global"
std::optional<CudaOp> parse_cuda_op(std::string_view text);
std::optional<CudaType> parse_cuda_type(std::string_view text);
std::optional<Space> parse_space(std::string_view text);

// Bits in memory: 32, 64 or 128.
int bits(CudaType type);
// f32x2 … bf16x8: a vector of 32-bit elements (an f32, or a pair of halves) in one access.
bool is_vector(CudaType type);
// Every bit of a value of `type` set (the low word of 128 bits).
uint64_t mask(CudaType type);

struct CudaAtomic {
  CudaOp op;
  CudaType type;
  int min_sm;  // 10 × the compute capability it needs: 90 for the 128-bit and vector forms, else 75 (CUDA 13's oldest)
  bool global_only = false;  // the vectors: PTX has vector atomics for .global only
};

// Whether the harness runs `atomic` in `space`: global always, shared unless it is global_only.
bool runs_in(const CudaAtomic& atomic, Space space);

// Every CUDA atomic the harness exercises, in the order it writes them.
std::span<const CudaAtomic> cuda_atomics();
// The entry for op × type, if the harness has one.
const CudaAtomic* find_cuda_atomic(CudaOp op, CudaType type);

// One single-lane case: a single thread applies the atomic to an address holding `old`.
struct SingleInput {
  CudaOp op;
  CudaType type;
  support::Bits128 old;
  support::Bits128 operand;  // atomicCAS: the value stored on a match
  support::Bits128 compare;  // atomicCAS only
};

// Special-class pairs (±0, subnormals, smallest/largest normal, ±inf, quiet and signalling
// NaN) for floats, boundary pairs for integers, then random bit patterns from a fixed seed.
// The same list every time.
std::vector<SingleInput> single_inputs(const CudaAtomic& atomic);

// How the lanes of a racing run use the atomic (the JSON "form").
enum class RacingForm : uint8_t {
  returned,   // every lane keeps what its atomic returned
  discarded,  // the result is unused (nvcc may emit RED); only order-independent folds are checked
  cas_loop,   // atomicCAS retry loop adding each lane's operand; the successful attempt is recorded
};
std::string_view name(RacingForm form);  // "returned", "discarded", "cas-loop"
std::optional<RacingForm> parse_racing_form(std::string_view text);

// One racing launch: `operands.size()` lanes apply the atomic to one address holding `initial`.
// Operands are chosen so memory never returns to a value it held (sums of positive numbers,
// monotone min/max, fresh bits, distinct exchanged values), which makes the returned values name
// one serial order (see hardware_check.hpp).
struct RacingPlan {
  CudaOp op;
  CudaType type;
  RacingForm form;
  uint64_t initial;
  std::vector<uint64_t> operands;  // cas_loop: the amount each lane adds
  std::vector<uint64_t> compares;  // atomicCAS comparands (zeros otherwise)
};

// The racing plans of one atomic with at most `max_lanes` lanes (XOR uses one lane per bit so
// that no value repeats). Empty for the 128-bit and vector forms.
std::vector<RacingPlan> racing_plans(const CudaAtomic& atomic, int max_lanes = 1024);

}  // namespace gpuatom::nvidia::hw
