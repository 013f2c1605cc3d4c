#include "gpuatom/intel/platform.hpp"

#include <array>

#include "gpuatom/support/text.hpp"

namespace gpuatom::intel {

namespace {

// docs/spec/intel.md §9, with the compiler's evidence (docs/intel-igc.md §2.5, §6): gen9 has 64-bit
// SVM atomics, as IGC lowers them there to the A64 int64 atomic message IGA names.
// dg2 (XeHPG, acm-g10) is xehp with the LSC messages (docs/intel-igc.md §4.6).
constexpr std::array<PlatformProfile, 5> table = {{
    {Platform::gen9, "gen9", false, true, true, false, false, false, false, false, 32},
    {Platform::gen12, "gen12", true, true, true, false, false, false, false, false, 32},
    {Platform::xehp, "xehp", true, true, false, true, true, false, false, false, 32},
    {Platform::dg2, "dg2", true, true, false, true, true, false, true, false, 32},
    {Platform::pvc, "pvc", true, true, false, true, true, true, true, true, 64},
}};

// ocloc's device names and the profile each stands for (Gen11 ICL takes the gen9 profile: it has
// no 16-bit atomics either).
struct DeviceName {
  std::string_view device;
  Platform platform;
};
constexpr std::array<DeviceName, 6> devices = {{
    {"skl", Platform::gen9},  {"icllp", Platform::gen9},        {"tgllp", Platform::gen12},
    {"dg1", Platform::gen12}, {"xe_hp_sdv", Platform::xehp}, {"acm-g10", Platform::dg2},
}};

}  // namespace

std::span<const PlatformProfile> platform_table() { return table; }
const PlatformProfile& profile(Platform platform) { return table[static_cast<size_t>(platform)]; }
const PlatformProfile& default_profile() { return profile(Platform::gen12); }

std::optional<Platform> parse_platform(std::string_view name) {
  for (const PlatformProfile& p : table)
    if (support::iequals(p.name, name)) return p.platform;
  for (const DeviceName& d : devices)
    if (support::iequals(d.device, name)) return d.platform;
  return std::nullopt;
}

}  // namespace gpuatom::intel
