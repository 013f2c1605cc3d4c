#include "gpuatom/nvidia/architecture.hpp"

#include <array>

#include "gpuatom/nvidia/instruction_table.hpp"
#include "gpuatom/support/text.hpp"

namespace gpuatom::nvidia {

namespace {

// A column per generation (Mesa's brw_eu_inst.h style): each form the tools print, from the
// first generation whose ptxas 13.0 output holds it (../shared/oracle-data/nvidia-cuda13, listed
// by nvdisasm 13.0; Maxwell … Volta from ptxas 11.8 + nvdisasm 11.8, docs/oracles.md).
//                                                         b128   vector cast.spin atoms-Pu surf-imm strength .INVALIDn, UR field bits, SUATOM.CAS.U64
constexpr std::array<GenerationInfo, 8> generations = {{
    {Generation::maxwell, "Maxwell", WordFormat::spa5_64,   false, false, false, false, true, false, 0, false},
    {Generation::pascal, "Pascal", WordFormat::spa5_64,     false, false, false, false, true, false, 0, false},
    {Generation::volta, "Volta", WordFormat::sass128,       false, false, false, false, true, true, 6, false},
    {Generation::turing, "Turing", WordFormat::sass128,     false, false, false, false, true, true, 6, false},
    {Generation::ampere, "Ampere", WordFormat::sass128,     false, false, false, false, true, false, 6, true},
    {Generation::ada, "Ada", WordFormat::sass128,           false, false, false, false, true, false, 6, true},
    {Generation::hopper, "Hopper", WordFormat::sass128,     true, true, true, false, true, false, 6, false},
    {Generation::blackwell, "Blackwell", WordFormat::sass128, true, true, true, true, false, false, 8, false},
}};

struct ArchitectureInfo {
  Architecture architecture;
  std::string_view name;
  int capability;
  Variant variant;
  Generation generation;
};

constexpr Variant base = Variant::base, a = Variant::arch_specific, f = Variant::family;
constexpr Generation maxwell = Generation::maxwell, pascal = Generation::pascal, volta = Generation::volta,
                     turing = Generation::turing, ampere = Generation::ampere, ada = Generation::ada,
                     hopper = Generation::hopper, blackwell = Generation::blackwell;

constexpr std::array<ArchitectureInfo, 34> table = {{
    {Architecture::sm_50, "sm_50", 50, base, maxwell},       {Architecture::sm_52, "sm_52", 52, base, maxwell},
    {Architecture::sm_53, "sm_53", 53, base, maxwell},       {Architecture::sm_60, "sm_60", 60, base, pascal},
    {Architecture::sm_61, "sm_61", 61, base, pascal},        {Architecture::sm_62, "sm_62", 62, base, pascal},
    {Architecture::sm_70, "sm_70", 70, base, volta},         {Architecture::sm_72, "sm_72", 72, base, volta},
    {Architecture::sm_75, "sm_75", 75, base, turing},        {Architecture::sm_80, "sm_80", 80, base, ampere},
    {Architecture::sm_86, "sm_86", 86, base, ampere},        {Architecture::sm_87, "sm_87", 87, base, ampere},
    {Architecture::sm_88, "sm_88", 88, base, ampere},        {Architecture::sm_89, "sm_89", 89, base, ada},
    {Architecture::sm_90, "sm_90", 90, base, hopper},        {Architecture::sm_90a, "sm_90a", 90, a, hopper},
    {Architecture::sm_100, "sm_100", 100, base, blackwell},  {Architecture::sm_100a, "sm_100a", 100, a, blackwell},
    {Architecture::sm_100f, "sm_100f", 100, f, blackwell},   {Architecture::sm_101, "sm_101", 101, base, blackwell},
    {Architecture::sm_101a, "sm_101a", 101, a, blackwell},   {Architecture::sm_101f, "sm_101f", 101, f, blackwell},
    {Architecture::sm_103, "sm_103", 103, base, blackwell},  {Architecture::sm_103a, "sm_103a", 103, a, blackwell},
    {Architecture::sm_103f, "sm_103f", 103, f, blackwell},   {Architecture::sm_110, "sm_110", 110, base, blackwell},
    {Architecture::sm_110a, "sm_110a", 110, a, blackwell},   {Architecture::sm_110f, "sm_110f", 110, f, blackwell},
    {Architecture::sm_120, "sm_120", 120, base, blackwell},  {Architecture::sm_120a, "sm_120a", 120, a, blackwell},
    {Architecture::sm_120f, "sm_120f", 120, f, blackwell},   {Architecture::sm_121, "sm_121", 121, base, blackwell},
    {Architecture::sm_121a, "sm_121a", 121, a, blackwell},   {Architecture::sm_121f, "sm_121f", 121, f, blackwell},
}};

constexpr bool table_in_order() {
  for (size_t i = 0; i < table.size(); ++i)
    if (static_cast<size_t>(table[i].architecture) != i) return false;
  for (size_t i = 0; i < generations.size(); ++i)
    if (static_cast<size_t>(generations[i].generation) != i) return false;
  return true;
}
static_assert(table_in_order(), "the tables are indexed by their enums");

constexpr std::array<Architecture, table.size()> all = [] {
  std::array<Architecture, table.size()> out{};
  for (size_t i = 0; i < table.size(); ++i) out[i] = table[i].architecture;
  return out;
}();

const ArchitectureInfo& info(Architecture arch) { return table[static_cast<size_t>(arch)]; }

}  // namespace

bool prints_pm_hint(Architecture arch) {
  // nvdisasm 11.8 prints bits 102–103 as ?PMn on sm_86, sm_87 and sm_89 (Ampere after sm_80, Ada)
  // and sm_90; sm_80 and earlier leave them unread, and nvdisasm 13.0 prints them nowhere
  // (docs/sass128.md).
  const int c = info(arch).capability;
  return c >= 86 && c <= 90;
}

const GenerationInfo& generation_info(Architecture arch) {
  return generations[static_cast<size_t>(info(arch).generation)];
}

Generation generation(Architecture arch) { return info(arch).generation; }

std::span<const Architecture> architectures() { return all; }

std::optional<Architecture> parse_architecture(std::string_view text) {
  if (!support::istarts_with(text, "sm")) return std::nullopt;
  text.remove_prefix(2);
  if (!text.empty() && text.front() == '_') text.remove_prefix(1);
  for (const ArchitectureInfo& arch : table)
    if (support::iequals(text, arch.name.substr(3))) return arch.architecture;
  return std::nullopt;
}

std::string_view name(Architecture arch) { return info(arch).name; }

std::string nvdisasm_name(Architecture arch) { return "SM" + std::string(info(arch).name.substr(3)); }

int compute_capability(Architecture arch) { return info(arch).capability; }

Variant variant(Architecture arch) { return info(arch).variant; }

bool is_spa5(Architecture arch) { return generation_info(arch).word == WordFormat::spa5_64; }

std::string architecture_names() {
  std::string out;
  for (const ArchitectureInfo& arch : table) {
    if (!out.empty()) out += ' ';
    out += arch.name;
  }
  return out;
}

bool uniform_register_exists(Architecture architecture, uint8_t number) {
  const unsigned bits = generation_info(architecture).uniform_register_bits;
  if (bits == 0) return false;
  return number == URZ || number < (1u << bits) - 1;  // the field's all-ones code is URZ
}

std::string_view first_architecture_with_uniform_register(uint8_t number) {
  for (const ArchitectureInfo& arch : table)
    if (uniform_register_exists(arch.architecture, number)) return arch.name;
  return "no architecture";
}

std::string_view first_architecture_with(bool GenerationInfo::*has) {
  for (const ArchitectureInfo& arch : table)
    if (generations[static_cast<size_t>(arch.generation)].*has) return arch.name;
  return "no architecture";
}

}  // namespace gpuatom::nvidia
