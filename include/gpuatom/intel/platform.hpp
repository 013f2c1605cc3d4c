// Platform profiles (docs/spec/intel.md §9, PROPOSED): which optional features of the two pages a
// target has. One table in platform.cpp holds them, one row per platform naming its features;
// every platform list and every "from XeHP on" in messages and help texts is generated from it.
// `gen12` is the default.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>

namespace gpuatom::intel {

enum class Platform : uint8_t { gen9, gen12, xehp, dg2, pvc, xe2, xe3, xe3p };

// Every per-platform fact the library reads.
enum class Feature : uint8_t {
  atomics_16bit,      // `.16` (TGLLP+, §5.1)
  svm_64bit,          // svm_atomic `.64` (§5.2)
  predec,             // PREDEC (IGC reports none from XeHP on, §3.1)
  exec_size_16,       // exec size 16 for both forms (§6.2)
  float_add,          // svm_atomic fadd/fsub at 16 and 32 bits (IGC hasFP32GlobalAtomicAdd)
  float_64,           // svm_atomic float ops at 64 bits (IGC hasFP64GlobalAtomicAdd)
  lsc,                // LSC atomics (IGC hasLSC, vISA's LSC_UNTYPED platform Xe_DG2)
  lsc_typed,          // LSC_TYPED atomics (.tgm: IGC hasLSCTypedMessage)
  grf_64_bytes,       // a GRF of 64 bytes, else 32: raw operands are aligned to one GRF (§3.4)
  lsc_scaled_index,   // an LSC address of a base and a scaled index, flat(B)[0x4*I+0x1000] (Xe3P)
  lsc_slm_float_add,  // lsc_atomic_fadd/fsub on .slm (IGC 2.40's verifier and dumps: Xe3P)
  legacy_dataport,    // svm_atomic, dword_atomic, typed_atomic: the data-port (HDC) messages, gone on Xe3P
};

inline constexpr Platform default_platform = Platform::gen12;

std::span<const Platform> all_platforms();  // in the table's order, oldest first
std::span<const Feature> all_features();

std::string_view name(Platform platform);      // the profile's name on the command line (xehp)
std::string_view igc_name(Platform platform);  // as IGC and Intel's documents spell it (XeHP)
std::string_view name(Feature feature);        // "float_add"

bool has(Platform platform, Feature feature);
uint16_t grf_bytes(Platform platform);

// The oldest platform with (without) the feature; every feature is gained (or lost) once along
// the table, which tests/intel/platform_table_test.cpp checks.
std::optional<Platform> first_platform_with(Feature feature);
std::optional<Platform> first_platform_without(Feature feature);

// "from XeHP on", or "PVC only" for the newest platform: where a platform and its successors are.
std::string from_on(Platform platform);
// from_on(first_platform_with(feature)): "float-add atomics from XeHP on".
std::string availability(Feature feature);

// The profile names in the table's order, joined by `separator` (a space by default) and the last
// two by `last` (empty: the separator); (", ", " or ") gives an "a, b or c" list.
std::string platform_names(std::string_view separator = " ", std::string_view last = "");
// The names of the platforms that have the feature, joined as platform_names joins them.
std::string platforms_with(Feature feature, std::string_view separator = " ", std::string_view last = "");

// The ocloc device names the profiles stand for, in the table's order, joined by `separator`;
// `with_profile` names each profile after its last device: "skl, icllp (gen9), tgllp, dg1 (gen12) …".
std::string device_names(std::string_view separator = ", ", bool with_profile = false);
// What --platform takes, as help texts say it: "gen9, gen12 (default), xehp, dg2, pvc
// (docs/spec/intel.md §9), or an ocloc device name: skl, icllp (gen9), …".
std::string platform_choices();

// A profile name, or the name of a device ocloc compiles for (skl, icllp, tgllp, dg1, xe_hp_sdv,
// acm-g10/dg2, pvc) that the profile stands for.
std::optional<Platform> parse_platform(std::string_view name);

}  // namespace gpuatom::intel
