// The gfx targets `lower` knows, each read from the one target table (gpuatom/amd/isa/target.hpp:
// LLVM 19's processor definitions, implied features included): the has*() queries of LLVM's
// atomic lowering (GCNSubtarget.h) are answered from the features they test
// (docs/spec/amd-isa.md §8.2). gfx908 is a compiler-only row of that table (no encodings).
// Product and column names resolve through the device table (device_names.cpp), so "MI300X"
// finds gfx942.
#include <array>

#include "gpuatom/amd/isa/target.hpp"
#include "gpuatom/amd/lowering.hpp"

namespace gpuatom::amd {

namespace {

// The targets `lower` answers for, in the order its help text and report columns list them.
constexpr std::array<const char*, 6> lowering_target_names = {"gfx908",  "gfx90a",  "gfx942",
                                                              "gfx1030", "gfx1100", "gfx1200"};

Mnemonics mnemonics(isa::Generation generation) {
  switch (generation) {
    case isa::Generation::gfx9: return Mnemonics::gfx9;
    case isa::Generation::gfx10: return Mnemonics::gfx10;
    case isa::Generation::gfx11: return Mnemonics::gfx11;
    case isa::Generation::gfx12: return Mnemonics::gfx12;
  }
  return Mnemonics::gfx9;
}

ScopeBits scope_bits(const isa::Target& t) {
  if (isa::has(t, isa::Feature::gfx12)) return ScopeBits::th_scope;
  return isa::has_gfx940_cache_bits(t) ? ScopeBits::sc0_sc1 : ScopeBits::glc;
}

LoweringTarget from_target_table(const isa::Target& t) {
  using isa::Feature;
  using isa::has;
  LoweringTarget out{};
  out.name = t.name;
  out.mnemonics = mnemonics(t.generation);
  out.scope_bits = scope_bits(t);
  out.gfx940_insts = has(t, Feature::gfx940_insts);
  out.lds_fadd_f64 = has(t, Feature::gfx90a_insts);  // hasLDSFPAtomicAddF64: GFX90AInsts
  out.fadd_f64 = has(t, Feature::flat_buffer_global_fadd_f64_inst);
  out.fadd_f32_no_rtn = has(t, Feature::atomic_fadd_no_rtn_insts);
  out.fadd_f32_rtn = has(t, Feature::atomic_fadd_rtn_insts);
  out.flat_fadd_f32 = has(t, Feature::flat_atomic_fadd_f32_inst);
  out.fminmax_f32 = has(t, Feature::atomic_fmin_fmax_global_f32);
  out.fminmax_f64 = has(t, Feature::atomic_fmin_fmax_global_f64);
  out.pk_add_f16_global = has(t, Feature::atomic_buffer_global_pk_add_f16_insts);
  out.pk_add_bf16_global = has(t, Feature::atomic_global_pk_add_bf16_inst);
  out.pk_add_16_flat = has(t, Feature::atomic_flat_pk_add_16_insts);
  out.pk_add_16_ds = has(t, Feature::atomic_ds_pk_add_16_insts);
  return out;
}

std::vector<LoweringTarget> build() {
  std::vector<LoweringTarget> out;
  out.reserve(lowering_target_names.size());
  for (const char* name : lowering_target_names) out.push_back(from_target_table(*isa::find_any_target(name)));
  return out;
}

}  // namespace

std::span<const LoweringTarget> lowering_targets() {
  static const std::vector<LoweringTarget> table = build();
  return table;
}

const LoweringTarget* find_lowering_target(std::string_view text) {
  const std::span<const LoweringTarget> targets = lowering_targets();
  for (const LoweringTarget& t : targets)
    if (same_spelling(text, t.name)) return &t;
  // A product or column name: the first target whose devices include the first device it names.
  const DeviceName found = find_device(text);
  if (found.devices.empty()) return nullptr;
  for (const LoweringTarget& t : targets)
    for (const DeviceId id : find_device(t.name).devices)
      if (id == found.devices.front()) return &t;
  return nullptr;
}

std::vector<DeviceId> target_devices(const LoweringTarget& target) { return find_device(target.name).devices; }

}  // namespace gpuatom::amd
