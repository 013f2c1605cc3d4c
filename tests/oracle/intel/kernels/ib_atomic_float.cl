// IGC's own floating-point atomic builtins, __builtin_IB_atomic_<op>_<space>_f<W>
// (names as libigc.so.1 knows them; not declared in opencl-c.h, so prototyped here).
// cmpxchg takes (pointer, compare, new value).
//   f32 global: add sub min max cmpxchg      f32 local: min max cmpxchg
//   f16 global: min max cmpxchg              f16 local: min max cmpxchg
//   f64 global: add min max cmpxchg (only where cl_khr_fp64 is defined: skl,
//               xe_hp_sdv, pvc; not icllp, tgllp, dg1, acm-g10)
// IGC has no f16 add/sub builtin and no local f32/f64 add.
//
// Kernel name suffixes:
//   _uniform / _divergent   same address for all work items / one per work item
//   _used / _unused         returned old values stored / discarded
// Compiles for skl icllp tgllp dg1 xe_hp_sdv acm-g10 pvc with -cl-std=CL2.0.
#pragma OPENCL EXTENSION cl_khr_fp16 : enable
#ifdef cl_khr_fp64
#pragma OPENCL EXTENSION cl_khr_fp64 : enable
#endif

#define LOCAL_N 512

float __builtin_IB_atomic_add_global_f32(global float *, float);
float __builtin_IB_atomic_sub_global_f32(global float *, float);
float __builtin_IB_atomic_min_global_f32(global float *, float);
float __builtin_IB_atomic_max_global_f32(global float *, float);
float __builtin_IB_atomic_cmpxchg_global_f32(global float *, float, float);
float __builtin_IB_atomic_min_local_f32(local float *, float);
float __builtin_IB_atomic_max_local_f32(local float *, float);
float __builtin_IB_atomic_cmpxchg_local_f32(local float *, float, float);
half __builtin_IB_atomic_min_global_f16(global half *, half);
half __builtin_IB_atomic_max_global_f16(global half *, half);
half __builtin_IB_atomic_cmpxchg_global_f16(global half *, half, half);
half __builtin_IB_atomic_min_local_f16(local half *, half);
half __builtin_IB_atomic_max_local_f16(local half *, half);
half __builtin_IB_atomic_cmpxchg_local_f16(local half *, half, half);
#ifdef cl_khr_fp64
double __builtin_IB_atomic_add_global_f64(global double *, double);
double __builtin_IB_atomic_min_global_f64(global double *, double);
double __builtin_IB_atomic_max_global_f64(global double *, double);
double __builtin_IB_atomic_cmpxchg_global_f64(global double *, double, double);
#endif

#define ADD_SUB(SP, W, a)                                                      \
  r += __builtin_IB_atomic_add_##SP##_f##W(a, v);                              \
  r += __builtin_IB_atomic_sub_##SP##_f##W(a, v);
#define ADD(SP, W, a) r += __builtin_IB_atomic_add_##SP##_f##W(a, v);
#define NONE(SP, W, a)
#define MINMAX_CMPXCHG(SP, W, a)                                               \
  r += __builtin_IB_atomic_min_##SP##_f##W(a, v);                              \
  r += __builtin_IB_atomic_max_##SP##_f##W(a, v);                              \
  r += __builtin_IB_atomic_cmpxchg_##SP##_f##W(a, v, v + r);

#define G_KERNEL(NAME, ADDS, W, T, IDX, STORE)                                 \
  __kernel void NAME(__global T *p, __global T *out, T v) {                    \
    size_t i = get_global_id(0);                                               \
    __global T *a = p + (IDX);                                                 \
    T r = 0;                                                                   \
    ADDS(global, W, a)                                                         \
    MINMAX_CMPXCHG(global, W, a)                                               \
    STORE;                                                                     \
  }
#define L_KERNEL(NAME, W, T, IDX, STORE)                                       \
  __kernel void NAME(__global T *out, T v) {                                   \
    __local T l[LOCAL_N];                                                      \
    size_t i = get_local_id(0);                                                \
    l[i] = v;                                                                  \
    barrier(CLK_LOCAL_MEM_FENCE);                                              \
    __local T *a = l + (IDX);                                                  \
    T r = 0;                                                                   \
    MINMAX_CMPXCHG(local, W, a)                                                \
    barrier(CLK_LOCAL_MEM_FENCE);                                              \
    STORE;                                                                     \
  }
#define G4(NAME, ADDS, W, T)                                                   \
  G_KERNEL(NAME##_global_uniform_used, ADDS, W, T, 0, out[i] = r)              \
  G_KERNEL(NAME##_global_uniform_unused, ADDS, W, T, 0, )                      \
  G_KERNEL(NAME##_global_divergent_used, ADDS, W, T, i, out[i] = r)            \
  G_KERNEL(NAME##_global_divergent_unused, ADDS, W, T, i, )
#define L4(NAME, W, T)                                                         \
  L_KERNEL(NAME##_local_uniform_used, W, T, 0, out[get_global_id(0)] = r)      \
  L_KERNEL(NAME##_local_uniform_unused, W, T, 0, out[get_global_id(0)] = l[i]) \
  L_KERNEL(NAME##_local_divergent_used, W, T, i, out[get_global_id(0)] = r)    \
  L_KERNEL(NAME##_local_divergent_unused, W, T, i, out[get_global_id(0)] = l[i])

G4(ib_f32, ADD_SUB, 32, float)
L4(ib_f32, 32, float)
G4(ib_f16, NONE, 16, half)
L4(ib_f16, 16, half)
#ifdef cl_khr_fp64
G4(ib_f64, ADD, 64, double)
#endif
