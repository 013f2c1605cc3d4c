// NVIDIA GPU architectures, as ptxas, cuobjdump and nvdisasm name them: every target ptxas 11.8
// and 13.0 compile for, sm_50 … sm_121, with the arch-specific (`a`) and family (`f`) variants.
// The text front-end (`check sass --arch`, `asm sass --arch`) and the binary side (`disasm sass
// --arch`) read one table, so an architecture is spelled and parsed the same way everywhere.
//
// What differs between architectures is a Feature of that table (below), not an `if` in the code
// that asks: which atomic forms its tools print and its words hold (read from ptxas 13.0 +
// nvdisasm 13.0 output, ../shared/oracle-data/nvidia-cuda13). Which instruction word an
// architecture has, and which 128-bit form rows apply, is its Generation's column.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>

namespace gpuatom::nvidia {

// In release order, variants after their base. Code asks has(architecture, Feature), never
// compares architectures: a new architecture is a row of the table, not a new comparison.
// sm_101 is CUDA 12.8's name for the target CUDA 13 calls sm_110 (Thor): both are read.
enum class Architecture : uint8_t {
  sm_50,
  sm_52,
  sm_53,
  sm_60,
  sm_61,
  sm_62,
  sm_70,
  sm_72,
  sm_75,
  sm_80,
  sm_86,
  sm_87,
  sm_88,
  sm_89,
  sm_90,
  sm_90a,
  sm_100,
  sm_100a,
  sm_100f,
  sm_101,
  sm_101a,
  sm_101f,
  sm_103,
  sm_103a,
  sm_103f,
  sm_110,
  sm_110a,
  sm_110f,
  sm_120,
  sm_120a,
  sm_120f,
  sm_121,
  sm_121a,
  sm_121f,
};
// How many architectures there are, for tables indexed by the enum: one past the last one above.
// architecture.cpp asserts that its table has a row for each, in the enum's order.
inline constexpr size_t architecture_count = static_cast<size_t>(Architecture::sm_121f) + 1;

// The instruction word a generation has: SPA 5.0's 64-bit words with a control word every fourth
// (Maxwell, Pascal), or one 128-bit word per instruction with its control bits inside (Volta on).
// The 128-bit encodings differ by generation in a few fields (binary/sass128_forms.cpp).
enum class WordFormat : uint8_t { spa5_64, sass128 };

enum class Generation : uint8_t { maxwell, pascal, volta, turing, ampere, ada, hopper, blackwell };

// `a`: the arch-specific target (sm_90a); `f`: the family target (sm_100f). No atomic form here
// depends on the variant; it is kept so that every name ptxas takes is read and printed back.
enum class Variant : uint8_t { base, arch_specific, family };

// One generation's column: its name and its word, the encoding facts the 128-bit form table is
// keyed by. What an architecture's tools print is a Feature (below), asked per architecture.
struct GenerationInfo {
  Generation generation;
  std::string_view name;  // "Hopper"
  WordFormat word;
};

// Every fact that holds on some architectures and not others, each named once. The table in
// architecture.cpp lists, per architecture, the features it has (read from ptxas 13.0 + nvdisasm
// 13.0 output, ../shared/oracle-data/nvidia-cuda13; Maxwell … Volta from ptxas 11.8 + nvdisasm
// 11.8, docs/oracles.md); the validator, the encoders and the decoders ask has().
enum class Feature : uint8_t {
  b128,                       // ATOM/ATOMG/ATOMS .128 EXCH and CAS (PTX .b128): Hopper on
  vector_atomics,             // ATOMG/REDG .F16x4 … .F32x4 (PTX .v2/.v4/.v8): Hopper on
  f32_without_ftz,            // an f32 atomic without .FTZ (.F32.RN): Hopper on
  atom_cast_spin,             // ATOM.E.CAST.SPIN through a generic address: Hopper on
  atoms_cast_spin_predicate,  // ATOMS.CAST.SPIN writes Pu (`P0, [R0]`) instead of Rd: Blackwell
  surface_uniform_immediate,  // a URn surface handle is printed with its `, 0x0`: Volta … Hopper
  unnamed_strength,           // strength codes 0 and 3 print as .INVALID0/.INVALID3: Volta, Turing
  surface_compare_u64,        // nvdisasm prints SUATOM.CAS.U64, not .64: Ampere, Ada
  uniform_registers,          // 6-bit uniform register fields, UR0–UR62 and URZ 63: sm_70 on
  wide_uniform_registers,     // 8-bit uniform register fields, UR0–UR254 and URZ 255: Blackwell
  pm_hint,                    // nvdisasm 11.8 reads bits 102–103 as ?PMn: sm_86 … sm_90a
  ps_forms,                   // SPA 5.0's sparse predicate Ps forms: sm_52 … sm_62 (nvdisasm SM50
                              // calls them invalid)
  atom_size4_u128,            // nvdisasm reads ATOM size code 4 as .U128 and the other fields'
                              // code 4 as nothing: sm_50 (F16x2 from sm_52)
  f16x2_atomics,              // size code 4 is F16x2: sm_52 on
  f16x2_ftz_spelling,         // nvdisasm prints a decoded F16x2 as .F16x2.FTZ.RN: sm_52, sm_53
  f64_atomics,                // ATOM size code 6 is F64 (PTX atom.add.f64 needs sm_60): sm_60 on
  suatom_uniform_array,       // SUATOM has a second uniform register and .UAI (docs/sass128.md):
                              // sm_120, sm_121
  listing_omits_descriptor,   // nvdisasm 11.8 prints no desc[URn] in an address where 13.0 does:
                              // Hopper
  red_async,                  // REDAS (PTX red.async): Hopper on
};

// Every feature, in the enum's order.
std::span<const Feature> features();
// "b128", "ps_forms": the feature's name, for messages, docs and tests.
std::string_view name(Feature feature);
// Whether the architecture has the feature: the one question every per-architecture rule asks.
bool has(Architecture architecture, Feature feature);
// "sm_90": the first architecture (in the enum's order) that has the feature, for messages.
std::string_view first_with(Feature feature);
// "sm_86 sm_87 sm_88 sm_89 sm_90 sm_90a": every architecture that has the feature, for messages.
std::string architectures_with(Feature feature);

// The architecture's generation column.
const GenerationInfo& generation_info(Architecture architecture);
// Whether uniform register `number` (0–254, or URZ = 255) can be named on the architecture: URZ
// from sm_70, UR0–UR62 on Volta … Hopper, UR0–UR254 on Blackwell (nvdisasm 13.0, whose Blackwell
// fields have 8 bits); none on SPA 5.0.
bool uniform_register_exists(Architecture architecture, uint8_t number);
// A uniform register field's width: 0 (none, SPA 5.0), 6 (Feature::uniform_registers) or 8
// (Feature::wide_uniform_registers).
unsigned uniform_register_bits(Architecture architecture);
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

// Whether two names are the same chip, variants aside: sm_90 and sm_90a, sm_100 and sm_100f.
bool same_base(Architecture a, Architecture b);
Variant variant(Architecture architecture);

// Maxwell and Pascal (sm_5x, sm_6x): the SPA 5.0 instruction set of docs/spec/nvidia.md, with its
// 64-bit words and its operand rules. sm_70 and later print the modern spellings (§10.3).
bool is_spa5(Architecture architecture);

// "sm_50 sm_52 … sm_121f", for help texts and diagnostics.
std::string architecture_names();

// "sm_50 … sm_62", "sm_70 … sm_121f": the architectures for which `holds` is true, in the enum's
// order, each unbroken run as its first and last name joined by " … " (a run of one is its name)
// and the runs joined by ", ". Help texts and messages spell a range so, from the table, never by
// hand: a new architecture widens them by itself.
std::string architecture_range(bool (*holds)(Architecture));
// The range of the architectures that have the feature ("sm_86 … sm_90a" for pm_hint).
std::string architecture_range(Feature feature);
// Every architecture: "sm_50 … sm_121f".
std::string architecture_range();

}  // namespace gpuatom::nvidia
