// The plain data the harness's host code and its kernels exchange. No CUDA and no gpuatom types
// here, so the .cu file compiles without the library's C++20 headers and the host side without
// CUDA headers. The enums repeat the order of gpuatom::nvidia::hw::CudaOp / CudaType; the host
// code static_asserts that they agree.
#pragma once

#include <cstdint>

namespace gpuatom_hw {

enum class Op : uint32_t { add, inc, dec, min, max, bit_and, bit_or, bit_xor, exch, cas };
enum class Type : uint32_t {
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

// Up to 128 bits, little-endian halves (CAS/exchange .128 and the 128-bit vectors use `hi`).
struct Value {
  uint64_t lo = 0;
  uint64_t hi = 0;
};

// One single-lane case: one thread, one address, chosen inputs.
struct SingleCase {
  Op op;
  Type type;
  Value old;      // memory before the atomic
  Value operand;  // the value operand (the stored value of CAS)
  Value compare;  // CAS only
};

enum class Status : uint32_t { ok, unsupported_here };

struct SingleResult {
  Value memory;    // memory after the atomic, read back by the same thread
  Value returned;  // what the atomic returned
  Status status = Status::ok;
};

// How the lanes of a racing run use the atomic.
enum class RacingForm : uint32_t {
  returned,   // every lane keeps the returned value (ATOM)
  discarded,  // the returned value is unused, so nvcc may emit RED
  cas_loop,   // every lane adds its operand with an atomicCAS retry loop
};

struct RacingLaunch {
  Op op;
  Type type;
  RacingForm form;
  uint32_t threads;  // lanes that race on the one address
};

}  // namespace gpuatom_hw
