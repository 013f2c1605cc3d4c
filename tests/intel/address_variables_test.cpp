// Address variables (`.decl A0 v_type=A num_elts=16`, docs/spec/intel.md §10.3) and the
// instructions that use them, in the shapes IGC 1.0.12504 writes for real kernels (OpenCV's
// hough_lines.cl, scripts/intel-dumps --real): read whole, printed back, and the declaration's
// own rules. The instructions that use an address (addr_add, indirect operands r[A0(1),0]) are
// no atomics: they are kept as written.
#include "gpuatom/intel/text/printer.hpp"
#include "intel/visa_test_support.hpp"

using namespace visa_test;

namespace {

// Trimmed from an IGC dump: an address variable of 16 elements set by addr_add and used by
// predicated indirect moves, one of a single element, a sampler and a surface after them, and an
// atomic between the indirect accesses.
const std::string indirect_dump = R"(.version 3.6
.kernel "fill_accum_local"
.decl V0033 v_type=G type=d num_elts=16 align=GRF
.decl V0034 v_type=G type=uq num_elts=16 align=GRF
.decl V0035 v_type=G type=w num_elts=32 align=GRF
.decl V0036 v_type=G type=uw num_elts=16 align=GRF
.decl A0 v_type=A num_elts=16
.decl A1 v_type=A num_elts=1 v_name=A001
.decl P1 v_type=P num_elts=16
.decl S0 v_type=S num_elts=1
.decl T6 v_type=T num_elts=1
.kernel_attr SimdSize=16
fill_accum_local_BB:
    addr_add (M1, 16) A0(0)<1> &V0035 V0036(0,0)<1;1,0>
    (P1) mov (M1, 16) r[A0(0),0]<1>:w V0033(0,0)<0;1,0>
    svm_atomic.inc (M1, 8) V0034.0 V0033.0 %null.0 %null.0
    (P1) mov (M1, 16) r[A0(15),2]<1>:w V0033(0,15)<0;1,0>
    addr_add (M1_NM, 1) A1(0)<1> &V0035+4 0x2:uw
    mov (M1_NM, 1) V0033(0,0)<1> r[A1(0),0]<0;1,0>:d
    ret (M1, 1)
)";

Module parse_clean(const std::string& text, const std::string& file = "k.visaasm") {
  support::Diagnostics d;
  Module m = parse_visa(text, file, {}, d);
  EXPECT_FALSE(d.has_errors()) << all_text(d);
  EXPECT_EQ(d.all().size(), 0u) << all_text(d);
  return m;
}

::testing::AssertionResult fails_at(const std::string& text, const std::string& token, const std::string& fragment,
                                    const std::string& before = "") {
  support::Diagnostics d;
  parse_visa(before + text + "\n", "a.visaasm", {}, d);
  const auto line = static_cast<uint32_t>(std::count(before.begin(), before.end(), '\n')) + 1;
  const std::string expected = fmt::format("a.visaasm:{}:{}: error: ", line, text.find(token) + 1);
  for (const auto& diagnostic : d.all()) {
    const std::string s = support::format(diagnostic);
    if (s.starts_with(expected) && s.find(fragment) != std::string::npos) return ::testing::AssertionSuccess();
  }
  return ::testing::AssertionFailure() << "expected " << expected << "…" << fragment << "\ngot:\n" << all_text(d);
}

}  // namespace

TEST(IntelAddressVariables, IgcDumpReadsWhole) {
  const Module m = parse_clean(indirect_dump);
  const DeclarationTable& d = m.declarations;
  ASSERT_EQ(d.addresses().size(), 2u);
  EXPECT_EQ(d.addresses()[0].name, "A0");
  EXPECT_EQ(d.addresses()[0].num_elts, 16u);
  EXPECT_EQ(d.addresses()[1].num_elts, 1u);
  EXPECT_EQ(d.addresses()[1].v_name, "A001");
  EXPECT_EQ(d.addresses()[1].where.line, 8u);
  // Ids 0, 1 in declaration order, in their own numbering: the general, predicate and surface
  // ids around them are unchanged.
  EXPECT_EQ(d.lookup("A0")->kind, DeclKind::address);
  EXPECT_EQ(d.lookup("A1")->id, 1u);
  EXPECT_EQ(d.lookup("V0036")->id, 35u);
  EXPECT_EQ(d.lookup("P1")->id, 1u);
  EXPECT_EQ(d.lookup("T6")->id, 6u);
  // One atomic; the addr_add and indirect moves kept as written, in order around it.
  ASSERT_EQ(m.instructions.size(), 1u);
  EXPECT_EQ(m.count(OtherStatement::Kind::instruction), 6u);
  const auto indirect = std::ranges::find(
      m.others, std::string("(P1) mov (M1, 16) r[A0(15),2]<1>:w V0033(0,15)<0;1,0>"), &OtherStatement::text);
  ASSERT_NE(indirect, m.others.end());
  EXPECT_EQ(indirect->before, 1u);  // after the atomic
}

TEST(IntelAddressVariables, PrintsBackAsIgcWroteIt) {
  const Module m = parse_clean(indirect_dump);
  const std::string printed = print_module(m);
  for (const char* line :
       {".decl V0036 v_type=G type=uw num_elts=16 align=GRF\n.decl A0 v_type=A num_elts=16\n"
        ".decl A1 v_type=A num_elts=1 v_name=A001\n.decl P1 v_type=P num_elts=16\n",
        "    addr_add (M1, 16) A0(0)<1> &V0035 V0036(0,0)<1;1,0>\n"
        "    (P1) mov (M1, 16) r[A0(0),0]<1>:w V0033(0,0)<0;1,0>\n"
        "    svm_atomic.inc (M1, 8) V0034.0 V0033.0 %null.0 %null.0\n",
        "    addr_add (M1_NM, 1) A1(0)<1> &V0035+4 0x2:uw\n    mov (M1_NM, 1) V0033(0,0)<1> r[A1(0),0]<0;1,0>:d\n"})
    EXPECT_NE(printed.find(line), std::string::npos) << line << "\nin\n" << printed;
  // The printed text reads back to the same declarations and prints the same again.
  const Module again = parse_clean(printed, "printed");
  EXPECT_EQ(again.declarations.addresses().size(), 2u);
  EXPECT_EQ(print_module(again), printed);
}

TEST(IntelAddressVariables, ValidatesWithTheAtomics) {
  // The whole file is checked (the atomic's operands, the declarations) with no finding.
  Checked c;
  c.module = parse_visa(indirect_dump, test_file, {}, c.diagnostics);
  validate(c.module, {Platform::gen12}, c.diagnostics);
  EXPECT_EQ(c.diagnostics.all().size(), 0u) << all_text(c.diagnostics);
}

TEST(IntelAddressVariables, DeclarationRules) {
  EXPECT_TRUE(fails_at(".decl A0 v_type=A num_elts=17", "17", "num_elts=17 is out of range 1-16"));
  EXPECT_TRUE(fails_at(".decl AD v_type=A num_elts=0", "0", "num_elts=0 is out of range 1-16"));
  EXPECT_TRUE(fails_at(".decl A0 v_type=A", "A0", "A0 needs num_elts=<n>"));
  EXPECT_TRUE(
      fails_at(".decl A0 v_type=A type=uw num_elts=1", "type=uw", "type= is not an attribute of an address variable"));
  EXPECT_TRUE(fails_at(".decl A0 v_type=A num_elts=1 align=GRF", "align", "align= is not an attribute of an address"));
  EXPECT_TRUE(fails_at(".decl A0 v_type=A num_elts=1", "A0", "A0 is already declared at line 1",
                       ".decl A0 v_type=A num_elts=4\n"));
  EXPECT_TRUE(fails_at(".decl A0 v_type=G type=ud num_elts=8", "A0", "A0 is already declared at line 1",
                       ".decl A0 v_type=A num_elts=4\n"));
}

TEST(IntelAddressVariables, NoAtomicOperand) {
  // An address variable where an atomic needs a general variable: named as what it is.
  EXPECT_TRUE(fails_at("svm_atomic.add (M1, 8) A0.0 %null.0 V.0 %null.0", "A0",
                       "A0 is an address variable, not a general variable (v_type=G)",
                       ".decl A0 v_type=A num_elts=1\n.decl V v_type=G type=uq num_elts=8\n"));
}
