// Checks an Instruction against every rule the ATOM and SUATOM pages state, and the spec's
// decisions where they are silent (docs/spec/nvidia.md §4–§8, §10): op × size legality, CAS register
// pairing, 64-bit register pairs, RZ restrictions, immediate ranges, sparse-predicate forms,
// surface coordinate alignment. Each diagnostic names its rule and points at the token.
#pragma once

#include <optional>
#include <string_view>

#include "gpuatom/nvidia/instruction.hpp"
#include "gpuatom/nvidia/text/parser.hpp"
#include "gpuatom/support/diagnostic.hpp"

namespace gpuatom::nvidia {

// How a broken rule of the pages is reported: an error (text a person wrote: `check`, `asm`), or
// a warning (a word as the hardware field holds it and nvdisasm prints it: `disasm`, decode(),
// `asm --rules-as-warnings`).
enum class RuleSeverity : uint8_t { error, warning };

// Adds errors (the instruction breaks a rule: it does not execute) and warnings (valid, but
// probably not what was meant) to `diagnostics`; with RuleSeverity::warning, both as warnings.
void validate(const Instruction& instruction, support::Diagnostics& diagnostics,
              RuleSeverity rules = RuleSeverity::error);

// Why `size` has no form on `arch` (a .128 or vector atomic before its generation): "a vector
// atomic does not exist on sm_80 (Ampere): it exists from sm_90"; nothing when it has one. The
// validator's rule for --arch text, and alu's for --arch.
std::optional<std::string> missing_size_form(Architecture arch, Size size);
// The feature a size needs on sm_70+ (Feature::b128 for .128), if any.
std::optional<Feature> size_feature(Size size);
// "{form} does not exist on sm_80 (Ampere): it exists from sm_90": the message of every refusal
// of a form the architecture lacks, naming first_with(feature).
std::string missing_feature(Architecture arch, std::string_view form, Feature feature);
// "sm_50 has no sparse predicate Ps forms (nvdisasm SM50 refuses them): they exist from sm_52":
// the validator's and the SPA 5.0 encoder's and decoder's refusal of Feature::ps_forms.
std::string missing_ps_form(Architecture arch);

// Parses and validates a whole source: parse_sass() then validate() on every instruction, the
// diagnostics in line order. What `gpuatom check sass [--arch sm_XY]` runs: with an
// architecture, every line is read and checked for it (parse_sass()).
ParsedSass check_sass(std::string_view source, std::string_view file = "-",
                      std::optional<Architecture> architecture = std::nullopt);
// The same with the rules of the pages (illegal op × size, register pairs, reserved codes) at
// `rules`' severity: RuleSeverity::warning reports them as `disasm sass` does (what `asm sass` and
// `check sass` --rules-as-warnings run), so every line disasm prints assembles back to its word.
ParsedSass check_sass(std::string_view source, std::string_view file, std::optional<Architecture> architecture,
                      RuleSeverity rules);

}  // namespace gpuatom::nvidia
