#include "gpuatom/amd/options.hpp"

#include <array>

#include <fmt/format.h>

#include "gpuatom/amd/spelling.hpp"

namespace gpuatom::amd {

namespace {

constexpr std::array<std::string_view, 2> no_hw_values = {"na", "cas"};
constexpr std::array<std::string_view, 2> sub_pcie_values = {"fetchadd", "none"};
constexpr std::array<std::string_view, 2> gfx10_values = {"f32,f64", "f32"};
constexpr std::array<std::string_view, 2> mi300_values = {"fabric", "l2"};
constexpr std::array<std::string_view, 2> noreturn_values = {"scope-downgrade", "noreturn"};
constexpr std::array<std::string_view, 1> host_kinds_values = {"same"};

constexpr std::array<SwitchInfo, 6> table = {{
    {"amd.no-hw-instruction", "--no-hw-instruction", no_hw_values,
     "the page does not say whether \"HW atomics\" falls back to a compiler CAS loop when the device has no instruction"},
    {"amd.sub-pcie", "--sub-pcie", sub_pcie_values,
     "HIP lowers atomicSub to a fetch-add of the negated value (ROCm/clr amd_hip_atomic.h); newer headers use a fetch-sub"},
    {"amd.gfx10-fminmax", "--gfx10-fminmax", gfx10_values, "the gfx10 prose does not give widths"},
    {"amd.mi300-coarse-place", "--mi300-coarse-place", mi300_values,
     "the MI300 sentence and the coarse-grained domain fact point different ways"},
    {"amd.noreturn-downgrade", "--noreturn-downgrade", noreturn_values, "the vocabulary has no combined label"},
    {"amd.host-kinds", "--host-kinds", host_kinds_values, "the prose gives no rule that separates migratable and pinned host memory"},
}};

enum SwitchIndex : size_t { no_hw, sub_pcie, gfx10, mi300, noreturn, host_kinds };

std::optional<size_t> find_switch(std::string_view name) {
  for (size_t i = 0; i < table.size(); ++i)
    if (same_spelling(table[i].name, name) || same_spelling(table[i].flag, name) ||
        same_spelling(table[i].name.substr(4), name))  // without the "amd." prefix
      return i;
  return std::nullopt;
}

// The index of a value among a switch's values, also accepting a few obvious synonyms.
std::optional<size_t> find_value(size_t index, std::string_view value) {
  const auto& values = table[index].values;
  for (size_t v = 0; v < values.size(); ++v)
    if (same_spelling(values[v], value)) return v;
  if (index == gfx10 && (same_spelling(value, "f32+f64") || same_spelling(value, "both"))) return 0;
  if (index == no_hw && (same_spelling(value, "n/a") || same_spelling(value, "not-applicable"))) return 0;
  if (index == noreturn && same_spelling(value, "no-return")) return 1;
  if (index == sub_pcie && same_spelling(value, "fetch-add")) return 0;
  if (index == host_kinds && same_spelling(value, "migratable=pinned")) return 0;
  return std::nullopt;
}

size_t value_index(const ModelOptions& o, size_t index) {
  switch (index) {
    case no_hw: return static_cast<size_t>(o.no_hw_instruction);
    case sub_pcie: return static_cast<size_t>(o.sub_pcie);
    case gfx10: return static_cast<size_t>(o.gfx10_fminmax);
    case mi300: return static_cast<size_t>(o.mi300_coarse_place);
    case noreturn: return static_cast<size_t>(o.noreturn_downgrade);
    default: return static_cast<size_t>(o.host_kinds);
  }
}

}  // namespace

std::span<const SwitchInfo> switches() { return table; }

std::string_view switch_value(const ModelOptions& options, std::string_view switch_name) {
  const auto index = find_switch(switch_name);
  if (!index) return "?";
  return table[*index].values[value_index(options, *index)];
}

std::optional<std::string> set_switch(ModelOptions& options, std::string_view switch_name, std::string_view value) {
  const auto index = find_switch(switch_name);
  if (!index) return fmt::format("unknown switch '{}'", switch_name);
  const auto v = find_value(*index, value);
  if (!v) return fmt::format("{} {}: expected one of: {}", table[*index].flag, value, fmt::join(table[*index].values, ", "));
  switch (*index) {
    case no_hw: options.no_hw_instruction = static_cast<NoHwInstruction>(*v); break;
    case sub_pcie: options.sub_pcie = static_cast<SubOverPcie>(*v); break;
    case gfx10: options.gfx10_fminmax = static_cast<Gfx10FloatMinMax>(*v); break;
    case mi300: options.mi300_coarse_place = static_cast<Mi300CoarsePlace>(*v); break;
    case noreturn: options.noreturn_downgrade = static_cast<NoReturnDowngrade>(*v); break;
    default: options.host_kinds = static_cast<HostKinds>(*v); break;
  }
  return std::nullopt;
}

}  // namespace gpuatom::amd
