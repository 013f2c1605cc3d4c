#include "gpuatom/amd/options.hpp"

#include <fmt/format.h>

#include <array>

#include "gpuatom/amd/spelling.hpp"

namespace gpuatom::amd {

namespace {

// The first value of each switch is the default: the reading AMD's published tables show.
constexpr std::array<std::string_view, 2> no_hw_values = {"cas", "na"};
constexpr std::array<std::string_view, 2> sub_pcie_values = {"none", "fetchadd"};
constexpr std::array<std::string_view, 2> gfx10_values = {"f32,f64", "f32"};
constexpr std::array<std::string_view, 2> mi300_values = {"l2", "fabric"};
constexpr std::array<std::string_view, 1> host_kinds_values = {"same"};

constexpr std::array<SwitchInfo, 5> switch_table = {{
    {"amd.no-hw-instruction", "--no-hw-instruction", no_hw_values,
     "the prose does not say whether \"HW atomics\" falls back to a compiler CAS loop when the device has no "
     "instruction; AMD's tables show ✅ CAS (the alternative is docs/spec/amd.md's first reading, n/a)"},
    {"amd.sub-pcie", "--sub-pcie", sub_pcie_values,
     "HIP once lowered atomicSub to a fetch-add of the negated value (ROCm/clr amd_hip_atomic.h); AMD's tables show "
     "no PCIe AtomicOp carrying it"},
    {"amd.gfx10-fminmax", "--gfx10-fminmax", gfx10_values,
     "the gfx10 prose does not give widths; AMD's tables show FP32 and FP64 min/max"},
    {"amd.mi300-coarse-place", "--mi300-coarse-place", mi300_values,
     "the MI300 sentence and the coarse-grained domain fact point different ways; AMD's tables keep coarse-grained "
     "memory in the L2 (no PCIe stage, no load-op-store downgrade)"},
    {"amd.host-kinds", "--host-kinds", host_kinds_values,
     "the prose gives no rule that separates migratable and pinned host memory"},
}};

enum SwitchIndex : size_t { no_hw_switch, sub_pcie_switch, gfx10_switch, mi300_switch, host_kinds_switch };

std::optional<size_t> find_switch(std::string_view name) {
  for (size_t i = 0; i < switch_table.size(); ++i)
    if (same_spelling(switch_table[i].name, name) || same_spelling(switch_table[i].flag, name) ||
        same_spelling(switch_table[i].name.substr(4), name))  // without the "amd." prefix
      return i;
  return std::nullopt;
}

// The index of a value among a switch's values, also accepting a few obvious synonyms.
std::optional<size_t> find_value(size_t index, std::string_view value) {
  const auto& values = switch_table[index].values;
  for (size_t v = 0; v < values.size(); ++v)
    if (same_spelling(values[v], value)) return v;
  if (index == gfx10_switch && (same_spelling(value, "f32+f64") || same_spelling(value, "both"))) return 0;
  if (index == no_hw_switch && (same_spelling(value, "n/a") || same_spelling(value, "not-applicable"))) return 1;
  if (index == sub_pcie_switch && same_spelling(value, "fetch-add")) return 1;
  if (index == host_kinds_switch && same_spelling(value, "migratable=pinned")) return 0;
  return std::nullopt;
}

size_t value_index(const ModelOptions& o, size_t index) {
  switch (index) {
    case no_hw_switch: return static_cast<size_t>(o.no_hw_instruction);
    case sub_pcie_switch: return static_cast<size_t>(o.sub_pcie);
    case gfx10_switch: return static_cast<size_t>(o.gfx10_fminmax);
    case mi300_switch: return static_cast<size_t>(o.mi300_coarse_place);
    default: return static_cast<size_t>(o.host_kinds);
  }
}

}  // namespace

std::span<const SwitchInfo> switches() { return switch_table; }

std::string_view switch_value(const ModelOptions& options, std::string_view switch_name) {
  const auto index = find_switch(switch_name);
  if (!index) return "?";
  return switch_table[*index].values[value_index(options, *index)];
}

std::optional<std::string> set_switch(ModelOptions& options, std::string_view switch_name, std::string_view value) {
  const auto index = find_switch(switch_name);
  if (!index) return fmt::format("unknown switch '{}'", switch_name);
  const auto v = find_value(*index, value);
  if (!v)
    return fmt::format("{} {}: expected one of: {}", switch_table[*index].flag, value,
                       fmt::join(switch_table[*index].values, ", "));
  switch (*index) {
    case no_hw_switch: options.no_hw_instruction = static_cast<NoHwInstruction>(*v); break;
    case sub_pcie_switch: options.sub_pcie = static_cast<SubOverPcie>(*v); break;
    case gfx10_switch: options.gfx10_fminmax = static_cast<Gfx10FloatMinMax>(*v); break;
    case mi300_switch: options.mi300_coarse_place = static_cast<Mi300CoarsePlace>(*v); break;
    default: options.host_kinds = static_cast<HostKinds>(*v); break;
  }
  return std::nullopt;
}

}  // namespace gpuatom::amd
