// The architecture table is the one home of every per-architecture fact: for each Feature, the
// validator, the encoders, the decoders and the rule `alu --arch` asks (missing_size_form) agree
// with has() on every architecture, and a refusal names first_with(feature).
#include <fmt/format.h>
#include <gtest/gtest.h>

#include <optional>
#include <set>
#include <string>
#include <variant>

#include "gpuatom/nvidia/architecture.hpp"
#include "gpuatom/nvidia/binary/decoder.hpp"
#include "gpuatom/nvidia/binary/encoder.hpp"
#include "gpuatom/nvidia/binary/sass128.hpp"
#include "gpuatom/nvidia/opcodes.hpp"
#include "gpuatom/nvidia/text/parser.hpp"
#include "gpuatom/nvidia/text/printer.hpp"
#include "gpuatom/nvidia/validator.hpp"

using namespace gpuatom::nvidia;

namespace {

// The validator's errors for the line read for `arch`, joined; "" when it is accepted.
std::string validator_errors(const std::string& line, Architecture arch) {
  const ParsedSass checked = check_sass(line, "t.sass", arch);
  std::string out;
  for (const auto& d : checked.diagnostics.all())
    if (d.severity == gpuatom::support::Severity::error) out += d.message + "\n";
  return out;
}

// The line read for `arch` without the validator's rules (what the encoder is given).
Instruction read_instruction(const std::string& line, Architecture arch) {
  const ParsedSass parsed = parse_sass(line, "t.sass", arch);
  EXPECT_EQ(parsed.instructions.size(), 1u) << line << " on " << name(arch);
  return parsed.instructions.empty() ? Instruction{} : parsed.instructions.front();
}

// The word of the line on `arch` (a 64-bit word in `lo` on SPA 5.0), or the encoder's refusal.
std::variant<Word128, std::string> encoded(const std::string& line, Architecture arch) {
  const Instruction inst = read_instruction(line, arch);
  if (is_spa5(arch)) {
    const auto word = encode(inst, arch);
    if (const auto* refused = std::get_if<gpuatom::support::Diagnostic>(&word)) return refused->message;
    return Word128{std::get<uint64_t>(word), 0};
  }
  const auto word = encode128(inst, arch);
  if (const auto* refused = std::get_if<gpuatom::support::Diagnostic>(&word)) return refused->message;
  return std::get<Word128>(word);
}

// What the decoder prints for the word on `arch`, or its refusal (starting "refused: ").
std::string decoded(const Word128& word, Architecture arch) {
  if (is_spa5(arch)) {
    const Decoded d = decode(word.lo, {}, arch);
    for (const auto& diagnostic : d.diagnostics.all())
      if (diagnostic.severity == gpuatom::support::Severity::error) return "refused: " + diagnostic.message;
    return d.instruction ? print(*d.instruction) : "refused: nothing";
  }
  const auto d = decode128(word, arch, {});
  if (const auto* refused = std::get_if<gpuatom::support::Diagnostic>(&d)) return "refused: " + refused->message;
  return print(std::get<Instruction>(d));
}

// A feature whose lack the validator refuses, a line that needs it, and whether the encoder and
// the decoder refuse it too.
struct Needs {
  Feature feature;
  const char* line;
  bool spa5;  // the line is SPA 5.0 text, read on sm_5x/sm_6x; otherwise sm_70+ text
  // The encoder refuses the line where the feature is missing (a ?PMn hint, a .128 size).
  bool encoder_refuses = true;
  // The decoder does not read the first architecture's word as the line where the feature is
  // missing. Not so for a form ptxas emits from first_with() while nvdisasm reads its word on
  // every sm_70+ architecture (ATOM.E.CAST.SPIN: op code 3), nor for the ?PMn bits, which the
  // other architectures leave unread (kept, never printed).
  bool decoder_refuses = true;
};

constexpr Needs refused_features[] = {
    {Feature::b128, "ATOMS.CAS.128 R16, [R3], R16, R20 ;", false},
    {Feature::vector_atomics, "ATOMG.E.ADD.F32x4.FTZ.RN.STRONG.GPU PT, R4, desc[UR4][R2.64], R4 ;", false},
    {Feature::f32_without_ftz, "ATOMG.E.ADD.F32.RN.STRONG.GPU PT, R4, desc[UR4][R2.64], R4 ;", false},
    {Feature::atom_cast_spin, "ATOM.E.CAST.SPIN PT, R11, [R18], R10, R11 ;", false, false, false},
    {Feature::pm_hint, "ATOMS.ADD RZ, [R2], R4 ?PM1 ;", false, true, false},
    {Feature::ps_forms, "ATOM.E.ADD P0, R0, [R2], R4 ;", true},
};

// Every architecture of the line's dialect.
std::vector<Architecture> domain(bool spa5) {
  std::vector<Architecture> out;
  for (const Architecture a : architectures())
    if (is_spa5(a) == spa5) out.push_back(a);
  return out;
}

}  // namespace

TEST(FeatureTable, EveryFeatureIsNamedOnceAndFirstWithIsTheTablesFirst) {
  std::set<std::string> names;
  for (size_t i = 0; i < features().size(); ++i) {
    const Feature f = features()[i];
    EXPECT_EQ(static_cast<size_t>(f), i);
    EXPECT_FALSE(name(f).empty());
    EXPECT_TRUE(names.insert(std::string(name(f))).second) << name(f);
    std::string first = "no architecture";
    for (const Architecture a : architectures())
      if (has(a, f)) {
        first = std::string(name(a));
        break;
      }
    EXPECT_EQ(first_with(f), first) << name(f);
    EXPECT_NE(first, "no architecture") << name(f) << " is on no architecture";
  }
}

TEST(FeatureTable, ValidatorEncoderAndDecoderAgreeWithHas) {
  for (const Needs& needs : refused_features) {
    const std::string first(first_with(needs.feature));
    const auto source = encoded(needs.line, *parse_architecture(first));
    ASSERT_TRUE(std::holds_alternative<Word128>(source)) << needs.line << ": " << std::get<std::string>(source);
    for (const Architecture arch : domain(needs.spa5)) {
      const std::string where = fmt::format("{} on {} ({})", needs.line, name(arch), name(needs.feature));
      const std::string errors = validator_errors(needs.line, arch);
      const std::string line = print(read_instruction(needs.line, arch));
      const auto word = encoded(needs.line, arch);
      if (has(arch, needs.feature)) {
        EXPECT_EQ(errors, "") << where;
        ASSERT_TRUE(std::holds_alternative<Word128>(word)) << where << ": " << std::get<std::string>(word);
        EXPECT_EQ(decoded(std::get<Word128>(word), arch), line) << where;
        continue;
      }
      EXPECT_NE(errors.find(first), std::string::npos) << where << ": " << errors;
      if (needs.encoder_refuses) {
        ASSERT_TRUE(std::holds_alternative<std::string>(word)) << where;
        EXPECT_NE(std::get<std::string>(word).find(first), std::string::npos)
            << where << ": " << std::get<std::string>(word);
      }
      const std::string text = decoded(std::get<Word128>(source), arch);
      if (needs.decoder_refuses) {
        EXPECT_NE(text, line) << where;
      }
      if (needs.spa5) {
        EXPECT_NE(text.find(first), std::string::npos) << where << ": " << text;
      }
    }
  }
}

TEST(FeatureTable, EncodingAndSpellingFeaturesAreTheTablesAnswers) {
  for (const Architecture arch : architectures()) {
    const std::string at(name(arch));
    // SPA 5.0 size codes (opcodes.cpp): code 4 is .U128 on sm_50 and F16x2 after; ATOM code 6 F64.
    if (is_spa5(arch)) {
      EXPECT_EQ(size_from_code(SizeField::atom, 4, arch) == Size::U128, has(arch, Feature::atom_size4_u128)) << at;
      EXPECT_EQ(size_from_code(SizeField::surface, 4, arch).has_value(), has(arch, Feature::f16x2_atomics)) << at;
      EXPECT_EQ(size_from_code(SizeField::atom, 6, arch).has_value(), has(arch, Feature::f64_atomics)) << at;
    }
    EXPECT_EQ(decoded_size_spelling(Size::F16x2, arch) == ".F16x2.FTZ.RN", has(arch, Feature::f16x2_ftz_spelling))
        << at;
    EXPECT_EQ(decoded_size_spelling(Size::U128, arch) == ".U128", has(arch, Feature::atom_size4_u128)) << at;
    EXPECT_EQ(uniform_register_exists(arch, 62), has(arch, Feature::uniform_registers)) << at;
    EXPECT_EQ(uniform_register_exists(arch, 100), has(arch, Feature::wide_uniform_registers)) << at;
    EXPECT_EQ(first_architecture_with_uniform_register(100), first_with(Feature::wide_uniform_registers));
    EXPECT_EQ(first_architecture_with_uniform_register(62), first_with(Feature::uniform_registers));
    if (!is_spa5(arch)) {
      // Each Size that needs a feature is refused by alu's rule exactly where it is missing.
      for (const Size size : {Size::U128, Size::F32x4, Size::F32_RN}) {
        const auto why = missing_size_form(arch, size);
        EXPECT_EQ(why.has_value(), !has(arch, *size_feature(size))) << at;
        if (why) {
          EXPECT_NE(why->find(first_with(*size_feature(size))), std::string::npos) << *why;
        }
      }
      // The validator warns where a spelling is another architecture's (ATOMS.CAST.SPIN's Pu).
      const std::string predicate =
          check_sass("ATOMS.CAST.SPIN P0, [R2], R4, R5 ;", "t.sass", arch).diagnostics.all().empty() ? "quiet"
                                                                                                     : "warned";
      EXPECT_EQ(predicate == "quiet", has(arch, Feature::atoms_cast_spin_predicate)) << at;
    }
  }
}
