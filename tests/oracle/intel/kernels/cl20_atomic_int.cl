// OpenCL 2.0 atomics (atomic_init, atomic_store, atomic_load, atomic_exchange,
// atomic_compare_exchange_strong/weak, atomic_fetch_add/sub/or/xor/and/min/max) on
// atomic_int and atomic_uint, with the default order and scope (seq_cst, device), in
// global, local and generic (pointer chosen at run time between global and local)
// memory; then every explicit memory order and scope, atomic_flag and fences.
//
// Kernel name suffixes:
//   _uniform / _divergent   same address for all work items / one per work item
//   _used / _unused         returned values stored / discarded
// Compiles for skl icllp tgllp dg1 xe_hp_sdv acm-g10 pvc with -cl-std=CL2.0
// (-cl-std=CL3.0 works too, except on pvc, whose CL3.0 header fails: no images).

#define LOCAL_N 1024

#define BODY(A, T, a)                                                          \
  atomic_store(a, v);                                                          \
  r += atomic_load(a);                                                         \
  r += atomic_exchange(a, v);                                                  \
  { T e = v; r += atomic_compare_exchange_strong(a, &e, (T)(v + 1)); r += e; } \
  { T e = v; r += atomic_compare_exchange_weak(a, &e, (T)(v + 2)); r += e; }   \
  r += atomic_fetch_add(a, v);  r += atomic_fetch_sub(a, v);                   \
  r += atomic_fetch_or(a, v);   r += atomic_fetch_xor(a, v);                   \
  r += atomic_fetch_and(a, v);  r += atomic_fetch_min(a, v);                   \
  r += atomic_fetch_max(a, v);

#define G_KERNEL(NAME, A, T, IDX, STORE)                                       \
  __kernel void NAME(__global A *p, __global T *out, T v) {                    \
    size_t i = get_global_id(0);                                               \
    __global A *a = p + (IDX);                                                 \
    T r = 0;                                                                   \
    BODY(A, T, a)                                                              \
    STORE;                                                                     \
  }

#define L_KERNEL(NAME, A, T, IDX, STORE)                                       \
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

// Generic address space: whether the pointer is global or local is only known
// at run time (v odd: global).
#define P_KERNEL(NAME, A, T, IDX, STORE)                                       \
  __kernel void NAME(__global A *p, __global T *out, T v) {                    \
    __local A l[LOCAL_N];                                                      \
    size_t i = get_global_id(0), li = get_local_id(0);                         \
    atomic_init(&l[li], v);                                                    \
    barrier(CLK_LOCAL_MEM_FENCE);                                              \
    A *a = (v & 1) ? (A *)(p + (IDX)) : (A *)(l + ((IDX) % LOCAL_N));          \
    T r = 0;                                                                   \
    BODY(A, T, a)                                                              \
    barrier(CLK_LOCAL_MEM_FENCE);                                              \
    STORE;                                                                     \
  }

#define VARIANTS(NAME, A, T)                                                   \
  G_KERNEL(NAME##_global_uniform_used, A, T, 0, out[i] = r)                    \
  G_KERNEL(NAME##_global_uniform_unused, A, T, 0, )                            \
  G_KERNEL(NAME##_global_divergent_used, A, T, i, out[i] = r)                  \
  G_KERNEL(NAME##_global_divergent_unused, A, T, i, )                          \
  L_KERNEL(NAME##_local_uniform_used, A, T, 0, out[get_global_id(0)] = r)      \
  L_KERNEL(NAME##_local_uniform_unused, A, T, 0,                               \
           out[get_global_id(0)] = atomic_load_explicit(&l[i], memory_order_relaxed)) \
  L_KERNEL(NAME##_local_divergent_used, A, T, i, out[get_global_id(0)] = r)    \
  L_KERNEL(NAME##_local_divergent_unused, A, T, i,                             \
           out[get_global_id(0)] = atomic_load_explicit(&l[i], memory_order_relaxed)) \
  P_KERNEL(NAME##_generic_uniform_used, A, T, 0, out[i] = r)                   \
  P_KERNEL(NAME##_generic_divergent_used, A, T, i, out[i] = r)                 \
  P_KERNEL(NAME##_generic_divergent_unused, A, T, i,                           \
           out[i] = atomic_load_explicit(&l[li], memory_order_relaxed))

VARIANTS(cl20_int, atomic_int, int)
VARIANTS(cl20_uint, atomic_uint, uint)

// Every memory order with every scope, on fetch_add (read-modify-write), load
// (relaxed/acquire/seq_cst), store (relaxed/release/seq_cst) and compare-exchange
// (success/failure pairs), global divergent addresses, results used.
#define RMW_ORDERS(a, S)                                                       \
  r += atomic_fetch_add_explicit(a, 1, memory_order_relaxed, S);               \
  r += atomic_fetch_add_explicit(a, 2, memory_order_acquire, S);               \
  r += atomic_fetch_add_explicit(a, 3, memory_order_release, S);               \
  r += atomic_fetch_add_explicit(a, 4, memory_order_acq_rel, S);               \
  r += atomic_fetch_add_explicit(a, 5, memory_order_seq_cst, S);               \
  r += atomic_load_explicit(a, memory_order_relaxed, S);                       \
  r += atomic_load_explicit(a, memory_order_acquire, S);                       \
  r += atomic_load_explicit(a, memory_order_seq_cst, S);                       \
  atomic_store_explicit(a, r, memory_order_relaxed, S);                        \
  atomic_store_explicit(a, r, memory_order_release, S);                        \
  atomic_store_explicit(a, r, memory_order_seq_cst, S);                        \
  r += atomic_exchange_explicit(a, r, memory_order_acq_rel, S);                \
  { int e = r; r += atomic_compare_exchange_strong_explicit(a, &e, 7,          \
        memory_order_acq_rel, memory_order_acquire, S); r += e; }              \
  { int e = r; r += atomic_compare_exchange_weak_explicit(a, &e, 8,            \
        memory_order_release, memory_order_relaxed, S); r += e; }              \
  { int e = r; r += atomic_compare_exchange_strong_explicit(a, &e, 9,          \
        memory_order_relaxed, memory_order_relaxed, S); r += e; }

__kernel void cl20_orders_scope_work_item(__global atomic_int *p, __global int *out) {
  size_t i = get_global_id(0); __global atomic_int *a = p + i; int r = 0;
  RMW_ORDERS(a, memory_scope_work_item)
  out[i] = r;
}
__kernel void cl20_orders_scope_work_group(__global atomic_int *p, __global int *out) {
  size_t i = get_global_id(0); __global atomic_int *a = p + i; int r = 0;
  RMW_ORDERS(a, memory_scope_work_group)
  out[i] = r;
}
__kernel void cl20_orders_scope_device(__global atomic_int *p, __global int *out) {
  size_t i = get_global_id(0); __global atomic_int *a = p + i; int r = 0;
  RMW_ORDERS(a, memory_scope_device)
  out[i] = r;
}
__kernel void cl20_orders_scope_all_svm_devices(__global atomic_int *p, __global int *out) {
  size_t i = get_global_id(0); __global atomic_int *a = p + i; int r = 0;
  RMW_ORDERS(a, memory_scope_all_svm_devices)
  out[i] = r;
}
__kernel void cl20_orders_local_scope_work_group(__global int *out) {
  __local atomic_int l[LOCAL_N];
  size_t i = get_local_id(0); atomic_init(&l[i], 0);
  barrier(CLK_LOCAL_MEM_FENCE);
  __local atomic_int *a = l + i; int r = 0;
  RMW_ORDERS(a, memory_scope_work_group)
  out[get_global_id(0)] = r;
}

// atomic_flag_test_and_set / atomic_flag_clear, global and local, with orders.
__kernel void cl20_flag(__global atomic_flag *f, __global int *out) {
  __local atomic_flag lf[LOCAL_N];
  size_t i = get_global_id(0), li = get_local_id(0);
  atomic_flag_clear_explicit(&lf[li], memory_order_relaxed, memory_scope_work_group);
  barrier(CLK_LOCAL_MEM_FENCE);
  int r = atomic_flag_test_and_set(&f[0]);
  r += atomic_flag_test_and_set_explicit(&f[i], memory_order_acquire);
  r += atomic_flag_test_and_set_explicit(&lf[0], memory_order_acq_rel, memory_scope_work_group);
  atomic_flag_clear(&f[i]);
  atomic_flag_clear_explicit(&f[0], memory_order_release, memory_scope_device);
  out[i] = r;
}

// Fences (not atomics themselves, but they bracket them): every flag set, order, scope.
__kernel void cl20_fences(__global int *p) {
  size_t i = get_global_id(0);
  p[i] = 1;
  atomic_work_item_fence(CLK_GLOBAL_MEM_FENCE, memory_order_release, memory_scope_work_group);
  p[i] += 1;
  atomic_work_item_fence(CLK_GLOBAL_MEM_FENCE, memory_order_acquire, memory_scope_device);
  p[i] += 1;
  atomic_work_item_fence(CLK_LOCAL_MEM_FENCE, memory_order_acq_rel, memory_scope_work_group);
  p[i] += 1;
  atomic_work_item_fence(CLK_GLOBAL_MEM_FENCE | CLK_LOCAL_MEM_FENCE, memory_order_seq_cst,
                         memory_scope_all_svm_devices);
  p[i] += 1;
  mem_fence(CLK_GLOBAL_MEM_FENCE);
  p[i] += 1;
  read_mem_fence(CLK_LOCAL_MEM_FENCE);
  p[i] += 1;
  write_mem_fence(CLK_GLOBAL_MEM_FENCE);
  p[i] += 1;
  work_group_barrier(CLK_GLOBAL_MEM_FENCE, memory_scope_device);
  p[i] += 1;
}
