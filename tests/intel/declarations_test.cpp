// `.decl` (docs/spec/intel.md §10.3): ids in declaration order, aliases, alignments, and every
// declaration rule's message at its column.
#include "gpuatom/intel/text/printer.hpp"
#include "intel/visa_test_support.hpp"

using namespace visa_test;

namespace {

Module parse_without_errors(const std::string& text) {
  support::Diagnostics d;
  Module m = parse_visa(text, "d.visaasm", {}, d);
  EXPECT_FALSE(d.has_errors()) << all_text(d);
  return m;
}

// `text` is one .decl line; the error is at the first occurrence of `token`.
::testing::AssertionResult decl_error(const std::string& text, const std::string& token, const std::string& fragment,
                                      const std::string& before = "") {
  support::Diagnostics d;
  parse_visa(before + text + "\n", "d.visaasm", {}, d);
  const uint32_t line = static_cast<uint32_t>(std::count(before.begin(), before.end(), '\n')) + 1;
  const std::string expected = fmt::format("d.visaasm:{}:{}: error: ", line, text.find(token) + 1);
  for (const auto& diagnostic : d.all()) {
    const std::string s = support::format(diagnostic);
    if (s.rfind(expected, 0) == 0 && s.find(fragment) != std::string::npos) return ::testing::AssertionSuccess();
  }
  return ::testing::AssertionFailure() << "expected " << expected << "…" << fragment << "\ngot:\n" << all_text(d);
}

}  // namespace

TEST(IntelDeclarations, IdsInDeclarationOrderPerKind) {
  const Module m = parse_without_errors(
      ".decl A v_type=G type=ud num_elts=8\n.decl PA v_type=P num_elts=16\n.decl SA v_type=T num_elts=1\n"
      ".decl B v_type=G type=UQ num_elts=4 align=GRFx2\n.decl PB v_type=P num_elts=1\n.decl SB v_type=T num_elts=1\n");
  const DeclarationTable& d = m.declarations;
  EXPECT_EQ(d.lookup("A")->id, 32u);
  EXPECT_EQ(d.lookup("B")->id, 33u);
  EXPECT_EQ(d.lookup("PA")->id, 1u);
  EXPECT_EQ(d.lookup("PB")->id, 2u);
  EXPECT_EQ(d.lookup("SA")->id, 6u);
  EXPECT_EQ(d.lookup("SB")->id, 7u);
  EXPECT_EQ(d.lookup("PB")->kind, DeclKind::predicate);
  EXPECT_EQ(d.general(33)->type, DataType::UQ);
  EXPECT_EQ(d.general(33)->bytes(), 32u);
  EXPECT_EQ(d.general(33)->align.resolve(64), 128u);
  EXPECT_EQ(d.predicate(1)->num_elts, 16u);
  EXPECT_EQ(d.surface(7)->name, "SB");
  EXPECT_EQ(d.general(34), nullptr);
  EXPECT_EQ(d.predicate(0), nullptr);
  EXPECT_EQ(d.surface(5), nullptr);
  EXPECT_EQ(print_declarations(d),
            ".decl A v_type=G type=ud num_elts=8\n.decl B v_type=G type=uq num_elts=4 align=GRFx2\n"
            ".decl PA v_type=P num_elts=16\n.decl PB v_type=P num_elts=1\n.decl SA v_type=T num_elts=1\n"
            ".decl SB v_type=T num_elts=1\n");
}

TEST(IntelDeclarations, AliasesResolveToTheirRootStorage) {
  const Module m = parse_without_errors(
      ".decl ROOT v_type=G type=ud num_elts=64\n.decl MID v_type=G type=uq num_elts=16 alias=<ROOT, 64>\n"
      ".decl LEAF v_type=G type=d num_elts=8 alias=<MID, 32>\n");
  const DeclarationTable& d = m.declarations;
  EXPECT_EQ(d.storage(34).root_id, 32u);
  EXPECT_EQ(d.storage(34).offset, 96u);
  EXPECT_EQ(d.storage(32).offset, 0u);
  EXPECT_EQ(d.general(34)->alias->parent_id, 33u);
  EXPECT_EQ(print_declarations(d),
            ".decl ROOT v_type=G type=ud num_elts=64\n.decl MID v_type=G type=uq num_elts=16 alias=<ROOT, 64>\n"
            ".decl LEAF v_type=G type=d num_elts=8 alias=<MID, 32>\n");
}

TEST(IntelDeclarations, AlignmentSpellings) {
  EXPECT_EQ(parse_alignment("dword"), (Alignment{4, 0}));
  EXPECT_EQ(parse_alignment("grf"), (Alignment{0, 1}));
  EXPECT_EQ(parse_alignment("2GRF"), (Alignment{0, 2}));
  EXPECT_EQ(parse_alignment("32word"), (Alignment{64, 0}));
  EXPECT_EQ(parse_alignment("wordx64"), (Alignment{128, 0}));
  EXPECT_EQ(parse_alignment("16"), (Alignment{16, 0}));
  EXPECT_FALSE(parse_alignment("12"));
  EXPECT_FALSE(parse_alignment("0"));
  EXPECT_EQ(alignment_text({0, 2}), "GRFx2");
  EXPECT_EQ(alignment_text({64, 0}), "wordx32");
  EXPECT_EQ(alignment_text({256, 0}), "256");
}

TEST(IntelDeclarations, ReservedNames) {
  EXPECT_TRUE(decl_error(".decl V0 v_type=G type=ud num_elts=8", "V0", "V0 is reserved"));
  EXPECT_TRUE(decl_error(".decl V31 v_type=G type=ud num_elts=8", "V31", "V1-V31 are IGC's predefined variables"));
  EXPECT_TRUE(decl_error(".decl P0 v_type=P num_elts=8", "P0", "P0 is reserved"));
  EXPECT_TRUE(decl_error(".decl T1 v_type=T num_elts=1", "T1", "T1 is a predefined surface"));
  EXPECT_TRUE(decl_error(".decl T252 v_type=T num_elts=1", "T252", "T252 is a predefined surface"));
  EXPECT_TRUE(decl_error(".decl %slm v_type=T num_elts=1", "%slm", "expected the declared name after .decl"));
  EXPECT_EQ(reserved_variable_id("V0032"), std::nullopt);  // IGC's zero-padded dump names are ordinary
  EXPECT_EQ(reserved_variable_id("V32"), std::nullopt);
  EXPECT_EQ(reserved_variable_id("V7"), 7u);
  parse_without_errors(".decl V32 v_type=G type=ud num_elts=8\n.decl V0032 v_type=G type=ud num_elts=8\n");
}

TEST(IntelDeclarations, Redeclaration) {
  EXPECT_TRUE(decl_error(".decl A v_type=P num_elts=8", "A", "A is already declared at line 1",
                         ".decl A v_type=G type=ud num_elts=8\n"));
}

TEST(IntelDeclarations, AttributeRules) {
  EXPECT_TRUE(decl_error(".decl A v_type=X num_elts=8", "X", "unknown v_type=X: expected G (general), A (address)"));
  EXPECT_TRUE(
      decl_error(".decl A type=ud num_elts=8", "A", "A needs v_type=G, v_type=A, v_type=P, v_type=S or v_type=T"));
  EXPECT_TRUE(decl_error(".decl A v_type=G num_elts=8", "A", "general variable A needs type=<t>"));
  EXPECT_TRUE(decl_error(".decl A v_type=G type=u32 num_elts=8", "u32", "unknown type 'u32'"));
  EXPECT_TRUE(decl_error(".decl A v_type=G type=ud", "A", "A needs num_elts=<n>"));
  EXPECT_TRUE(decl_error(".decl A v_type=G type=ud num_elts=0", "0", "num_elts=0 is out of range 1-4096"));
  EXPECT_TRUE(decl_error(".decl A v_type=G type=ub num_elts=4097", "4097", "out of range 1-4096"));
  EXPECT_TRUE(decl_error(".decl A v_type=G type=ud num_elts=1024", "1024",
                         "A takes 4096 bytes; a general variable must be under 4 KiB (4096 bytes)"));
  EXPECT_TRUE(decl_error(".decl A v_type=G type=ud num_elts=8 align=12", "12", "unknown alignment '12'"));
  EXPECT_TRUE(
      decl_error(".decl A v_type=G type=ud num_elts=8 align=8 align=GRF", "align=GRF", "align= is given twice"));
  EXPECT_TRUE(decl_error(".decl A v_type=G type=ud num_elts=8 size=4", "size", "unknown declaration attribute 'size'"));
  EXPECT_TRUE(decl_error(".decl A v_type=P type=ud num_elts=8", "type=ud", "type= is not an attribute of a predicate"));
  EXPECT_TRUE(decl_error(".decl A v_type=T num_elts=1 align=GRF", "align", "align= is not an attribute of a surface"));
  EXPECT_TRUE(decl_error(".decl A v_type=P num_elts=12", "12", "a predicate holds 1, 2, 4, 8, 16 or 32 bits, not 12"));
  EXPECT_TRUE(decl_error(".decl A v_type=P num_elts=64", "64", "out of range 1-32"));
  EXPECT_TRUE(
      decl_error(".decl A v_type=G type=ud num_elts=8 alias=<NOPE, 0>", "NOPE", "alias target NOPE is not declared"));
  EXPECT_TRUE(decl_error(".decl A v_type=G type=ud num_elts=8 alias=<P, 0>", "P, 0",
                         "alias target P is not a general variable", ".decl P v_type=P num_elts=8\n"));
  EXPECT_TRUE(decl_error(".decl A v_type=G type=ud num_elts=8 alias=<B, 4>", "4>",
                         "A (32 bytes) at offset 4 does not fit inside B (32 bytes)",
                         ".decl B v_type=G type=ud num_elts=8\n"));
  EXPECT_TRUE(decl_error(".decl A v_type=G type=ud num_elts=8 alias=B", "B",
                         "expected '<' to open alias=<variable, byte offset>"));
  EXPECT_TRUE(decl_error(".decl A v_type=G type=ud num_elts 8", "8", "expected '=' after num_elts, found '8'"));
}

TEST(IntelDeclarations, DirectivesOtherThanTheKnownOnesAreErrors) {
  EXPECT_TRUE(decl_error(".functions foo", "functions", "unknown directive .functions"));
  EXPECT_TRUE(decl_error(".version four", "four", "expected a version such as 4.2"));
}
