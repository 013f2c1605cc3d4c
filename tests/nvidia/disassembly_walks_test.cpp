// The walks `disasm sass` makes (nvidia/disassembly_walks.hpp) and the two passes they drive
// (nvidia/disassembly_pass.hpp): what each walk reads, what it reports, and what the lister writes.
#include "gpuatom/nvidia/disassembly_walks.hpp"

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "gpuatom/nvidia/binary/decoder.hpp"
#include "gpuatom/support/input_error.hpp"

namespace gpuatom::nvidia {
namespace {

// Surveys, then lists as text: what `disasm sass` prints for the walk when the survey is clean.
struct Listed {
  bool failed = false;
  uint64_t instructions = 0;
  std::vector<std::string> errors;
  std::string out;
};

template <typename Walk>
Listed list(const Walk& walk, bool control = false, DisassemblyLister::Render render = {}) {
  Listed listed;
  DisassemblySurvey survey(control);
  walk(survey);
  listed.failed = survey.failed();
  listed.instructions = survey.instructions();
  for (const support::Diagnostic& d : survey.errors().all()) listed.errors.push_back(d.message);
  if (listed.failed) return listed;
  {
    DisassemblyLister lister(control, survey.widths(), render,
                             [&](std::string_view out) { listed.out.append(out.data(), out.size()); });
    walk(lister);
  }
  return listed;
}

TEST(DisassemblyWalks, HexWordsWithOrWithout0x) {
  EXPECT_EQ(parse_hex_word("0xed07000100570200"), 0xed07000100570200u);
  EXPECT_EQ(parse_hex_word("ED07000100570200"), 0xed07000100570200u);
  EXPECT_FALSE(parse_hex_word("0x"));
  EXPECT_FALSE(parse_hex_word("0x1ed07000100570200"));  // 17 digits
  EXPECT_FALSE(parse_hex_word("0xg"));
  EXPECT_TRUE(spelt_as_word("0xABCDEF0123456789ff"));  // spelt as one, though too long to be one
  EXPECT_FALSE(spelt_as_word("kernel.cubin"));
  EXPECT_FALSE(spelt_as_word("0x"));
}

TEST(DisassemblyWalks, ArgumentWordsListAsTheirTexts) {
  const std::vector<std::string> words = {"0xed07000100570200", "ebf9000000370233", "0xEEF3FFFF80CA0608"};
  const Listed l = list([&](DisassemblyPass& p) { walk_argument_words(words, Architecture::sm_61, false, p); });
  EXPECT_FALSE(l.failed);
  EXPECT_EQ(l.instructions, 3u);
  EXPECT_EQ(l.out,
            "ATOM.E.ADD.F32.FTZ.RN R0, [R2+0x10], R5 ;\n"
            "RED.E.ADD.F32.FTZ.RN [R2], R51 ;\n"
            "@!P2 ATOM.E.CAS.64 R8, [R6+-0x8], R12, R14 ;\n");
}

TEST(DisassemblyWalks, TwoHalvesWithoutAnArchitectureSayToGiveOne) {
  const std::vector<std::string> words = {"0x000000040a0079a8", "0x004e2800081ee1c6"};
  const Listed l = list([&](DisassemblyPass& p) { walk_argument_words(words, default_word_architecture, false, p); });
  ASSERT_TRUE(l.failed);
  ASSERT_EQ(l.errors.size(), 1u);
  EXPECT_NE(l.errors[0].find("give --arch (--arch sm_75, say)"), std::string::npos) << l.errors[0];
  const Listed wide = list([&](DisassemblyPass& p) { walk_argument_words(words, Architecture::sm_90, true, p); });
  EXPECT_FALSE(wide.failed);
  EXPECT_EQ(wide.instructions, 1u);
  EXPECT_NE(wide.out.find("ATOMG"), std::string::npos) << wide.out;
}

TEST(DisassemblyWalks, TextWordsSkipCommentsAndNameBadLines) {
  const Listed good = list([](DisassemblyPass& p) {
    walk_text_words("# words\n0xed07000100570200 // ATOM\n\n", "w.txt", Architecture::sm_61, false, p);
  });
  EXPECT_EQ(good.out, "ATOM.E.ADD.F32.FTZ.RN R0, [R2+0x10], R5 ;\n");
  const Listed bad =
      list([](DisassemblyPass& p) { walk_text_words("  zz\n0x1 0x2\n", "w.txt", Architecture::sm_61, false, p); });
  ASSERT_EQ(bad.errors.size(), 2u);
  EXPECT_EQ(bad.errors[0], "'zz' is not a 64-bit hex word (one per line, e.g. 0xed07000100570200)");
  EXPECT_NE(bad.errors[1].find("128-bit word's halves"), std::string::npos) << bad.errors[1];
  EXPECT_EQ(bad.instructions, 0u);
}

TEST(DisassemblyWalks, JsonRendererGetsEachAtomicsWordAndLine) {
  std::vector<ListedAtomic> seen;
  const Listed l = list(
      [](DisassemblyPass& p) {
        walk_text_words("\n0x000000040a0079a8 0x004e2800081ee1c6\n", "w.txt", Architecture::sm_90, true, p);
      },
      false,
      [&](const ListedAtomic& a) {
        seen.push_back(a);
        return std::string(a.text) + "|\n";
      });
  ASSERT_EQ(seen.size(), 1u);
  EXPECT_EQ(seen[0].word, 0x000000040a0079a8u);
  EXPECT_EQ(seen[0].word_high, 0x004e2800081ee1c6u);
  EXPECT_EQ(seen[0].line, 2u);
  EXPECT_FALSE(seen[0].kernel);
  EXPECT_TRUE(l.out.ends_with("|\n")) << l.out;
}

TEST(DisassemblyWalks, ControlCommentOnlyOn128BitWords) {
  const std::vector<std::string> words = {"0x000000040a0079a8", "0x004e2800081ee1c6"};
  const Listed l = list([&](DisassemblyPass& p) { walk_argument_words(words, Architecture::sm_90, true, p); }, true);
  EXPECT_NE(l.out.find("  /* stall"), std::string::npos) << l.out;
  EXPECT_NO_THROW(require_control_bits(true, Architecture::sm_90, "--arch sm_90"));
  EXPECT_NO_THROW(require_control_bits(false, Architecture::sm_52, "--arch sm_52"));
  EXPECT_THROW(require_control_bits(true, Architecture::sm_52, "--arch sm_52"), support::InputError);
}

TEST(DisassemblyWalks, CubinArchitectureTakesOnlyItsOwnVariants) {
  Cubin cubin{Architecture::sm_90, false, {}};
  EXPECT_EQ(cubin_code_architecture(cubin, std::nullopt, "k.cubin"), Architecture::sm_90);
  EXPECT_EQ(cubin_code_architecture(cubin, Architecture::sm_90a, "k.cubin"), Architecture::sm_90a);
  try {
    cubin_code_architecture(cubin, Architecture::sm_80, "k.cubin");
    FAIL() << "sm_80 taken for sm_90 code";
  } catch (const support::InputError& e) {
    EXPECT_STREQ(e.what(), "k.cubin: the cubin is code for sm_90 (its ELF header), not --arch sm_80");
  }
}

TEST(DisassemblyWalks, ListingWordsAreListedUnderTheirHeader) {
  const std::string listing =
      "\tcode for sm_61\n"
      "\t\tFunction : add\n"
      "        /*0008*/                   ATOM.E.ADD.F32.FTZ.RN R0, [R2+0x10], R5 ;  /* 0xed07000100570200 */\n";
  const Listed l = list([&](DisassemblyPass& p) { walk_listing(listing, "a.sass", std::nullopt, false, p); });
  EXPECT_FALSE(l.failed) << (l.errors.empty() ? "" : l.errors[0]);
  EXPECT_EQ(l.instructions, 1u);
  EXPECT_NE(l.out.find("code for sm_61"), std::string::npos) << l.out;
  EXPECT_NE(l.out.find("/*0008*/"), std::string::npos) << l.out;
  EXPECT_NE(l.out.find("ATOM.E.ADD.F32.FTZ.RN R0, [R2+0x10], R5 ;"), std::string::npos) << l.out;
}

TEST(DisassemblyWalks, RawCodeIsReadWordByWord) {
  // One SPA 5.0 bundle: a control word, then three instructions, the first the ATOM above.
  std::string code(32, '\0');
  const uint64_t atom = 0xed07000100570200u;
  for (int i = 0; i < 8; ++i) code[8 + i] = static_cast<char>((atom >> (8 * i)) & 0xff);
  const Listed l = list([&](DisassemblyPass& p) { walk_code("k", code, Architecture::sm_61, "k.text", 0, p); });
  EXPECT_FALSE(l.failed) << (l.errors.empty() ? "" : l.errors[0]);
  EXPECT_EQ(l.instructions, 3u);
  EXPECT_NE(l.out.find("ATOM.E.ADD.F32.FTZ.RN R0, [R2+0x10], R5 ;"), std::string::npos) << l.out;
}

}  // namespace
}  // namespace gpuatom::nvidia
