#include "gpuatom/nvidia/architecture.hpp"

#include <array>

#include "gpuatom/support/text.hpp"

namespace gpuatom::nvidia {

namespace {

struct ArchitectureInfo {
  Architecture architecture;
  std::string_view name;
  int capability;
};

constexpr std::array<ArchitectureInfo, 14> table = {{
    {Architecture::sm_50, "sm_50", 50}, {Architecture::sm_52, "sm_52", 52}, {Architecture::sm_53, "sm_53", 53},
    {Architecture::sm_60, "sm_60", 60}, {Architecture::sm_61, "sm_61", 61}, {Architecture::sm_62, "sm_62", 62},
    {Architecture::sm_70, "sm_70", 70}, {Architecture::sm_72, "sm_72", 72}, {Architecture::sm_75, "sm_75", 75},
    {Architecture::sm_80, "sm_80", 80}, {Architecture::sm_86, "sm_86", 86}, {Architecture::sm_87, "sm_87", 87},
    {Architecture::sm_89, "sm_89", 89}, {Architecture::sm_90, "sm_90", 90},
}};

constexpr std::array<Architecture, table.size()> all = [] {
  std::array<Architecture, table.size()> out{};
  for (size_t i = 0; i < table.size(); ++i) out[i] = table[i].architecture;
  return out;
}();

const ArchitectureInfo& info(Architecture a) { return table[static_cast<size_t>(a)]; }

}  // namespace

std::span<const Architecture> architectures() { return all; }

std::optional<Architecture> parse_architecture(std::string_view text) {
  if (!support::istarts_with(text, "sm")) return std::nullopt;
  text.remove_prefix(2);
  if (!text.empty() && text.front() == '_') text.remove_prefix(1);
  for (const ArchitectureInfo& a : table)
    if (text == a.name.substr(3)) return a.architecture;
  return std::nullopt;
}

std::string_view name(Architecture a) { return info(a).name; }

std::string nvdisasm_name(Architecture a) { return "SM" + std::string(info(a).name.substr(3)); }

int compute_capability(Architecture a) { return info(a).capability; }

bool is_spa5(Architecture a) { return a < Architecture::sm_70; }

std::string architecture_names() {
  std::string out;
  for (const ArchitectureInfo& a : table) {
    if (!out.empty()) out += ' ';
    out += a.name;
  }
  return out;
}

}  // namespace gpuatom::nvidia
