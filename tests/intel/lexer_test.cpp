// Tokens of the .visaasm text (spec/intel.md §10.2): kinds, positions, comments, bad characters.
#include <gtest/gtest.h>

#include "gpuatom/intel/text/lexer.hpp"

using namespace gpuatom;
using namespace gpuatom::intel;

namespace {

std::string kinds(const std::vector<Token>& tokens) {
  std::string out;
  for (const Token& t : tokens) {
    switch (t.kind) {
      case TokenKind::identifier: out += "I"; break;
      case TokenKind::builtin: out += "%"; break;
      case TokenKind::number: out += "N"; break;
      case TokenKind::word: out += "W"; break;
      case TokenKind::string: out += "S"; break;
      case TokenKind::dot: out += "."; break;
      case TokenKind::comma: out += ","; break;
      case TokenKind::lparen: out += "("; break;
      case TokenKind::rparen: out += ")"; break;
      case TokenKind::bang: out += "!"; break;
      case TokenKind::equals: out += "="; break;
      case TokenKind::less: out += "<"; break;
      case TokenKind::greater: out += ">"; break;
      case TokenKind::punctuation: out += "p"; break;
      case TokenKind::newline: out += "|"; break;
      case TokenKind::end: out += "$"; break;
    }
  }
  return out;
}

}  // namespace

TEST(IntelLexer, AnInstructionLine) {
  support::Diagnostics d;
  const auto t = lex_visa("(!P1.any) svm_atomic.add.64 (M1_NM, 8) A.0 %null.0\n", "f", d);
  EXPECT_EQ(kinds(t), "(!I.I)I.I.N(I,N)I.N%.N|$");
  EXPECT_FALSE(d.has_errors());
  EXPECT_EQ(t[2].text, "P1");
  EXPECT_EQ(t[6].text, "svm_atomic");
  EXPECT_EQ(t[6].column, 11u);
  EXPECT_EQ(t[19].text, "%null");
  EXPECT_EQ(t[22].line, 1u);  // the line end belongs to the line it ends
}

TEST(IntelLexer, DeclarationsNumbersWordsStrings) {
  support::Diagnostics d;
  const auto t = lex_visa(".decl A v_type=G align=2GRF alias=<B, 0x20>\n.kernel \"k 1\"", "f", d);
  EXPECT_EQ(kinds(t), ".III=II=WI=<I,N>|.IS$");
  EXPECT_EQ(t[8].text, "2GRF");
  EXPECT_EQ(t[14].text, "0x20");
  EXPECT_EQ(t[19].text, "\"k 1\"");
  EXPECT_EQ(t[19].line, 2u);
}

TEST(IntelLexer, CommentsVanishButEndLinesTheySpan) {
  support::Diagnostics d;
  EXPECT_EQ(kinds(lex_visa("a // b c\nd /* e */ f /* g\nh */ i", "f", d)), "I|II|I$");
  EXPECT_FALSE(d.has_errors());
}

TEST(IntelLexer, BadCharactersAreReportedWithTheirPosition) {
  support::Diagnostics d;
  const auto t = lex_visa("a $ b\n  % c\n\x01", "f", d);
  EXPECT_EQ(kinds(t), "IpI|I|$");
  EXPECT_EQ(d.format_all(),
            "f:2:3: error: '%' must start a built-in name such as %null or %slm (docs/spec/intel.md §10.2)\n"
            "f:3:1: error: unexpected byte 0x01 (docs/spec/intel.md §10.2)\n");
}

// IGC's own lines hold punctuation the atomics never use: regions, typed immediates, LSC addresses.
TEST(IntelLexer, PunctuationOfIgcLinesIsOneTokenPerCharacter) {
  support::Diagnostics d;
  const auto t = lex_visa("mov (M1, 16) V33(0,0)<1> -0x1:d\nlsc_load.ugm (M1, 1) V4:d32 flat[V5]:a64", "f", d);
  EXPECT_EQ(kinds(t), "I(I,N)I(N,N)<N>pNpI|I.I(I,N)IpIIpIppI$");
  EXPECT_FALSE(d.has_errors()) << d.format_all();
  EXPECT_EQ(t[15].text, "-");
  EXPECT_EQ(t[15].column, 26u);
}

TEST(IntelLexer, UnterminatedCommentAndString) {
  support::Diagnostics d;
  lex_visa("a /* b\nc", "f", d);
  lex_visa("\n .kernel \"k\n", "g", d);
  EXPECT_EQ(d.format_all(),
            "f:1:3: error: unterminated /* comment (docs/spec/intel.md §10.2)\n"
            "g:2:10: error: unterminated string (docs/spec/intel.md §10.2)\n");
}
