// Device code for gpuatom's AMD code-object tests (tests/amd-isa/code_object_test.cpp), compiled by
// scripts/amd-code-objects with Debian's clang-19 (builtins only, no HIP headers): atomics of every
// memory kind beside ordinary code of many formats (literals, DPP, 64-bit and 16-bit math, loops).
#define __global__ __attribute__((global))
#define __shared__ __attribute__((shared))

extern "C" __global__ void histogram(float* bins, const float* in, int n) {
  int i = __builtin_amdgcn_workitem_id_x() + __builtin_amdgcn_workgroup_id_x() * 256;
  if (i < n)
    __hip_atomic_fetch_add(&bins[(int)in[i] & 255], in[i] * 0.5f + 1.0f, __ATOMIC_RELAXED, __HIP_MEMORY_SCOPE_AGENT);
}

extern "C" __global__ void lds_counter(unsigned* out) {
  __shared__ unsigned c;
  if (__builtin_amdgcn_workitem_id_x() == 0) c = 0;
  __builtin_amdgcn_s_barrier();
  unsigned old = __hip_atomic_fetch_add(&c, 1u, __ATOMIC_RELAXED, __HIP_MEMORY_SCOPE_WORKGROUP);
  __builtin_amdgcn_s_barrier();
  out[__builtin_amdgcn_workitem_id_x()] = old + c;
}

extern "C" __global__ void cas_and_math(double* p, double v, long* q, int* r) {
  __hip_atomic_fetch_max(p, v, __ATOMIC_SEQ_CST, __HIP_MEMORY_SCOPE_SYSTEM);
  long expected = 7;
  __hip_atomic_compare_exchange_strong(q, &expected, 0x123456789abcL, __ATOMIC_RELAXED, __ATOMIC_RELAXED,
                                       __HIP_MEMORY_SCOPE_AGENT);
  for (int k = 0; k < 4; ++k) p[k + 2] = __builtin_sqrt(p[k + 2]) * v + 3.25;
  int lane = __builtin_amdgcn_workitem_id_x();
  int x = r[lane] * 0x1234567 + 0x7654321;
  x += __builtin_amdgcn_mov_dpp(x, 0x111, 0xf, 0xf, false);
  x ^= __builtin_amdgcn_ds_swizzle(x, 0x41f);
  __hip_atomic_fetch_xor(r + 64, x, __ATOMIC_RELAXED, __HIP_MEMORY_SCOPE_AGENT);
  __hip_atomic_fetch_min(r + 65, x, __ATOMIC_RELAXED, __HIP_MEMORY_SCOPE_WORKGROUP);
  __hip_atomic_exchange(r + 66, lane, __ATOMIC_ACQ_REL, __HIP_MEMORY_SCOPE_SYSTEM);
}

extern "C" __global__ void halves(_Float16* h, float* f, unsigned long long* u) {
  int lane = __builtin_amdgcn_workitem_id_x();
  _Float16 a = h[lane], b = h[lane + 64];
  f[lane] = (float)(a * b + (_Float16)1.5) * 3.0e-5f;
  __hip_atomic_fetch_add(u, (unsigned long long)lane << 33, __ATOMIC_RELAXED, __HIP_MEMORY_SCOPE_AGENT);
  __hip_atomic_fetch_and(u + 1, ~(1ull << lane), __ATOMIC_RELAXED, __HIP_MEMORY_SCOPE_AGENT);
}
