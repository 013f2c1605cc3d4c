#include "gpuatom/intel/platform.hpp"

#include <array>
#include <initializer_list>
#include <vector>

#include "gpuatom/support/text.hpp"

namespace gpuatom::intel {

namespace {

using F = Feature;

constexpr uint32_t bit(Feature f) { return uint32_t{1} << static_cast<unsigned>(f); }
constexpr uint32_t features(std::initializer_list<Feature> list) {
  uint32_t set = 0;
  for (Feature f : list) set |= bit(f);
  return set;
}

struct PlatformRow {
  Platform platform;
  const char* name;
  const char* igc_name;
  uint32_t features;
};

// docs/spec/intel.md §9, with the compiler's evidence (docs/intel-igc.md §2.5, §4.6, §6): gen9 has
// 64-bit SVM atomics, as IGC lowers them there to the A64 int64 atomic message IGA names; dg2
// (XeHPG, acm-g10) is xehp with the LSC messages. Adding a platform is adding its row.
// What pvc has, and Xe2, Xe3 and Xe3P keep (IGC 2.x's Platform.hpp, docs/spec/intel.md §9), Xe3P
// all but the legacy data-port messages (IGA 2.40 knows no DC0-DC2 SFID there; Xe2 and Xe3 keep
// them: IGC 2.40 lowers svm_atomic and dword_atomic to send.dc1 messages IGA names).
constexpr uint32_t pvc_features = features({F::atomics_16bit, F::svm_64bit, F::exec_size_16, F::float_add, F::float_64,
                                            F::lsc, F::lsc_typed, F::grf_64_bytes, F::legacy_dataport});
constexpr uint32_t dataport = bit(F::legacy_dataport);  // every platform up to Xe3
constexpr std::array<PlatformRow, 8> rows = {{
    {Platform::gen9, "gen9", "Gen9", dataport | features({F::svm_64bit, F::predec})},
    {Platform::gen12, "gen12", "Gen12", dataport | features({F::atomics_16bit, F::svm_64bit, F::predec})},
    {Platform::xehp, "xehp", "XeHP",
     dataport | features({F::atomics_16bit, F::svm_64bit, F::exec_size_16, F::float_add})},
    {Platform::dg2, "dg2", "DG2",
     dataport | features({F::atomics_16bit, F::svm_64bit, F::exec_size_16, F::float_add, F::lsc})},
    {Platform::pvc, "pvc", "PVC", pvc_features},
    {Platform::xe2, "xe2", "Xe2", pvc_features},
    {Platform::xe3, "xe3", "Xe3", pvc_features},
    {Platform::xe3p, "xe3p", "Xe3P",
     (pvc_features & ~dataport) | features({F::lsc_scaled_index, F::lsc_slm_float_add})},
}};

// The rows are in the enum's order, so a platform's row is found by its value.
constexpr std::array<Platform, rows.size()> platforms = [] {
  std::array<Platform, rows.size()> out{};
  for (size_t i = 0; i < out.size(); ++i) out[i] = rows[i].platform;
  return out;
}();
static_assert([] {
  for (size_t i = 0; i < rows.size(); ++i)
    if (static_cast<size_t>(rows[i].platform) != i) return false;
  return true;
}());

struct FeatureName {
  Feature feature;
  const char* name;
};
constexpr std::array<FeatureName, 12> feature_names = {{
    {F::atomics_16bit, "atomics_16bit"},
    {F::svm_64bit, "svm_64bit"},
    {F::predec, "predec"},
    {F::exec_size_16, "exec_size_16"},
    {F::float_add, "float_add"},
    {F::float_64, "float_64"},
    {F::lsc, "lsc"},
    {F::lsc_typed, "lsc_typed"},
    {F::grf_64_bytes, "grf_64_bytes"},
    {F::lsc_scaled_index, "lsc_scaled_index"},
    {F::lsc_slm_float_add, "lsc_slm_float_add"},
    {F::legacy_dataport, "legacy_dataport"},
}};

static_assert([] {
  for (size_t i = 0; i < feature_names.size(); ++i)
    if (static_cast<size_t>(feature_names[i].feature) != i) return false;
  return true;
}());
constexpr std::array<Feature, feature_names.size()> feature_list = [] {
  std::array<Feature, feature_names.size()> out{};
  for (size_t i = 0; i < out.size(); ++i) out[i] = feature_names[i].feature;
  return out;
}();

// ocloc's device names and the profile each stands for (Gen11 ICL takes the gen9 profile: it has
// no 16-bit atomics either). From Xe2 on a profile is a generation, as ocloc 26.27's `ocloc ids`
// places each device by its IP version: bmg 20.1, lnl-m 20.4 (Xe2); ptl 30.0, ptl-u 30.1, wcl
// 30.3 and the Nova Lake parts nvl-s/-hx/-ul 30.4 and nvl-h/-u 30.5 (Xe3); nvl-p 35.10 and cri
// 35.11 (Xe3P).
struct DeviceName {
  const char* device;
  Platform platform;
};
constexpr std::array<DeviceName, 18> devices = {{
    {"skl", Platform::gen9},
    {"icllp", Platform::gen9},
    {"tgllp", Platform::gen12},
    {"dg1", Platform::gen12},
    {"xe_hp_sdv", Platform::xehp},
    {"acm-g10", Platform::dg2},
    {"bmg", Platform::xe2},
    {"lnl-m", Platform::xe2},
    {"ptl", Platform::xe3},
    {"ptl-u", Platform::xe3},
    {"wcl", Platform::xe3},
    {"nvl-s", Platform::xe3},
    {"nvl-hx", Platform::xe3},
    {"nvl-ul", Platform::xe3},
    {"nvl-h", Platform::xe3},
    {"nvl-u", Platform::xe3},
    {"nvl-p", Platform::xe3p},
    {"cri", Platform::xe3p},
}};

const PlatformRow& row(Platform platform) { return rows[static_cast<size_t>(platform)]; }

std::string join(const std::vector<std::string_view>& names, std::string_view separator, std::string_view last) {
  std::string out;
  for (size_t i = 0; i < names.size(); ++i) {
    if (i) out += i + 1 == names.size() && !last.empty() ? last : separator;
    out += names[i];
  }
  return out;
}

}  // namespace

std::span<const Platform> all_platforms() { return platforms; }
std::span<const Feature> all_features() { return feature_list; }

std::string_view name(Platform platform) { return row(platform).name; }
std::string_view igc_name(Platform platform) { return row(platform).igc_name; }
std::string_view name(Feature feature) { return feature_names[static_cast<size_t>(feature)].name; }

bool has(Platform platform, Feature feature) { return (row(platform).features & bit(feature)) != 0; }
uint16_t grf_bytes(Platform platform) { return has(platform, Feature::grf_64_bytes) ? 64 : 32; }

std::optional<Platform> first_platform_with(Feature feature) {
  for (const PlatformRow& r : rows)
    if (r.features & bit(feature)) return r.platform;
  return std::nullopt;
}

std::optional<Platform> first_platform_without(Feature feature) {
  for (const PlatformRow& r : rows)
    if (!(r.features & bit(feature))) return r.platform;
  return std::nullopt;
}

std::string from_on(Platform platform) {
  const std::string_view spoken = igc_name(platform);
  return platform == platforms.back() ? std::string(spoken) + " only" : "from " + std::string(spoken) + " on";
}

std::string availability(Feature feature) {
  const std::optional<Platform> first = first_platform_with(feature);
  return first ? from_on(*first) : "on no platform";
}

std::string platform_names(std::string_view separator, std::string_view last) {
  std::vector<std::string_view> names;
  names.reserve(rows.size());
  for (const PlatformRow& r : rows) names.push_back(r.name);
  return join(names, separator, last);
}

std::string platforms_with(Feature feature, std::string_view separator, std::string_view last) {
  std::vector<std::string_view> names;
  for (const PlatformRow& r : rows)
    if (r.features & bit(feature)) names.push_back(r.name);
  return join(names, separator, last);
}

std::string device_names(std::string_view separator, bool with_profile) {
  std::string out;
  for (size_t i = 0; i < devices.size(); ++i) {
    if (i) out += separator;
    out += devices[i].device;
    const bool last_of_profile = i + 1 == devices.size() || devices[i + 1].platform != devices[i].platform;
    if (with_profile && last_of_profile) out += " (" + std::string(name(devices[i].platform)) + ")";
  }
  return out;
}

std::string platform_choices() {
  std::string profiles;
  for (const PlatformRow& r : rows)
    profiles +=
        (profiles.empty() ? "" : ", ") + std::string(r.name) + (r.platform == default_platform ? " (default)" : "");
  return profiles + " (docs/spec/intel.md §9), or an ocloc device name: " + device_names(", ", true);
}

std::optional<Platform> parse_platform(std::string_view name) {
  for (const PlatformRow& r : rows)
    if (support::iequals(r.name, name)) return r.platform;
  for (const DeviceName& d : devices)
    if (support::iequals(d.device, name)) return d.platform;
  return std::nullopt;
}

}  // namespace gpuatom::intel
