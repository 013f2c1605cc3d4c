// NVIDIA GPU architectures, as ptxas, cuobjdump and nvdisasm name them (sm_50 … sm_90). The
// text front-end (`check sass --arch`, `asm sass --arch`) and the binary side (`disasm sass
// --arch`) read one list, so an architecture is spelled and parsed the same way everywhere.
// Rules that differ by architecture (the SPA 5.0 register pairing of spec/nvidia.md §6.2, the
// sizes each generation prints) ask is_spa5() or compare architectures by their order here.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>

namespace gpuatom::nvidia {

// In release order, so `a < Architecture::sm_70` means "before Volta".
enum class Architecture : uint8_t { sm_50, sm_52, sm_53, sm_60, sm_61, sm_62, sm_70, sm_72, sm_75, sm_80, sm_86, sm_87, sm_89, sm_90 };

// Every architecture, in order.
std::span<const Architecture> architectures();

// "sm_52", "SM52", "sm52", "SM_52" (case-insensitive, underscore optional); nothing otherwise.
std::optional<Architecture> parse_architecture(std::string_view text);

// "sm_52": the spelling ptxas takes after -arch.
std::string_view name(Architecture architecture);

// "SM52": the spelling nvdisasm takes after -b / --binary.
std::string nvdisasm_name(Architecture architecture);

// The compute capability times ten: 52 for sm_52.
int compute_capability(Architecture architecture);

// Maxwell and Pascal (sm_5x, sm_6x): the SPA 5.0 instruction set of spec/nvidia.md, with its
// 64-bit words and its operand rules. sm_70 and later print the modern spellings (§10.3).
bool is_spa5(Architecture architecture);

// "sm_50 sm_52 … sm_90", for help texts and diagnostics.
std::string architecture_names();

}  // namespace gpuatom::nvidia
