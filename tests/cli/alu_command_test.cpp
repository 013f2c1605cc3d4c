// `gpuatom alu` as a user runs it: output text, JSON, exit codes, and op × size of the NVIDIA
// tables reachable or refused with the rule named.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <string>

#include "cli/run_cli.hpp"
#include "gpuatom/amd/rows.hpp"

TEST(AluCommand, TheIssueExamples) {
  EXPECT_EQ(run_gpuatom("alu nvidia ADD.F32.FTZ.RN --old 0x00000001 --src 0x3f800000").out,
            "memory=0x3f800000 (1) returned=0x00000001 (1e-45)\n"
            "  note: the same on every architecture that has this form (--arch checks that one does)\n");
  EXPECT_EQ(run_gpuatom("alu nvidia CAS.64 --old 0x5 --src 0x5 --swap 0x9").out,
            "memory=0x0000000000000009 (9) returned=0x0000000000000005 (5)\n");
  EXPECT_EQ(run_gpuatom("alu intel cmpxchg --old 0x7 --src0 0x1 --src1 0x7").out,
            "memory=0x00000001 (1) returned=0x00000007 (7)\n");
  EXPECT_EQ(run_gpuatom("alu amd \"32 bit atomicInc\" --old 0x11 --operand 0x11").out,
            "memory=0x00000000 (0) returned=0x00000011 (17)\n");
}

TEST(AluCommand, JsonAndNoReturn) {
  EXPECT_EQ(run_gpuatom("alu nvidia ADD --old 1 --src 2 --json").out,
            "{\"memory\":\"0x00000003\",\"returned\":\"0x00000001\",\"type\":\"u32\",\"memory_value\":\"3\","
            "\"returned_value\":\"1\",\"why\":[],\"notes\":[]}\n");
  EXPECT_EQ(run_gpuatom("alu nvidia ADD --inst RED --old 1 --src 2 --json").out,
            "{\"memory\":\"0x00000003\",\"returned\":null,\"type\":\"u32\",\"memory_value\":\"3\","
            "\"returned_value\":null,\"why\":[],\"notes\":[]}\n");
  EXPECT_EQ(run_gpuatom("alu nvidia ADD --inst SURED --old 1 --src 2").out, "memory=0x00000003 (3) returned=none\n");
}

TEST(AluCommand, IntelSixteenBitReturnsADwordWithZeroUpperHalf) {
  EXPECT_EQ(run_gpuatom("alu intel add.16 --old 0xffff --src0 0x2").out,
            "memory=0x0001 (1) returned=0x0000ffff (65535)\n");
  EXPECT_EQ(run_gpuatom("alu intel predec.64 --old 0x0").out,
            "memory=0xffffffffffffffff (18446744073709551615) returned=0xffffffffffffffff (18446744073709551615)\n");
}

TEST(AluCommand, OneHundredTwentyEightBitCas) {
  EXPECT_EQ(
      run_gpuatom("alu nvidia CAS.128 --inst ATOMG --old 0x1 --src 0x1 --swap 0x0123456789abcdef0011223344556677").out,
      "memory=0x0123456789abcdef0011223344556677 returned=0x00000000000000000000000000000001\n");
}

namespace {

// `gpuatom ARGS` exits 2 with a message holding `fragment`.
void expect_refused(const std::string& args, const std::string& fragment) {
  const CliRun r = run_gpuatom(args);
  EXPECT_EQ(r.exit_code, 2) << args << "\n" << r.out;
  EXPECT_NE(r.out.find(fragment), std::string::npos) << args << "\n" << r.out;
}

}  // namespace

TEST(AluCommand, BadInputExitsTwoWithTheRuleNamed) {
  expect_refused("alu nvidia INC.S32 --old 1 --src 1", "takes only .U32");
  expect_refused("alu nvidia CAS.128 --old 1 --src 1 --swap 1", ".128 aliases to .U128, but is illegal");
  expect_refused("alu nvidia SAFEADD.U64 --old 1 --src 1", "SAFEADD semantics are not publicly specified");
  expect_refused("alu nvidia ADD --old 0x100000000 --src 1", "not an unsigned 32-bit value");
  expect_refused("alu nvidia ADD --old 1", "missing --src");
  expect_refused("alu nvidia CAS --old 1 --src 1", "missing --swap");
  expect_refused("alu nvidia ADD --old 1 --src 1 --swap 2", "only CAS takes a swap value");
  expect_refused("alu nvidia FOO --old 1 --src 1", "unknown operation 'FOO'");
  expect_refused("alu intel inc --old 1 --src0 1", "Src0 must be null for INC, DEC and PREDEC");
  expect_refused("alu intel add --old 1 --src0 1 --src1 2", "Src1 is used only by CMPXCHG and FCMPWR");
  expect_refused("alu intel cmpxchg --old 1 --src0 1", "missing --src1");
  expect_refused("alu intel fadd --form typed --old 1 --src0 1", "fadd and fsub are SVM and DWORD ops");
  expect_refused("alu intel add.64 --form typed --old 1 --src0 1", "no 64-bit form");
  expect_refused("alu amd \"128 bit atomicCAS\" --old 1 --operand 1", "unknown AMD row");
  expect_refused("alu amd \"32 bit atomicCAS\" --old 1 --operand 1", "missing --compare");
  expect_refused("alu cuda ADD --old 1 --src 1", "vendor");
}

TEST(AluCommand, HelpAndVersion) {
  EXPECT_EQ(run_gpuatom("--version").exit_code, 0);
  EXPECT_NE(run_gpuatom("--version").out.find("gpuatom "), std::string::npos);
  const CliRun help = run_gpuatom("alu --help");
  EXPECT_EQ(help.exit_code, 0);
  EXPECT_NE(help.out.find("--swap"), std::string::npos);
  EXPECT_EQ(run_gpuatom("--help").exit_code, 0);
}

// One op × size of each kind through the command: a legal one computes (exit 0); one without
// defined semantics, one nothing has measured and an illegal one exit 2 naming why. The walk over
// every op × size of every instruction is the library's (tests/nvidia/spelled_atomic_test.cpp).
TEST(AluCommand, EachKindOfNvidiaCombinationComputesOrIsRefused) {
  const CliRun legal = run_gpuatom("alu nvidia ADD --inst ATOM --old 0 --src 0 --safeadd-model");
  EXPECT_EQ(legal.exit_code, 0) << legal.out;
  EXPECT_EQ(legal.out.rfind("memory=0x", 0), 0u) << legal.out;
  const std::string operands = " --old 0 --src 0 --safeadd-model";
  expect_refused("alu nvidia ARRIVE.64 --inst ATOMG" + operands, "no defined semantics");
  expect_refused("alu nvidia ADD.F32.RN --inst ATOMG" + operands, "does not execute");
  expect_refused("alu nvidia INC.S32 --inst RED" + operands, "legality");
  expect_refused("alu nvidia CAS.128 --inst ATOMS --swap 0" + operands, "illegal");
}

// Intel: legal ops compute and an illegal one exits 2 (every op × width of each form in
// tests/intel/spelled_atomic_test.cpp); AMD: every row of the page computes.
TEST(AluCommand, IntelAndEveryAmdSpellingReachable) {
  using namespace gpuatom;
  EXPECT_EQ(run_gpuatom("alu intel fmax --old 0 --src0 0").exit_code, 0);
  EXPECT_EQ(run_gpuatom("alu intel cmpxchg.64 --old 0 --src0 0 --src1 0").exit_code, 0);
  EXPECT_EQ(run_gpuatom("alu intel add.64 --form dword --old 0 --src0 0").exit_code, 2);
  for (const auto& row : amd::rows()) {
    std::string args = "alu amd \"" + std::string(row.label) + "\" --old 0 --operand 0";
    if (row.kind == amd::RowKind::cas) args += " --compare 0";
    const CliRun r = run_gpuatom(args);
    EXPECT_EQ(r.exit_code, 0) << args << "\n" << r.out;
  }
}

// sm_90's vector sizes: operands as wide as the vector, one atomic per 32-bit element under the
// element's own rules (.F32x4 flushes as .F32.FTZ.RN; .BF16x4 min as .BF16x2).
TEST(AluCommand, VectorSizesApplyTheirOperationToEachElement) {
  const CliRun f16x8 = run_gpuatom(
      "alu nvidia ADD.F16x8.RN --inst ATOMG --old 0x3c003c003c003c003c003c003c003c00 --src "
      "0x3c003c003c003c003c003c003c00bc00");
  EXPECT_EQ(f16x8.exit_code, 0) << f16x8.out;
  EXPECT_EQ(f16x8.out.substr(0, f16x8.out.find('\n') + 1),
            "memory=0x40004000400040004000400040000000 returned=0x3c003c003c003c003c003c003c003c00\n");
  // (1 + 1, subnormal + subnormal → +0 flushed, inf + −inf → canonical NaN, 1 + 1): element 0 lowest.
  const CliRun f32x4 = run_gpuatom(
      "alu nvidia ADD.F32x4.FTZ.RN --inst ATOMG --old 0x3f800000000000017f8000003f800000 --src "
      "0x3f80000000000001ff8000003f800000");
  EXPECT_EQ(f32x4.out.substr(0, f32x4.out.find('\n') + 1),
            "memory=0x40000000000000007fffffff40000000 returned=0x3f800000000000017f8000003f800000\n");
  const CliRun bf16x4 =
      run_gpuatom("alu nvidia MIN.BF16x4.RN --inst ATOMG --old 0x3f80bf803f80bf80 --src 0x00007fc0ff800000 --json");
  const auto bf16x4_json = nlohmann::json::parse(bf16x4.out);
  EXPECT_EQ(bf16x4_json["memory"], "0x0000bf80ff80bf80");
  EXPECT_EQ(bf16x4_json["returned"], "0x3f80bf803f80bf80");
  const CliRun red =
      run_gpuatom("alu nvidia ADD.F32x2.FTZ.RN --inst REDG --old 0x3f80000040000000 --src 0x3f80000040000000");
  EXPECT_EQ(red.out.substr(0, red.out.find('\n') + 1), "memory=0x4000000040800000 returned=none\n");
  // Wider than the vector is refused.
  const CliRun wide = run_gpuatom("alu nvidia ADD.F16x4.RN --inst ATOMG --old 0x10000000000000000 --src 0");
  EXPECT_EQ(wide.exit_code, 2) << wide.out;
}
