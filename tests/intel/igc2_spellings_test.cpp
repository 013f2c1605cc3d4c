// IGC 2.x's LSC text (docs/intel-igc.md §4.4, docs/oracles.md "IGC 2.40"), as IGC 2.40 writes it
// for dg2, Xe2, Xe3 and Xe3P: the widening shapes spelled d8u32 d16u32 d16u32h, and Xe3P's flat
// address with a base register, flat(B)[<scale>*<index>+<offset>]. Each line reads, validates on
// the profiles that have it (and only there), prints back as written and goes through bytes.
#include <gtest/gtest.h>

#include <string>

#include "gpuatom/intel/binary/decoder.hpp"
#include "gpuatom/intel/binary/encoder.hpp"
#include "gpuatom/intel/lsc.hpp"
#include "gpuatom/intel/platform.hpp"
#include "gpuatom/intel/text/printer.hpp"
#include "intel/visa_test_support.hpp"

namespace {

using namespace visa_test;

// IGC 2.40's declarations of a Xe3P kernel's base (a scalar alias of a kernel argument) and its
// 64-bit index, before its atomics.
const std::string xe3p_decls =
    ".decl V0034 v_type=G type=q num_elts=1 align=qword\n"
    ".decl V0058 v_type=G type=q num_elts=32 align=wordx32\n"
    ".decl V0059 v_type=G type=q num_elts=1 align=qword alias=<V0034, 0>\n"
    ".decl V0064 v_type=G type=q num_elts=32 align=wordx32\n"
    ".decl V0061 v_type=G type=q num_elts=32 align=wordx32\n"
    ".decl V0060 v_type=G type=d num_elts=32 align=wordx32\n"
    ".decl V0070 v_type=G type=d num_elts=32 align=wordx32\n";

// The instruction of `body`'s last line, printed with its declarations.
std::string printed(const Checked& c) {
  return print_instruction(c.module.instructions.back(), &c.module.declarations);
}

// Bytes and back: the same fields.
void expect_bytes_round_trip(const Checked& c) {
  std::vector<uint8_t> bytes;
  const auto refused = encode(c.module.instructions.back(), bytes);
  ASSERT_FALSE(refused) << *refused;
  support::Diagnostics diagnostics;
  const std::vector<Instruction> decoded = decode(bytes, "bytes", {}, diagnostics);
  ASSERT_EQ(decoded.size(), 1u) << diagnostics.format_all();
  EXPECT_TRUE(decoded[0].same_fields(c.module.instructions.back()));
}

TEST(Igc2Spellings, WideningShapesReadAndPrintAsIgc2WritesThem) {
  // d8u32 and d16u32h are no atomic's size (IGC's verifier: d16u32, d32 or d64); they read and
  // print all the same, and the refusal names them as written.
  struct Case {
    const char* line;
    LscDataSize size;
    const char* refusal;
  };
  const Case cases[] = {
      {"lsc_atomic_fmin.ugm (M1, 16)  FD:d16u32  flat[ADDR]:a64  SF  %null", LscDataSize::d16c32, nullptr},
      {"lsc_atomic_fcas.ugm (M1, 16)  FD:d16u32  flat[ADDR]:a64  SF  FD", LscDataSize::d16c32, nullptr},
      {"lsc_atomic_iadd.slm (M1, 16)  DST:d16u32  flat[ADDR32+0x40]:a32  SRC  %null", LscDataSize::d16c32, nullptr},
      {"lsc_atomic_iadd.slm (M1, 16)  DST:d16u32h  flat[ADDR32+0x40]:a32  SRC  %null", LscDataSize::d16c32h,
       "LSC atomics take d16u32, d32 or d64, not d16u32h"},
      {"lsc_atomic_iadd.ugm (M1, 16)  DST:d8u32  flat[0x4*ADDR]:a64  SRC  %null", LscDataSize::d8c32,
       "LSC atomics take d16u32, d32 or d64, not d8u32"},
  };
  for (const Case& k : cases) {
    SCOPED_TRACE(k.line);
    for (const Platform p : {Platform::dg2, Platform::xe2, Platform::xe3, Platform::xe3p}) {
      const Checked c = check(std::string(k.line) + "\n", p);
      if (k.refusal)
        EXPECT_TRUE(diagnoses(k.line, std::string(k.refusal).substr(std::string(k.refusal).rfind(' ') + 1), k.refusal,
                              support::Severity::error, p));
      else
        ASSERT_FALSE(c.diagnostics.has_errors()) << all_text(c.diagnostics);
      const LscFields& l = c.module.instructions.back().lsc;
      EXPECT_EQ(l.data_size, k.size);
      EXPECT_EQ(l.shape_names, LscShapeNames::u32);
      EXPECT_EQ(printed(c), k.line);
    }
  }
}

TEST(Igc2Spellings, BothSpellingsAreOneFieldAndBytesDecodeToIgc1s) {
  const Checked igc2 = check("lsc_atomic_fmax.ugm (M1, 16)  FD:d16u32  flat[ADDR]:a64  SF  %null\n", Platform::xe2);
  const Checked igc1 = check("lsc_atomic_fmax.ugm (M1, 16)  FD:d16c32  flat[ADDR]:a64  SF  %null\n", Platform::xe2);
  ASSERT_FALSE(igc2.diagnostics.has_errors()) << all_text(igc2.diagnostics);
  EXPECT_TRUE(igc2.module.instructions.back().same_fields(igc1.module.instructions.back()));
  EXPECT_NE(printed(igc2), printed(igc1));
  std::vector<uint8_t> bytes;
  ASSERT_FALSE(encode(igc2.module.instructions.back(), bytes));
  support::Diagnostics diagnostics;
  const std::vector<Instruction> decoded = decode(bytes, "bytes", {}, diagnostics);
  ASSERT_EQ(decoded.size(), 1u) << diagnostics.format_all();
  EXPECT_EQ(print_instruction(decoded[0], &igc1.module.declarations), printed(igc1));
}

TEST(Igc2Spellings, AnUnknownShapeNamesBothSpellings) {
  EXPECT_TRUE(diagnoses("lsc_atomic_iadd.ugm (M1, 16)  DST:d16u64  flat[ADDR]:a64  SRC  %null", "d16u64",
                        "expected d8 d16 d32 d64 d8c32 d16c32 d16c32h (IGC 2.x: d8u32 d16u32 d16u32h"));
}

TEST(Igc2Spellings, Xe3pBaseRegisterAddressReadsPrintsAndGoesThroughBytes) {
  const char* lines[] = {
      "lsc_atomic_iadd.ugm (M1, 32)  V0064:d64  flat(V0059)[0x8*V0058]:a64  V0061  %null",
      "lsc_atomic_iinc.ugm (M1, 32)  V0064:d64  flat(V0059)[0x8*V0058]:a64  %null  %null",
      "lsc_atomic_iadd.ugm (M1, 32)  V0070:d32  flat(V0059)[0x4*V0058+0x1000]:a64  V0060  %null",
      "lsc_atomic_icas.ugm (M1, 32)  V0070:d32  flat(V0059)[0x4*V0058-0x10]:a64  V0060  V0060",
  };
  for (const char* line : lines) {
    SCOPED_TRACE(line);
    const Checked c = check(xe3p_decls + line + "\n", Platform::xe3p);
    ASSERT_FALSE(c.diagnostics.has_errors()) << all_text(c.diagnostics);
    const LscFields& l = c.module.instructions.back().lsc;
    EXPECT_EQ(l.addr_type, LscAddrType::flat);
    EXPECT_TRUE(l.surface.is_register);
    EXPECT_EQ(l.surface.id, c.module.declarations.lookup("V0059")->id);
    EXPECT_EQ(printed(c), line);
    expect_bytes_round_trip(c);
  }
}

TEST(Igc2Spellings, ABaseRegisterIsXe3pOnly) {
  const std::string line = "lsc_atomic_iadd.ugm (M1, 16)  DST:d32  flat(ADDR)[0x4*ADDRQ]:a64  SRC  %null";
  for (const Platform p : all_platforms()) {
    SCOPED_TRACE(name(p));
    if (p == Platform::xe3p) {
      EXPECT_TRUE(clean(line, p));
    } else {
      EXPECT_TRUE(diagnoses(line, "flat", "has no base register in a flat address (flat(B)[…]: Xe3P only)",
                            support::Severity::error, p));
    }
  }
  // Only a flat address takes a base, and only a register: an immediate is still refused.
  EXPECT_TRUE(diagnoses("lsc_atomic_iadd.ugm (M1, 16)  DST:d32  flat(0x4)[ADDR]:a64  SRC  %null", "flat",
                        "a flat address has no surface (it must be 0)", support::Severity::error, Platform::xe3p));
  EXPECT_TRUE(diagnoses("lsc_atomic_iadd.ugm (M1, 16)  DST:d32  arg(ADDR)[ADDR]:a64  SRC  %null", "(ADDR)",
                        "expected '['", support::Severity::error, Platform::xe3p));
}

TEST(Igc2Spellings, ABaseRegisterIsOne64BitElementOfTheProgramsOwn) {
  // B(row,col) is byte row × 64 + col × 8 of B on Xe3P: V0064 (32 q, 256 bytes) holds (3,7), not (4,0).
  const auto errors = [](const std::string& address) {
    const std::string line = "lsc_atomic_iadd.ugm (M1, 32)  V0070:d32  " + address + "  V0060  %null";
    return all_text(check(xe3p_decls + line + "\n", Platform::xe3p).diagnostics);
  };
  EXPECT_EQ(errors("flat(V0064(3,7))[0x4*V0058]:a64"), "");
  EXPECT_NE(errors("flat(V0064(4,0))[0x4*V0058]:a64").find("the base register V0064(4,0) is past V0064's 256 bytes"),
            std::string::npos);
  EXPECT_NE(errors("flat(V0060)[0x4*V0058]:a64")
                .find("the base register V0060 is of type d; a flat address's base is one 64-bit address (type q or "
                      "uq)"),
            std::string::npos);
}

TEST(Igc2Spellings, FloatAddOnSharedLocalMemoryIsXe3pOnly) {
  // IGC 2.40 writes it for nvl-p and cri (cl_ext_float_atomics on local memory); elsewhere it
  // loops on icas.
  const std::string line = "lsc_atomic_fadd.slm (M1, 16)  FD:d32  flat[ADDR32+0x40]:a32  SF  %null";
  EXPECT_TRUE(clean(line, Platform::xe3p));
  EXPECT_TRUE(diagnoses(line, "lsc_atomic_fadd", "(.slm too Xe3P only; the xe3 profile has none)",
                        support::Severity::error, Platform::xe3));
  // .tgm stays refused everywhere, with the rule's first words only.
  EXPECT_TRUE(diagnoses("lsc_atomic_fadd.tgm (M1, 8)  FD:d32  bti(0x2)[XC, YC]:a32  SF  %null", "lsc_atomic_fadd",
                        "fadd and fsub take .ugm or .ugml only (docs", support::Severity::error, Platform::xe3p));
}

TEST(Igc2Spellings, OclocsNewestDevicesNameTheirGeneration) {
  // ocloc 26.27's `ocloc ids`: bmg 20.1, lnl-m 20.4; ptl 30.0, wcl 30.3, nvl-s 30.4, nvl-u 30.5;
  // nvl-p 35.10, cri 35.11.
  const std::pair<const char*, Platform> devices[] = {
      {"bmg", Platform::xe2},   {"lnl-m", Platform::xe2}, {"ptl", Platform::xe3},    {"wcl", Platform::xe3},
      {"nvl-s", Platform::xe3}, {"nvl-u", Platform::xe3}, {"nvl-p", Platform::xe3p}, {"cri", Platform::xe3p},
  };
  for (const auto& device : devices) EXPECT_EQ(parse_platform(device.first), device.second) << device.first;
  for (const Platform p : {Platform::xe2, Platform::xe3, Platform::xe3p}) {
    EXPECT_EQ(grf_bytes(p), 64) << name(p);
    EXPECT_TRUE(has(p, Feature::lsc_typed)) << name(p);
    EXPECT_TRUE(has(p, Feature::float_64)) << name(p);
    EXPECT_FALSE(has(p, Feature::predec)) << name(p);
  }
}

}  // namespace
