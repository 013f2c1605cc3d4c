// The listing reader (nvidia/listing.hpp): every line of a listing is an instruction, a word
// comment, blank, a comment or context, or it is reported; lines come one at a time; and a
// listing's text is checked against its words both ways (read_sass).
#include <gtest/gtest.h>

#include <string>

#include "gpuatom/nvidia/binary/code.hpp"
#include "gpuatom/nvidia/listing.hpp"
#include "gpuatom/nvidia/text/printer.hpp"

namespace {

using namespace gpuatom;
using namespace gpuatom::nvidia;

const std::string add_kernel_header = "\tcode for sm_90\n\t\tFunction : add\n";
// ptxas 13.0's `@P0 REDG.E.ADD.STRONG.GPU desc[UR4][R2.64], R5 ;` (listing-check.sass).
const std::string redg_words = "/* 0x000000050200098e */\n                /* 0x008fe8000c10e184 */\n";
const std::string redg_line = "        /*00a0*/  @P0 REDG.E.ADD.STRONG.GPU [R2.64], R5 ;  " + redg_words;

std::string messages(const support::Diagnostics& d) { return d.format_all(); }

}  // namespace

TEST(ListingReader, MalformedAddressCommentsAreReportedNotPassedOver) {
  for (const std::string comment :
       {"/*00g0*/", "/* 0040 */", "/**/", "/*-040*/", "/*000000000000000000b0*/", "/* 0x0040 */"}) {
    const std::string listing = add_kernel_header + redg_line + "        " + comment +
                                "  @P0 REDG.E.ADD.STRONG.GPU [R2.64], R5 ;  " + redg_words;
    const ListingLines read = listing_lines(listing, "l.sass", std::nullopt);
    EXPECT_EQ(read.lines.size(), 1u) << comment;
    ASSERT_EQ(read.diagnostics.all().size(), 1u) << comment << "\n" << messages(read.diagnostics);
    const support::Diagnostic& d = read.diagnostics.all()[0];
    EXPECT_EQ(d.where.line, 5u) << comment;
    EXPECT_EQ(d.where.column, 9u) << comment;
    EXPECT_EQ(d.message.rfind("'" + comment + "' is not an address comment", 0), 0u) << d.message;
    // check sass fails on it.
    EXPECT_TRUE(read_sass(listing, "l.sass", std::nullopt).diagnostics.has_errors()) << comment;
  }
}

// cuobjdump and nvdisasm 11.8 list the Hopper instructions they cannot name (opcode 0x248, which
// ptxas 11.8 writes for CUB's sm_90 code) as a whole word on two lines with no address
// comment or text: passed over, unless the word holds an atomic.
TEST(ListingReader, AWholeWordWithoutTextIsAnotherInstructionUnlessItIsAnAtomic) {
  const std::string opcode248 = "                /* 0x00000017000a7248 */\n                /* 0x000fc80003fe0100 */\n";
  const ListingLines read =
      listing_lines(add_kernel_header + redg_line + opcode248 + opcode248 + redg_line, "l.sass", std::nullopt);
  EXPECT_TRUE(read.diagnostics.all().empty()) << messages(read.diagnostics);
  EXPECT_EQ(read.lines.size(), 2u);
  EXPECT_FALSE(read_sass(add_kernel_header + redg_line + opcode248, "l.sass", std::nullopt).diagnostics.has_errors());
  // An atomic's word with no text is reported where its first half is.
  const ListingLines atomic =
      listing_lines(add_kernel_header + redg_line + "                " + redg_words, "l.sass", std::nullopt);
  ASSERT_EQ(atomic.diagnostics.all().size(), 1u) << messages(atomic.diagnostics);
  EXPECT_EQ(atomic.diagnostics.all()[0].where.line, 5u);
  EXPECT_NE(atomic.diagnostics.all()[0].message.find(
                "a word with no instruction line holds an atomic ('@P0 REDG.E.ADD.STRONG.GPU desc[UR4][R2.64], R5 ;')"),
            std::string::npos)
      << messages(atomic.diagnostics);
  // Half a word followed by an instruction line still belongs to no instruction.
  const ListingLines half = listing_lines(
      add_kernel_header + redg_line + "                /* 0x00000017000a7248 */\n" + redg_line, "l.sass", std::nullopt);
  ASSERT_EQ(half.diagnostics.all().size(), 1u) << messages(half.diagnostics);
  EXPECT_EQ(half.diagnostics.all()[0].where.line, 5u);
  EXPECT_NE(half.diagnostics.all()[0].message.find("a word comment that belongs to no instruction"), std::string::npos);
}

TEST(ListingReader, AnAtomicWithoutItsAddressCommentIsReported) {
  const ListingLines read =
      listing_lines(add_kernel_header + redg_line + "        @P0 REDG.E.ADD.STRONG.GPU [R2.64], R5 ;  " + redg_words,
                    "l.sass", std::nullopt);
  ASSERT_EQ(read.diagnostics.all().size(), 1u) << messages(read.diagnostics);
  EXPECT_NE(read.diagnostics.all()[0].message.find("REDG without its address comment"), std::string::npos);
  // PTX beside the SASS (`cuobjdump -ptx -sass`) is context: its atom.add is no SASS atomic.
  const ListingLines ptx =
      listing_lines(add_kernel_header + redg_line + "\tatom.global.add.u32 %r1, [%rd1], 1;\n", "l.sass", std::nullopt);
  EXPECT_FALSE(ptx.diagnostics.has_errors()) << messages(ptx.diagnostics);
}

TEST(ListingReader, AWordCommentOfNoInstructionIsReportedOnSm70On) {
  const ListingLines read = listing_lines(add_kernel_header + redg_line + "                /* 0x008fe8000c10e184 */\n",
                                          "l.sass", std::nullopt);
  ASSERT_EQ(read.diagnostics.all().size(), 1u) << messages(read.diagnostics);
  EXPECT_NE(read.diagnostics.all()[0].message.find("a word comment that belongs to no instruction"), std::string::npos);
  // On Maxwell/Pascal such a line is a scheduling control word.
  const ListingLines maxwell = listing_lines(
      "\tcode for sm_52\n        /*0078*/  @P0 RED.E.ADD [R2], R4 ;  /* 0xebf9000000000204 */\n  /* 0x001ffc00fd6007f1 "
      "*/\n",
      "l.sass", std::nullopt);
  EXPECT_TRUE(maxwell.diagnostics.all().empty()) << messages(maxwell.diagnostics);
}

TEST(ListingReader, HandsOutEachLineWholeOneAtATime) {
  const std::string listing = add_kernel_header + redg_line + "        /*00b0*/  EXIT ;  " + redg_words;
  ListingReader reader(listing, "l.sass", std::nullopt);
  const std::optional<ListingLine> first = reader.next();
  ASSERT_TRUE(first);
  EXPECT_EQ(first->line, 3u);
  EXPECT_EQ(first->words, (std::vector<uint64_t>{0x000000050200098eull, 0x008fe8000c10e184ull}));
  EXPECT_EQ(first->function, "add");
  const std::optional<ListingLine> second = reader.next();
  ASSERT_TRUE(second);
  EXPECT_EQ(second->address, 0xb0u);
  EXPECT_EQ(second->words.size(), 2u);
  EXPECT_FALSE(reader.next());
}

TEST(ListingCheck, AnotherInstructionsTextBesideAnAtomicsWordIsAnError) {
  for (const std::string text : {"MOV R1, c[0x0][0x28] ;", "@P0 REDGG.E.ADD.STRONG.GPU [R2.64], R5 ;"}) {
    const ParsedSass read =
        read_sass(add_kernel_header + "        /*00a0*/  " + text + "  " + redg_words, "l.sass", std::nullopt);
    EXPECT_TRUE(read.instructions.empty());
    EXPECT_EQ(read.lines_read, 1u);
    ASSERT_EQ(read.diagnostics.all().size(), 1u) << text << "\n" << messages(read.diagnostics);
    EXPECT_NE(read.diagnostics.all()[0].message.find("the listed word holds the atomic '@P0 REDG.E.ADD.STRONG.GPU "
                                                     "desc[UR4][R2.64], R5 ;', but this line's text is"),
              std::string::npos)
        << read.diagnostics.all()[0].message;
  }
  // Another instruction's own word passes.
  const ParsedSass exit_line =
      read_sass(add_kernel_header + "        /*00b0*/  EXIT ;  /* 0x000000000000794d */\n  /* 0x000fea0003800000 */\n",
                "l.sass", std::nullopt);
  EXPECT_FALSE(exit_line.diagnostics.has_errors()) << messages(exit_line.diagnostics);
  EXPECT_EQ(exit_line.lines_read, 1u);
}

TEST(ListingCheck, LinesReadCountsEveryInstructionLine) {
  EXPECT_EQ(parse_sass("// nothing\n\n", "t.sass").lines_read, 0u);
  EXPECT_EQ(parse_sass("ATOM.E.ADD R0, [R2], R4 ;\nnot an instruction\n", "t.sass").lines_read, 2u);
}

TEST(DecodeAtomic, A128BitWordThatBreaksARuleWarnsAsAMaxwellWordDoes) {
  // ATOMS.INC.64 R0, [R2], R4 ; on sm_90: .INC takes only .U32.
  const CodeAtomic inc =
      decode_atomic({0x000000040200738cull, 0x0000000001800400ull}, 0, Architecture::sm_90, {"w", 0, 0, 0});
  ASSERT_TRUE(inc.instruction);
  EXPECT_EQ(print(*inc.instruction), "ATOMS.INC.64 R0, [R2], R4 ;");
  ASSERT_EQ(inc.diagnostics.all().size(), 1u);
  EXPECT_EQ(inc.diagnostics.all()[0].severity, support::Severity::warning);
  EXPECT_NE(inc.diagnostics.all()[0].message.find("ATOMS.INC.U64 is illegal"), std::string::npos);
  // The code walker reads it alike.
  const std::optional<CodeAtomic> walked =
      atomic_in_word({0x000000040200738cull, 0x0000000001800400ull}, 0, Architecture::sm_90, {"w", 0, 0, 0});
  ASSERT_TRUE(walked);
  EXPECT_EQ(walked->diagnostics.count(support::Severity::warning), 1u);
}
