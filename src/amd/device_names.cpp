// The names people give AMD devices, beyond the page's column headers: products and LLVM gfx
// targets (LLVM's AMDGPUUsage "Processors" table gives each target's products and whether it is
// an APU). Each resolves to the page's columns it may mean.
#include <fmt/format.h>

#include <array>
#include <string_view>

#include "gpuatom/amd/device.hpp"
#include "gpuatom/support/input_error.hpp"

namespace gpuatom::amd {

namespace {

using D = DeviceId;

struct Name {
  std::string_view names;  // space-separated, matched as device spellings are (case, ' ', '-', '_' ignored)
  std::array<DeviceId, 2> devices;
  int count;  // devices[0 … count); 0: known, but no column (then `why`)
  std::string_view why;
};

// An MI200 card sits in the "MI200 PCIe" column, or in "MI200 A+A" when its host is an AMD CPU on
// Infinity Fabric (the page's two MI200 columns); the name alone does not say which.
constexpr std::array<Name, 13> names = {{
    {"gfx908 mi100", {D::mi100}, 1, ""},
    {"gfx90a mi200 mi250 mi250x", {D::mi200_pcie, D::mi200_aa}, 2, ""},
    {"mi210", {D::mi200_pcie}, 1, ""},  // a PCIe card only
    {"gfx942 mi300", {D::mi300x, D::mi300a}, 2, ""},
    {"mi325x", {D::mi300x}, 1, ""},
    {"gfx950 mi350 mi355x", {D::mi350x}, 1, ""},
    {"gfx900 gfx904 gfx906 mi50 mi60 vega10 vega20", {D::gfx9_dgpu}, 1, ""},
    {"gfx902 gfx909 gfx90c", {D::gfx9_apu}, 1, ""},
    {"gfx1010 gfx1011 gfx1012 gfx1030 gfx1031 gfx1032 gfx1034", {D::gfx10_dgpu}, 1, ""},
    {"gfx1013 gfx1033 gfx1035 gfx1036", {}, 0, "a gfx10 APU: AMD's tables have no gfx10 APU column"},
    {"gfx1100 gfx1101 gfx1102", {D::gfx11_dgpu}, 1, ""},
    {"gfx1103 gfx1150 gfx1151 gfx1152", {D::gfx11_apu}, 1, ""},
    {"gfx1200 gfx1201", {D::gfx12_dgpu}, 1, ""},
}};

}  // namespace

DeviceName find_device(std::string_view text) {
  if (same_spelling(text, "")) return {};
  if (const auto id = find_spelling(device_spellings(), text)) return {{*id}, ""};
  for (const Name& n : names) {
    if (!matches_spelling(text, "", n.names)) continue;
    return {std::vector<DeviceId>(n.devices.begin(), n.devices.begin() + n.count), std::string(n.why)};
  }
  return {};
}

std::string describe_device_names() {
  std::string out = describe_spellings(device_spellings());
  out += "; products and gfx targets:";
  for (const Name& n : names) {
    std::string to;
    for (int k = 0; k < n.count; ++k) to += fmt::format("{}{}", k ? " or " : "", device(n.devices[k]).name);
    out += fmt::format(" {} → {};", n.names, n.count ? to : std::string("no column"));
  }
  out.pop_back();
  return out;
}

DeviceId device_named(std::string_view flag, std::string_view text) {
  const DeviceName found = find_device(text);
  if (found.devices.size() == 1) return found.devices.front();
  if (found.devices.size() > 1) {
    std::string which;
    for (size_t k = 0; k < found.devices.size(); ++k)
      which += fmt::format("{}\"{}\"",
                           k == 0                          ? ""
                           : k + 1 == found.devices.size() ? " or "
                                                           : ", ",
                           device(found.devices[k]).name);
    throw support::InputError(fmt::format("{} {}: the name may mean {} on AMD's tables; name one of them{}", flag, text,
                                          which,
                                          found.devices.front() == DeviceId::mi200_pcie
                                              ? " (\"MI200 A+A\" when the host CPU is an AMD CPU on Infinity Fabric)"
                                              : ""));
  }
  if (!found.why.empty()) throw support::InputError(fmt::format("{} {}: {}", flag, text, found.why));
  throw support::InputError(fmt::format("{} {}: expected one of: {}", flag, text, describe_device_names()));
}

}  // namespace gpuatom::amd
