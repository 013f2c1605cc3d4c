// The gfx targets gpuatom models at instruction level (docs/spec/amd-isa.md §2): one row per
// target, with the named features LLVM 19's AMDGPU target gives it (implied ones included), as
// LLVM's subtarget features and IGA's platform models do. Which instruction exists where, which
// cache-policy bits an encoding has and which float rules apply are all questions of
// `has(target, feature)`; a new target is one row.
#pragma once

#include <bitset>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace gpuatom::amd::isa {

// The instruction encodings differ by generation: GFX9 (gfx90a and gfx94x, with gfx94x renaming
// the cache bits sc0/sc1/nt), GFX10 (RDNA2), GFX11 (RDNA3, RDNA3.5) and GFX12 (RDNA4).
enum class Generation : uint8_t { gfx9, gfx10, gfx11, gfx12 };

// The product line a target belongs to, for the float rules that the manuals state per line
// (docs/spec/amd-isa.md §4). CDNA1 (gfx908) is a compiler-only target (compiler_only_targets()).
enum class Line : uint8_t { gcn5, cdna2, cdna3, rdna2, rdna3, rdna3_5, rdna4, cdna1 };

// The features gpuatom's own code asks about: each is the LLVM feature of the same name ('_' for
// '-', feature_name()). LLVM asks isGFX10Plus() as FeatureGFX10Insts and so does gpuatom: no code
// compares generations. Each row answers them from a bit set built with it, not a string search,
// as the decoder and the wave executor ask per instruction.
enum class Feature : uint8_t {
  // The generation an encoding belongs to, and "this generation's instructions and later".
  gfx9,
  gfx10,
  gfx11,
  gfx12,
  gfx10_insts,
  gfx11_insts,
  gfx12_insts,
  gfx90a_insts,
  gfx940_insts,
  sdwa,
  dpp8,
  salu_float,
  gds,
  r128_a16,
  atomic_buffer_global_pk_add_f16_insts,
  atomic_ds_pk_add_16_insts,
  atomic_fadd_no_rtn_insts,
  atomic_fadd_rtn_insts,
  atomic_flat_pk_add_16_insts,
  atomic_fmin_fmax_global_f32,
  atomic_fmin_fmax_global_f64,
  atomic_global_pk_add_bf16_inst,
  flat_atomic_fadd_f32_inst,
  flat_buffer_global_fadd_f64_inst,
};
inline constexpr size_t feature_count = static_cast<size_t>(Feature::flat_buffer_global_fadd_f64_inst) + 1;
std::string_view feature_name(Feature feature);  // LLVM's name: "gfx10-insts"

struct Target {
  std::string_view name;  // "gfx942"
  uint8_t index = 0;      // its bit in an encoding row's target mask
  Generation generation = Generation::gfx9;
  Line line = Line::cdna2;
  std::vector<std::string_view> features;  // LLVM's feature names, sorted: "gfx940-insts", …
  uint32_t default_wave = 64;              // lanes of a wave when a program does not say
  bool encoded = true;                     // encoding rows say where it has them (false: compiler-only)
  std::bitset<feature_count> asked;        // has(*this, f) for each Feature f, from `features`
  uint32_t mask() const { return encoded ? 1u << index : 0u; }
};

std::span<const Target> targets();
// The targets gpuatom models only as LLVM's atomic lowering sees them (`amd lower`): their features,
// generated from the same LLVM records, and no encodings (mask() is 0, so no row is on them): gfx908.
std::span<const Target> compiler_only_targets();
// A target of either table by its gfx name, case-insensitive; nothing when unknown.
const Target* find_any_target(std::string_view gfx_name);
// A gfx name ("gfx942"), a generic or product name llvm-mc or the ROCm page knows ("MI300X" →
// gfx942), case-insensitive; nothing when unknown.
const Target* find_target(std::string_view name);
// Every name find_target takes, for help texts and "did you mean" messages.
std::string target_names();
bool has(const Target& target, std::string_view feature);
inline bool has(const Target& target, Feature feature) { return target.asked[static_cast<size_t>(feature)]; }

// gfx94x spells the cache bits sc0/sc1/nt where gfx90a has glc/slc/scc.
inline bool has_gfx940_cache_bits(const Target& target) { return has(target, Feature::gfx940_insts); }

std::string_view name(Generation generation);
std::string_view name(Line line);

}  // namespace gpuatom::amd::isa
