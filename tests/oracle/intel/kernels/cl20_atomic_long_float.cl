// OpenCL 2.0 atomics on 64-bit integers (atomic_long, atomic_ulong: every function,
// needs cl_khr_int64_base_atomics + cl_khr_int64_extended_atomics) and on floating
// point (atomic_float, and atomic_double where cl_khr_fp64 exists: store, load and
// exchange), in global, local and generic memory. OpenCL 2.0 also allows
// compare-exchange on atomic_float/atomic_double, but the SPIR-V translator in this
// IGC aborts on it ("arguments of OpAtomicCompareExchange must be an integer type
// scalars"); define FP_CMPXCHG to try it again. ib_atomic_float.cl has the IGC
// builtins for floating-point compare-exchange.
//
// Kernel name suffixes:
//   _uniform / _divergent   same address for all work items / one per work item
//   _used / _unused         returned values stored / discarded
// Compiles for skl icllp tgllp dg1 xe_hp_sdv acm-g10 pvc with -cl-std=CL2.0. The
// atomic_double kernels exist only where cl_khr_fp64 is defined: skl, xe_hp_sdv, pvc
// (not icllp, tgllp, dg1, acm-g10).
#pragma OPENCL EXTENSION cl_khr_int64_base_atomics : enable
#pragma OPENCL EXTENSION cl_khr_int64_extended_atomics : enable
#ifdef cl_khr_fp64
#pragma OPENCL EXTENSION cl_khr_fp64 : enable
#endif

#define LOCAL_N 512

#define INT_BODY(A, T, a)                                                      \
  atomic_store(a, v);                                                          \
  r += atomic_load(a);                                                         \
  r += atomic_exchange(a, v);                                                  \
  { T e = v; r += atomic_compare_exchange_strong(a, &e, (T)(v + 1)); r += e; } \
  { T e = v; r += atomic_compare_exchange_weak(a, &e, (T)(v + 2)); r += e; }   \
  r += atomic_fetch_add(a, v);  r += atomic_fetch_sub(a, v);                   \
  r += atomic_fetch_or(a, v);   r += atomic_fetch_xor(a, v);                   \
  r += atomic_fetch_and(a, v);  r += atomic_fetch_min(a, v);                   \
  r += atomic_fetch_max(a, v);

#ifdef FP_CMPXCHG
#define FP_CMPXCHG_BODY(T, a)                                                  \
  { T e = v; r += atomic_compare_exchange_strong(a, &e, v + (T)1); r += e; }   \
  { T e = v; r += atomic_compare_exchange_weak(a, &e, v + (T)2); r += e; }
#else
#define FP_CMPXCHG_BODY(T, a)
#endif

#define FP_BODY(A, T, a)                                                       \
  atomic_store(a, v);                                                          \
  r += atomic_load(a);                                                         \
  r += atomic_exchange(a, v);                                                  \
  FP_CMPXCHG_BODY(T, a)                                                        \
  r += atomic_load_explicit(a, memory_order_acquire, memory_scope_work_group); \
  atomic_store_explicit(a, r, memory_order_release, memory_scope_device);

#define G_KERNEL(NAME, BODY, A, T, IDX, STORE)                                 \
  __kernel void NAME(__global A *p, __global T *out, T v) {                    \
    size_t i = get_global_id(0);                                               \
    __global A *a = p + (IDX);                                                 \
    T r = 0;                                                                   \
    BODY(A, T, a)                                                              \
    STORE;                                                                     \
  }

#define L_KERNEL(NAME, BODY, A, T, IDX, STORE)                                 \
  __kernel void NAME(__global T *out, T v) {                                   \
    __local A l[LOCAL_N];                                                      \
    size_t i = get_local_id(0);                                                \
    atomic_init(&l[i], v);                                                     \
    barrier(CLK_LOCAL_MEM_FENCE);                                              \
    __local A *a = l + (IDX);                                                  \
    T r = 0;                                                                   \
    BODY(A, T, a)                                                              \
    barrier(CLK_LOCAL_MEM_FENCE);                                              \
    STORE;                                                                     \
  }

// Generic pointer, global or local chosen at run time (c odd: global).
#define P_KERNEL(NAME, BODY, A, T, IDX, STORE)                                 \
  __kernel void NAME(__global A *p, __global T *out, T v, int c) {             \
    __local A l[LOCAL_N];                                                      \
    size_t i = get_global_id(0), li = get_local_id(0);                         \
    atomic_init(&l[li], v);                                                    \
    barrier(CLK_LOCAL_MEM_FENCE);                                              \
    A *a = (c & 1) ? (A *)(p + (IDX)) : (A *)(l + ((IDX) % LOCAL_N));          \
    T r = 0;                                                                   \
    BODY(A, T, a)                                                              \
    barrier(CLK_LOCAL_MEM_FENCE);                                              \
    STORE;                                                                     \
  }

#define LOCAL_COPY out[get_global_id(0)] = atomic_load_explicit(&l[i], memory_order_relaxed)

#define VARIANTS(NAME, BODY, A, T)                                             \
  G_KERNEL(NAME##_global_uniform_used, BODY, A, T, 0, out[i] = r)              \
  G_KERNEL(NAME##_global_uniform_unused, BODY, A, T, 0, )                      \
  G_KERNEL(NAME##_global_divergent_used, BODY, A, T, i, out[i] = r)            \
  G_KERNEL(NAME##_global_divergent_unused, BODY, A, T, i, )                    \
  L_KERNEL(NAME##_local_uniform_used, BODY, A, T, 0, out[get_global_id(0)] = r) \
  L_KERNEL(NAME##_local_uniform_unused, BODY, A, T, 0, LOCAL_COPY)             \
  L_KERNEL(NAME##_local_divergent_used, BODY, A, T, i, out[get_global_id(0)] = r) \
  L_KERNEL(NAME##_local_divergent_unused, BODY, A, T, i, LOCAL_COPY)           \
  P_KERNEL(NAME##_generic_divergent_used, BODY, A, T, i, out[i] = r)

VARIANTS(cl20_long, INT_BODY, atomic_long, long)
VARIANTS(cl20_ulong, INT_BODY, atomic_ulong, ulong)
VARIANTS(cl20_float, FP_BODY, atomic_float, float)
#ifdef cl_khr_fp64
VARIANTS(cl20_double, FP_BODY, atomic_double, double)
#endif
