// gpuatom-hw-shared-half2-check: does CUDA's atomicAdd on a __shared__ __half2 / __nv_bfloat162
// add both elements? (docs/hardware.md, "What the H200 showed").
//
// cuda_fp16.hpp and cuda_bf16.hpp implement atomicAdd(__half2*) with the generic PTX
// atom.add.noftz.f16x2. On a shared address (and for atom.shared.add.noftz.f16x2 itself) ptxas 13.0
// for sm_90 emits a loop of LDS, HADD2 and ATOMS.CAST.SPIN. When the 32-bit operand is the low word
// of a 64-bit register pair (a 32-bit value cut from a 64-bit one that stays live), that loop adds
// element 0 from the operand's low half but element 1 from the low half of the pair's *high*
// register, not from the operand's high half. Measured on an NVIDIA H200 (driver 580.159.04,
// CUDA 13.0.88): docs/hardware.md, "What the H200 showed".
//
// One thread adds (2, 2) to (1, 1) in shared memory through each route (CUDA's atomicAdd, inline
// shared-space PTX; f16x2 and bf16x2), with the operand in a register of its own and as the low
// word of a live 64-bit value whose high word is 0 or 0x12345678, and prints what memory holds
// afterwards. The right answer is (3, 3) on every line.
//
// Exit status: 0 when every route adds both elements, 1 when one does not, 2 on a CUDA error.
#include <cuda_bf16.h>
#include <cuda_fp16.h>
#include <cuda_runtime.h>

#include <cstdio>
#include <cstring>

namespace {

enum Route : int { cuda_half2, ptx_shared_half2, cuda_bfloat162, ptx_shared_bfloat162, routes };
const char* const route_names[routes] = {
    "atomicAdd(__half2*)          (generic atom.add.noftz.f16x2)",
    "atom.shared.add.noftz.f16x2  (inline PTX)",
    "atomicAdd(__nv_bfloat162*)   (generic atom.add.noftz.bf16x2)",
    "atom.shared.add.noftz.bf16x2 (inline PTX)",
};

// The inputs as bits: 1.0 and 2.0 in each element; (3, 3) expected.
constexpr unsigned half_one = 0x3c003c00u, half_two = 0x40004000u, half_three = 0x42004200u;
constexpr unsigned bf_one = 0x3f803f80u, bf_two = 0x40004000u, bf_three = 0x40404040u;

template <class To, class From>
__device__ To bits_as(From from) {
  To to;
  memcpy(&to, &from, sizeof to);
  return to;
}

// How the 32-bit operand reaches the atomic.
enum Form : int { own_register, low_word_of_pair, forms };
const char* const form_names[forms] = {"operand loaded as 32 bits", "operand = low word of a live 64-bit value"};

// One route, one form: memory starts at (1, 1), the operand is (2, 2). `wide` holds the operand in
// its low word and `upper` in its high word; `sink` keeps the whole 64-bit value live.
__global__ void add_in_shared(const unsigned long long* wide, unsigned long long* sink, unsigned* after) {
  __shared__ unsigned slot;
  for (int route = 0; route < routes; ++route)
    for (int form = 0; form < forms; ++form) {
      const bool bf = route == cuda_bfloat162 || route == ptx_shared_bfloat162;
      slot = bf ? bf_one : half_one;
      unsigned operand;
      if (form == own_register) {
        operand = reinterpret_cast<const unsigned*>(wide)[2 * route];
      } else {
        const unsigned long long w = wide[route];
        sink[route] = w + 1;
        operand = static_cast<unsigned>(w);
      }
      const unsigned shared_address = static_cast<unsigned>(__cvta_generic_to_shared(&slot));
      unsigned old = 0;
      switch (route) {
        case cuda_half2: old = bits_as<unsigned>(atomicAdd(reinterpret_cast<__half2*>(&slot), bits_as<__half2>(operand))); break;
        case ptx_shared_half2:
          asm volatile("atom.shared.add.noftz.f16x2 %0, [%1], %2;" : "=r"(old) : "r"(shared_address), "r"(operand) : "memory");
          break;
#if __CUDA_ARCH__ >= 900
        case cuda_bfloat162:
          old = bits_as<unsigned>(atomicAdd(reinterpret_cast<__nv_bfloat162*>(&slot), bits_as<__nv_bfloat162>(operand)));
          break;
        case ptx_shared_bfloat162:
          asm volatile("atom.shared.add.noftz.bf16x2 %0, [%1], %2;" : "=r"(old) : "r"(shared_address), "r"(operand) : "memory");
          break;
#endif
        default: break;
      }
      after[2 * (route * forms + form)] = slot;
      after[2 * (route * forms + form) + 1] = old;
    }
}

bool ok(cudaError_t e, const char* what) {
  if (e == cudaSuccess) return true;
  std::fprintf(stderr, "gpuatom-hw-shared-half2-check: %s: %s\n", what, cudaGetErrorString(e));
  return false;
}

}  // namespace

int main() {
  cudaDeviceProp prop{};
  if (!ok(cudaGetDeviceProperties(&prop, 0), "cudaGetDeviceProperties")) return 2;
  std::printf("device: %s (sm %d.%d), CUDA runtime %d\n", prop.name, prop.major, prop.minor, CUDART_VERSION);
  if (prop.major < 9) std::printf("(bf16x2 routes need sm_90: their lines below show the initial value)\n");
  bool all_right = true;
  for (const unsigned long long upper : {0x0ull, 0x12345678ull}) {
    unsigned long long host_wide[routes];
    for (int r = 0; r < routes; ++r)
      host_wide[r] = upper << 32 | (r == cuda_bfloat162 || r == ptx_shared_bfloat162 ? bf_two : half_two);
    unsigned long long *wide = nullptr, *sink = nullptr;
    unsigned* after = nullptr;
    unsigned host_after[2 * routes * forms] = {};
    if (!ok(cudaMalloc(&wide, sizeof host_wide), "cudaMalloc") || !ok(cudaMalloc(&sink, sizeof host_wide), "cudaMalloc") ||
        !ok(cudaMalloc(&after, sizeof host_after), "cudaMalloc") ||
        !ok(cudaMemcpy(wide, host_wide, sizeof host_wide, cudaMemcpyHostToDevice), "cudaMemcpy"))
      return 2;
    add_in_shared<<<1, 1>>>(wide, sink, after);
    if (!ok(cudaGetLastError(), "launch") || !ok(cudaDeviceSynchronize(), "kernel") ||
        !ok(cudaMemcpy(host_after, after, sizeof host_after, cudaMemcpyDeviceToHost), "cudaMemcpy"))
      return 2;
    cudaFree(wide);
    cudaFree(sink);
    cudaFree(after);
    std::printf("\nupper word of the 64-bit value: 0x%08llx\n", upper);
    for (int r = 0; r < routes; ++r)
      for (int f = 0; f < forms; ++f) {
        const bool bf = r == cuda_bfloat162 || r == ptx_shared_bfloat162;
        const unsigned expected = bf ? bf_three : half_three, initial = bf ? bf_one : half_one;
        const unsigned memory = host_after[2 * (r * forms + f)], returned = host_after[2 * (r * forms + f) + 1];
        const bool right = memory == expected && returned == initial;
        if (prop.major >= 9 || !bf) all_right = all_right && right;
        std::printf("  %s, %s: memory 0x%08x returned 0x%08x  %s\n", route_names[r], form_names[f], memory, returned,
                    right ? "right" : "WRONG");
        if (!right) std::printf("      expected memory 0x%08x returned 0x%08x\n", expected, initial);
      }
  }
  return all_right ? 0 : 1;
}
