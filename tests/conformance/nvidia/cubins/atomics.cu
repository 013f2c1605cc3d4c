// CUDA atomics for the nvcc-built cubin tests (tests/cli/nvcc_cubin_test.cpp,
// tests/oracle/nvcc_cubin_test.cpp): global, shared, system- and block-scoped, 32/64-bit
// integer and float, and CAS; built with `nvcc -cubin -arch sm_XX`.
#include <cuda_fp16.h>

__global__ void global_atomics(int* i, unsigned long long* u, float* f, double* d, __half2* h, int v) {
  atomicAdd(i, v);
  atomicSub(i + 1, v);
  atomicExch(i + 2, v);
  atomicMin(i + 3, v);
  atomicMax(i + 4, v);
  atomicAnd(i + 5, v);
  atomicOr(i + 6, v);
  atomicXor(i + 7, v);
  atomicInc(reinterpret_cast<unsigned*>(i + 8), 17u);
  atomicDec(reinterpret_cast<unsigned*>(i + 9), 17u);
  i[10] = atomicCAS(i + 11, v, v + 1);
  atomicAdd(u, 3ull);
  u[1] = atomicCAS(u + 2, 1ull, static_cast<unsigned long long>(v));
  atomicMax(u + 3, static_cast<unsigned long long>(v));
  atomicAdd(f, 1.5f);
  f[1] = atomicExch(f + 2, 2.5f);
  atomicAdd(d, 0.25);
  atomicAdd(h, __floats2half2_rn(1.0f, -1.0f));
  atomicAdd_system(i + 12, v);
  atomicAdd_block(i + 13, v);
}

__global__ void shared_atomics(int* out, int v) {
  __shared__ int s[8];
  __shared__ unsigned long long w[2];
  if (threadIdx.x < 8) s[threadIdx.x] = 0;
  if (threadIdx.x < 2) w[threadIdx.x] = 0;
  __syncthreads();
  atomicAdd(&s[0], v);
  atomicMax(&s[1], v);
  atomicCAS(&s[2], 0, v);
  atomicExch(&s[3], v);
  atomicAdd(&w[0], 1ull);
  atomicCAS(&w[1], 0ull, 7ull);
  __syncthreads();
  if (threadIdx.x == 0) out[0] = s[0] + s[1] + s[2] + s[3] + static_cast<int>(w[0] + w[1]);
}
