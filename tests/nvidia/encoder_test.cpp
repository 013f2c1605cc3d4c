// Encoding (docs/spec/nvidia.md §11): field placement beyond the published words, and the cases the
// encoder refuses with a diagnostic naming the rule.
#include "gpuatom/nvidia/binary/encoder.hpp"

#include <gtest/gtest.h>

#include <variant>

#include "nvidia/sass_test_support.hpp"

using namespace gpuatom::nvidia;

namespace {

uint64_t word_of(const std::string& line) {
  const auto encoded = encode(sass_test::parse_one(line));
  EXPECT_TRUE(std::holds_alternative<uint64_t>(encoded))
      << line << "\n"
      << (encoded.index() ? gpuatom::support::format(std::get<1>(encoded)) : "");
  return encoded.index() ? 0 : std::get<uint64_t>(encoded);
}

uint64_t field(uint64_t word, int lo, int width) { return (word >> lo) & ((1ULL << width) - 1); }

gpuatom::support::Diagnostic refusal(const std::string& line) {
  const auto parsed = parse_sass(line, "t.sass");
  EXPECT_EQ(parsed.instructions.size(), 1u) << line << parsed.diagnostics.format_all();
  if (parsed.instructions.empty()) return {};
  const auto encoded = encode(parsed.instructions[0]);
  EXPECT_TRUE(std::holds_alternative<gpuatom::support::Diagnostic>(encoded)) << line;
  return encoded.index() ? std::get<1>(encoded) : gpuatom::support::Diagnostic{};
}

}  // namespace

TEST(SassEncoder, AtomsCasOpcodesOfSection11_4) {
  EXPECT_EQ(word_of("ATOMS.CAS R0, [R2], R4, R5 ;") >> 52, 0xEE4u);
  EXPECT_EQ(word_of("ATOMS.CAS.64 R0, [R2], R4, R6 ;") >> 52, 0xEE5u);
  EXPECT_EQ(word_of("ATOMS.CAST R0, [R2], R4, R5 ;") >> 52, 0xEE0u);
  EXPECT_EQ(word_of("ATOMS.CAST.64 R0, [R2], R4, R6 ;") >> 52, 0xEE1u);
  EXPECT_EQ(word_of("ATOMS.CAST.SPIN R0, [R2], R4, R5 ;") >> 52, 0xEE2u);
  EXPECT_EQ(word_of("ATOMS.CAST.SPIN.64 R0, [R2], R4, R6 ;") >> 52, 0xEE3u);
}

TEST(SassEncoder, CasOperandLayout) {
  // ATOM.CAS bits 50–51, ATOMS.CAS bits 28–29: 0 packed, 1 Rc = RZ (§6.2).
  EXPECT_EQ(field(word_of("ATOM.CAS R0, [R2], R4, R5 ;"), 50, 2), 0u);
  EXPECT_EQ(field(word_of("ATOM.CAS R0, [R2], R4, RZ ;"), 50, 2), 1u);
  EXPECT_EQ(field(word_of("ATOMS.CAS.64 R0, [R2], R8, RZ ;"), 28, 2), 1u);
  // CAS .S32 encodes like .U32 (§5.1).
  EXPECT_EQ(word_of("ATOM.CAS.S32 R0, [R2], R4, R5 ;"), word_of("ATOM.CAS R0, [R2], R4, R5 ;"));
}

TEST(SassEncoder, SurfaceFormsAndInvertedPs) {
  // Bound .CAS: Ps at 30–32, bit-inverted (0 = PT, 7 = P0; §6.6).
  const uint64_t bound_cas = word_of("SUATOM.D.1D.CAS P0, R0, [R2], R4, 0x20 ;");
  EXPECT_EQ(bound_cas >> 54, 0b1110101010u);
  EXPECT_EQ(field(bound_cas, 30, 3), 7u);
  EXPECT_EQ(field(word_of("SUATOM.D.1D.CAS P6, R0, [R2], R4, 0x20 ;"), 30, 3), 1u);
  EXPECT_EQ(field(word_of("SUATOM.D.1D.CAS R0, [R2], R4, 0x20 ;"), 30, 3), 0u);
  // Bindless .op: without Ps 0xEA70, with Ps its own opcode 0xEB80 and Ps at 51–53.
  EXPECT_EQ(word_of("SUATOM.D.1D.ADD R0, [R2], R4, R1 ;") >> 48 & 0xFFF8, 0xEA70u);
  const uint64_t sparse = word_of("SUATOM.D.1D.ADD P2, R0, [R2], R4, R1 ;");
  EXPECT_EQ(sparse >> 48 & 0xFFC0, 0xEB80u);
  EXPECT_EQ(field(sparse, 51, 3), 5u);
  EXPECT_EQ(word_of("SUATOM.D.1D.ADD PT, R0, [R2], R4, R1 ;") >> 48 & 0xFFC0, 0xEB80u);
  // Bindless .CAS 0xEAD0, Rc at 39–46.
  const uint64_t bindless_cas = word_of("SUATOM.D.2D.CAS.64 P1, R0, [R2], R4, R9 ;");
  EXPECT_EQ(bindless_cas >> 48 & 0xFFF8, 0xEAD0u);
  EXPECT_EQ(field(bindless_cas, 39, 8), 9u);
  EXPECT_EQ(field(bindless_cas, 36, 3), 2u);  // U64
  EXPECT_EQ(field(bindless_cas, 30, 3), 6u);  // P1 inverted
  // SURED bound 0xEB58 / bindless 0xEB50; sizes in surface order (SD32 = 6, SD64 = 7).
  EXPECT_EQ(word_of("SURED.D.1D.ADD.SD32 [R2], R4, 0x1 ;") >> 48 & 0xFFF8, 0xEB58u);
  EXPECT_EQ(field(word_of("SURED.D.1D.ADD.SD32 [R2], R4, 0x1 ;"), 20, 3), 6u);
  EXPECT_EQ(word_of("SURED.D.1D.MIN.SD64 [R2], R4, R1 ;") >> 48 & 0xFFF8, 0xEB50u);
  EXPECT_EQ(field(word_of("SURED.D.1D.MIN.SD64 [R2], R4, R1 ;"), 20, 3), 7u);
}

TEST(SassEncoder, SpellingsOfOneOperationShareAWord) {
  EXPECT_EQ(word_of("ATOM.E.ADD.F16x2.FTZ.RN R0, [R2], R4 ;"), word_of("ATOM.E.ADD.F16x2.RN R0, [R2], R4 ;"));
  EXPECT_EQ(word_of("ATOM.E.ADD.64 R0, [R2], R4 ;"), word_of("ATOM.E.ADD.U64 R0, [R2], R4 ;"));
  EXPECT_EQ(word_of("ATOM.E.ADD.32 R0, [R2], R4 ;"), word_of("ATOM.E.ADD R0, [R2], R4 ;"));
  EXPECT_EQ(word_of("ATOM.E.ADD R0, [R2], R4, RZ ;"), word_of("ATOM.E.ADD R0, [R2], R4 ;"));
  EXPECT_EQ(word_of("ATOM.E.ADD R0, [R2 + 16], R4 ;"), word_of("ATOM.E.ADD R0, [R2+0x10], R4 ;"));
  EXPECT_EQ(word_of("@PT ATOM.E.ADD R0, [R2], R4 ;"), word_of("ATOM.E.ADD R0, [R2], R4 ;"));
  EXPECT_EQ(field(word_of("@!PT ATOM.E.ADD R0, [R2], R4 ;"), 16, 4), 0xFu);
}

TEST(SassEncoder, RefusesWhatHasNoWord) {
  const auto modern = refusal("ATOM.E.ADD.STRONG.GPU P0, R0, [R2], R4");
  EXPECT_NE(modern.message.find("no Maxwell/Pascal 64-bit word: its word is a 128-bit one"), std::string::npos)
      << modern.message;
  EXPECT_EQ(modern.rule, "docs/spec/nvidia.md §10.3");
  EXPECT_EQ(modern.where.column, 1u);

  // The Ps forms of ATOM take [Ra] only (seed 000): no offset, no absolute address.
  const auto ps_offset = refusal("ATOM.E.ADD P0, R0, [R2+0x10], R4 ;");
  EXPECT_NE(ps_offset.message.find("takes [Ra] only"), std::string::npos) << ps_offset.message;
  EXPECT_NE(ps_offset.rule.find("§6.6"), std::string::npos);
  // The swap register that is neither Rb+1 nor RZ: no CAS layout holds it (§6.2).
  const auto pairing = refusal("ATOM.CAS R0, [R2], R4, R6 ;");
  EXPECT_NE(pairing.message.find("Rc must be Rb+1"), std::string::npos) << pairing.message;
  // An offset past its field, a size with no code, an operand the opcode has no field for.
  const auto range = refusal("ATOM.E.ADD R0, [R2+0x80000], R4 ;");
  EXPECT_NE(range.message.find("the offset 0x80000 does not fit the ImmS20/ImmU20 field"), std::string::npos)
      << range.message;
  EXPECT_NE(refusal("ATOMS.ADD.F32.FTZ.RN R0, [R2], R4 ;").message.find("has no code"), std::string::npos);
  EXPECT_NE(refusal("SUATOM.D.1D.ADD P0, R0, [R2], R4, 0x1 ;").message.find("no sparse predicate Ps field"),
            std::string::npos);
  EXPECT_NE(refusal("SUATOM.P.BA.1D.ADD R0, [R2], R4, 0x1 ;").message.find("no .BA field"), std::string::npos);
}

// Rule violations a field can hold encode, as nvdisasm prints them (docs/oracles.md); validate()
// reports them, and `asm` refuses them unless --rules-as-warnings.
TEST(SassEncoder, RuleViolationsEncode) {
  EXPECT_EQ(field(word_of("ATOM.INC.S32 R0, [R2], R4 ;"), 49, 3), 1u);
  EXPECT_EQ(field(word_of("ATOM.E.INVALIDATOMOP9 R0, [R2], R4 ;"), 52, 4), 9u);
  EXPECT_EQ(word_of("ATOM.E.INVALID9 R0, [R2], R4 ;"), word_of("ATOM.E.INVALIDATOMOP9 R0, [R2], R4 ;"));
  EXPECT_EQ(field(word_of("ATOM.E.ADD.INVALIDATOMICSIZE7 R0, [R2], R4 ;"), 49, 3), 7u);
  EXPECT_EQ(field(word_of("SUATOM.D.INVALIDSURFACEDIM6.ADD.INVALIDSURFACECLAMP3 R0, [R2], R4, R1 ;"), 33, 3), 6u);
  EXPECT_EQ(field(word_of("ATOM.CAS.64 R0, [R2], R5, R7 ;"), 20, 8), 5u);  // odd pair
}

// The opcodes nvdisasm reads beyond the public decoders: ATOM with Ps, the .P surface forms.
TEST(SassEncoder, NvdisasmOnlyOpcodes) {
  const uint64_t atom_ps = word_of("ATOM.E.ADD P0, R0, [R2], R4 ;");
  EXPECT_EQ(atom_ps >> 52, 0xEE6u);
  EXPECT_EQ(field(atom_ps, 41, 3), 7u);  // P0, bit-inverted
  EXPECT_EQ(field(atom_ps, 44, 4), 0u);  // ADD
  EXPECT_EQ(word_of("ATOM.CAS.64 P1, R0, [R2], R4, R6 ;") >> 52, 0xEE7u);
  EXPECT_EQ(word_of("SUATOM.P.2D.ADD R0, [R2], R4, 0x1 ;") >> 51, 0xEA68u >> 3);
  EXPECT_EQ(word_of("SUATOM.P.2D.ADD R0, [R2], R4, R1 ;") >> 51, 0xEA60u >> 3);
  EXPECT_EQ(word_of("SUATOM.P.2D.CAS R0, [R2], R4, R1 ;") >> 51, 0xEAC0u >> 3);
  EXPECT_EQ(field(word_of("SUATOM.P.2D.???7 R0, [R2], R4, 0x1 ;"), 29, 4), 7u);
  EXPECT_EQ(word_of("SURED.P.3D.AND [R2], R4, 0x1 ;") >> 51, 0xEB48u >> 3);
  // ???255: the packed pair from field 255, layout 2 with field 255.
  EXPECT_EQ(field(word_of("ATOM.CAS R0, [R2], ???255, ???255 ;"), 20, 8), 255u);
  const uint64_t layout2 = word_of("ATOM.CAS R0, [R2], RZ, ???255 ;");
  EXPECT_EQ(field(layout2, 50, 2), 2u);
  EXPECT_EQ(field(layout2, 20, 8), 255u);
}

TEST(SassEncoder, SizeCodesByArchitecture) {
  const auto at = [](const std::string& line, Architecture arch) { return encode(sass_test::parse_one(line), arch); };
  EXPECT_EQ(field(std::get<uint64_t>(at("ATOM.E.ADD.U128 R0, [R2], R4 ;", Architecture::sm_50)), 49, 3), 4u);
  EXPECT_TRUE(
      std::holds_alternative<gpuatom::support::Diagnostic>(at("ATOM.E.ADD.U128 R0, [R2], R4 ;", Architecture::sm_52)));
  EXPECT_TRUE(
      std::holds_alternative<gpuatom::support::Diagnostic>(at("RED.E.ADD.F64.RN [R2], R4 ;", Architecture::sm_53)));
  EXPECT_EQ(field(std::get<uint64_t>(at("RED.E.ADD.F64.RN [R2], R4 ;", Architecture::sm_60)), 20, 3), 6u);
  EXPECT_TRUE(
      std::holds_alternative<gpuatom::support::Diagnostic>(at("ATOM.E.ADD P0, R0, [R2], R4 ;", Architecture::sm_50)));
}

TEST(SassEncoder, FormSelection) {
  EXPECT_EQ(encoding_form(sass_test::parse_one("ATOM.E.ADD R0, [R2], R4 ;")), EncodingForm::atom);
  EXPECT_EQ(encoding_form(sass_test::parse_one("ATOM.E.CAS R0, [R2], R4, R5 ;")), EncodingForm::atom_cas);
  EXPECT_EQ(encoding_form(sass_test::parse_one("ATOM.E.ADD P0, R0, [R2], R4 ;")), EncodingForm::atom_sparse);
  EXPECT_EQ(encoding_form(sass_test::parse_one("ATOM.E.CAS P0, R0, [R2], R4, R5 ;")), EncodingForm::atom_cas_sparse);
  EXPECT_EQ(encoding_form(sass_test::parse_one("ATOMS.CAST R0, [R2], R4, R5 ;")), EncodingForm::atoms_cast);
  EXPECT_EQ(encoding_form(sass_test::parse_one("ATOMS.CAS R0, [R2], R4, R5 ;")), EncodingForm::atoms_cas);
  EXPECT_EQ(encoding_form(sass_test::parse_one("RED.E.ADD.STRONG.GPU [R2], R4")), std::nullopt);
  EXPECT_EQ(encoding_form(sass_test::parse_one("SUATOM.D.1D.ADD R0, [R2], R4, 0x1 ;")), EncodingForm::suatom_bound);
  EXPECT_EQ(encoding_form(sass_test::parse_one("SUATOM.D.1D.CAS R0, [R2], R4, R1 ;")),
            EncodingForm::suatom_bindless_cas);
  EXPECT_EQ(encoding_form(sass_test::parse_one("SURED.P.1D.ADD [R2], R4, R1 ;")),
            EncodingForm::sured_formatted_bindless);
}
