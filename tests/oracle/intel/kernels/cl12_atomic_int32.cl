// OpenCL 1.2 32-bit atomic functions (atomic_*, core since 1.1; formerly the
// cl_khr_{global,local}_int32_{base,extended}_atomics extensions) on int and uint,
// in global and local memory; plus atomic_xchg on float.
//
// Every kernel calls all eleven functions (add sub xchg inc dec cmpxchg min max and
// or xor) on one address. Kernel name suffixes:
//   _uniform    every work item uses the same address (p[0] / l[0])
//   _divergent  work item i uses its own address (p[i] / l[i])
//   _used       the returned old values are summed and stored (out[i] = r)
//   _unused     the returned values are discarded
// Compiles for skl icllp tgllp dg1 xe_hp_sdv acm-g10 pvc with -cl-std=CL2.0.

#define LOCAL_N 1024

#define BODY(T, a)                                                             \
  r += atomic_add(a, v);  r += atomic_sub(a, v);   r += atomic_xchg(a, v);     \
  r += atomic_inc(a);     r += atomic_dec(a);      r += atomic_cmpxchg(a, v, (T)(v + 1)); \
  r += atomic_min(a, v);  r += atomic_max(a, v);   r += atomic_and(a, v);      \
  r += atomic_or(a, v);   r += atomic_xor(a, v);

// Global memory: p is the atomic target, out receives the results.
#define G_KERNEL(NAME, T, IDX, STORE)                                          \
  __kernel void NAME(volatile __global T *p, __global T *out, T v) {          \
    size_t i = get_global_id(0);                                               \
    volatile __global T *a = p + (IDX);                                        \
    T r = 0;                                                                   \
    BODY(T, a)                                                                 \
    STORE;                                                                     \
  }

// Local memory: a work-group array, copied out after a barrier when the
// atomic results are not used, so that the atomics stay observable.
#define L_KERNEL(NAME, T, IDX, STORE)                                          \
  __kernel void NAME(__global T *out, T v) {                                   \
    __local T l[LOCAL_N];                                                      \
    size_t i = get_local_id(0);                                                \
    l[i] = v;                                                                  \
    barrier(CLK_LOCAL_MEM_FENCE);                                              \
    volatile __local T *a = l + (IDX);                                         \
    T r = 0;                                                                   \
    BODY(T, a)                                                                 \
    barrier(CLK_LOCAL_MEM_FENCE);                                              \
    STORE;                                                                     \
  }

#define VARIANTS(NAME, T)                                                      \
  G_KERNEL(NAME##_global_uniform_used, T, 0, out[i] = r)                       \
  G_KERNEL(NAME##_global_uniform_unused, T, 0, )                               \
  G_KERNEL(NAME##_global_divergent_used, T, i, out[i] = r)                     \
  G_KERNEL(NAME##_global_divergent_unused, T, i, )                             \
  L_KERNEL(NAME##_local_uniform_used, T, 0, out[get_global_id(0)] = r)         \
  L_KERNEL(NAME##_local_uniform_unused, T, 0, out[get_global_id(0)] = l[i])    \
  L_KERNEL(NAME##_local_divergent_used, T, i, out[get_global_id(0)] = r)       \
  L_KERNEL(NAME##_local_divergent_unused, T, i, out[get_global_id(0)] = l[i])

VARIANTS(cl12_int, int)
VARIANTS(cl12_uint, uint)

// atomic_xchg is the only 1.2 atomic defined on float.
__kernel void cl12_float_xchg(volatile __global float *p, __global float *out, float v) {
  size_t i = get_global_id(0);
  __local float l[LOCAL_N];
  l[get_local_id(0)] = v;
  barrier(CLK_LOCAL_MEM_FENCE);
  float r = atomic_xchg(p, v);              // global, uniform, used
  atomic_xchg(p + i, v);                    // global, divergent, unused
  r += atomic_xchg(&l[0], v);               // local, uniform, used
  r += atomic_xchg(&l[get_local_id(0)], v); // local, divergent, used
  out[i] = r;
}
