// One platform table (platform.hpp) is the single source of every per-platform fact: for each
// feature and each platform, the validator, the encoder/decoder and `gpuatom alu`'s library path
// (intel/text/spelling.hpp + validate_platform) agree — accepted where the platform has the
// feature, refused or warned elsewhere with a message generated from the table — and
// platform_names() is the platform list help texts and errors show.
#include <fmt/format.h>
#include <gtest/gtest.h>

#include <map>
#include <string>
#include <variant>
#include <vector>

#include "cli/run_cli.hpp"
#include "gpuatom/intel/binary/decoder.hpp"
#include "gpuatom/intel/binary/encoder.hpp"
#include "gpuatom/intel/platform.hpp"
#include "gpuatom/intel/text/spelling.hpp"
#include "intel/visa_test_support.hpp"

namespace {

using namespace visa_test;
using support::Severity;

// An instruction that needs the feature: its line for the validator (after the test prelude), its
// spelling for `gpuatom alu` ("" when alu cannot spell what the feature is about), the fragment
// every diagnostic about the feature carries, and what that diagnostic names from the table.
struct FeatureCase {
  Feature feature;
  const char* line;
  const char* spelling;
  const char* marker;
  Severity severity;
};

const std::vector<FeatureCase>& cases() {
  static const std::vector<FeatureCase> list = {
      {Feature::atomics_16bit, "svm_atomic.add.16 (M1, 8) ADDR.0 SW.0 SW.0 %null.0", "svm_atomic.add.16",
       "16-bit atomics are", Severity::error},
      {Feature::svm_64bit, "svm_atomic.add.64 (M1, 8) ADDR.0 D64.0 S64.0 %null.0", "svm_atomic.add.64",
       "64-bit SVM atomics", Severity::error},
      {Feature::predec, "svm_atomic.predec (M1, 8) ADDR.0 DST.0 %null.0 %null.0", "svm_atomic.predec", "no PREDEC",
       Severity::error},
      {Feature::exec_size_16, "svm_atomic.add (M1, 16) ADDR.0 DST.0 SRC.0 %null.0", "", "16 only with",
       Severity::error},
      {Feature::float_add, "svm_atomic.fadd (M1, 8) ADDR.0 FD.0 SF.0 %null.0", "svm_atomic.fadd", "float-add atomics",
       Severity::warning},
      {Feature::float_64, "svm_atomic.fmax.64 (M1, 8) ADDR.0 DDF.0 SDF.0 %null.0", "svm_atomic.fmax.64",
       "64-bit float atomics", Severity::warning},
      {Feature::lsc, "lsc_atomic_iadd.ugm (M1, 8) DST:d32 flat[ADDR]:a64 SRC %null", "lsc_atomic_iadd.ugm",
       "no LSC atomics", Severity::error},
      {Feature::lsc_typed, "lsc_atomic_iadd.tgm (M1, 8) DST:d32 bti(0x2)[XC, YC]:a32 SRC %null", "lsc_atomic_iadd.tgm",
       "no typed LSC atomics", Severity::error},
      {Feature::lsc_scaled_index, "lsc_atomic_iadd.ugm (M1, 8) DST:d32 flat(ADDR)[0x4*ADDRQ+0x1000]:a64 SRC %null", "",
       "no base register in a flat address", Severity::error},
      {Feature::lsc_slm_float_add, "lsc_atomic_fadd.slm (M1, 8) FD:d32 flat[ADDR32]:a32 SF %null", "",
       "fadd and fsub take .ugm or .ugml only", Severity::error},
      {Feature::legacy_dataport, "svm_atomic.add (M1, 8) ADDR.0 DST.0 SRC.0 %null.0", "svm_atomic.add",
       "no legacy data-port atomics", Severity::error},
  };
  return list;
}

// What a diagnostic about a feature the platform lacks names: where the feature is (or, for one
// that is lost, where it ends), generated from the table.
std::string named_from_table(Feature feature) {
  if (feature == Feature::exec_size_16) return platforms_with(feature, ", ", " or ");
  if (feature == Feature::predec) return from_on(*first_platform_without(feature));
  if (feature == Feature::atomics_16bit) return std::string(igc_name(*first_platform_with(feature)));
  if (feature == Feature::legacy_dataport) {
    Platform last = all_platforms().front();
    for (Platform p : all_platforms())
      if (has(p, feature)) last = p;
    return fmt::format("are {} to {}", igc_name(all_platforms().front()), igc_name(last));
  }
  return availability(feature);
}

std::vector<support::Diagnostic> about(const support::Diagnostics& diagnostics, const char* marker) {
  std::vector<support::Diagnostic> out;
  for (const support::Diagnostic& d : diagnostics.all())
    if (d.message.find(marker) != std::string::npos) out.push_back(d);
  return out;
}

TEST(IntelPlatformTable, EveryFeatureIsGainedOrLostOnceAlongTheTable) {
  for (Feature f : all_features()) {
    int changes = 0;
    for (size_t i = 1; i < all_platforms().size(); ++i)
      changes += has(all_platforms()[i - 1], f) != has(all_platforms()[i], f);
    EXPECT_LE(changes, 1) << name(f);
    EXPECT_TRUE(first_platform_with(f).has_value()) << name(f) << " is on no platform";
  }
  EXPECT_EQ(availability(Feature::float_add), "from XeHP on");
  EXPECT_EQ(availability(Feature::lsc_typed), "from PVC on");
  EXPECT_EQ(availability(Feature::lsc_scaled_index), "Xe3P only");
  EXPECT_EQ(from_on(*first_platform_without(Feature::predec)), "from XeHP on");
}

TEST(IntelPlatformTable, EveryFeatureHasACase) {
  for (Feature f : all_features()) {
    if (f == Feature::grf_64_bytes) continue;  // a size, not a refusal: GrfSizeIsTheTables checks it
    bool found = false;
    for (const FeatureCase& c : cases()) found |= c.feature == f;
    EXPECT_TRUE(found) << name(f);
  }
}

TEST(IntelPlatformTable, ValidatorAndAluAgreeOnEveryFeatureAndPlatform) {
  for (const FeatureCase& c : cases()) {
    for (Platform p : all_platforms()) {
      SCOPED_TRACE(fmt::format("{} on {}", name(c.feature), name(p)));
      const Checked checked = check(std::string(c.line) + "\n", p);
      const bool legacy_form = std::string_view(c.line).substr(0, 4) != "lsc_";
      if (legacy_form && c.feature != Feature::legacy_dataport && !has(p, Feature::legacy_dataport)) {
        // Without the data-port messages the form itself is refused, and that is all it is told.
        EXPECT_EQ(about(checked.diagnostics, "no legacy data-port atomics").size(), 1u)
            << all_text(checked.diagnostics);
        EXPECT_TRUE(about(checked.diagnostics, c.marker).empty()) << all_text(checked.diagnostics);
        continue;
      }
      const std::vector<support::Diagnostic> found = about(checked.diagnostics, c.marker);
      if (has(p, c.feature)) {
        EXPECT_TRUE(found.empty()) << all_text(checked.diagnostics);
      } else {
        ASSERT_EQ(found.size(), 1u) << all_text(checked.diagnostics);
        EXPECT_EQ(found[0].severity, c.severity);
        EXPECT_NE(found[0].message.find(named_from_table(c.feature)), std::string::npos) << found[0].message;
        if (c.feature != Feature::exec_size_16) {  // that one names the platforms that have it
          EXPECT_NE(found[0].message.find(fmt::format("the {} profile", name(p))), std::string::npos)
              << found[0].message;
        }
      }
      if (*c.spelling == '\0') continue;
      // `gpuatom alu intel SPELLING --platform p`: the same rule, the same words.
      const auto spelled = parse_spelling(c.spelling, Form::svm);
      ASSERT_TRUE(std::holds_alternative<Instruction>(spelled)) << std::get<std::string>(spelled);
      support::Diagnostics alu;
      validate_platform(std::get<Instruction>(spelled), p, alu);
      ASSERT_EQ(alu.all().size(), found.size()) << alu.format_all();
      if (!found.empty()) {
        EXPECT_EQ(alu.all()[0].message, found[0].message);
        EXPECT_EQ(alu.all()[0].severity, found[0].severity);
      }
    }
  }
}

// The bytes of an instruction do not depend on the platform: the encoder and decoder take every
// feature's instruction alike, and the platform's word is the validator's alone.
TEST(IntelPlatformTable, EncoderAndDecoderTakeEveryFeaturesInstruction) {
  for (const FeatureCase& c : cases()) {
    SCOPED_TRACE(name(c.feature));
    const Checked checked = check(std::string(c.line) + "\n", Platform::pvc);
    ASSERT_EQ(checked.module.instructions.size(), 1u) << all_text(checked.diagnostics);
    std::vector<uint8_t> bytes;
    const auto refused = encode(checked.module.instructions[0], bytes);
    ASSERT_FALSE(refused) << *refused;
    support::Diagnostics diagnostics;
    const std::vector<Instruction> decoded = decode(bytes, "bytes", {}, diagnostics);
    ASSERT_EQ(decoded.size(), 1u) << diagnostics.format_all();
    EXPECT_TRUE(decoded[0].same_fields(checked.module.instructions[0]));
  }
}

TEST(IntelPlatformTable, GrfSizeIsTheTables) {
  // SRC.32 lies 32 bytes into SRC: one GRF on a 32-byte platform, half of one on a 64-byte one.
  for (Platform p : all_platforms()) {
    SCOPED_TRACE(name(p));
    EXPECT_EQ(grf_bytes(p), has(p, Feature::grf_64_bytes) ? 64 : 32);
    const Checked checked = check("svm_atomic.add (M1, 8) ADDR.0 DST.0 SRC.32 %null.0\n", p);
    EXPECT_EQ(about(checked.diagnostics, "is not GRF-aligned").size(), has(p, Feature::grf_64_bytes) ? 1u : 0u)
        << all_text(checked.diagnostics);
  }
}

TEST(IntelPlatformTable, PlatformNamesIsTheOnlyList) {
  std::string names;
  for (Platform p : all_platforms()) {
    names += fmt::format("{}{}", names.empty() ? "" : " ", name(p));
    EXPECT_EQ(parse_platform(name(p)), p);
  }
  EXPECT_EQ(platform_names(), names);
  EXPECT_EQ(platform_names(), "gen9 gen12 xehp dg2 pvc xe2 xe3 xe3p");
  EXPECT_EQ(platform_names(", ", " or "), "gen9, gen12, xehp, dg2, pvc, xe2, xe3 or xe3p");
  const CliRun help = run_gpuatom("alu --help");
  EXPECT_NE(help.out.find(fmt::format("({})", platform_names(", "))), std::string::npos) << help.out;
  const CliRun wrong = run_gpuatom("alu intel add --platform gen11 --old 1 --src0 1");
  EXPECT_NE(wrong.out.find("expected " + platform_names(", ", " or ")), std::string::npos) << wrong.out;
}

}  // namespace
