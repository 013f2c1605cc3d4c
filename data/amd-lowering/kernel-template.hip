// The kernel template of the AMD lowering corpus (scripts/amd-lowering-corpus, docs/oracles.md
// "AMD lowering: clang-19"). One kernel per case; the script fills the {placeholders} of the
// sections below and compiles every case of one target and flag set in one file. Builtins only:
// no HIP headers, no ROCm runtime.
//
// Each lane works on its own element (the address depends on the work-item id), so LLVM's atomic
// optimizer, which rewrites atomics on a uniform address, leaves the atomic as written.
// @@prelude
#define KERNEL extern "C" __attribute__((global))
#define SHARED __attribute__((shared))
#define TID __builtin_amdgcn_workitem_id_x()
typedef _Float16 f16x2 __attribute__((ext_vector_type(2)));
typedef short bf16x2 __attribute__((ext_vector_type(2)));  // clang-19's v2bf16 builtins take i16 pairs
// @@memory global: a kernel argument; HIP passes kernel pointers in the global address space
KERNEL void {name}({T}* p, {T} v, {T}* out) {{ unsigned t = TID; {T}* a = p + t; {body} }}
// @@memory flat: a pointer read from memory, whose address space the compiler cannot know
KERNEL void {name}({T}* const* pp, {T} v, {T}* out) {{ unsigned t = TID; {T}* a = *pp + t; {body} }}
// @@memory lds: a __shared__ array
KERNEL void {name}({T} v, {T}* out) {{ SHARED {T} s[256]; unsigned t = TID; {T}* a = s + t; {body} }}
// @@op fetch: add sub and or xor min max
{result}__hip_atomic_fetch_{op}(a, v, __ATOMIC_RELAXED, {scope});
// @@op exchange
{result}__hip_atomic_exchange(a, v, __ATOMIC_RELAXED, {scope});
// @@op cas: the value read back is `e`, stored when the result is used
{T} e = out[t]; __hip_atomic_compare_exchange_strong(a, &e, v, __ATOMIC_RELAXED, __ATOMIC_RELAXED, {scope}); {cas_result}
// @@op wrap: inc dec (u32, u64; the scope is a string: "" is system)
{result}__builtin_amdgcn_atomic_{op}{bits}(a, v, __ATOMIC_RELAXED, "{scope_name}");
// @@op packed: f16x2 bf16x2 add through the target builtins, which take no scope and exist only on
// targets with the feature (each such case is compiled alone; clang's refusal is the answer)
{result}__builtin_amdgcn_{builtin}_atomic_fadd_v2{elem}(({address_space}{T}*)a, v);
