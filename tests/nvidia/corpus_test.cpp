// docs/spec/nvidia.md §12 and the seed pages' own examples: real disassembler text parses, validates
// and prints back character for character (including a missing " ;").
#include <gtest/gtest.h>

#include "gpuatom/nvidia/text/printer.hpp"
#include "nvidia/sass_test_support.hpp"

using namespace gpuatom::nvidia;

TEST(SassCorpus, EveryLineParsesValidatesAndPrintsBackIdentically) {
  const auto lines = sass_test::corpus_lines("corpus.sass", "//");
  ASSERT_EQ(lines.size(), 25u) << "docs/spec/nvidia.md §12 has 25 lines";
  for (const std::string& line : lines) {
    const ParsedSass checked = check_sass(line, "corpus.sass");
    EXPECT_FALSE(checked.diagnostics.has_errors()) << line << "\n" << checked.diagnostics.format_all();
    ASSERT_EQ(checked.instructions.size(), 1u) << line;
    EXPECT_EQ(print(checked.instructions[0]), line);
  }
}

TEST(SassCorpus, DialectFollowsTheSpelling) {
  const auto lines = sass_test::corpus_lines("corpus.sass", "//");
  for (size_t i = 0; i < lines.size(); ++i) {
    const Instruction inst = sass_test::parse_one(lines[i]);
    // Lines 1–10 are sm_5x/6x. Line 14 (ATOMS.CAST.SPIN.64 from sm_70) is also valid SPA 5.0
    // text and reads as such; every other later line uses sm_70+ spellings.
    const bool spa5 = i < 10 || i == 13;
    EXPECT_EQ(inst.dialect, spa5 ? Dialect::spa5 : Dialect::modern) << lines[i];
  }
}

TEST(SassCorpus, SeedPageExamplesParseAndPrintCanonically) {
  // Seed 000 and 002 examples (docs/spec/nvidia.md §10.2), with the seed's spacing and `#` comments.
  const std::pair<const char*, const char*> examples[] = {
      {"ATOM.ADD.F32.FTZ.RN    R0, [R1 - 400], R9;      #", "ATOM.ADD.F32.FTZ.RN R0, [R1+-0x190], R9 ;"},
      {"ATOM.ADD.U64           R0, [R4 + 8], R2;        # even-odd registers for 64-bit ops",
       "ATOM.ADD.U64 R0, [R4+0x8], R2 ;"},
      {"ATOM.ADD.S32           R9, [0xfff00], R8;       # absolute 20-bit address", "ATOM.ADD.S32 R9, [0xfff00], R8 ;"},
      {"ATOM.MIN.S64           R0, [R4 + 8], R2;        # signed min stored", "ATOM.MIN.S64 R0, [R4+0x8], R2 ;"},
      {"SUATOM.D.2D.ADD.IGN R10, [R2], R4, R1; // Coordinates in R2 and R3.",
       "SUATOM.D.2D.ADD.IGN R10, [R2], R4, R1 ;"},
  };
  for (const auto& [source, canonical] : examples) {
    const ParsedSass checked = check_sass(source, "seed");
    EXPECT_FALSE(checked.diagnostics.has_errors()) << source << "\n" << checked.diagnostics.format_all();
    ASSERT_EQ(checked.instructions.size(), 1u) << source;
    EXPECT_EQ(print(checked.instructions[0]), canonical);
  }
}

TEST(SassCorpus, AWholeFileKeepsLineNumbers) {
  const std::string source =
      "// header comment\n"
      "\n"
      "ATOM.E.ADD R5, [R4], R9 ;\r\n"
      "   # indented comment\n"
      "RED.E.ADD [R2], R3\n";
  const ParsedSass parsed = parse_sass(source, "f.sass");
  ASSERT_FALSE(parsed.diagnostics.has_errors()) << parsed.diagnostics.format_all();
  ASSERT_EQ(parsed.instructions.size(), 2u);
  EXPECT_EQ(parsed.instructions[0].where.line, 3u);
  EXPECT_EQ(parsed.instructions[1].where.line, 5u);
  EXPECT_EQ(parsed.instructions[1].where.file, "f.sass");
  EXPECT_FALSE(parsed.instructions[1].terminated);
}
