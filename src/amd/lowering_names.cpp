// The names of a HIP atomic's parts, as the lowering corpus (data/amd-lowering/clang-19.tsv) and
// `gpuatom amd lower` write them, with the aliases accepted on input.
#include <array>

#include "gpuatom/amd/lowering.hpp"

namespace gpuatom::amd {

namespace {

constexpr std::array<Spelling<HipOp>, 11> ops = {{
    {HipOp::add, "add", "fetch_add atomicadd"},
    {HipOp::sub, "sub", "fetch_sub atomicsub"},
    {HipOp::bit_and, "and", "fetch_and atomicand"},
    {HipOp::bit_or, "or", "fetch_or atomicor"},
    {HipOp::bit_xor, "xor", "fetch_xor atomicxor"},
    {HipOp::min, "min", "fetch_min atomicmin"},
    {HipOp::max, "max", "fetch_max atomicmax"},
    {HipOp::exchange, "exchange", "exch xchg swap atomicexch"},
    {HipOp::cas, "cas", "cmpxchg compare_exchange atomiccas"},
    {HipOp::inc, "inc", "atomicinc"},
    {HipOp::dec, "dec", "atomicdec"},
}};
constexpr std::array<Spelling<HipType>, 8> types = {{
    {HipType::i32, "i32", "int"},
    {HipType::u32, "u32", "unsigned uint"},
    {HipType::i64, "i64", "long longlong"},
    {HipType::u64, "u64", "ulong unsignedlong unsignedlonglong"},
    {HipType::f32, "f32", "float"},
    {HipType::f64, "f64", "double"},
    {HipType::f16x2, "f16x2", "half2 v2f16"},
    {HipType::bf16x2, "bf16x2", "bfloat162 v2bf16"},
}};
constexpr std::array<Spelling<HipScope>, 5> hip_scopes = {{
    {HipScope::system, "system", "__HIP_MEMORY_SCOPE_SYSTEM"},
    {HipScope::agent, "agent", "device __HIP_MEMORY_SCOPE_AGENT"},
    {HipScope::workgroup, "workgroup", "block __HIP_MEMORY_SCOPE_WORKGROUP"},
    {HipScope::wavefront, "wavefront", "wave warp __HIP_MEMORY_SCOPE_WAVEFRONT"},
    {HipScope::singlethread, "singlethread", "thread __HIP_MEMORY_SCOPE_SINGLETHREAD"},
}};
constexpr std::array<Spelling<AddressSpace>, 3> spaces = {{
    {AddressSpace::global, "global", ""},
    {AddressSpace::flat, "flat", "generic"},
    {AddressSpace::lds, "lds", "shared local"},
}};

}  // namespace

bool is_float(HipType type) { return type == HipType::f32 || type == HipType::f64; }
bool is_packed(HipType type) { return type == HipType::f16x2 || type == HipType::bf16x2; }
int width(HipType type) { return type == HipType::i64 || type == HipType::u64 || type == HipType::f64 ? 64 : 32; }

bool valid(HipOp op, HipType type) {
  if (is_packed(type)) return op == HipOp::add;
  switch (op) {
    case HipOp::bit_and:
    case HipOp::bit_or:
    case HipOp::bit_xor: return !is_float(type);
    case HipOp::inc:
    case HipOp::dec: return type == HipType::u32 || type == HipType::u64;
    default: return true;
  }
}

std::span<const Spelling<HipOp>> hip_op_spellings() { return ops; }
std::span<const Spelling<HipType>> hip_type_spellings() { return types; }
std::span<const Spelling<HipScope>> hip_scope_spellings() { return hip_scopes; }
std::span<const Spelling<AddressSpace>> address_space_spellings() { return spaces; }

std::string_view name(HipOp op) { return spelling_name<HipOp>(ops, op); }
std::string_view name(HipType type) { return spelling_name<HipType>(types, type); }
std::string_view name(HipScope scope) { return spelling_name<HipScope>(hip_scopes, scope); }
std::string_view name(AddressSpace memory) { return spelling_name<AddressSpace>(spaces, memory); }

std::string_view name(LoweringKind kind) {
  switch (kind) {
    case LoweringKind::instruction: return "instruction";
    case LoweringKind::cas_loop: return "cas-loop";
    case LoweringKind::expanded: return "expanded";
    case LoweringKind::unavailable: return "unavailable";
  }
  return "?";
}

std::string_view name(LoweringRule rule) {
  switch (rule) {
    case LoweringRule::native: return "native";
    case LoweringRule::no_instruction: return "no-instruction";
    case LoweringRule::unsafe_fp_required: return "unsafe-fp-atomics-required";
    case LoweringRule::system_scope_fp: return "system-scope-fp";
    case LoweringRule::system_scope_min_max: return "system-scope-min-max";
    case LoweringRule::no_returning_form: return "no-returning-form";
    case LoweringRule::flat_address_test: return "flat-address-test";
    case LoweringRule::gfx940_fadd: return "gfx940-fadd";
    case LoweringRule::builtin: return "builtin";
    case LoweringRule::no_builtin: return "no-builtin";
  }
  return "?";
}

}  // namespace gpuatom::amd
