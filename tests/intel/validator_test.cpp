// Every semantic rule (docs/spec/intel.md §2.2, §2.7, §3.2–§3.4, §5, §6.2, §8, §9): a bad line, the
// expected message and the column of the offending token.
#include "intel/visa_test_support.hpp"

using namespace visa_test;
using support::Severity;

TEST(IntelValidator, CleanLinesOfEveryShape) {
  EXPECT_TRUE(silent("svm_atomic.add (M1, 8) ADDR.0 DST.0 SRC.0 %null.0"));
  EXPECT_TRUE(silent("svm_atomic.cmpxchg.64 (M1, 8) ADDR.0 D64.0 S64.0 C64.0"));
  EXPECT_TRUE(silent("svm_atomic.minsint (M1, 8) ADDR.0 DD.0 SD.0 %null.0"));
  EXPECT_TRUE(silent("svm_atomic.maxsint.64 (M1, 8) ADDR.0 DQ.0 SQ.0 %null.0"));
  EXPECT_TRUE(silent("svm_atomic.fcmpwr (M1, 8) ADDR.0 FD.0 SF.0 SF.32"));
  EXPECT_TRUE(silent("svm_atomic.fmin.16 (M1, 4) ADDR.0 FD.0 SF.0 %null.0"));
  EXPECT_TRUE(silent("svm_atomic.inc (M1, 1) ADDR.0 %null.0 %null.0 %null.0"));
  EXPECT_TRUE(silent("svm_atomic.add (M8, 2) ADDR.0 DST.0 SRC.0 %null.0"));
  EXPECT_TRUE(silent("svm_atomic.add (M2_NM, 4) ADDR.0 DST.0 SRC.0 %null.0"));
  EXPECT_TRUE(silent("(P8) svm_atomic.add (M1, 8) ADDR.0 DST.0 SRC.0 %null.0"));
  EXPECT_TRUE(silent("(P1) svm_atomic.add (M7, 8) ADDR.0 DST.0 SRC.0 %null.0"));
  EXPECT_TRUE(silent("typed_atomic.add (M1, 8) S1D XC.0 %null.0 %null.0 LODC.0 SRC.0 %null.0 DST.0"));
  EXPECT_TRUE(silent("typed_atomic.add (M1, 8) S3D XC.0 YC.0 ZC.0 %null.0 SRC.0 %null.0 DST.0"));
  EXPECT_TRUE(silent("typed_atomic.cmpxchg.16 (M3, 8) S2D XC.0 YC.0 %null.0 %null.0 SRC.0 CMP.0 %null.0"));
}

// ---- ops and widths (§5, §9) -------------------------------------------------------------------

TEST(IntelValidator, TypedHasNo64BitForm) {
  EXPECT_TRUE(diagnoses("typed_atomic.add.64 (M1, 8) S2D XC.0 YC.0 %null.0 %null.0 S64.0 %null.0 D64.0", "64",
                        "TYPED_ATOMIC has no 64-bit form"));
}

// IGC writes float atomics at 64 bits for every platform; its front end has them from PVC on.
TEST(IntelValidator, SvmFloatOpsAt64BitsWarnBeforePvc) {
  EXPECT_TRUE(diagnoses("svm_atomic.fmax.64 (M1, 8) ADDR.0 DDF.0 SDF.0 %null.0", "fmax",
                        "reports 64-bit float atomics from PVC on", Severity::warning, Platform::xehp));
  EXPECT_TRUE(clean("svm_atomic.fadd.64 (M1, 8) ADDR.0 DDF.0 SDF.0 %null.0", Platform::pvc));
  EXPECT_TRUE(diagnoses("svm_atomic.fadd (M1, 8) ADDR.0 FD.0 SF.0 %null.0", "fadd",
                        "reports float-add atomics from XeHP on", Severity::warning, Platform::gen12));
  EXPECT_TRUE(clean("svm_atomic.fsub (M1, 8) ADDR.0 FD.0 SF.0 %null.0", Platform::xehp));
  EXPECT_TRUE(diagnoses("svm_atomic.fadd.64 (M1, 8) ADDR.0 D64.0 S64.0 %null.0", "D64", "should have type DF",
                        Severity::warning, Platform::pvc));
  EXPECT_TRUE(diagnoses("typed_atomic.fadd (M1, 8) S2D XC.0 YC.0 %null.0 %null.0 SF.0 %null.0 FD.0", "fadd",
                        "fadd and fsub are SVM and DWORD ops"));
}

TEST(IntelValidator, DwordAtomicsTakeABufferSurface) {
  EXPECT_TRUE(clean("dword_atomic.add (M1, 16) %slm XC.0 SRC.0 %null.0 DST.0", Platform::xehp));
  EXPECT_TRUE(clean("dword_atomic.cmpxchg.16 (M1_NM, 1) %slm XC.0 SRC.0 CMP.0 %null.0"));
  EXPECT_TRUE(diagnoses("dword_atomic.add (M1, 8) T1 XC.0 SRC.0 %null.0 DST.0", "T1", "cannot use surface T1"));
  EXPECT_TRUE(diagnoses("dword_atomic.add (M1, 8) %slm %null.0 SRC.0 %null.0 DST.0", "%null", "Offsets is missing"));
  EXPECT_TRUE(clean("dword_atomic.minsint (M1, 8) %slm XC.0 SRC.0 %null.0 DD.0"));  // IGC's types (docs/oracles.md)
}

TEST(IntelValidator, PlatformProfilesGateWidthsAndPredec) {
  EXPECT_TRUE(diagnoses("svm_atomic.add.16 (M1, 8) ADDR.0 DST.0 SRC.0 %null.0", "16",
                        "16-bit atomics are TGLLP+ (Gen12); the gen9 profile has none", Severity::error,
                        Platform::gen9));
  EXPECT_TRUE(diagnoses("typed_atomic.add.16 (M1, 8) S2D XC.0 YC.0 %null.0 %null.0 SRC.0 %null.0 DST.0", "16",
                        "the gen9 profile has none", Severity::error, Platform::gen9));
  // IGC writes 16-bit SVM and DWORD atomics on gen9, but no message carries them (docs/intel-igc.md §6, §7).
  EXPECT_TRUE(diagnoses("dword_atomic.add.16 (M1, 8) %slm XC.0 SRC.0 %null.0 DST.0", "16",
                        "half-word message that Intel's assembler IGA cannot name", Severity::error, Platform::gen9));
  // IGC lowers .64 on gen9 to the A64 int64 message IGA names (docs/intel-igc.md §6).
  EXPECT_TRUE(clean("svm_atomic.add.64 (M1, 8) ADDR.0 D64.0 S64.0 %null.0", Platform::gen9));
  EXPECT_TRUE(diagnoses("svm_atomic.predec (M1, 8) ADDR.0 DST.0 %null.0 %null.0", "predec",
                        "the xehp profile has no PREDEC", Severity::error, Platform::xehp));
  EXPECT_TRUE(diagnoses("svm_atomic.predec (M1, 8) ADDR.0 DST.0 %null.0 %null.0", "predec",
                        "the pvc profile has no PREDEC", Severity::error, Platform::pvc));
  EXPECT_TRUE(clean("svm_atomic.predec (M1, 8) ADDR.0 DST.0 %null.0 %null.0", Platform::gen9));
  EXPECT_TRUE(clean("svm_atomic.add.64 (M1, 8) ADDR.0 D64.0 S64.0 %null.0", Platform::xehp));
}

TEST(IntelValidator, TypedFloatOpsAreAcceptedWithAWarning) {
  const std::string line = "typed_atomic.fmax (M1, 8) S2D XC.0 YC.0 %null.0 %null.0 SF.0 %null.0 FD.0";
  EXPECT_TRUE(clean(line));
  EXPECT_TRUE(diagnoses(line, "fmax", "IGC does not lower typed float atomics", Severity::warning));
  // F or UD bit patterns, no type warning for either (§3.4).
  EXPECT_TRUE(clean("typed_atomic.fcmpwr (M1, 8) S2D XC.0 YC.0 %null.0 %null.0 SRC.0 CMP.0 DST.0"));
}

// ---- exec size and masks (§6.2) ----------------------------------------------------------------

TEST(IntelValidator, ExecSizes) {
  EXPECT_TRUE(diagnoses("typed_atomic.add (M1, 4) S2D XC.0 YC.0 %null.0 %null.0 SRC.0 %null.0 DST.0", "4)",
                        "exec size 4 is not legal: typed_atomic takes exec size 8"));
  EXPECT_TRUE(diagnoses("svm_atomic.add (M1, 16) ADDR.0 DST.0 SRC.0 %null.0", "16",
                        "exec size 16 is not legal: svm_atomic takes exec size 1, 2, 4 or 8 (16 only with the xehp, "
                        "dg2, pvc, xe2, xe3 or xe3p profile)"));
  EXPECT_TRUE(diagnoses("svm_atomic.add (M1, 32) ADDR.0 DST.0 SRC.0 %null.0", "32", "exec size 32 is not legal",
                        Severity::error, Platform::pvc));
  EXPECT_TRUE(clean("svm_atomic.add (M1, 16) ADDR.0 DST.0 SRC.0 %null.0", Platform::xehp));
  EXPECT_TRUE(clean("typed_atomic.add (M5, 16) S2D XC.0 YC.0 %null.0 %null.0 SRC.0 %null.0 DST.0", Platform::pvc));
}

TEST(IntelValidator, MaskOffsetMustBeAMultipleOfTheExecSize) {
  EXPECT_TRUE(
      diagnoses("svm_atomic.add (M2, 8) ADDR.0 DST.0 SRC.0 %null.0", "M2",
                "mask M2 (channel offset 4) needs nibble control, which only exec sizes up to 4 have; with exec "
                "size 8 use M1, M3, M5 or M7"));
  EXPECT_TRUE(diagnoses("typed_atomic.add (M8_NM, 8) S2D XC.0 YC.0 %null.0 %null.0 SRC.0 %null.0 DST.0", "M8_NM",
                        "needs nibble control"));
  EXPECT_TRUE(diagnoses("svm_atomic.add (M3, 16) ADDR.0 DST.0 SRC.0 %null.0", "M3",
                        "mask M3 (channel offset 8) is not a multiple of exec size 16", Severity::error,
                        Platform::xehp));
  for (const char* mask : {"M1", "M2", "M3", "M4", "M5", "M6", "M7", "M8", "M4_NM"})
    EXPECT_TRUE(clean(std::string("svm_atomic.add (") + mask + ", 4) ADDR.0 DST.0 SRC.0 %null.0")) << mask;
}

TEST(IntelValidator, PredicateMustCoverTheChannelsItReads) {
  // spec §11 line 5 with P1 declared num_elts=8: M5_NM reads predicate bits 16–23.
  EXPECT_TRUE(diagnoses("(P8) typed_atomic.xchg.16 (M5_NM, 8) S2DA XC.0 YC.0 ZC.0 %null.0 SRC.0 %null.0 %null.0", "P8",
                        "predicate P8 has 8 bits, but 8 channels with mask M5_NM read bits 16-23"));
  EXPECT_TRUE(clean("(P1) typed_atomic.xchg.16 (M5_NM, 8) S2DA XC.0 YC.0 ZC.0 %null.0 SRC.0 %null.0 %null.0"));
  EXPECT_TRUE(clean("(!P8.any) svm_atomic.add (M2, 4) ADDR.0 DST.0 SRC.0 %null.0"));  // bits 4-7 of 8
  EXPECT_TRUE(diagnoses("(!P8.all) svm_atomic.add (M3, 4) ADDR.0 DST.0 SRC.0 %null.0", "P8", "read bits 8-11"));
}

// ---- operand roles (§3.2) ----------------------------------------------------------------------

TEST(IntelValidator, Src0IsNullExactlyForIncDecPredec) {
  for (const char* op : {"inc", "dec", "predec"})
    EXPECT_TRUE(diagnoses(std::string("svm_atomic.") + op + " (M1, 8) ADDR.0 DST.0 SRC.0 %null.0", "SRC",
                          std::string("Src0 must be %null.0 for ") + op + ": INC, DEC and PREDEC take no Src0"))
        << op;
  EXPECT_TRUE(diagnoses("typed_atomic.inc (M1, 8) S2D XC.0 YC.0 %null.0 %null.0 SRC.0 %null.0 DST.0", "SRC",
                        "Src0 must be %null.0 for inc"));
  EXPECT_TRUE(diagnoses("svm_atomic.add (M1, 8) ADDR.0 DST.0 %null.0 %null.0", "%null.0",
                        "Src0 is missing: add reads Src0 as its operand"));
  EXPECT_TRUE(diagnoses("svm_atomic.fcmpwr (M1, 8) ADDR.0 FD.0 %null.0 SF.0", "%null.0",
                        "Src0 is missing: fcmpwr reads Src0 as its comparand"));
}

TEST(IntelValidator, Src1IsUsedExactlyByCmpxchgAndFcmpwr) {
  EXPECT_TRUE(diagnoses("svm_atomic.add (M1, 8) ADDR.0 DST.0 SRC.0 CMP.0", "CMP",
                        "Src1 must be %null.0 for add: only CMPXCHG and FCMPWR use Src1"));
  EXPECT_TRUE(diagnoses("typed_atomic.xor (M1, 8) S2D XC.0 YC.0 %null.0 %null.0 SRC.0 CMP.0 DST.0", "CMP",
                        "Src1 must be %null.0 for xor"));
  EXPECT_TRUE(diagnoses("svm_atomic.cmpxchg (M1, 8) ADDR.0 DST.0 SRC.0 %null.0", "%null.0",
                        "Src1 is missing: cmpxchg reads Src1 as its comparand"));
  EXPECT_TRUE(diagnoses("typed_atomic.fcmpwr (M1, 8) S2D XC.0 YC.0 %null.0 %null.0 SRC.0 %null.0 DST.0", "%null.0 DST",
                        "Src1 is missing: fcmpwr reads Src1 as its new value"));
}

TEST(IntelValidator, DstMayBeNull) {
  EXPECT_TRUE(silent("svm_atomic.add (M1, 8) ADDR.0 %null.0 SRC.0 %null.0"));
  EXPECT_TRUE(silent("typed_atomic.add (M1, 8) S2D XC.0 YC.0 %null.0 %null.0 SRC.0 %null.0 %null.0"));
}

TEST(IntelValidator, AddressesAndUMustBeGiven) {
  EXPECT_TRUE(diagnoses("svm_atomic.add (M1, 8) %null.0 DST.0 SRC.0 %null.0", "%null.0", "Addresses is missing"));
  EXPECT_TRUE(diagnoses("typed_atomic.add (M1, 8) S1D %null.0 %null.0 %null.0 %null.0 SRC.0 %null.0 DST.0", "%null.0",
                        "U is missing: every surface type takes the X pixel address in U"));
}

// ---- surfaces (§2.7, §8) -----------------------------------------------------------------------

TEST(IntelValidator, TypedAtomicRejectsThePredefinedSurfaces) {
  const std::pair<const char*, const char*> cases[] = {
      {"%slm", "a buffer"},     {"T1", "reserved"}, {"T2", "reserved"},   {"TSS", "reserved"}, {"%bss", "bindless"},
      {"%scratch", "a buffer"}, {"T0", "a buffer"}, {"T252", "bindless"}, {"T255", "a buffer"}};
  for (const auto& [surface, why] : cases)
    EXPECT_TRUE(
        diagnoses(std::string("typed_atomic.add (M1, 8) ") + surface + " XC.0 YC.0 %null.0 %null.0 SRC.0 %null.0 DST.0",
                  surface, std::string("TYPED_ATOMIC cannot use surface")) &&
        diagnoses(std::string("typed_atomic.add (M1, 8) ") + surface + " XC.0 YC.0 %null.0 %null.0 SRC.0 %null.0 DST.0",
                  surface, why))
        << surface;
}

TEST(IntelValidator, CoordinatesFollowTheBoundSurfaceType) {
  const std::string tail = " %null.0 SRC.0 %null.0 DST.0";
  EXPECT_TRUE(diagnoses("typed_atomic.add (M1, 8) S1D XC.0 YC.0 %null.0" + tail, "YC",
                        "V must be %null.0: surface S1D is 1d, which has no V coordinate"));
  EXPECT_TRUE(diagnoses("typed_atomic.add (M1, 8) S1DA XC.0 %null.0 %null.0" + tail, "%null.0",
                        "V is missing: surface S1DA is 1d_array, whose array index is in V"));
  EXPECT_TRUE(diagnoses("typed_atomic.add (M1, 8) S2D XC.0 %null.0 %null.0" + tail, "%null.0",
                        "V is missing: surface S2D is 2d, whose Y pixel address is in V"));
  EXPECT_TRUE(diagnoses("typed_atomic.add (M1, 8) S2D XC.0 YC.0 ZC.0" + tail, "ZC",
                        "R must be %null.0: surface S2D is 2d, which has no R coordinate"));
  EXPECT_TRUE(diagnoses("typed_atomic.add (M1, 8) S2DA XC.0 YC.0 %null.0" + tail, "%null.0",
                        "R is missing: surface S2DA is 2d_array, whose array index is in R"));
  EXPECT_TRUE(diagnoses("typed_atomic.add (M1, 8) S3D XC.0 YC.0 %null.0" + tail, "%null.0",
                        "R is missing: surface S3D is 3d, whose Z pixel address is in R"));
  EXPECT_TRUE(clean("typed_atomic.add (M1, 8) S1DA XC.0 YC.0 %null.0" + tail));
  EXPECT_TRUE(clean("typed_atomic.add (M1, 8) S2DA XC.0 YC.0 ZC.0" + tail));
}

TEST(IntelValidator, UnboundSurfaceIsCheckedForConsistencyAndSaysSo) {
  const std::string tail = " %null.0 SRC.0 %null.0 DST.0";
  EXPECT_TRUE(diagnoses("typed_atomic.add (M1, 8) SFREE XC.0 %null.0 ZC.0" + tail, "ZC",
                        "R is given but V is null: no surface type takes R without V"));
  EXPECT_TRUE(diagnoses("typed_atomic.add (M1, 8) SFREE XC.0 YC.0 ZC.0" + tail, "SFREE",
                        "surface SFREE has no bound surface type", Severity::note));
  EXPECT_TRUE(clean("typed_atomic.add (M1, 8) SFREE XC.0 %null.0 %null.0" + tail));
}

TEST(IntelValidator, BoundElementSizeMatchesTheAccessWidth) {
  const auto check_bound = [](const std::string& line, uint8_t element_bytes) {
    support::Diagnostics d;
    Module m = parse_visa(prelude + line + "\n", test_file, {}, d);
    m.declarations.bind_surface_type(m.declarations.lookup("S2D")->id, SurfaceType::d2, element_bytes);
    validate(m, {}, d);
    return d.format_all();
  };
  const std::string line = "typed_atomic.add.16 (M1, 8) S2D XC.0 YC.0 %null.0 %null.0 SRC.0 %null.0 DST.0";
  EXPECT_EQ(check_bound(line, 4),
            fmt::format("t.visaasm:{}:29: error: surface S2D holds 4-byte elements, but typed_atomic.add.16 accesses "
                        "2-byte elements (docs/spec/intel.md §8)\n",
                        prelude_lines() + 1));
  EXPECT_EQ(check_bound(line, 2), "");
  EXPECT_NE(check_bound("typed_atomic.add (M1, 8) S2D XC.0 YC.0 %null.0 %null.0 SRC.0 %null.0 DST.0", 2)
                .find("holds 2-byte elements, but typed_atomic.add accesses 4-byte"),
            std::string::npos);
}

// ---- operands (§2.2, §3.4) ---------------------------------------------------------------------

TEST(IntelValidator, PredefinedVariableIdsAreRejected) {
  EXPECT_TRUE(
      diagnoses("svm_atomic.add (M1, 8) ADDR.0 V5.0 SRC.0 %null.0", "V5",
                "Dst is V5, one of IGC's predefined variables (ids 1-31), which are not valid atomic operands"));
  EXPECT_TRUE(diagnoses("svm_atomic.add (M1, 8) ADDR.0 DST.0 V31.0 %null.0", "V31", "Src0 is V31"));
  EXPECT_TRUE(silent("svm_atomic.add (M1, 8) ADDR.0 V0.0 SRC.0 %null.0"));  // V0 is the null operand
}

TEST(IntelValidator, OperandTypes) {
  // Wrong element size: an error.
  EXPECT_TRUE(
      diagnoses("svm_atomic.add.64 (M1, 8) ADDR.0 DST.0 S64.0 %null.0", "DST",
                "Dst of svm_atomic.add.64 must have type UQ or Q (8-byte elements); DST has type UD (4 bytes)"));
  EXPECT_TRUE(diagnoses("svm_atomic.add (M1, 8) ADDR.0 DST.0 SW.0 %null.0", "SW",
                        "Src0 of svm_atomic.add must have type UD or D (4-byte elements); SW has type UW (2 bytes)"));
  EXPECT_TRUE(diagnoses("svm_atomic.fmin.16 (M1, 8) ADDR.0 FD.0 SHF.0 %null.0", "SHF",
                        "Src0 of svm_atomic.fmin.16 must have type F (4-byte elements); SHF has type HF"));
  EXPECT_TRUE(diagnoses("svm_atomic.add (M1, 8) ADDR32.0 DST.0 SRC.0 %null.0", "ADDR32",
                        "Addresses of svm_atomic.add must have type UQ (8-byte elements); ADDR32 has type UD"));
  EXPECT_TRUE(diagnoses("typed_atomic.add (M1, 8) S2D ADDR.0 YC.0 %null.0 %null.0 SRC.0 %null.0 DST.0", "ADDR",
                        "U of typed_atomic.add must have type UD (4-byte elements); ADDR has type UQ"));
  // Right size, other signedness or int/float: a warning.
  // Signedness: TYPED warns; SVM and DWORD take any integer type, as IGC writes them (its D Src0
  // for an unsigned min, its UD Dst for minsint; docs/oracles.md, "IGC").
  EXPECT_TRUE(diagnoses("typed_atomic.maxsint (M1, 8) S2D XC.0 YC.0 %null.0 %null.0 SRC.0 %null.0 DD.0", "SRC",
                        "Src0 of typed_atomic.maxsint should have type D; SRC has type UD (signedness differs)",
                        Severity::warning));
  EXPECT_TRUE(clean("svm_atomic.minsint (M1, 8) ADDR.0 DST.0 SD.0 %null.0"));
  EXPECT_TRUE(clean("svm_atomic.min (M1, 8) ADDR.0 DST.0 SD.0 %null.0"));
  // Ops whose bits do not depend on signedness take D as well: IGC writes it for OpenCL's int.
  EXPECT_TRUE(clean("svm_atomic.add (M1, 8) ADDR.0 DD.0 SD.0 %null.0"));
  EXPECT_TRUE(clean("svm_atomic.cmpxchg (M1, 8) ADDR.0 DD.0 SD.0 SD.0"));
  EXPECT_TRUE(clean("dword_atomic.xor (M1, 8) %slm XC.0 SD.0 %null.0 DD.0"));
  EXPECT_TRUE(diagnoses("svm_atomic.fmax (M1, 8) ADDR.0 FD.0 SRC.0 %null.0", "SRC",
                        "Src0 of svm_atomic.fmax should have type F; SRC has type UD (integer vs float)",
                        Severity::warning));
  EXPECT_TRUE(clean("svm_atomic.add (M1, 8) ADDRQ.0 DST.0 SRC.0 %null.0"));  // a Q address: any integer type
  EXPECT_TRUE(diagnoses("typed_atomic.maxsint (M1, 8) S2D XC.0 YC.0 %null.0 %null.0 SRC.0 %null.0 DD.0", "SRC",
                        "Src0 of typed_atomic.maxsint should have type D", Severity::warning));
  EXPECT_TRUE(diagnoses("typed_atomic.fmin (M1, 8) S2D XC.0 YC.0 %null.0 %null.0 SD.0 %null.0 FD.0", "SD",
                        "should have type F or UD", Severity::warning));
  EXPECT_TRUE(clean("svm_atomic.minsint (M1, 8) ADDR.0 DST.0 SD.0 %null.0"));  // warnings do not fail
}

TEST(IntelValidator, OperandsStayInsideTheirVariable) {
  EXPECT_TRUE(diagnoses("svm_atomic.add (M1, 8) ADDR.0 DST.0 SMALL.0 %null.0", "SMALL",
                        "Src0 SMALL.0 reads bytes 0-31 (8 channels of 4 bytes), but SMALL has 16 bytes"));
  EXPECT_TRUE(diagnoses("svm_atomic.add.64 (M1, 8) ADDR.64 D64.0 S64.96 %null.0", "S64",
                        "Src0 S64.96 reads bytes 96-159 (8 channels of 8 bytes), but S64 has 128 bytes"));
  EXPECT_TRUE(clean("svm_atomic.add (M1, 4) ADDR.0 DST.0 SMALL.0 %null.0"));
  EXPECT_TRUE(clean("svm_atomic.add (M1, 8) ADDR.64 DST.32 SRC.32 %null.0"));
}

TEST(IntelValidator, OperandsAreGrfAligned) {
  EXPECT_TRUE(diagnoses("svm_atomic.add (M1, 4) ADDR.0 DST.16 SRC.0 %null.0", "DST",
                        "Dst DST.16 is not GRF-aligned: byte 16 of its storage is not a multiple of 32 (gen12 GRF)"));
  EXPECT_TRUE(diagnoses("svm_atomic.add (M1, 4) ADDR.0 DST.0 INNER.0 %null.0", "INNER",
                        "Src0 INNER.0 is not GRF-aligned: byte 4 of its storage"));
  EXPECT_TRUE(diagnoses("svm_atomic.add (M1, 8) ADDR.0 DST.32 SRC.0 %null.0", "DST", "not a multiple of 64 (pvc GRF)",
                        Severity::error, Platform::pvc));
  EXPECT_TRUE(clean("svm_atomic.add (M1, 8) ADDR.0 DST.32 SRC.0 %null.0"));
}

TEST(IntelValidator, VariablesAlignedBelowOneGrfGetAWarningAtTheirDeclaration) {
  const Checked c = check(
      "svm_atomic.add (M1, 8) ADDR.0 DST.0 LOOSE.0 %null.0\nsvm_atomic.add (M1, 8) ADDR.0 DST.0 LOOSE.0 %null.0\n");
  EXPECT_FALSE(c.diagnostics.has_errors()) << all_text(c.diagnostics);
  const std::string text = all_text(c.diagnostics);
  EXPECT_NE(text.find("t.visaasm:18:7: warning: LOOSE is declared align=dword (4 bytes), but raw operands must be "
                      "GRF-aligned (32 bytes on gen12)"),
            std::string::npos)
      << text;
  EXPECT_EQ(text.find("LOOSE is declared"), text.rfind("LOOSE is declared"));  // once
}

TEST(IntelValidator, NullOperandHasOffsetZero) {
  EXPECT_TRUE(diagnoses("svm_atomic.add (M1, 8) ADDR.0 %null.4 SRC.0 %null.0", "%null.4",
                        "the null operand takes offset 0 (%null.0), not 4"));
}
