// IGC's own integer atomic builtins, __builtin_IB_atomic_<op>_<space>_<type>, the
// functions IGC's builtin library implements the OpenCL atomics with. They are not
// declared in opencl-c.h; the prototypes below follow the names libigc.so.1 knows
// (strings libigc.so.1 | grep __builtin_IB_atomic). Argument order for cmpxchg:
// (pointer, compare, new value), as in atomic_cmpxchg.
//   i32 global and local:  add sub xchg inc dec cmpxchg min max and or xor; u32 min max
//   i64 global:            the same; u64 min max      i64 local: cmpxchg only
//   i16 global and local:  the same as i32; u16 min max
//
// Kernel name suffixes:
//   _uniform / _divergent   same address for all work items / one per work item
//   _used / _unused         returned old values stored / discarded
// Compiles for skl icllp tgllp dg1 xe_hp_sdv acm-g10 pvc with -cl-std=CL2.0.

#define LOCAL_N 512

// Prototypes: SP is global or local, W the width suffix, T the signed and U the
// unsigned type.
#define DECLS(SP, W, T, U)                                                     \
  T __builtin_IB_atomic_add_##SP##_i##W(SP T *, T);                            \
  T __builtin_IB_atomic_sub_##SP##_i##W(SP T *, T);                            \
  T __builtin_IB_atomic_xchg_##SP##_i##W(SP T *, T);                           \
  T __builtin_IB_atomic_inc_##SP##_i##W(SP T *);                               \
  T __builtin_IB_atomic_dec_##SP##_i##W(SP T *);                               \
  T __builtin_IB_atomic_cmpxchg_##SP##_i##W(SP T *, T, T);                     \
  T __builtin_IB_atomic_min_##SP##_i##W(SP T *, T);                            \
  T __builtin_IB_atomic_max_##SP##_i##W(SP T *, T);                            \
  U __builtin_IB_atomic_min_##SP##_u##W(SP U *, U);                            \
  U __builtin_IB_atomic_max_##SP##_u##W(SP U *, U);                            \
  T __builtin_IB_atomic_and_##SP##_i##W(SP T *, T);                            \
  T __builtin_IB_atomic_or_##SP##_i##W(SP T *, T);                             \
  T __builtin_IB_atomic_xor_##SP##_i##W(SP T *, T);

DECLS(global, 32, int, uint)
DECLS(local, 32, int, uint)
DECLS(global, 64, long, ulong)
DECLS(global, 16, short, ushort)
DECLS(local, 16, short, ushort)
long __builtin_IB_atomic_cmpxchg_local_i64(local long *, long, long);

#define BODY(SP, W, T, U, a)                                                   \
  r += __builtin_IB_atomic_add_##SP##_i##W(a, v);                              \
  r += __builtin_IB_atomic_sub_##SP##_i##W(a, v);                              \
  r += __builtin_IB_atomic_xchg_##SP##_i##W(a, v);                             \
  r += __builtin_IB_atomic_inc_##SP##_i##W(a);                                 \
  r += __builtin_IB_atomic_dec_##SP##_i##W(a);                                 \
  r += __builtin_IB_atomic_cmpxchg_##SP##_i##W(a, v, (T)(v + 1));              \
  r += __builtin_IB_atomic_min_##SP##_i##W(a, v);                              \
  r += __builtin_IB_atomic_max_##SP##_i##W(a, v);                              \
  r += (T)__builtin_IB_atomic_min_##SP##_u##W((SP U *)a, (U)v);                \
  r += (T)__builtin_IB_atomic_max_##SP##_u##W((SP U *)a, (U)v);                \
  r += __builtin_IB_atomic_and_##SP##_i##W(a, v);                              \
  r += __builtin_IB_atomic_or_##SP##_i##W(a, v);                               \
  r += __builtin_IB_atomic_xor_##SP##_i##W(a, v);

#define CMPXCHG_ONLY_BODY(SP, W, T, U, a)                                      \
  r += __builtin_IB_atomic_cmpxchg_##SP##_i##W(a, v, (T)(v + 1));

#define G_KERNEL(NAME, B, W, T, U, IDX, STORE)                                 \
  __kernel void NAME(__global T *p, __global T *out, T v) {                    \
    size_t i = get_global_id(0);                                               \
    __global T *a = p + (IDX);                                                 \
    T r = 0;                                                                   \
    B(global, W, T, U, a)                                                      \
    STORE;                                                                     \
  }
#define L_KERNEL(NAME, B, W, T, U, IDX, STORE)                                 \
  __kernel void NAME(__global T *out, T v) {                                   \
    __local T l[LOCAL_N];                                                      \
    size_t i = get_local_id(0);                                                \
    l[i] = v;                                                                  \
    barrier(CLK_LOCAL_MEM_FENCE);                                              \
    __local T *a = l + (IDX);                                                  \
    T r = 0;                                                                   \
    B(local, W, T, U, a)                                                       \
    barrier(CLK_LOCAL_MEM_FENCE);                                              \
    STORE;                                                                     \
  }
#define G4(NAME, B, W, T, U)                                                   \
  G_KERNEL(NAME##_global_uniform_used, B, W, T, U, 0, out[i] = r)              \
  G_KERNEL(NAME##_global_uniform_unused, B, W, T, U, 0, )                      \
  G_KERNEL(NAME##_global_divergent_used, B, W, T, U, i, out[i] = r)            \
  G_KERNEL(NAME##_global_divergent_unused, B, W, T, U, i, )
#define L4(NAME, B, W, T, U)                                                   \
  L_KERNEL(NAME##_local_uniform_used, B, W, T, U, 0, out[get_global_id(0)] = r) \
  L_KERNEL(NAME##_local_uniform_unused, B, W, T, U, 0, out[get_global_id(0)] = l[i]) \
  L_KERNEL(NAME##_local_divergent_used, B, W, T, U, i, out[get_global_id(0)] = r) \
  L_KERNEL(NAME##_local_divergent_unused, B, W, T, U, i, out[get_global_id(0)] = l[i])

G4(ib_i32, BODY, 32, int, uint)
L4(ib_i32, BODY, 32, int, uint)
G4(ib_i64, BODY, 64, long, ulong)
L4(ib_i64_cmpxchg, CMPXCHG_ONLY_BODY, 64, long, ulong)
G4(ib_i16, BODY, 16, short, ushort)
L4(ib_i16, BODY, 16, short, ushort)
