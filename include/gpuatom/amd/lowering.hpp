// What the compiler makes of one HIP atomic on one gfx target (docs/spec/amd-isa.md §6, §7): the
// atomic instruction with its cache-policy modifiers, a compare-and-swap loop, or an expansion
// into several instructions, with the rule that decided it. The rules are LLVM 19's atomic
// expansion (SIISelLowering.cpp, shouldExpandAtomicRMWInIR) over each target's features, and
// its memory-model code sequences for the modifiers; the committed clang-19 corpus
// (data/amd-lowering/clang-19.tsv) is what they are checked against, never what they read.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "gpuatom/amd/evaluate.hpp"
#include "gpuatom/amd/spelling.hpp"

namespace gpuatom::amd {

// The HIP atomic builtins the corpus compiles: __hip_atomic_fetch_<op>, __hip_atomic_exchange,
// __hip_atomic_compare_exchange_strong, __builtin_amdgcn_atomic_inc/dec; and the packed adds of
// two halves or two bfloat16s, __builtin_amdgcn_<global|flat|ds>_atomic_fadd_v2f16/v2bf16, which
// take no scope and exist only on targets with the feature.
enum class HipOp : uint8_t { add, sub, bit_and, bit_or, bit_xor, min, max, exchange, cas, inc, dec };
enum class HipType : uint8_t { i32, u32, i64, u64, f32, f64, f16x2, bf16x2 };
// __HIP_MEMORY_SCOPE_*, widest first.
enum class HipScope : uint8_t { system, agent, workgroup, wavefront, singlethread };
// The pointer the atomic goes through: a global pointer, a generic (flat) pointer whose address
// space the compiler cannot know, or LDS (__shared__).
enum class AddressSpace : uint8_t { global, flat, lds };

struct HipAtomic {
  HipOp op = HipOp::add;
  HipType type = HipType::i32;
  HipScope scope = HipScope::agent;
  AddressSpace memory = AddressSpace::global;
  bool returned = true;  // the pre-op value is used
};

// The compiler flags that may change a lowering.
struct CompileFlags {
  bool unsafe_fp_atomics = false;  // -munsafe-fp-atomics
  bool flush_denormals = false;    // -fgpu-flush-denormals-to-zero
  bool fine_grained = false;       // the memory is fine-grained (clang-19 has no flag for it)
};

// Whether the builtin exists for the type: bitwise ops on integers, inc/dec on u32/u64, packed
// types add only.
bool valid(HipOp op, HipType type);
bool is_float(HipType type);   // f32, f64: the types -munsafe-fp-atomics concerns
bool is_packed(HipType type);  // f16x2, bf16x2
int width(HipType type);

std::span<const Spelling<HipOp>> hip_op_spellings();
std::span<const Spelling<HipType>> hip_type_spellings();
std::span<const Spelling<HipScope>> hip_scope_spellings();
std::span<const Spelling<AddressSpace>> address_space_spellings();
// The corpus's names: "and", "i32", "system", "lds".
std::string_view name(HipOp op);
std::string_view name(HipType type);
std::string_view name(HipScope scope);
std::string_view name(AddressSpace memory);

// The features of one gfx target that LLVM 19's atomic lowering reads (GCNSubtarget.h), each
// read from the target's row of the one target table (gpuatom/amd/isa/target.hpp): a view, not a
// second home of any fact.
// How atomic mnemonics are spelled: gfx9 (global_atomic_smin_x2, ds_wrxchg_rtn_b32), gfx10 (as
// gfx9, float min/max as fmin/fmax), gfx11 (global_atomic_min_i64, ds_storexchg_rtn_b32), gfx12
// (as gfx11, float min/max as min_num/max_num).
enum class Mnemonics : uint8_t { gfx9, gfx10, gfx11, gfx12 };
enum class ScopeBits : uint8_t { glc, sc0_sc1, th_scope };  // how an atomic's cache policy is written

struct LoweringTarget {
  std::string_view name;  // "gfx942"
  Mnemonics mnemonics;
  ScopeBits scope_bits;
  bool gfx940_insts;        // hasGFX940Insts: global/flat fadd f32/f64 always native
  bool lds_fadd_f64;        // hasLDSFPAtomicAddF64
  bool fadd_f64;            // hasFlatBufferGlobalAtomicFaddF64Inst
  bool fadd_f32_no_rtn;     // hasAtomicFaddNoRtnInsts (global/buffer)
  bool fadd_f32_rtn;        // hasAtomicFaddRtnInsts (global/buffer)
  bool flat_fadd_f32;       // hasFlatAtomicFaddF32Inst
  bool fminmax_f32;         // hasAtomicFMinFMaxF32Global/FlatInsts
  bool fminmax_f64;         // hasAtomicFMinFMaxF64Global/FlatInsts
  bool pk_add_f16_global;   // atomic-buffer-global-pk-add-f16-insts
  bool pk_add_bf16_global;  // atomic-global-pk-add-bf16-inst
  bool pk_add_16_flat;      // atomic-flat-pk-add-16-insts
  bool pk_add_16_ds;        // atomic-ds-pk-add-16-insts
};

std::span<const LoweringTarget> lowering_targets();
// A gfx target ("gfx942"), or a product or column name that the device table resolves to a
// known target ("MI300X" → gfx942). nullptr: neither.
const LoweringTarget* find_lowering_target(std::string_view text);
// The devices of AMD's tables the target belongs to (gfx942: MI300X, MI300A), first the default.
std::vector<DeviceId> target_devices(const LoweringTarget& target);

enum class LoweringKind : uint8_t {
  instruction,  // one atomic instruction
  cas_loop,     // a compare-and-swap loop (LLVM's AtomicExpansionKind::CmpXChg)
  expanded,     // a test of the address space, then the global or the LDS instruction
  unavailable,  // clang refuses the builtin: the target lacks the feature it needs
};
std::string_view name(LoweringKind kind);  // "instruction", "cas-loop", "expanded", "unavailable"

// Why: LLVM 19's reasons, one per rule.
enum class LoweringRule : uint8_t {
  native,                // the target has the instruction for this op, type and address space
  no_instruction,        // no instruction for the op and type on this target (or at all)
  unsafe_fp_required,    // float RMW on global/flat memory waits for -munsafe-fp-atomics
  system_scope_fp,       // LLVM always expands system-scope float atomics
  system_scope_min_max,  // LLVM always expands system-scope integer min/max (PCIe has none)
  no_returning_form,     // the instruction exists only without a return value
  flat_address_test,     // no flat form: test the address space, use the global or LDS form
  gfx940_fadd,           // gfx940's float add is native whatever the flags and scope
  builtin,               // a target builtin: its instruction, no expansion, no scope
  no_builtin,            // the target builtin needs a feature the target lacks
};
std::string_view name(LoweringRule rule);  // "no-instruction", …

struct Lowering {
  LoweringKind kind = LoweringKind::instruction;
  // As clang prints it, operands left out: "global_atomic_add_f32 sc0 sc1"; for a CAS loop, its
  // compare-and-swap; for an expansion, its instructions in name order joined by " + "; for an
  // unavailable builtin, "needs <feature>" as clang says it.
  std::string instruction;
  LoweringRule rule = LoweringRule::native;
  std::string reason;              // the rule in words, with the source that states it
  std::vector<std::string> notes;  // the modifiers' meaning; flags that changed nothing, and why
};

Lowering lower(const LoweringTarget& target, const HipAtomic& atomic, const CompileFlags& flags = {});

// The same atomic in AMD's support tables (docs/spec/amd.md): the page's row, the selectors
// (device DRAM unless `memory` says otherwise; coarse unless fine-grained; system scope for
// __HIP_MEMORY_SCOPE_SYSTEM, device for every narrower scope) and the model's outcome. LDS and
// ops without a row have no cell: `why` says so.
struct MatrixCell {
  std::optional<Explanation> without_pcie, with_pcie;  // both set, or neither
  std::string why;                                     // when there is no cell
  bool pcie_matters() const { return without_pcie && with_pcie->outcome != without_pcie->outcome; }
};
std::optional<AtomicRequest> matrix_request(const HipAtomic& atomic);
MatrixCell matrix_cell(const Device& device, const HipAtomic& atomic, const CompileFlags& flags,
                       Memory memory = Memory::device_dram);

// Whether the compiler and the matrix tell the same story: a hardware instruction where the
// matrix's outcome comes from the hardware path (Native, NoReturn, Scope Downgrade, NOP), a CAS
// loop where it is CAS or Scope Downgrade - CAS. Empty when they agree; else the difference in words.
std::string disagreement(const Lowering& lowering, Outcome outcome);

}  // namespace gpuatom::amd
