// Cubins and listings: the ELF reader (nvidia/cubin.hpp), the code walker (nvidia/code.hpp) and
// the listing reader (nvidia/listing.hpp), against the fixtures of tests/conformance/nvidia/cubins
// (README.md there): each cubin's atomics, read from its bytes, are the atomics of the tool's
// listing of it, read from its text with every word checked.
#include "gpuatom/nvidia/binary/cubin.hpp"

#include <fmt/format.h>
#include <gtest/gtest.h>

#include <filesystem>
#include <string>
#include <variant>
#include <vector>

#include "common/child_process.hpp"
#include "common/tiny_cubin.hpp"
#include "gpuatom/nvidia/binary/code.hpp"
#include "gpuatom/nvidia/binary/sass128.hpp"
#include "gpuatom/nvidia/listing.hpp"
#include "gpuatom/nvidia/text/printer.hpp"

namespace {

namespace fs = std::filesystem;
using namespace gpuatom;
using namespace gpuatom::nvidia;

fs::path fixture(const std::string& name) {
  return fs::path(GPUATOM_SOURCE_DIR) / "tests/conformance/nvidia/cubins" / name;
}

Cubin read(const std::string& bytes, const std::string& file) {
  auto c = read_cubin(bytes, file);
  if (const auto* why = std::get_if<support::Diagnostic>(&c)) ADD_FAILURE() << support::format(*why);
  return std::holds_alternative<Cubin>(c) ? std::get<Cubin>(c) : Cubin{};
}

// The cubin's atomics as gpuatom lists them: text and word, kernel after kernel.
struct Listed {
  std::string text;
  Word128 word;
};
std::vector<Listed> atomics_of(const Cubin& cubin, const std::string& file) {
  std::vector<Listed> out;
  for (const CubinKernel& k : cubin.kernels) {
    const CodeAtomics code = atomics_in_code(k.code, cubin.architecture, file, k.file_offset);
    EXPECT_FALSE(code.diagnostics.has_errors()) << code.diagnostics.format_all();
    for (const CodeAtomic& a : code.atomics) {
      EXPECT_TRUE(a.instruction) << a.diagnostics.format_all();
      if (a.instruction) out.push_back({print(*a.instruction), a.word});
    }
  }
  return out;
}

struct Fixture {
  const char* cubin;
  const char* listing;  // the tool's (.sass) or gpuatom's own (.listing, Blackwell)
  Architecture arch;
  bool cuda13_abi;
};

class CubinFixture : public ::testing::TestWithParam<Fixture> {};

TEST_P(CubinFixture, AtomicsFromTheBytesAreTheListingsWithTheirWords) {
  const Fixture f = GetParam();
  const std::string bytes = gpuatom::testing::slurp_file(fixture(f.cubin));
  ASSERT_FALSE(bytes.empty()) << f.cubin;
  const Cubin cubin = read(bytes, f.cubin);
  EXPECT_EQ(cubin.architecture, f.arch);
  EXPECT_EQ(cubin.cuda13_abi, f.cuda13_abi);
  std::vector<std::string> kernels;
  for (const CubinKernel& k : cubin.kernels) kernels.push_back(k.name);
  EXPECT_EQ(kernels, (std::vector<std::string>{"wide_ops", "shared_ops", "global_ops"}));

  const std::vector<Listed> ours = atomics_of(cubin, f.cubin);
  const std::string listing = gpuatom::testing::slurp_file(fixture(f.listing));
  const ParsedSass theirs = read_sass(listing, f.listing, std::nullopt);  // words checked against text
  EXPECT_FALSE(theirs.diagnostics.has_errors()) << theirs.diagnostics.format_all();
  const ListingLines read = listing_lines(listing, f.listing, std::nullopt);
  EXPECT_FALSE(read.diagnostics.has_errors()) << read.diagnostics.format_all();  // every line read
  const std::vector<ListingLine>& lines = read.lines;
  std::vector<const ListingLine*> atomic_lines;
  for (const ListingLine& l : lines) {
    std::string_view text = l.text;
    text.remove_prefix(text.find_first_not_of(" \t"));
    if (text.starts_with("@")) text.remove_prefix(text.find_first_not_of(" ", text.find(' ')));
    if (parse_mnemonic(text.substr(0, text.find_first_of(". ")))) atomic_lines.push_back(&l);  // not REDUX, MOV, …
  }
  ASSERT_EQ(ours.size(), theirs.instructions.size());
  ASSERT_EQ(ours.size(), atomic_lines.size());
  EXPECT_GE(ours.size(), 12u);  // atomics.ptx: 6 + 3 + 3 (Maxwell/Pascal split one in two)
  for (size_t i = 0; i < ours.size(); ++i) {
    // A dual-issued pair's second instruction is listed without its ';'.
    Instruction listed = theirs.instructions[i];
    listed.terminated = true;
    EXPECT_EQ(ours[i].text, print(listed)) << f.cubin << " atomic " << i;
    const ListingLine& l = *atomic_lines[i];
    EXPECT_EQ(l.architecture, f.arch);
    ASSERT_EQ(l.words.size(), static_cast<size_t>(word_bytes(f.arch) / 8));
    EXPECT_EQ(ours[i].word.lo, l.words[0]);
    if (l.words.size() == 2) {
      EXPECT_EQ(ours[i].word.hi, l.words[1]);
    }
  }
}

INSTANTIATE_TEST_SUITE_P(
    Cubins, CubinFixture,
    ::testing::Values(Fixture{"atomics-sm_52.cubin", "atomics-sm_52.sass", Architecture::sm_52, false},
                      Fixture{"atomics-sm_61-m32.cubin", "atomics-sm_61-m32.sass", Architecture::sm_61, false},
                      Fixture{"atomics-sm_90.cubin", "atomics-sm_90.sass", Architecture::sm_90, false},
                      Fixture{"atomics-sm_100a.cubin", "atomics-sm_100a.listing", Architecture::sm_100a, true},
                      Fixture{"atomics-sm_120.cubin", "atomics-sm_120.listing", Architecture::sm_120, true}),
    [](const ::testing::TestParamInfo<Fixture>& param) {
      std::string name = fs::path(param.param.cubin).stem().string();
      for (char& c : name)
        if (c == '-') c = '_';
      return name;
    });

// CUDA 13's e_flags name sm_90 for sm_90a too; ptxas's note in the cubin tells them apart.
TEST(Cubin, TheVariantComesFromPtxasNote) {
  const std::string bytes = gpuatom::testing::slurp_file(fixture("atomics-sm_100a.cubin"));
  EXPECT_EQ(read(bytes, "sm_100a").architecture, Architecture::sm_100a);
  std::string renamed = bytes;
  const size_t at = renamed.find("-arch sm_100a");
  ASSERT_NE(at, std::string::npos);
  renamed.replace(at, 13, "-arch sm_100f");
  EXPECT_EQ(read(renamed, "sm_100f").architecture, Architecture::sm_100f);
  renamed.replace(at, 13, "-arch sm_120a");  // another target than the header's: the header wins
  EXPECT_EQ(read(renamed, "sm_120a").architecture, Architecture::sm_100);
}

TEST(Cubin, MaxwellControlWordsAreNotInstructions) {
  // Every fourth word of Maxwell/Pascal code, from the first, schedules the three after it.
  const std::string bytes = gpuatom::testing::slurp_file(fixture("atomics-sm_52.cubin"));
  const Cubin cubin = read(bytes, "sm_52");
  for (const CubinKernel& k : cubin.kernels) {
    const CodeAtomics code = atomics_in_code(k.code, cubin.architecture, "sm_52", k.file_offset);
    EXPECT_EQ(code.instructions, k.code.size() / 8 - k.code.size() / 32) << k.name;
    for (const CodeAtomic& a : code.atomics) EXPECT_NE(a.address % 32, 0u) << k.name;
  }
}

// A cubin cut short, or with a header pointing outside it, is refused with the byte offset of
// what is wrong, and nothing is read past the end.
TEST(Cubin, DamagedFilesAreRefusedWithTheirByteOffset) {
  const std::string good = gpuatom::testing::slurp_file(fixture("atomics-sm_90.cubin"));
  ASSERT_GT(good.size(), 1000u);
  for (size_t size = 0; size < good.size(); size += 7) {
    const std::string cut = good.substr(0, size);
    const auto read = read_cubin(cut, "cut.cubin");  // must not read past `cut` (ASan run)
    if (const auto* why = std::get_if<support::Diagnostic>(&read)) {
      EXPECT_TRUE(why->where.byte_offset.has_value()) << size;
      EXPECT_LE(*why->where.byte_offset, good.size()) << size;
    }
  }
  const auto refused = [&](size_t at, std::string bytes_at, const std::string& fragment, uint64_t offset) {
    std::string bad = good;
    bad.replace(at, bytes_at.size(), bytes_at);
    const auto read = read_cubin(bad, "bad.cubin");
    ASSERT_TRUE(std::holds_alternative<support::Diagnostic>(read)) << fragment;
    const auto& d = std::get<support::Diagnostic>(read);
    EXPECT_NE(d.message.find(fragment), std::string::npos) << d.message;
    EXPECT_EQ(d.where.byte_offset, offset) << d.message;
  };
  refused(0,
          std::string("\x7f"
                      "ELG",
                      4),
          "not an ELF file", 0);
  refused(5, std::string("\x02", 1), "big-endian", 5);
  refused(7, std::string("\x00", 1), "OS ABI 0x00 is no cubin ABI", 7);
  refused(0x12, std::string("\x3e\x00", 2), "is not EM_CUDA (190)", 0x12);
  refused(0x30, std::string("\x09\x00\x00\x00", 4), "names sm_9 ", 0x30);
  refused(0x28, std::string("\xff\xff\xff\x00\x00\x00\x00\x00", 8), "run past the end of the file", 0x28);
  refused(0x3e, std::string("\xff\x00", 2), "the section-name table is section 255", 0x3e);
}

// A listing's words are checked against its text: a word that holds another instruction, or too
// few halves, is an error at the word; an atomic gpuatom does not read is reported, and the other
// instructions pass.
TEST(Listing, WordsAreCheckedAgainstTheText) {
  const std::string listing =
      "\tcode for sm_90\n"
      "        /*00a0*/               @P0 REDG.E.ADD.STRONG.GPU [R2.64], R5 ;          /* 0x000000050200098e */\n"
      "                                                                                /* 0x008fe8000c10e184 */\n"
      "        /*00b0*/                   LDC R1, c[0x0][0x28] ;                       /* 0x00000a00ff017b82 */\n"
      "                                                                                /* 0x000fe20000000800 */\n"
      "        /*00c0*/               @P0 REDG.E.ADD.STRONG.GPU [R2.64+0x8], R5 ;      /* 0x000000050200098e */\n"
      "                                                                                /* 0x008fe8000c10e184 */\n";
  const ParsedSass read = read_sass(listing, "l.sass", std::nullopt);
  ASSERT_EQ(read.instructions.size(), 2u);
  // nvdisasm 11.8's Hopper text has no desc[URn]; the word has one, and the line takes it.
  EXPECT_EQ(print(read.instructions[0]), "@P0 REDG.E.ADD.STRONG.GPU desc[UR4][R2.64], R5 ;");
  ASSERT_EQ(read.diagnostics.all().size(), 1u) << read.diagnostics.format_all();
  const support::Diagnostic& d = read.diagnostics.all()[0];
  EXPECT_EQ(d.where.line, 6u);
  EXPECT_EQ(d.where.column, 81u);
  EXPECT_NE(d.message.find("holds '@P0 REDG.E.ADD.STRONG.GPU desc[UR4][R2.64], R5 ;'"), std::string::npos) << d.message;
  // The first line kept its word's control bits: encoding it gives the listed word back.
  const auto word = encode128(read.instructions[0], Architecture::sm_90);
  ASSERT_TRUE(std::holds_alternative<Word128>(word));
  EXPECT_EQ(std::get<Word128>(word), (Word128{0x000000050200098eull, 0x008fe8000c10e184ull}));
}

TEST(Listing, WithoutAnArchitectureTheWordsAreNotCheckedAndASingleWarningSaysSo) {
  const std::string listing =
      "/*0078*/ @P0 RED.E.ADD [R2], R4 ; /* 0xebf9000000000204 */\n"
      "/*0088*/ @P0 RED.E.ADD [R2+0x8], R4 ; /* 0x0000000000000000 */\n";
  const ParsedSass read = read_sass(listing, "l.sass", std::nullopt);
  EXPECT_EQ(read.instructions.size(), 2u);
  ASSERT_EQ(read.diagnostics.all().size(), 1u) << read.diagnostics.format_all();
  EXPECT_EQ(read.diagnostics.all()[0].severity, support::Severity::warning);
  // With --arch the second word is found out.
  const ParsedSass checked = read_sass(listing, "l.sass", Architecture::sm_52);
  EXPECT_TRUE(checked.diagnostics.has_errors()) << checked.diagnostics.format_all();
}

TEST(Listing, TextWithoutAddressCommentsIsNoListing) {
  EXPECT_FALSE(is_listing("ATOM.E.ADD R0, [R2], R5 ; /* 0xed07000100570200 */\n"));
  EXPECT_TRUE(is_listing("\n  /*0008*/ MOV R1, c[0x0][0x20] ;\n"));
  EXPECT_FALSE(is_listing("/* 0x001c4800fe0007f6 */\n"));
  // Outside a listing an unknown instruction stays an error.
  EXPECT_TRUE(read_sass("MOV R1, R2 ;\n", "t.sass", std::nullopt).diagnostics.has_errors());
}

// Each kernel has code of its own: sections of one name, or over the same bytes, are refused at
// the later section's header (the file's offset of it), so that no code is listed twice.
TEST(Cubin, SectionsThatShareCodeAreRefused) {
  const std::string code(256, '\0');
  const auto refusal = [&](const std::vector<gpuatom::testing::TinySection>& sections) {
    const auto read = read_cubin(gpuatom::testing::tiny_cubin(90, code, sections), "s.cubin");
    return std::holds_alternative<support::Diagnostic>(read) ? std::get<support::Diagnostic>(read).message
                                                             : std::string();
  };
  EXPECT_NE(refusal({{"a", 0, 64}, {"b", 0, 64}}).find("code section .text.b (64 bytes at 0x"), std::string::npos);
  EXPECT_NE(refusal({{"a", 0, 64}, {"b", 48, 64}}).find("overlaps .text.a"), std::string::npos);
  EXPECT_NE(refusal({{"a", 0, 256}, {"b", 16, 16}, {"c", 128, 16}}).find("overlaps .text.a"), std::string::npos);
  EXPECT_NE(refusal({{"a", 0, 64}, {"a", 64, 64}}).find("a second code section .text.a"), std::string::npos);
  EXPECT_EQ(refusal({{"a", 0, 64}, {"b", 64, 64}, {"c", 0, 0}, {"d", 64, 0}}), "");
  const auto read = read_cubin(gpuatom::testing::tiny_cubin(90, code, {{"a", 0, 64}, {"b", 32, 64}}), "s.cubin");
  ASSERT_TRUE(std::holds_alternative<support::Diagnostic>(read));
  // The ELF header (64), the name table, the code, then the null, name-table, a and b headers.
  const std::string names = std::string(1, '\0') + ".shstrtab" + '\0' + ".text.a" + '\0' + ".text.b" + '\0';
  EXPECT_EQ(std::get<support::Diagnostic>(read).where.byte_offset, 64 + names.size() + code.size() + 3 * 64);
}

}  // namespace
