// Decoding (docs/spec/nvidia.md §11, docs/oracles.md): words that break a rule still print, with a
// warning; reserved codes print with nvdisasm's names; what nvdisasm refuses is an error;
// unassigned bits warn; the Ps inversion and CAS layouts.
#include "gpuatom/nvidia/binary/decoder.hpp"

#include <gtest/gtest.h>

#include <variant>

#include "gpuatom/nvidia/binary/encoder.hpp"
#include "gpuatom/nvidia/instruction_table.hpp"
#include "gpuatom/nvidia/text/printer.hpp"
#include "nvidia/sass_test_support.hpp"

using namespace gpuatom::nvidia;
using gpuatom::support::Severity;

namespace {

uint64_t with(uint64_t word, int lo, int width, uint64_t value) {
  const uint64_t mask = ((1ULL << width) - 1) << lo;
  return (word & ~mask) | ((value << lo) & mask);
}

struct Seen {
  std::string text;
  std::string diagnostics;
  bool errors;
};

Seen see(uint64_t word) {
  const Decoded d = decode(word, {"w.bin", 0, 0, 0x10});
  return {d.instruction ? print(*d.instruction) : "", d.diagnostics.format_all(), d.diagnostics.has_errors()};
}

constexpr uint64_t atom_e_add = 0xed01000000900405;  // @P0 ATOM.E.ADD R5, [R4], R9 ;

}  // namespace

TEST(SassDecoder, WordsWithoutAnOpcodeAreRefused) {
  const Decoded d = decode(0x0123456789abcdef, {"w.bin", 0, 0, 0x18});
  EXPECT_FALSE(d.instruction);
  ASSERT_EQ(d.diagnostics.all().size(), 1u);
  EXPECT_EQ(gpuatom::support::format(d.diagnostics.all()[0]),
            "w.bin: byte 0x18: error: 0x0123456789abcdef is not a SPA 5.0 atomic: its opcode bits match none of "
            "ATOM, ATOM.CAS, ATOMS, ATOMS.CAS/CAST, RED, SUATOM, SURED (nor nvdisasm's Ps and .P forms) "
            "(docs/spec/nvidia.md §11.4)");
}

// find_encoding selects the form through a table indexed by the top 16 bits: for every value of
// those bits (low bits random) it names the form a walk through the encodings, first match
// first, finds.
TEST(SassDecoder, FormLookupAgreesWithAWalkThroughTheEncodings) {
  uint64_t state = 0x9e3779b97f4a7c15ULL;
  int matched = 0;
  for (uint64_t top = 0; top < (1u << 16); ++top) {
    state = state * 6364136223846793005ULL + 1442695040888963407ULL;
    const uint64_t word = (top << 48) | (state >> 16);
    const EncodingInfo* walked = nullptr;
    for (const EncodingInfo& e : encoding_table())
      if ((word & e.mask) == e.match) {
        walked = &e;
        break;
      }
    ASSERT_EQ(find_encoding(word), walked) << std::hex << word;
    matched += walked != nullptr;
  }
  EXPECT_GT(matched, 0);
}

// nvdisasm prints a reserved code by a name of its slot (and, for the op, its family); it is a
// warning, not an error: the word is what the hardware field holds.
TEST(SassDecoder, ReservedCodesPrintWithNvdisasmNamesAndWarn) {
  const Seen op9 = see(with(atom_e_add, 52, 4, 9));
  EXPECT_EQ(op9.text, "@P0 ATOM.E.INVALIDATOMOP9 R5, [R4], R9 ;");
  EXPECT_FALSE(op9.errors);
  EXPECT_NE(op9.diagnostics.find("w.bin: byte 0x10: warning: op field value 9 of ATOM names no operation"),
            std::string::npos)
      << op9.diagnostics;
  const Seen size7 = see(with(atom_e_add, 49, 3, 7));
  EXPECT_EQ(size7.text, "@P0 ATOM.E.ADD.INVALIDATOMICSIZE7 R5, [R4], R9 ;");
  EXPECT_FALSE(size7.errors);
  // SUATOM dim 6 and clamp 3 (§11.3).
  const uint64_t suatom = 0xea7000860047020a;  // SUATOM.D.2D.ADD.IGN R10, [R2], R4, R1 ;
  EXPECT_EQ(see(with(suatom, 33, 3, 6)).text, "SUATOM.D.INVALIDSURFACEDIM6.ADD.IGN R10, [R2], R4, R1 ;");
  EXPECT_EQ(see(with(suatom, 49, 2, 3)).text, "SUATOM.D.2D.ADD.INVALIDSURFACECLAMP3 R10, [R2], R4, R1 ;");
  // ATOMS and SUATOM ops: INVALIDATOMSOP (ATOMS code 10 is no SAFEADD: ATOMS has none).
  EXPECT_EQ(see(with(0xec0000c0c02700ff, 52, 4, 10)).text, "ATOMS.INVALIDATOMSOP10 RZ, [R0+0xc0c], R2 ;");
  EXPECT_EQ(see(with(suatom, 29, 4, 12)).text, "SUATOM.D.2D.INVALIDATOMSOP12.IGN R10, [R2], R4, R1 ;");
}

// What was the ATOMS.CAS "kind 3" is another opcode: ATOM with a sparse predicate (0xEE6…).
TEST(SassDecoder, AtomsCasKind3IsAtomWithPs) {
  const Seen kind3 = see(with(0xee40000000470600, 53, 2, 3));
  EXPECT_EQ(kind3.text, "ATOM.ADD PT, R0, [R6], R4 ;");
  EXPECT_FALSE(kind3.errors);
}

TEST(SassDecoder, PlaceholderTextReadsBackToTheSameText) {
  for (uint64_t w : {with(atom_e_add, 52, 4, 9), with(atom_e_add, 49, 3, 7), with(0xea7000860047020a, 33, 3, 7)}) {
    const std::string text = see(w).text;
    EXPECT_EQ(print(sass_test::parse_one(text)), text);
  }
}

TEST(SassDecoder, IllegalCombinationsPrintWithAWarning) {
  // INC.S32: op 3, size 1 (§5.1): the page's rule, reported as a warning.
  const Seen inc = see(with(with(atom_e_add, 52, 4, 3), 49, 3, 1));
  EXPECT_EQ(inc.text, "@P0 ATOM.E.INC.S32 R5, [R4], R9 ;");
  EXPECT_NE(inc.diagnostics.find("warning: ATOM.INC.S32 is illegal"), std::string::npos) << inc.diagnostics;
  EXPECT_FALSE(inc.errors);
  // 64-bit data in an odd register.
  const Seen odd = see(with(0xed05000080870202, 0, 8, 3));
  EXPECT_EQ(odd.text, "ATOM.E.ADD.U64 R3, [R2+0x8], R8 ;");
  EXPECT_NE(odd.diagnostics.find("Rd R3 is odd"), std::string::npos) << odd.diagnostics;
}

TEST(SassDecoder, CasLayouts) {
  const uint64_t cas = 0xeef0000004074140;  // ATOM.CAS R64, [R65], R64, R65 ;
  EXPECT_EQ(see(with(cas, 50, 2, 1)).text, "ATOM.CAS R64, [R65], R64, RZ ;");
  EXPECT_FALSE(see(with(cas, 50, 2, 1)).errors);
  // Layout 2: compare value RZ, Rb field holds the swap register — printed with RZ as the
  // compare register and flagged (§6.2).
  const Seen layout2 = see(with(cas, 50, 2, 2));
  EXPECT_EQ(layout2.text, "ATOM.CAS R64, [R65], RZ, R64 ;");
  EXPECT_NE(layout2.diagnostics.find("compare register Rb cannot be RZ"), std::string::npos) << layout2.diagnostics;
  // Layout 3: nvdisasm refuses the word, an error.
  const Seen layout3 = see(with(cas, 50, 2, 3));
  EXPECT_TRUE(layout3.errors);
  EXPECT_NE(layout3.diagnostics.find("nvdisasm SM61 calls this ATOM.CAS word invalid: CAS operand layout 3"),
            std::string::npos)
      << layout3.diagnostics;
  // A packed pair past R254, a packed pair from field 255, layout 2 with field 255: nvdisasm
  // prints the register 255 that is not RZ as ???255.
  const Seen r254 = see(with(cas, 20, 8, 254));
  EXPECT_EQ(r254.text, "ATOM.CAS R64, [R65], R254, ???255 ;");
  EXPECT_NE(r254.diagnostics.find("warning: ATOM.CAS: ???255 is register field 255"), std::string::npos)
      << r254.diagnostics;
  EXPECT_EQ(see(with(cas, 20, 8, 255)).text, "ATOM.CAS R64, [R65], ???255, ???255 ;");
  EXPECT_EQ(see(with(with(cas, 20, 8, 255), 50, 2, 2)).text, "ATOM.CAS R64, [R65], RZ, ???255 ;");
  EXPECT_EQ(see(with(with(cas, 20, 8, 253), 49, 1, 1)).text, "ATOM.CAS.64 R64, [R65], R253, ???255 ;");
}

TEST(SassDecoder, SparsePredicateIsBitInverted) {
  const uint64_t bound_cas = 0xea82000000070200;  // SUATOM bound .CAS, .NEAR, Ps field 0
  EXPECT_EQ(see(bound_cas).text, "SUATOM.D.1D.CAS R0, [R2], R0, 0x0 ;");
  EXPECT_EQ(see(with(bound_cas, 30, 3, 7)).text, "SUATOM.D.1D.CAS P0, R0, [R2], R0, 0x0 ;");
  EXPECT_EQ(see(with(bound_cas, 30, 3, 1)).text, "SUATOM.D.1D.CAS P6, R0, [R2], R0, 0x0 ;");
  // The bindless .op form with Ps has its own opcode: its Ps prints even when it is PT.
  const uint64_t sparse = 0xeb82000000470200 | (1ULL << 39);  // .NEAR, Rc = R1
  EXPECT_EQ(see(sparse).text, "SUATOM.D.1D.ADD PT, R0, [R2], R4, R1 ;");
  EXPECT_EQ(see(with(sparse, 51, 3, 4)).text, "SUATOM.D.1D.ADD P3, R0, [R2], R4, R1 ;");
  const auto again = encode(sass_test::parse_one(see(sparse).text));
  ASSERT_TRUE(std::holds_alternative<uint64_t>(again));
  EXPECT_EQ(std::get<uint64_t>(again), sparse);
}

TEST(SassDecoder, UnassignedBitsWarnAndEncodeAsZero) {
  const uint64_t red = 0xebf9000000370233;  // RED.E.ADD.F32.FTZ.RN [R2], R51 ;
  const uint64_t dirty = red | (1ULL << 26) | (1ULL << 50);
  const Decoded d = decode(dirty);
  ASSERT_TRUE(d.instruction);
  EXPECT_EQ(print(*d.instruction), "RED.E.ADD.F32.FTZ.RN [R2], R51 ;");
  EXPECT_FALSE(d.diagnostics.has_errors());
  ASSERT_EQ(d.diagnostics.all().size(), 2u) << d.diagnostics.format_all();
  EXPECT_NE(d.diagnostics.all()[0].message.find("bits 26–27 are unassigned in RED but hold 0x1"), std::string::npos);
  EXPECT_NE(d.diagnostics.all()[1].message.find("bits 49–50 are unassigned in RED but hold 0x2"), std::string::npos);
  EXPECT_EQ(std::get<uint64_t>(encode(*d.instruction)), red);
  // SURED bits 27–32, SUATOM bound .CAS bit 29, bindless bits 47–48.
  EXPECT_FALSE(decode(0xeb5a020a07170801 | (1ULL << 30)).diagnostics.all().empty());
  EXPECT_FALSE(decode(0xea80000000070200 | (1ULL << 29)).diagnostics.all().empty());
  EXPECT_FALSE(decode(0xea7000860047020a | (1ULL << 47)).diagnostics.all().empty());
}

TEST(SassDecoder, OffsetsAreSignedUnlessRaIsRz) {
  // ATOM field 0xfff00 with Ra = R2 is -0x100; with Ra = RZ it is the address 0xfff00 (§6.5).
  const uint64_t abs = 0xed02fff00087ff09;  // ATOM.ADD.S32 R9, [0xfff00], R8 ;
  EXPECT_EQ(see(with(abs, 8, 8, 2)).text, "ATOM.ADD.S32 R9, [R2+-0x100], R8 ;");
  // ATOMS: 22-bit field times 4.
  EXPECT_EQ(see(with(0xec0000c0c02700ff, 30, 22, 0x3fffff)).text, "ATOMS.ADD RZ, [R0+-0x4], R2 ;");
  EXPECT_EQ(see(with(0xec0000c0c02700ff | 0xff00, 30, 22, 0x3fffff)).text, "ATOMS.ADD RZ, [0xfffffc], R2 ;");
}

TEST(SassDecoder, F16x2DecodesWithTheDisassemblersSpelling) {
  EXPECT_EQ(see(with(atom_e_add, 49, 3, 4)).text, "@P0 ATOM.E.ADD.F16x2.RN R5, [R4], R9 ;");  // §4.2
  EXPECT_EQ(see(0xea7000860047020a | (4ULL << 36)).text, "SUATOM.D.2D.ADD.F16x2.RN.IGN R10, [R2], R4, R1 ;");
}
