// NVIDIA GPU architectures, as ptxas, cuobjdump and nvdisasm name them: every target ptxas 11.8
// and 13.0 compile for, sm_50 … sm_121, with the arch-specific (`a`) and family (`f`) variants.
// The text front-end (`check sass --arch`, `asm sass --arch`) and the binary side (`disasm sass
// --arch`) read one table, so an architecture is spelled and parsed the same way everywhere.
//
// What differs between generations is a column of that table (Generation, below), not an `if`
// in the code that asks: which instruction word the generation has, and which atomic forms its
// tools print (read from ptxas 13.0 + nvdisasm 13.0 output, ../shared/oracle-data/nvidia-cuda13).
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>

namespace gpuatom::nvidia {

// In release order, variants after their base, so `a < Architecture::sm_70` means "before Volta".
// sm_101 is CUDA 12.8's name for the target CUDA 13 calls sm_110 (Thor): both are read.
enum class Architecture : uint8_t {
  sm_50, sm_52, sm_53, sm_60, sm_61, sm_62, sm_70, sm_72, sm_75, sm_80, sm_86, sm_87, sm_88, sm_89, sm_90, sm_90a,
  sm_100, sm_100a, sm_100f, sm_101, sm_101a, sm_101f, sm_103, sm_103a, sm_103f, sm_110, sm_110a, sm_110f,
  sm_120, sm_120a, sm_120f, sm_121, sm_121a, sm_121f,
};

// The instruction word a generation has: SPA 5.0's 64-bit words with a control word every fourth
// (Maxwell, Pascal), or one 128-bit word per instruction with its control bits inside (Volta on).
// The 128-bit encodings differ by generation in a few fields (binary/sass128_forms.cpp).
enum class WordFormat : uint8_t { spa5_64, sass128 };

enum class Generation : uint8_t { maxwell, pascal, volta, turing, ampere, ada, hopper, blackwell };

// `a`: the arch-specific target (sm_90a); `f`: the family target (sm_100f). No atomic form here
// depends on the variant; it is kept so that every name ptxas takes is read and printed back.
enum class Variant : uint8_t { base, arch_specific, family };

// One generation's column: its word and the atomic forms its tools print.
struct GenerationInfo {
  Generation generation;
  std::string_view name;               // "Hopper"
  WordFormat word;
  bool b128;                           // ATOM/ATOMG/ATOMS .128 EXCH and CAS (PTX .b128)
  bool vector_atomics;                 // ATOMG/REDG .F16x4 … .F32x4 (PTX .v2/.v4/.v8)
  bool atom_cast_spin;                 // ATOM.E.CAST.SPIN through a generic address
  bool atoms_cast_spin_predicate;      // ATOMS.CAST.SPIN writes Pu (`P0, [R0]`) instead of Rd
  bool surface_uniform_immediate;      // a URn surface handle is printed with its `, 0x0` (Hopper;
                                       // no earlier generation's data prints a URn handle)
  bool unnamed_strength;               // a 2-bit strength field whose codes 0 and 3 print as
                                       // .INVALID0/.INVALID3 (Volta, Turing; Ampere on name all 16)
  uint8_t uniform_register_bits;       // a uniform register field's width: 0 (none, SPA 5.0), 6
                                       // (UR0–UR62, URZ 63) or 8 (Blackwell: UR0–UR254, URZ 255)
  bool surface_compare_u64;            // nvdisasm prints SUATOM.CAS.U64 (Ampere, Ada; .64 on the
                                       // other sm_70+ generations, nvdisasm 13.0)
};

// The architecture's generation column.
const GenerationInfo& generation_info(Architecture architecture);
// Whether uniform register `number` (0–254, or URZ = 255) can be named on the architecture: URZ
// from sm_70, UR0–UR62 on Volta … Hopper, UR0–UR254 on Blackwell (nvdisasm 13.0, whose Blackwell
// fields have 8 bits); none on SPA 5.0.
bool uniform_register_exists(Architecture architecture, uint8_t number);
// "sm_100": the first architecture on which it exists, for messages.
std::string_view first_architecture_with_uniform_register(uint8_t number);
Generation generation(Architecture architecture);

// Every architecture, in order.
std::span<const Architecture> architectures();

// "sm_52", "SM52", "sm52", "SM_52", "sm_90a", "SM100f" (case-insensitive, underscore optional);
// nothing otherwise.
std::optional<Architecture> parse_architecture(std::string_view text);

// "sm_90a": the spelling ptxas takes after -arch.
std::string_view name(Architecture architecture);

// "SM90a": the spelling nvdisasm takes after -b / --binary.
std::string nvdisasm_name(Architecture architecture);

// The compute capability times ten: 52 for sm_52, 100 for sm_100a.
int compute_capability(Architecture architecture);
Variant variant(Architecture architecture);

// Maxwell and Pascal (sm_5x, sm_6x): the SPA 5.0 instruction set of docs/spec/nvidia.md, with its
// 64-bit words and its operand rules. sm_70 and later print the modern spellings (§10.3).
bool is_spa5(Architecture architecture);

// Whether nvdisasm 11.8 reads bits 102–103 of the architecture's words as the ?PMn hint
// (Instruction::pm_hint, parsed but never printed): sm_86 … sm_90.
bool prints_pm_hint(Architecture architecture);

// "sm_50 sm_52 … sm_121f", for help texts and diagnostics.
std::string architecture_names();

// The first architecture of the table for which `has` holds ("sm_90"), for messages.
std::string_view first_architecture_with(bool GenerationInfo::*has);

}  // namespace gpuatom::nvidia
