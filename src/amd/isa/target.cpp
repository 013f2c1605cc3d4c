// The target table: rows generated from LLVM 19's processor definitions (targets.inc, by
// scripts/amd-isa-table), with the generation and product line each belongs to.
#include "gpuatom/amd/isa/target.hpp"

#include <algorithm>
#include <array>
#include <cctype>

namespace gpuatom::amd::isa {
namespace {

struct GeneratedTarget {
  std::string_view name;
  uint8_t index;
  std::string_view features;  // space-separated, sorted
};
constexpr GeneratedTarget generated_targets[] = {
#include "targets.inc"
};

struct GeneratedCompilerTarget {
  std::string_view name;
  std::string_view features;  // space-separated, sorted
};
constexpr GeneratedCompilerTarget generated_compiler_only[] = {
#include "compiler_targets.inc"
};

constexpr std::array<const char*, feature_count> feature_names = {
    "gfx9",
    "gfx10",
    "gfx11",
    "gfx12",
    "gfx10-insts",
    "gfx11-insts",
    "gfx12-insts",
    "gfx90a-insts",
    "gfx940-insts",
    "sdwa",
    "dpp8",
    "salu-float",
    "gds",
    "r128-a16",
    "atomic-buffer-global-pk-add-f16-insts",
    "atomic-ds-pk-add-16-insts",
    "atomic-fadd-no-rtn-insts",
    "atomic-fadd-rtn-insts",
    "atomic-flat-pk-add-16-insts",
    "atomic-fmin-fmax-global-f32",
    "atomic-fmin-fmax-global-f64",
    "atomic-global-pk-add-bf16-inst",
    "flat-atomic-fadd-f32-inst",
    "flat-buffer-global-fadd-f64-inst",
};

struct Placement {
  std::string_view prefix;  // of the target name
  Generation generation;
  Line line;
  uint32_t default_wave;
};
// CDNA runs waves of 64; RDNA defaults to 32 (wave64 is a mode). The generic targets sit with the
// generation they stand for.
constexpr Placement placements[] = {
    {"gfx908", Generation::gfx9, Line::cdna1, 64},    {"gfx90a", Generation::gfx9, Line::cdna2, 64},
    {"gfx94", Generation::gfx9, Line::cdna3, 64},     {"gfx9-", Generation::gfx9, Line::gcn5, 64},
    {"gfx103", Generation::gfx10, Line::rdna2, 32},   {"gfx10-3", Generation::gfx10, Line::rdna2, 32},
    {"gfx110", Generation::gfx11, Line::rdna3, 32},   {"gfx11-", Generation::gfx11, Line::rdna3, 32},
    {"gfx115", Generation::gfx11, Line::rdna3_5, 32}, {"gfx12", Generation::gfx12, Line::rdna4, 32},
};

Target make_target(std::string_view name, std::string_view features) {
  Target t;
  t.name = name;
  for (const Placement& p : placements) {
    if (name.starts_with(p.prefix)) {
      t.generation = p.generation;
      t.line = p.line;
      t.default_wave = p.default_wave;
      break;
    }
  }
  std::string_view rest = features;
  while (!rest.empty()) {
    const size_t space = rest.find(' ');
    t.features.push_back(rest.substr(0, space));
    rest = space == std::string_view::npos ? std::string_view{} : rest.substr(space + 1);
  }
  for (size_t f = 0; f < feature_count; ++f) t.asked[f] = has(t, std::string_view(feature_names[f]));
  return t;
}

std::vector<Target> build_targets() {
  std::vector<Target> out;
  for (const GeneratedTarget& g : generated_targets) {
    out.push_back(make_target(g.name, g.features));
    out.back().index = g.index;
  }
  return out;
}

std::vector<Target> build_compiler_only() {
  std::vector<Target> out;
  for (const GeneratedCompilerTarget& g : generated_compiler_only) {
    out.push_back(make_target(g.name, g.features));
    out.back().encoded = false;
  }
  return out;
}

bool equal_folded(std::string_view a, std::string_view b) {
  return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin(), [](char x, char y) {
           return std::tolower(static_cast<unsigned char>(x)) == std::tolower(static_cast<unsigned char>(y));
         });
}

// Product names as the ROCm page and AMD's product lists write them.
struct Product {
  std::string_view name;
  std::string_view target;
};
constexpr Product products[] = {
    {"MI200", "gfx90a"}, {"MI210", "gfx90a"},  {"MI250", "gfx90a"},  {"MI250X", "gfx90a"},
    {"MI300", "gfx942"}, {"MI300X", "gfx942"}, {"MI300A", "gfx942"}, {"MI325X", "gfx942"},
};

}  // namespace

std::span<const Target> targets() {
  static const std::vector<Target> table = build_targets();
  return table;
}

std::span<const Target> compiler_only_targets() {
  static const std::vector<Target> table = build_compiler_only();
  return table;
}

const Target* find_any_target(std::string_view gfx_name) {
  for (const std::span<const Target> table : {targets(), compiler_only_targets()})
    for (const Target& t : table)
      if (equal_folded(t.name, gfx_name)) return &t;
  return nullptr;
}

const Target* find_target(std::string_view name) {
  for (const Product& p : products)
    if (equal_folded(p.name, name)) name = p.target;
  for (const Target& t : targets())
    if (equal_folded(t.name, name)) return &t;
  return nullptr;
}

std::string target_names() {
  std::string out;
  for (const Target& t : targets()) {
    if (!out.empty()) out += ", ";
    out += t.name;
  }
  for (const Product& p : products) {
    out += ", ";
    out += p.name;
  }
  return out;
}

std::string_view feature_name(Feature feature) { return feature_names.at(static_cast<size_t>(feature)); }

bool has(const Target& target, std::string_view feature) {
  return std::binary_search(target.features.begin(), target.features.end(), feature);
}

std::string_view name(Generation generation) {
  constexpr std::array<std::string_view, 4> names{"GFX9", "GFX10", "GFX11", "GFX12"};
  return names[static_cast<size_t>(generation)];
}

std::string_view name(Line line) {
  constexpr std::array<std::string_view, 8> names{"GCN5",  "CDNA2",   "CDNA3", "RDNA2",
                                                  "RDNA3", "RDNA3.5", "RDNA4", "CDNA1"};
  return names[static_cast<size_t>(line)];
}

}  // namespace gpuatom::amd::isa
