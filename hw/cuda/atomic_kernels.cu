// The harness's kernels. Every CUDA atomic the NVIDIA model knows is reached through one switch
// (atomic_on), inlined into kernels whose address space the compiler can see: kernel pointer
// parameters (global) and __shared__ variables (shared). So nvcc emits the global form
// (ATOM/ATOMG/RED/REDG) or the shared form (ATOMS, or a CAS loop where shared memory has no
// native float atomic), as an application's code would get.
#include <cuda_bf16.h>
#include <cuda_fp16.h>
#include <cuda_runtime.h>

#include <cstring>
#include <stdexcept>
#include <string>

#include "device_runs.hpp"

namespace gpuatom_hw {

namespace {

// One address: 16 bytes, aligned for the 128-bit atomics; narrower atomics use the low bytes.
struct alignas(16) Slot {
  unsigned long long lo;
  unsigned long long hi;
};

template <class To, class From>
__device__ __forceinline__ To bit_cast_to(const From& from) {
  static_assert(sizeof(To) == sizeof(From), "same size");
  To to;
  memcpy(&to, &from, sizeof(To));
  return to;
}

__device__ __forceinline__ Value v32(unsigned bits) { return {bits, 0}; }
__device__ __forceinline__ Value v64(unsigned long long bits) { return {bits, 0}; }

// A zero the compiler cannot see through (nothing ever writes it).
__device__ unsigned opaque_zero;

// The 32-bit operand of a packed add, in a register of its own. Where it is the low word of a
// 64-bit register pair (a 32-bit value cut from a 64-bit load), ptxas 13.0 (sm_90) lowers the
// shared-memory path of atom.add.noftz.{f16x2,bf16x2} to two HADD2s whose element 1 adds the low
// half of the pair's *high* register instead of the operand's high half (docs/hardware.md, "What
// the H200 showed"). XOR with an unknowable zero makes a fresh 32-bit value, so the harness
// measures the hardware's packed add rather than that miscompilation.
__device__ __forceinline__ unsigned packed_operand(unsigned bits) {
  return bits ^ *const_cast<const volatile unsigned*>(&opaque_zero);
}

// The atomic `op` on `type` at `slot`; `ok` turns false for a combination CUDA has no atomic for.
__device__ __forceinline__ Value atomic_on(Slot* slot, Op op, Type type, Value operand, Value compare, bool& ok) {
  unsigned* u32 = reinterpret_cast<unsigned*>(slot);
  int* s32 = reinterpret_cast<int*>(slot);
  unsigned long long* u64 = reinterpret_cast<unsigned long long*>(slot);
  long long* s64 = reinterpret_cast<long long*>(slot);
  const unsigned a32 = static_cast<unsigned>(operand.lo);
  const unsigned long long a64 = operand.lo;
  ok = true;
  switch (type) {
    case Type::u32:
      switch (op) {
        case Op::add: return v32(atomicAdd(u32, a32));
        case Op::inc: return v32(atomicInc(u32, a32));
        case Op::dec: return v32(atomicDec(u32, a32));
        case Op::min: return v32(atomicMin(u32, a32));
        case Op::max: return v32(atomicMax(u32, a32));
        case Op::bit_and: return v32(atomicAnd(u32, a32));
        case Op::bit_or: return v32(atomicOr(u32, a32));
        case Op::bit_xor: return v32(atomicXor(u32, a32));
        case Op::exch: return v32(atomicExch(u32, a32));
        case Op::cas: return v32(atomicCAS(u32, static_cast<unsigned>(compare.lo), a32));
      }
      break;
    case Type::s32:
      if (op == Op::min) return v32(static_cast<unsigned>(atomicMin(s32, static_cast<int>(a32))));
      if (op == Op::max) return v32(static_cast<unsigned>(atomicMax(s32, static_cast<int>(a32))));
      break;
    case Type::u64:
      switch (op) {
        case Op::add: return v64(atomicAdd(u64, a64));
        case Op::min: return v64(atomicMin(u64, a64));
        case Op::max: return v64(atomicMax(u64, a64));
        case Op::bit_and: return v64(atomicAnd(u64, a64));
        case Op::bit_or: return v64(atomicOr(u64, a64));
        case Op::bit_xor: return v64(atomicXor(u64, a64));
        case Op::exch: return v64(atomicExch(u64, a64));
        case Op::cas: return v64(atomicCAS(u64, compare.lo, a64));
        default: break;
      }
      break;
    case Type::s64:
      if (op == Op::min) return v64(static_cast<unsigned long long>(atomicMin(s64, static_cast<long long>(a64))));
      if (op == Op::max) return v64(static_cast<unsigned long long>(atomicMax(s64, static_cast<long long>(a64))));
      break;
    case Type::f32:
      if (op == Op::add)
        return v32(__float_as_uint(atomicAdd(reinterpret_cast<float*>(slot), __uint_as_float(a32))));
      break;
    case Type::f64:
      if (op == Op::add)
        return v64(static_cast<unsigned long long>(__double_as_longlong(
            atomicAdd(reinterpret_cast<double*>(slot), __longlong_as_double(static_cast<long long>(a64))))));
      break;
    case Type::f16x2:
      if (op == Op::add)
        return v32(bit_cast_to<unsigned>(atomicAdd(reinterpret_cast<__half2*>(slot), bit_cast_to<__half2>(packed_operand(a32)))));
      break;
    case Type::bf16x2:
      if (op == Op::add)
        return v32(bit_cast_to<unsigned>(
            atomicAdd(reinterpret_cast<__nv_bfloat162*>(slot), bit_cast_to<__nv_bfloat162>(packed_operand(a32)))));
      break;
    case Type::u128:
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 900
      // CUDA's 128-bit atomicCAS / atomicExch take any 16-byte, 16-aligned trivially copyable type.
      if (op == Op::exch) {
        const Slot r = atomicExch(slot, Slot{operand.lo, operand.hi});
        return {r.lo, r.hi};
      }
      if (op == Op::cas) {
        const Slot r = atomicCAS(slot, Slot{compare.lo, compare.hi}, Slot{operand.lo, operand.hi});
        return {r.lo, r.hi};
      }
#endif
      break;
    default:  // the vectors: global memory only (vector_atomic_on)
      break;
  }
  ok = false;
  return {};
}

#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 900
// One vector atomic of PTX's 32-bit-element forms on 2 or 4 words: d = atom(slot, b).
#define GPUATOM_VECTOR2(PTX)                                                                          \
  asm volatile(PTX " {%0, %1}, [%2], {%3, %4};" : "=r"(d[0]), "=r"(d[1]) : "l"(global), "r"(b[0]), \
               "r"(b[1]) : "memory")
#define GPUATOM_VECTOR4(PTX)                                                                             \
  asm volatile(PTX " {%0, %1, %2, %3}, [%4], {%5, %6, %7, %8};"                                         \
               : "=r"(d[0]), "=r"(d[1]), "=r"(d[2]), "=r"(d[3])                                         \
               : "l"(global), "r"(b[0]), "r"(b[1]), "r"(b[2]), "r"(b[3])                                \
               : "memory")
#endif

// The sm_90 vector atomics on a global `slot`: CUDA's float2/float4 atomicAdd, and inline PTX for
// the halves (CUDA has no function for them). Each is one atomic per 32-bit element.
__device__ __forceinline__ Value vector_atomic_on(Slot* slot, Op op, Type type, Value operand, bool& ok) {
  ok = true;
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 900
  const unsigned b[4] = {static_cast<unsigned>(operand.lo), static_cast<unsigned>(operand.lo >> 32),
                         static_cast<unsigned>(operand.hi), static_cast<unsigned>(operand.hi >> 32)};
  unsigned d[4] = {0, 0, 0, 0};
  const size_t global = __cvta_generic_to_global(slot);
  switch (type) {
    case Type::f32x2:
      if (op == Op::add) {
        const float2 r = atomicAdd(reinterpret_cast<float2*>(slot), make_float2(__uint_as_float(b[0]), __uint_as_float(b[1])));
        d[0] = __float_as_uint(r.x);
        d[1] = __float_as_uint(r.y);
        break;
      }
      ok = false;
      break;
    case Type::f32x4:
      if (op == Op::add) {
        const float4 r = atomicAdd(reinterpret_cast<float4*>(slot), make_float4(__uint_as_float(b[0]), __uint_as_float(b[1]),
                                                                                __uint_as_float(b[2]), __uint_as_float(b[3])));
        d[0] = __float_as_uint(r.x);
        d[1] = __float_as_uint(r.y);
        d[2] = __float_as_uint(r.z);
        d[3] = __float_as_uint(r.w);
        break;
      }
      ok = false;
      break;
    case Type::f16x4:
      if (op == Op::add) GPUATOM_VECTOR2("atom.global.add.noftz.v2.f16x2");
      else if (op == Op::min) GPUATOM_VECTOR2("atom.global.min.noftz.v2.f16x2");
      else if (op == Op::max) GPUATOM_VECTOR2("atom.global.max.noftz.v2.f16x2");
      else ok = false;
      break;
    case Type::f16x8:
      if (op == Op::add) GPUATOM_VECTOR4("atom.global.add.noftz.v4.f16x2");
      else if (op == Op::min) GPUATOM_VECTOR4("atom.global.min.noftz.v4.f16x2");
      else if (op == Op::max) GPUATOM_VECTOR4("atom.global.max.noftz.v4.f16x2");
      else ok = false;
      break;
    case Type::bf16x4:
      if (op == Op::add) GPUATOM_VECTOR2("atom.global.add.noftz.v2.bf16x2");
      else if (op == Op::min) GPUATOM_VECTOR2("atom.global.min.noftz.v2.bf16x2");
      else if (op == Op::max) GPUATOM_VECTOR2("atom.global.max.noftz.v2.bf16x2");
      else ok = false;
      break;
    case Type::bf16x8:
      if (op == Op::add) GPUATOM_VECTOR4("atom.global.add.noftz.v4.bf16x2");
      else if (op == Op::min) GPUATOM_VECTOR4("atom.global.min.noftz.v4.bf16x2");
      else if (op == Op::max) GPUATOM_VECTOR4("atom.global.max.noftz.v4.bf16x2");
      else ok = false;
      break;
    default: ok = false; break;
  }
  return {d[0] | (static_cast<unsigned long long>(d[1]) << 32), d[2] | (static_cast<unsigned long long>(d[3]) << 32)};
#else
  (void)slot, (void)op, (void)type, (void)operand;
  ok = false;
  return {};
#endif
}

__device__ __forceinline__ bool is_vector(Type type) { return type >= Type::f32x2; }

// One case on `slot`: write the old value, run the atomic, read the memory back. Vector atomics
// run only where `global_memory` (PTX has them for .global alone).
template <bool global_memory>
__device__ __forceinline__ SingleResult run_case(Slot* slot, const SingleCase& c) {
  SingleResult r;
  slot->lo = c.old.lo;
  slot->hi = c.old.hi;
  bool ok = false;
  if (!is_vector(c.type))
    r.returned = atomic_on(slot, c.op, c.type, c.operand, c.compare, ok);
  else if (global_memory)
    r.returned = vector_atomic_on(slot, c.op, c.type, c.operand, ok);
  r.memory = {slot->lo, slot->hi};
  r.status = ok ? Status::ok : Status::unsupported_here;
  return r;
}

// Single-lane cases run in one thread, in order, so no other lane can touch the address.
__global__ void single_global(const SingleCase* cases, SingleResult* results, Slot* slots, unsigned n) {
  for (unsigned i = 0; i < n; ++i) results[i] = run_case<true>(&slots[i], cases[i]);
}

__global__ void single_shared(const SingleCase* cases, SingleResult* results, unsigned n) {
  __shared__ Slot slot;
  for (unsigned i = 0; i < n; ++i) results[i] = run_case<false>(&slot, cases[i]);
}

// One racing lane on `slot`. cas_loop adds the lane's operand with the classic retry loop and
// reports the successful attempt: comparand, stored value and returned value.
__device__ __forceinline__ void race_lane(Slot* slot, const RacingLaunch& launch, unsigned lane, unsigned long long* operands,
                                          unsigned long long* compares, unsigned long long* returned) {
  bool ok;
  if (launch.form == RacingForm::cas_loop) {
    const bool wide = launch.type == Type::u64;
    unsigned long long seen = wide ? *reinterpret_cast<volatile unsigned long long*>(slot)
                                   : *reinterpret_cast<volatile unsigned*>(slot);
    unsigned long long assumed, stored;
    do {
      assumed = seen;
      stored = wide ? assumed + operands[lane] : static_cast<unsigned>(assumed + operands[lane]);
      seen = atomic_on(slot, Op::cas, launch.type, Value{stored, 0}, Value{assumed, 0}, ok).lo;
    } while (seen != assumed);
    compares[lane] = assumed;
    operands[lane] = stored;
    returned[lane] = seen;
  } else if (launch.form == RacingForm::returned) {
    returned[lane] = atomic_on(slot, launch.op, launch.type, Value{operands[lane], 0}, Value{compares[lane], 0}, ok).lo;
  } else {
    atomic_on(slot, launch.op, launch.type, Value{operands[lane], 0}, Value{compares[lane], 0}, ok);
  }
}

__global__ void racing_global(RacingLaunch launch, Slot* slot, unsigned long long* operands, unsigned long long* compares,
                              unsigned long long* returned) {
  const unsigned lane = blockIdx.x * blockDim.x + threadIdx.x;
  if (lane < launch.threads) race_lane(slot, launch, lane, operands, compares, returned);
}

// Shared memory belongs to one block, so every lane is in the one block.
__global__ void racing_shared(RacingLaunch launch, Slot* result, unsigned long long* operands, unsigned long long* compares,
                              unsigned long long* returned) {
  __shared__ Slot slot;
  if (threadIdx.x == 0) slot = *result;
  __syncthreads();
  race_lane(&slot, launch, threadIdx.x, operands, compares, returned);
  __syncthreads();
  if (threadIdx.x == 0) *result = slot;
}

// --- host side ---------------------------------------------------------------------------

void check(cudaError_t error, const char* what) {
  if (error != cudaSuccess) throw std::runtime_error(std::string(what) + ": " + cudaGetErrorString(error));
}

// A device buffer freed when it goes out of scope.
template <class T>
struct DeviceBuffer {
  T* data = nullptr;
  explicit DeviceBuffer(size_t count) { check(cudaMalloc(&data, sizeof(T) * (count ? count : 1)), "cudaMalloc"); }
  ~DeviceBuffer() { cudaFree(data); }
  DeviceBuffer(const DeviceBuffer&) = delete;
  DeviceBuffer& operator=(const DeviceBuffer&) = delete;
  void upload(const T* from, size_t count) { check(cudaMemcpy(data, from, sizeof(T) * count, cudaMemcpyHostToDevice), "cudaMemcpy to device"); }
  void download(T* to, size_t count) const { check(cudaMemcpy(to, data, sizeof(T) * count, cudaMemcpyDeviceToHost), "cudaMemcpy to host"); }
};

void finish(const char* kernel) {
  check(cudaGetLastError(), kernel);
  check(cudaDeviceSynchronize(), kernel);
}

}  // namespace

DeviceInfo device_info(int device) {
  cudaDeviceProp prop{};
  check(cudaGetDeviceProperties(&prop, device), "cudaGetDeviceProperties");
  check(cudaSetDevice(device), "cudaSetDevice");
  return {prop.name, prop.major, prop.minor};
}

std::vector<SingleResult> run_single(Space space, const std::vector<SingleCase>& cases) {
  const unsigned n = static_cast<unsigned>(cases.size());
  std::vector<SingleResult> results(n);
  if (n == 0) return results;
  DeviceBuffer<SingleCase> device_cases(n);
  DeviceBuffer<SingleResult> device_results(n);
  device_cases.upload(cases.data(), n);
  if (space == Space::global) {
    DeviceBuffer<Slot> slots(n);
    single_global<<<1, 1>>>(device_cases.data, device_results.data, slots.data, n);
    finish("single_global");
  } else {
    single_shared<<<1, 1>>>(device_cases.data, device_results.data, n);
    finish("single_shared");
  }
  device_results.download(results.data(), n);
  return results;
}

RacingOutcome run_racing(Space space, const RacingLaunch& launch, uint64_t initial, const std::vector<uint64_t>& operands,
                         const std::vector<uint64_t>& compares) {
  const unsigned n = launch.threads;
  if (operands.size() != n || compares.size() != n) throw std::runtime_error("run_racing: one operand and comparand per lane");
  if (space == Space::shared && n > 1024) throw std::runtime_error("run_racing: shared races run in one block (at most 1024 lanes)");
  static_assert(sizeof(unsigned long long) == sizeof(uint64_t), "64-bit lanes");
  DeviceBuffer<Slot> slot(1);
  DeviceBuffer<unsigned long long> device_operands(n), device_compares(n), device_returned(n);
  const Slot start{initial, 0};
  slot.upload(&start, 1);
  device_operands.upload(reinterpret_cast<const unsigned long long*>(operands.data()), n);
  device_compares.upload(reinterpret_cast<const unsigned long long*>(compares.data()), n);
  if (space == Space::global) {
    const unsigned block = 256;
    racing_global<<<(n + block - 1) / block, block>>>(launch, slot.data, device_operands.data, device_compares.data,
                                                     device_returned.data);
    finish("racing_global");
  } else {
    racing_shared<<<1, n>>>(launch, slot.data, device_operands.data, device_compares.data, device_returned.data);
    finish("racing_shared");
  }
  RacingOutcome out;
  Slot end{};
  slot.download(&end, 1);
  out.memory = end.lo;
  out.operands.resize(n);
  out.compares.resize(n);
  device_operands.download(reinterpret_cast<unsigned long long*>(out.operands.data()), n);
  device_compares.download(reinterpret_cast<unsigned long long*>(out.compares.data()), n);
  if (launch.form != RacingForm::discarded) {
    out.returned.resize(n);
    device_returned.download(reinterpret_cast<unsigned long long*>(out.returned.data()), n);
  }
  return out;
}

}  // namespace gpuatom_hw
