// A .visaasm file read as asm and check read it (gpuatom/intel/read_visa.hpp): platform, surface
// bindings and validation, and the refusals that name the option.
#include "gpuatom/intel/read_visa.hpp"

#include <gtest/gtest.h>

#include <fstream>
#include <sstream>

#include "common/scratch_file.hpp"
#include "gpuatom/support/input_error.hpp"

using namespace gpuatom;

namespace {
// The clean gen9 lines of the mc corpus, without the corpus's own # lines (RUN: and comments).
std::string clean_gen9_text() {
  std::ifstream in(std::string(GPUATOM_SOURCE_DIR) + "/tests/intel/mc/clean-gen9.visaasm");
  std::string line, text;
  while (std::getline(in, line))
    if (!line.starts_with("#")) text += line + "\n";
  return text;
}

intel::VisaReadOptions gen9_bound() {
  intel::VisaReadOptions options;
  options.platform = "gen9";
  options.bindings = {"S1D=1d", "S1DA=1d_array", "S2D=2d", "S2DA=2d_array", "S3D=3d"};
  return options;
}
}  // namespace

TEST(ReadVisa, CleanFileReadsWithoutDiagnostics) {
  const gpuatom::testing::ScratchFile clean_gen9(clean_gen9_text(), ".visaasm");
  support::Diagnostics diagnostics;
  const intel::Module module = intel::read_visa_file(clean_gen9.path(), gen9_bound(), diagnostics, false);
  EXPECT_EQ(diagnostics.format_all(), "");
  EXPECT_FALSE(module.instructions.empty());
}

TEST(ReadVisa, RefusesUnknownPlatformsAndBadBindings) {
  const gpuatom::testing::ScratchFile clean_gen9(clean_gen9_text(), ".visaasm");
  support::Diagnostics diagnostics;
  intel::VisaReadOptions options = gen9_bound();
  options.platform = "gen99";
  EXPECT_THROW(intel::read_visa_file(clean_gen9.path(), options, diagnostics, false), support::InputError);
  options = gen9_bound();
  options.bindings.push_back("NOPE=2d");
  try {
    intel::read_visa_file(clean_gen9.path(), options, diagnostics, false);
    FAIL() << "no error";
  } catch (const support::InputError& e) {
    EXPECT_STREQ(e.what(), "--bind NOPE=2d: no surface named NOPE is declared (v_type=T)");
  }
}
