// cl_ext_float_atomics (OpenCL 2.0 style atomic_fetch_add/sub/min/max on
// floating-point atomics), as far as this IGC (1.0.12504) enables it. Each block is
// guarded by the feature macro the compiler defines for the device:
//   __opencl_c_ext_fp32_global_atomic_add      all seven devices
//   __opencl_c_ext_fp32_local_atomic_add       all seven devices
//   __opencl_c_ext_fp32_global_atomic_min_max  all seven devices
//   __opencl_c_ext_fp16_global_atomic_add      all seven devices, but the kernels are
//       left out: the SPIR-V translator in this IGC aborts on atomic_fetch_add of an
//       atomic_half ("AtomicFAddEXT can only be generated for f32 or f64 types");
//       define EXT_FP16_ADD to try it again. ib_atomic_float.cl has the f16 atomics.
//   __opencl_c_ext_fp64_global_atomic_add      skl, xe_hp_sdv, pvc (the cl_khr_fp64 devices)
//   (fp32 local min/max, fp16 local add, fp16 min/max and fp64 min/max are not enabled)
//
// Kernel name suffixes:
//   _uniform / _divergent   same address for all work items / one per work item
//   _used / _unused         returned old values stored / discarded
// Compiles for skl icllp tgllp dg1 xe_hp_sdv acm-g10 pvc with -cl-std=CL2.0.
#pragma OPENCL EXTENSION cl_khr_fp16 : enable
#ifdef cl_khr_fp64
#pragma OPENCL EXTENSION cl_khr_fp64 : enable
#endif
#pragma OPENCL EXTENSION cl_ext_float_atomics : enable

#define LOCAL_N 512

#define ADD_BODY(a)                                                            \
  r += atomic_fetch_add(a, v);                                                 \
  r += atomic_fetch_sub(a, v);                                                 \
  r += atomic_fetch_add_explicit(a, v, memory_order_relaxed);                  \
  r += atomic_fetch_sub_explicit(a, v, memory_order_acq_rel, memory_scope_work_group);
#define MINMAX_BODY(a)                                                         \
  r += atomic_fetch_min(a, v);                                                 \
  r += atomic_fetch_max(a, v);                                                 \
  r += atomic_fetch_min_explicit(a, v, memory_order_relaxed);                  \
  r += atomic_fetch_max_explicit(a, v, memory_order_seq_cst, memory_scope_device);

#define G_KERNEL(NAME, BODY, A, T, IDX, STORE)                                 \
  __kernel void NAME(__global A *p, __global T *out, T v) {                    \
    size_t i = get_global_id(0);                                               \
    __global A *a = p + (IDX);                                                 \
    T r = 0;                                                                   \
    BODY(a)                                                                    \
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
    BODY(a)                                                                    \
    barrier(CLK_LOCAL_MEM_FENCE);                                              \
    STORE;                                                                     \
  }
#define G4(NAME, BODY, A, T)                                                   \
  G_KERNEL(NAME##_global_uniform_used, BODY, A, T, 0, out[i] = r)              \
  G_KERNEL(NAME##_global_uniform_unused, BODY, A, T, 0, )                      \
  G_KERNEL(NAME##_global_divergent_used, BODY, A, T, i, out[i] = r)            \
  G_KERNEL(NAME##_global_divergent_unused, BODY, A, T, i, )
#define LOCAL_COPY out[get_global_id(0)] = atomic_load_explicit(&l[i], memory_order_relaxed)
#define L4(NAME, BODY, A, T)                                                   \
  L_KERNEL(NAME##_local_uniform_used, BODY, A, T, 0, out[get_global_id(0)] = r) \
  L_KERNEL(NAME##_local_uniform_unused, BODY, A, T, 0, LOCAL_COPY)             \
  L_KERNEL(NAME##_local_divergent_used, BODY, A, T, i, out[get_global_id(0)] = r) \
  L_KERNEL(NAME##_local_divergent_unused, BODY, A, T, i, LOCAL_COPY)

#ifdef __opencl_c_ext_fp32_global_atomic_add
G4(ext_f32_add, ADD_BODY, atomic_float, float)
#endif
#ifdef __opencl_c_ext_fp32_local_atomic_add
L4(ext_f32_add, ADD_BODY, atomic_float, float)
#endif
#ifdef __opencl_c_ext_fp32_global_atomic_min_max
G4(ext_f32_minmax, MINMAX_BODY, atomic_float, float)
#endif
#if defined(__opencl_c_ext_fp16_global_atomic_add) && defined(EXT_FP16_ADD)
G4(ext_f16_add, ADD_BODY, atomic_half, half)
#endif
#ifdef __opencl_c_ext_fp64_global_atomic_add
G4(ext_f64_add, ADD_BODY, atomic_double, double)
#endif

// Always present, so that the file has a kernel on every device.
__kernel void ext_float_atomics_present(__global int *out) { out[get_global_id(0)] = 1; }
