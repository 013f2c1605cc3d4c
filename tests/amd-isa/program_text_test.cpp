// What `asm amd` and `check amd` print of a program (gpuatom/amd/isa/program_text.hpp): llvm-mc's
// listing, with -show-encoding's bytes when asked, and check's summary line.
#include "gpuatom/amd/isa/program_text.hpp"

#include <gtest/gtest.h>

#include <string>

namespace gpuatom::amd::isa {
namespace {

TEST(ProgramText, ListingAsLlvmMcPrintsIt) {
  const Target& gfx90a = *find_target("gfx90a");
  const Program program = parse("global_atomic_add v0, v[2:3], v1, off glc\n", gfx90a, "k.s");
  ASSERT_TRUE(program.diagnostics.empty());
  EXPECT_EQ(program_listing(program, gfx90a, false), "global_atomic_add v0, v[2:3], v1, off glc\n");
  EXPECT_EQ(program_listing(program, gfx90a, true),
            "global_atomic_add v0, v[2:3], v1, off glc ; encoding: [0x00,0x80,0x09,0xdd,0x02,0x01,0x7f,0x00]\n");
}

TEST(ProgramText, CheckSummaryCountsInstructionsErrorsAndWarnings) {
  const Target& gfx942 = *find_target("MI300X");
  Program program;
  support::Diagnostics diagnostics;
  EXPECT_EQ(check_summary("k.s", program, gfx942, diagnostics),
            "k.s: 0 instructions for gfx942, 0 errors, 0 warnings\n");
  program = parse("global_atomic_add_f32 v1, v0, s[0:1]\n", gfx942, "k.s");
  diagnostics.error({"k.s", 2, 1, std::nullopt}, "bad");
  diagnostics.warning({"k.s", 3, 1, std::nullopt}, "odd");
  EXPECT_EQ(check_summary("k.s", program, gfx942, diagnostics), "k.s: 1 instruction for gfx942, 1 error, 1 warning\n");
}

}  // namespace
}  // namespace gpuatom::amd::isa
