// Platform profiles (docs/spec/intel.md §9, PROPOSED): which optional features of the two pages a
// target has. The validator reads them; `gen12` is the default.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string_view>

namespace gpuatom::intel {

enum class Platform : uint8_t { gen9, gen12, xehp, dg2, pvc };

struct PlatformProfile {
  Platform platform;
  std::string_view name;  // "gen9", "gen12", "xehp", "dg2", "pvc"
  bool atomics_16bit;     // `.16` (TGLLP+, §5.1)
  bool svm_64bit;         // svm_atomic `.64` (§5.2)
  bool predec;            // PREDEC (IGC reports none from XeHP on, §3.1)
  bool exec_size_16;      // exec size 16 for both forms (§6.2)
  bool float_add;         // svm_atomic fadd/fsub at 16 and 32 bits (IGC hasFP32GlobalAtomicAdd, XeHP+)
  bool float_64;          // svm_atomic float ops at 64 bits (IGC hasFP64GlobalAtomicAdd, PVC)
  bool lsc;               // LSC atomics (DG2 and later: IGC hasLSC, vISA's LSC_UNTYPED platform Xe_DG2)
  bool lsc_typed;         // LSC_TYPED atomics (.tgm: IGC hasLSCTypedMessage, PVC)
  uint16_t grf_bytes;     // raw operands are aligned to one GRF (§3.4)
};

std::span<const PlatformProfile> platform_table();
const PlatformProfile& profile(Platform platform);
const PlatformProfile& default_profile();  // gen12
// A profile name, or the name of a device ocloc compiles for (skl, icllp, tgllp, dg1, xe_hp_sdv,
// acm-g10/dg2, pvc) that the profile stands for.
std::optional<Platform> parse_platform(std::string_view name);

}  // namespace gpuatom::intel
