// Which walk `disasm sass` makes over what it is given (nvidia/disassembly_walks.hpp): the source
// the arguments name, the architecture words are read for, the walk a file's bytes pick and where
// the nothing-read rule points; and both walks run by nvidia::disassemble.
#include <gtest/gtest.h>

#include <fstream>
#include <iterator>
#include <string>
#include <vector>

#include "gpuatom/nvidia/binary/decoder.hpp"
#include "gpuatom/nvidia/binary/sass128.hpp"
#include "gpuatom/nvidia/disassembly_walks.hpp"
#include "gpuatom/support/input_error.hpp"

namespace gpuatom::nvidia {
namespace {

struct Disassembled {
  bool listed = false;
  uint64_t checked = ~uint64_t{0};  // the count the nothing-read check was given; untouched when not asked
  std::vector<std::string> reported;
  std::string out;
};

Disassembled run(const DisassemblyWalk& walk, bool control = false) {
  Disassembled r;
  r.listed = disassemble(
      walk.walk, control, [&](uint64_t n, support::Diagnostics&) { r.checked = n; },
      [&](const support::Diagnostics& d) {
        for (const support::Diagnostic& one : d.all()) r.reported.push_back(one.message);
      },
      {}, [&](std::string_view out) { r.out.append(out); });
  return r;
}

TEST(DisassemblyInput, LoneArgumentIsAWordOrAFile) {
  EXPECT_EQ(disassembly_source({"0xed07000100570200"}, "", false).file, "");
  EXPECT_EQ(disassembly_source({"-"}, "", false).file, "-");
  const DisassemblySource file = disassembly_source({"no-such-kernel.cubin"}, "", false);
  EXPECT_EQ(file.file, "no-such-kernel.cubin");
  EXPECT_TRUE(file.words.empty());
  EXPECT_EQ(disassembly_source({"0x1ed07000100570200"}, "", false).words.size(), 1u);  // spelt as a word: a bad one
  EXPECT_EQ(disassembly_source({"a", "b"}, "", false).words.size(), 2u);
}

TEST(DisassemblyInput, RefusesNothingBothAndBinaryWithoutAFile) {
  EXPECT_THROW(disassembly_source({}, "", false), support::InputError);
  EXPECT_THROW(disassembly_source({"0xed07000100570200"}, "f.txt", false), support::InputError);
  EXPECT_THROW(disassembly_source({"0xed07000100570200"}, "", true), support::InputError);
  EXPECT_NO_THROW(disassembly_source({}, "f.bin", true));
}

TEST(DisassemblyInput, ArchitectureDefaultsAndRefusesUnknownWords) {
  EXPECT_EQ(disassembly_architecture(std::nullopt), default_word_architecture);
  EXPECT_EQ(disassembly_architecture(Architecture::sm_90), Architecture::sm_90);
  for (const Architecture arch : architectures())
    if (!is_spa5(arch) && !has_sass128_forms(arch)) {
      EXPECT_THROW(disassembly_architecture(arch), support::InputError);
    }
}

TEST(DisassemblyInput, ArgumentWordsAreNotCheckedForNothingRead) {
  const DisassemblyWalk walk = argument_words_walk({"0xed07000100570200"}, Architecture::sm_61, std::nullopt, false);
  EXPECT_FALSE(walk.where);
  const Disassembled r = run(walk);
  EXPECT_TRUE(r.listed);
  EXPECT_EQ(r.out, "ATOM.E.ADD.F32.FTZ.RN R0, [R2+0x10], R5 ;\n");
  EXPECT_THROW(argument_words_walk({"0x1"}, Architecture::sm_90, std::nullopt, false), support::InputError);
  EXPECT_THROW(argument_words_walk({"0xed07000100570200"}, Architecture::sm_61, std::nullopt, true),
               support::InputError);
}

TEST(DisassemblyInput, FileBytesPickTheirWalk) {
  const DisassemblyWalk words = file_walk("w.txt", "// none\n", false, Architecture::sm_61, std::nullopt, false);
  ASSERT_TRUE(words.where);
  EXPECT_EQ(words.where->line, 1u);
  const Disassembled empty = run(words);
  EXPECT_EQ(empty.checked, 0u);
  EXPECT_TRUE(empty.listed);
  EXPECT_EQ(empty.out, "");

  const DisassemblyWalk listing = file_walk(
      "a.sass",
      "\tcode for sm_61\n\t\tFunction : add\n"
      "        /*0008*/                   ATOM.E.ADD.F32.FTZ.RN R0, [R2+0x10], R5 ;  /* 0xed07000100570200 */\n",
      false, Architecture::sm_61, std::nullopt, false);
  EXPECT_EQ(listing.held, "no instruction line");
  const Disassembled listed = run(listing);
  EXPECT_EQ(listed.checked, 1u);
  EXPECT_NE(listed.out.find("Function : add"), std::string::npos) << listed.out;

  const DisassemblyWalk raw = file_walk("k.text", "", true, Architecture::sm_61, std::nullopt, false);
  EXPECT_EQ(raw.held, "0 bytes of code");
  EXPECT_THROW(file_walk("k.text", "", true, Architecture::sm_61, std::nullopt, true), support::InputError);
}

TEST(DisassemblyInput, CubinWalkKeepsItsBytes) {
  const std::string path = std::string(GPUATOM_SOURCE_DIR) + "/tests/conformance/nvidia/cubins/atomics-sm_90.cubin";
  std::ifstream in(path, std::ios::binary);
  std::string bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  ASSERT_FALSE(bytes.empty()) << path;
  const std::string copy = bytes;
  const DisassemblyWalk walk = file_walk("a.cubin", std::move(bytes), false, default_word_architecture, {}, false);
  bytes.assign(copy.size(), '\0');  // the caller's buffer changes: the walk reads its own
  const Disassembled r = run(walk);
  EXPECT_TRUE(r.listed);
  EXPECT_NE(r.out.find("code for sm_90"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("ATOMS.CAS R4, [R10+0x4], R4, R5 ;"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("ATOMG.E.ADD.STRONG.GPU PT, R13, desc[UR4][R2.64], R13 ;"), std::string::npos) << r.out;
  EXPECT_EQ(file_walk("a.cubin", copy, false, default_word_architecture, {}, false).held,
            "a cubin whose code sections are empty");
}

TEST(DisassemblyInput, AnErrorListsNothing) {
  const Disassembled r = run(file_walk("w.txt", "0xnot-a-word\n", false, Architecture::sm_61, std::nullopt, false));
  EXPECT_FALSE(r.listed);
  EXPECT_EQ(r.checked, ~uint64_t{0});  // the nothing-read rule is not asked after an error
  EXPECT_FALSE(r.reported.empty());
  EXPECT_EQ(r.out, "");
}

}  // namespace
}  // namespace gpuatom::nvidia
