// The atom_* functions: 64-bit ones from cl_khr_int64_base_atomics (add sub xchg inc
// dec cmpxchg) and cl_khr_int64_extended_atomics (min max and or xor) on long and
// ulong, and the OpenCL 1.0 32-bit spellings from cl_khr_{global,local}_int32_*_atomics
// (atom_add on int/uint ...), in global and local memory.
//
// Kernel name suffixes as in cl12_atomic_int32.cl:
//   _uniform / _divergent   same address for all work items / one per work item
//   _used / _unused         returned old values stored / discarded
// Compiles for skl icllp tgllp dg1 xe_hp_sdv acm-g10 pvc with -cl-std=CL2.0.
#pragma OPENCL EXTENSION cl_khr_int64_base_atomics : enable
#pragma OPENCL EXTENSION cl_khr_int64_extended_atomics : enable
#pragma OPENCL EXTENSION cl_khr_global_int32_base_atomics : enable
#pragma OPENCL EXTENSION cl_khr_global_int32_extended_atomics : enable
#pragma OPENCL EXTENSION cl_khr_local_int32_base_atomics : enable
#pragma OPENCL EXTENSION cl_khr_local_int32_extended_atomics : enable

#define LOCAL_N 512

#define BODY(T, a)                                                             \
  r += atom_add(a, v);  r += atom_sub(a, v);   r += atom_xchg(a, v);           \
  r += atom_inc(a);     r += atom_dec(a);      r += atom_cmpxchg(a, v, (T)(v + 1)); \
  r += atom_min(a, v);  r += atom_max(a, v);   r += atom_and(a, v);            \
  r += atom_or(a, v);   r += atom_xor(a, v);

#define G_KERNEL(NAME, T, IDX, STORE)                                          \
  __kernel void NAME(volatile __global T *p, __global T *out, T v) {          \
    size_t i = get_global_id(0);                                               \
    volatile __global T *a = p + (IDX);                                        \
    T r = 0;                                                                   \
    BODY(T, a)                                                                 \
    STORE;                                                                     \
  }

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

VARIANTS(atom_long, long)
VARIANTS(atom_ulong, ulong)

// OpenCL 1.0 32-bit spellings: one kernel per type, global and local, both address kinds.
#define ATOM32(NAME, T)                                                        \
  __kernel void NAME(volatile __global T *p, __global T *out, T v) {          \
    __local T l[LOCAL_N];                                                      \
    size_t i = get_global_id(0), li = get_local_id(0);                         \
    l[li] = v;                                                                 \
    barrier(CLK_LOCAL_MEM_FENCE);                                              \
    T r = 0;                                                                   \
    volatile __global T *ga = p + i;  BODY(T, ga)                              \
    volatile __global T *gu = p;      BODY(T, gu)                              \
    volatile __local T *la = l + li;  BODY(T, la)                              \
    volatile __local T *lu = l;       BODY(T, lu)                              \
    barrier(CLK_LOCAL_MEM_FENCE);                                              \
    out[i] = r + l[li];                                                        \
  }

ATOM32(atom32_int, int)
ATOM32(atom32_uint, uint)
