#include "gpuatom/nvidia/architecture.hpp"

#include <array>

#include "gpuatom/nvidia/instruction_table.hpp"
#include "gpuatom/support/text.hpp"

namespace gpuatom::nvidia {

namespace {

// A generation's name and word: the encoding facts sass128_forms.cpp keys its rows by.
constexpr std::array<GenerationInfo, 8> generations = {{
    {Generation::maxwell, "Maxwell", WordFormat::spa5_64},
    {Generation::pascal, "Pascal", WordFormat::spa5_64},
    {Generation::volta, "Volta", WordFormat::sass128},
    {Generation::turing, "Turing", WordFormat::sass128},
    {Generation::ampere, "Ampere", WordFormat::sass128},
    {Generation::ada, "Ada", WordFormat::sass128},
    {Generation::hopper, "Hopper", WordFormat::sass128},
    {Generation::blackwell, "Blackwell", WordFormat::sass128},
}};

// Each feature's name, in the enum's order (const char*: clang's constexpr step limit).
struct FeatureName {
  Feature feature;
  const char* name;
};
constexpr std::array<FeatureName, 19> feature_names = {{
    {Feature::b128, "b128"},
    {Feature::vector_atomics, "vector_atomics"},
    {Feature::f32_without_ftz, "f32_without_ftz"},
    {Feature::atom_cast_spin, "atom_cast_spin"},
    {Feature::atoms_cast_spin_predicate, "atoms_cast_spin_predicate"},
    {Feature::surface_uniform_immediate, "surface_uniform_immediate"},
    {Feature::unnamed_strength, "unnamed_strength"},
    {Feature::surface_compare_u64, "surface_compare_u64"},
    {Feature::uniform_registers, "uniform_registers"},
    {Feature::wide_uniform_registers, "wide_uniform_registers"},
    {Feature::pm_hint, "pm_hint"},
    {Feature::ps_forms, "ps_forms"},
    {Feature::atom_size4_u128, "atom_size4_u128"},
    {Feature::f16x2_atomics, "f16x2_atomics"},
    {Feature::f16x2_ftz_spelling, "f16x2_ftz_spelling"},
    {Feature::f64_atomics, "f64_atomics"},
    {Feature::suatom_uniform_array, "suatom_uniform_array"},
    {Feature::listing_omits_descriptor, "listing_omits_descriptor"},
    {Feature::red_async, "red_async"},
}};

constexpr std::array<Feature, feature_names.size()> all_features = [] {
  std::array<Feature, feature_names.size()> out{};
  for (size_t i = 0; i < feature_names.size(); ++i) out[i] = feature_names[i].feature;
  return out;
}();

// A set of features, written as a list and grown or cut per architecture: `volta - unnamed_strength`.
class Features {
 public:
  constexpr Features(std::initializer_list<Feature> list) {
    for (Feature f : list) bits_ |= bit(f);
  }
  constexpr Features operator+(Features other) const { return Features(bits_ | other.bits_); }
  constexpr Features operator-(Features other) const { return Features(bits_ & ~other.bits_); }
  constexpr bool contains(Feature f) const { return (bits_ & bit(f)) != 0; }

 private:
  constexpr explicit Features(uint32_t bits) : bits_(bits) {}
  static constexpr uint32_t bit(Feature f) { return uint32_t{1} << static_cast<unsigned>(f); }
  uint32_t bits_ = 0;
};
static_assert(feature_names.size() <= 32, "Features holds a feature per bit of a uint32_t");

using enum Feature;

// Each generation's features; an architecture row takes its generation's, plus or minus its own.
// From the first generation whose tools print the form (docs/oracles.md).
constexpr Features spa5 = {ps_forms, f16x2_atomics};
constexpr Features maxwell_features = spa5 + Features{f16x2_ftz_spelling};
constexpr Features sm_50_features = {atom_size4_u128};  // nvdisasm SM50: no Ps, no F16x2
constexpr Features pascal_features = spa5 + Features{f64_atomics};
constexpr Features volta_features = {f16x2_atomics, f64_atomics, uniform_registers, unnamed_strength,
                                     surface_uniform_immediate};
constexpr Features turing_features = volta_features;
constexpr Features ampere_features = volta_features - Features{unnamed_strength} + Features{surface_compare_u64};
constexpr Features ada_features = ampere_features + Features{pm_hint};
constexpr Features hopper_features =
    volta_features - Features{unnamed_strength} +
    Features{b128, vector_atomics, f32_without_ftz, atom_cast_spin, pm_hint, listing_omits_descriptor, red_async};
constexpr Features blackwell_features = hopper_features -
                                        Features{surface_uniform_immediate, pm_hint, listing_omits_descriptor} +
                                        Features{atoms_cast_spin_predicate, wide_uniform_registers};
// sm_120 and sm_121 print SUATOM with a second uniform register and .UAI (nvdisasm 13.0).
constexpr Features sm_120_features = blackwell_features + Features{suatom_uniform_array};
// nvdisasm 11.8 prints ?PMn on sm_86, sm_87 and sm_89 (Ampere after sm_80, Ada) and sm_90.
constexpr Features ampere_pm_features = ampere_features + Features{pm_hint};

struct ArchitectureInfo {
  Architecture architecture;
  std::string_view name;
  int capability;  // times ten: 52 for sm_52, 100 for sm_100a
  Variant variant;
  Generation generation;
  Features features;
};

// The rows name their variant and generation by the short constants below (local to the table, so
// that they hide nothing in the files built with this one).
constexpr std::array<ArchitectureInfo, architecture_count> architecture_table = [] {
  constexpr Variant base = Variant::base, a = Variant::arch_specific, f = Variant::family;
  constexpr Generation maxwell = Generation::maxwell, pascal = Generation::pascal, volta = Generation::volta,
                       turing = Generation::turing, ampere = Generation::ampere, ada = Generation::ada,
                       hopper = Generation::hopper, blackwell = Generation::blackwell;
  return std::array<ArchitectureInfo, architecture_count>{{
      {Architecture::sm_50, "sm_50", 50, base, maxwell, sm_50_features},
      {Architecture::sm_52, "sm_52", 52, base, maxwell, maxwell_features},
      {Architecture::sm_53, "sm_53", 53, base, maxwell, maxwell_features},
      {Architecture::sm_60, "sm_60", 60, base, pascal, pascal_features},
      {Architecture::sm_61, "sm_61", 61, base, pascal, pascal_features},
      {Architecture::sm_62, "sm_62", 62, base, pascal, pascal_features},
      {Architecture::sm_70, "sm_70", 70, base, volta, volta_features},
      {Architecture::sm_72, "sm_72", 72, base, volta, volta_features},
      {Architecture::sm_75, "sm_75", 75, base, turing, turing_features},
      {Architecture::sm_80, "sm_80", 80, base, ampere, ampere_features},
      {Architecture::sm_86, "sm_86", 86, base, ampere, ampere_pm_features},
      {Architecture::sm_87, "sm_87", 87, base, ampere, ampere_pm_features},
      {Architecture::sm_88, "sm_88", 88, base, ampere, ampere_pm_features},
      {Architecture::sm_89, "sm_89", 89, base, ada, ada_features},
      {Architecture::sm_90, "sm_90", 90, base, hopper, hopper_features},
      {Architecture::sm_90a, "sm_90a", 90, a, hopper, hopper_features},
      {Architecture::sm_100, "sm_100", 100, base, blackwell, blackwell_features},
      {Architecture::sm_100a, "sm_100a", 100, a, blackwell, blackwell_features},
      {Architecture::sm_100f, "sm_100f", 100, f, blackwell, blackwell_features},
      {Architecture::sm_101, "sm_101", 101, base, blackwell, blackwell_features},
      {Architecture::sm_101a, "sm_101a", 101, a, blackwell, blackwell_features},
      {Architecture::sm_101f, "sm_101f", 101, f, blackwell, blackwell_features},
      {Architecture::sm_103, "sm_103", 103, base, blackwell, blackwell_features},
      {Architecture::sm_103a, "sm_103a", 103, a, blackwell, blackwell_features},
      {Architecture::sm_103f, "sm_103f", 103, f, blackwell, blackwell_features},
      {Architecture::sm_110, "sm_110", 110, base, blackwell, blackwell_features},
      {Architecture::sm_110a, "sm_110a", 110, a, blackwell, blackwell_features},
      {Architecture::sm_110f, "sm_110f", 110, f, blackwell, blackwell_features},
      {Architecture::sm_120, "sm_120", 120, base, blackwell, sm_120_features},
      {Architecture::sm_120a, "sm_120a", 120, a, blackwell, sm_120_features},
      {Architecture::sm_120f, "sm_120f", 120, f, blackwell, sm_120_features},
      {Architecture::sm_121, "sm_121", 121, base, blackwell, sm_120_features},
      {Architecture::sm_121a, "sm_121a", 121, a, blackwell, sm_120_features},
      {Architecture::sm_121f, "sm_121f", 121, f, blackwell, sm_120_features},
  }};
}();

constexpr bool table_in_order() {
  for (size_t i = 0; i < architecture_table.size(); ++i)
    if (static_cast<size_t>(architecture_table[i].architecture) != i) return false;
  for (size_t i = 0; i < generations.size(); ++i)
    if (static_cast<size_t>(generations[i].generation) != i) return false;
  for (size_t i = 0; i < feature_names.size(); ++i)
    if (static_cast<size_t>(feature_names[i].feature) != i) return false;
  return true;
}
static_assert(table_in_order(), "the tables are indexed by their enums");
static_assert(architecture_table.size() == architecture_count,
              "a row for every architecture: architecture_count is the last one's + 1");

constexpr std::array<Architecture, architecture_table.size()> all_architectures = [] {
  std::array<Architecture, architecture_table.size()> out{};
  for (size_t i = 0; i < architecture_table.size(); ++i) out[i] = architecture_table[i].architecture;
  return out;
}();

const ArchitectureInfo& info(Architecture arch) { return architecture_table[static_cast<size_t>(arch)]; }

// The runs of the table's rows for which `holds` is true, as architecture_range() spells them.
template <typename Holds>
std::string range_where(const Holds& holds) {
  std::string out;
  for (size_t first = 0; first < architecture_table.size(); ++first) {
    if (!holds(architecture_table[first].architecture)) continue;
    size_t last = first;
    while (last + 1 < architecture_table.size() && holds(architecture_table[last + 1].architecture)) ++last;
    if (!out.empty()) out += ", ";
    out += architecture_table[first].name;
    if (last != first) out += " … " + std::string(architecture_table[last].name);
    first = last;
  }
  return out;
}

}  // namespace

std::span<const Feature> features() { return all_features; }

std::string_view name(Feature feature) { return feature_names[static_cast<size_t>(feature)].name; }

bool has(Architecture arch, Feature feature) { return info(arch).features.contains(feature); }

std::string architectures_with(Feature feature) {
  std::string out;
  for (const ArchitectureInfo& arch : architecture_table) {
    if (!arch.features.contains(feature)) continue;
    if (!out.empty()) out += ' ';
    out += arch.name;
  }
  return out;
}

std::string_view first_with(Feature feature) {
  for (const ArchitectureInfo& arch : architecture_table)
    if (arch.features.contains(feature)) return arch.name;
  return "no architecture";
}

const GenerationInfo& generation_info(Architecture arch) {
  return generations[static_cast<size_t>(info(arch).generation)];
}

Generation generation(Architecture arch) { return info(arch).generation; }

std::span<const Architecture> architectures() { return all_architectures; }

std::optional<Architecture> parse_architecture(std::string_view text) {
  if (!support::istarts_with(text, "sm")) return std::nullopt;
  text.remove_prefix(2);
  if (!text.empty() && text.front() == '_') text.remove_prefix(1);
  for (const ArchitectureInfo& arch : architecture_table)
    if (support::iequals(text, arch.name.substr(3))) return arch.architecture;
  return std::nullopt;
}

std::string_view name(Architecture arch) { return info(arch).name; }

std::string nvdisasm_name(Architecture arch) { return "SM" + std::string(info(arch).name.substr(3)); }

bool same_base(Architecture one, Architecture other) { return info(one).capability == info(other).capability; }

Variant variant(Architecture arch) { return info(arch).variant; }

bool is_spa5(Architecture arch) { return generation_info(arch).word == WordFormat::spa5_64; }

std::string architecture_names() {
  std::string out;
  for (const ArchitectureInfo& arch : architecture_table) {
    if (!out.empty()) out += ' ';
    out += arch.name;
  }
  return out;
}

std::string architecture_range(bool (*holds)(Architecture)) { return range_where(holds); }

std::string architecture_range(Feature feature) {
  return range_where([feature](Architecture arch) { return has(arch, feature); });
}

std::string architecture_range() {
  return range_where([](Architecture) { return true; });
}

unsigned uniform_register_bits(Architecture architecture) {
  if (has(architecture, Feature::wide_uniform_registers)) return 8;
  return has(architecture, Feature::uniform_registers) ? 6 : 0;
}

bool uniform_register_exists(Architecture architecture, uint8_t number) {
  const unsigned bits = uniform_register_bits(architecture);
  if (bits == 0) return false;
  return number == URZ || number < (1u << bits) - 1;  // the field's all-ones code is URZ
}

std::string_view first_architecture_with_uniform_register(uint8_t number) {
  for (const ArchitectureInfo& arch : architecture_table)
    if (uniform_register_exists(arch.architecture, number)) return arch.name;
  return "no architecture";
}

}  // namespace gpuatom::nvidia
