// Tokens of the .visaasm text (docs/spec/intel.md §10.2): kinds, positions, comments, bad characters.
#include "gpuatom/intel/text/lexer.hpp"

#include <gtest/gtest.h>

#include <optional>
#include <string>
#include <tuple>
#include <vector>

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

// Text read piece by piece (gpuatom check visa on a dump) gives the tokens, positions and
// diagnostics the whole text gives, also where a block comment or an unterminated one spans
// pieces, and the lexer's buffer holds the current statement's text, not what came before.
TEST(IntelLexer, PiecesReadLikeTheWholeText) {
  const std::vector<std::string> texts = {
      "a // b c\nd /* e */ f /* g\nh */ i\n  svm_atomic.add (M1, 8) V1.0 %null.0 V2.0 %null.0\n.kernel \"k 1\"",
      "x /* one\ntwo\nthree */ y\n\x01 z\n", "p /* never\nclosed\n", "last line without its end",
      "*/ /*/\n/**/ q /* a*\n/ b */\n"};
  for (const std::string& text : texts) {
    support::Diagnostics whole_d;
    const std::vector<Token> whole = lex_visa(text, "f", whole_d);
    // One piece per line (each with its '\n'), the way the CLI gives whole lines.
    std::vector<std::string> pieces;
    for (size_t start = 0; start < text.size();) {
      const size_t newline = text.find('\n', start);
      const size_t end = newline == std::string::npos ? text.size() : newline + 1;
      pieces.push_back(text.substr(start, end - start));
      start = end;
    }
    size_t given = 0;
    std::string current;
    support::Diagnostics piece_d;
    StatementLexer lexer(
        [&]() -> std::optional<std::string_view> {
          if (given == pieces.size()) return std::nullopt;
          current = pieces[given++];
          return std::string_view(current);
        },
        "f", piece_d);
    std::vector<Token> statement;
    std::vector<std::tuple<TokenKind, std::string, uint32_t, uint32_t>> read, expected;
    while (lexer.next(statement))
      for (const Token& t : statement) read.emplace_back(t.kind, std::string(t.text), t.line, t.column);
    for (const Token& t : whole) expected.emplace_back(t.kind, std::string(t.text), t.line, t.column);
    EXPECT_EQ(read, expected) << text;
    EXPECT_EQ(piece_d.format_all(), whole_d.format_all()) << text;
  }
}
