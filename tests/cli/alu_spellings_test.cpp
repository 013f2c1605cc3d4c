// `gpuatom alu` asked the way compiler engineers ask: ops of every vendor in the instruction's own
// spelling give what the short spelling gives (every op is walked by the vendors' spelled-atomic
// tests), operands as typed floats give their exact bits, results carry their typed values,
// --arch / --platform refuse what the target lacks, and a line of why appears where a float rule
// changed the result.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <sstream>
#include <string>
#include <vector>

#include "cli/run_cli.hpp"
#include "common/nvidia_instruction_spellings.hpp"

namespace {

using nlohmann::json;

std::vector<std::string> nonempty_lines_of(const std::string& text) {
  std::vector<std::string> out;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);)
    if (!line.empty()) out.push_back(line);
  return out;
}

json alu_json(const std::string& args) {
  const CliRun r = run_gpuatom("alu " + args + " --json");
  if (r.exit_code != 0) {
    ADD_FAILURE() << args << ": " << r.out;
    return json();
  }
  return json::parse(r.out);
}

std::string nvidia_operands(const std::string& op_size) {
  const bool cas = op_size.rfind("CAS", 0) == 0;  // CAS, CAST, CAST.SPIN
  return std::string(" --old 0x1 --src 0x2") + (cas ? " --swap 0x3" : "");
}

}  // namespace

// NVIDIA instructions spelled as the disassembler prints them (the mnemonic, the modifiers that do
// not change the arithmetic, then op and size) give what the short spelling gives: the first two
// listed OP.SIZE of each instruction, and a CAS, through the command (every one in
// tests/nvidia/spelled_atomic_test.cpp).
TEST(AluSpellings, NvidiaOpsInTheInstructionsOwnSpelling) {
  size_t compared = 0;
  for (const gpuatom::testing::InstructionSpelling& inst : gpuatom::testing::nvidia_instruction_spellings()) {
    const auto spellings = nonempty_lines_of(run_gpuatom("alu nvidia --list --inst " + inst.name).out);
    ASSERT_GT(spellings.size(), 20u) << inst.name;
    std::vector<std::string> sample(spellings.begin(), spellings.begin() + 2);
    if (inst.name != "RED" && inst.name != "REDG" && inst.name != "SURED") sample.push_back("CAS");
    for (const std::string& op_size : sample) {
      const CliRun short_form =
          run_gpuatom("alu nvidia " + op_size + " --inst " + inst.name + nvidia_operands(op_size) + " --json");
      const CliRun full = run_gpuatom("alu nvidia " + inst.name + inst.before + "." + op_size + inst.after +
                                      nvidia_operands(op_size) + " --json");
      ASSERT_EQ(short_form.exit_code, 0) << inst.name << " " << op_size << ": " << short_form.out;
      ASSERT_EQ(full.exit_code, 0) << inst.name << " " << op_size << ": " << full.out;
      EXPECT_EQ(json::parse(full.out), json::parse(short_form.out)) << inst.name << " " << op_size;
      ++compared;
    }
  }
  EXPECT_EQ(compared, 18u);
  // --inst and the spelled mnemonic must agree.
  const CliRun clash = run_gpuatom("alu nvidia ATOMS.ADD --inst ATOM --old 1 --src 2");
  EXPECT_EQ(clash.exit_code, 2);
  EXPECT_NE(clash.out.find("the instruction is ATOMS, but --inst says ATOM"), std::string::npos) << clash.out;
}

// Intel ops as vISA spells them give what the short spelling gives: each form's first two ops and
// its compare-and-swap through the command (every op in tests/intel/spelled_atomic_test.cpp).
TEST(AluSpellings, IntelOpsAsVisaSpellsThem) {
  size_t compared = 0;
  for (const std::string form : {"svm", "typed", "dword"}) {
    const std::string prefix = form + "_atomic.";
    const auto ops = nonempty_lines_of(run_gpuatom("alu intel --list --form " + form).out);
    ASSERT_GT(ops.size(), 10u) << form;
    for (const std::string& op : {ops[0], ops[1], std::string("cmpxchg")}) {
      const bool two = op.rfind("cmpxchg", 0) == 0 || op.rfind("fcmpwr", 0) == 0;
      const bool none = op.rfind("inc", 0) == 0 || op.rfind("dec", 0) == 0 || op.rfind("predec", 0) == 0;
      const std::string operands = std::string(" --old 0x5") + (none ? "" : " --src0 0x7") + (two ? " --src1 0x5" : "");
      const CliRun short_form = run_gpuatom("alu intel " + op + " --form " + form + operands + " --json");
      const CliRun full = run_gpuatom("alu intel " + prefix + op + operands + " --json");
      ASSERT_EQ(short_form.exit_code, 0) << op << ": " << short_form.out;
      ASSERT_EQ(full.exit_code, 0) << prefix << op << ": " << full.out;
      EXPECT_EQ(json::parse(full.out), json::parse(short_form.out)) << prefix << op;
      ++compared;
    }
  }
  EXPECT_EQ(compared, 9u);
  // LSC, as IGC writes it: lsc_atomic_iadd.ugm, a float add on d32, a compare-and-swap (src1 compared, src2 stored).
  EXPECT_EQ(alu_json("intel lsc_atomic_iadd.ugm --old 5 --src0 7")["memory"], "0x0000000c");
  EXPECT_EQ(alu_json("intel lsc_atomic_fadd.ugm --old 1.0 --src0 0.5")["memory_value"], "1.5");
  EXPECT_EQ(alu_json("intel lsc_atomic_icas.ugm --old 5 --src0 5 --src1 9")["memory"], "0x00000009");
  EXPECT_EQ(alu_json("intel lsc_atomic_iadd.ugm --data d64 --old 0xffffffff --src0 1")["memory"], "0x0000000100000000");
}

TEST(AluSpellings, EveryAmdRow) {
  const auto rows = nonempty_lines_of(run_gpuatom("alu amd --list").out);
  ASSERT_EQ(rows.size(), 27u);
  for (const std::string& row : rows) {
    const bool cas = row.find("atomicCAS") != std::string::npos;
    const json out = alu_json("amd \"" + row + "\" --old 0x1 --operand 0x2" + (cas ? " --compare 0x1" : ""));
    EXPECT_TRUE(out.contains("memory")) << row;
  }
}

// Operands as typed values: exact bits, whatever spelling.
TEST(AluSpellings, TypedOperandsGiveTheirExactBits) {
  struct Case {
    std::string args, key, expected;
  };
  const std::vector<Case> cases = {
      {"nvidia EXCH --old 0 --src \"f32(1.5)\"", "memory", "0x3fc00000"},  // an integer op takes a typed float
      {"nvidia ADD.F32.FTZ.RN --old 1.5 --src 0", "memory", "0x3fc00000"},
      {"nvidia ADD.F32.FTZ.RN --old -0x1p-126 --src 0", "memory", "0x80800000"},
      {"nvidia ADD.F64.RN --old 0.1 --src 0", "memory", "0x3fb999999999999a"},
      {"nvidia ADD.F64.RN --old 1e400 --src 0", "memory", "0x7ff0000000000000"},
      {"nvidia ADD.F16x2.RN --old \"f16x2(1.0004882812500001, 0)\" --src 0", "memory", "0x00003c01"},
      {"nvidia ATOMG.E.ADD.BF16x2.RN --old \"bf16x2(1.0, -2.0)\" --src 0", "memory", "0xc0003f80"},
      {"nvidia MIN.S32 --old -5 --src 3", "memory", "0xfffffffb"},
      {"intel fadd --form svm --old 1e-45 --src0 0", "memory", "0x00000001"},
      {"amd \"32 bit float atomicAdd\" --old 0.1 --operand 0.2", "memory_value", "0.3"},
      {"amd \"64 bit float atomicAdd\" --old 0.1 --operand 0.2", "memory_value", "0.30000000000000004"},
  };
  for (const Case& c : cases) EXPECT_EQ(alu_json(c.args)[c.key], c.expected) << c.args;
  const CliRun integer_float = run_gpuatom("alu nvidia ADD --old 1.5 --src 1");
  EXPECT_EQ(integer_float.exit_code, 2);
  EXPECT_NE(integer_float.out.find("--old 1.5: a float, but the operation is on u32 integers"), std::string::npos)
      << integer_float.out;
  const CliRun bad = run_gpuatom("alu nvidia ADD.F32.FTZ.RN --old 1.5x --src 0");
  EXPECT_EQ(bad.exit_code, 2);
  EXPECT_NE(bad.out.find("--old 1.5x:"), std::string::npos) << bad.out;
}

// Intel's 16-bit float atomics return the f16 value in the low half of a dword: the typed value
// is the f16's, not the dword's integer (issue 39: fcmpwr.16 printed "returned=0x00003c00 (15360)").
TEST(AluSpellings, IntelSixteenBitFloatsReturnTheirTypedValue) {
  EXPECT_EQ(run_gpuatom("alu intel svm_atomic.fcmpwr.16 --platform pvc --old 1.0 --src0 1.0 --src1 2.0").out,
            "memory=0x4000 (2) returned=0x00003c00 (1)\n");
  const json fcmpwr = alu_json("intel svm_atomic.fcmpwr.16 --platform pvc --old 1.0 --src0 1.0 --src1 2.0");
  EXPECT_EQ(fcmpwr["type"], "f16");
  EXPECT_EQ(fcmpwr["returned"], "0x00003c00");
  EXPECT_EQ(fcmpwr["returned_value"], "1");
  EXPECT_EQ(alu_json("intel svm_atomic.fadd.16 --platform pvc --old 1.5 --src0 0.25")["returned_value"], "1.5");
  EXPECT_EQ(alu_json("intel svm_atomic.fmax.16 --platform pvc --old -2.5 --src0 -3")["returned_value"], "-2.5");
  // Integers keep their type too: a signed minimum returns -1, not 65535.
  EXPECT_EQ(alu_json("intel minsint.16 --old 0xffff --src0 0x1")["returned_value"], "-1");
  EXPECT_EQ(alu_json("intel add.16 --old 0xffff --src0 0x2")["returned_value"], "65535");
}

// One rule for a typed spelling (issue 39: f16(1.0) on an F32 op was read as raw bits, f64 refused):
// on a float op the value converts to the op's format exactly or is refused; on an integer or bits
// op it is its bits, at the operand's own width.
TEST(AluSpellings, TypedSpellingsConvertExactlyOrAreRefused) {
  EXPECT_EQ(alu_json("nvidia ADD.F32.FTZ.RN --old \"f16(1.0)\" --src 0")["memory"], "0x3f800000");
  EXPECT_EQ(alu_json("nvidia ADD.F32.FTZ.RN --old \"f64(1.5)\" --src 0")["memory"], "0x3fc00000");
  EXPECT_EQ(alu_json("nvidia ADD.F32.FTZ.RN --old \"bf16(-inf)\" --src 0")["memory"], "0xff800000");
  EXPECT_EQ(alu_json("nvidia ADD.F64.RN --old \"f32(0.1)\" --src 0")["memory"], "0x3fb99999a0000000");
  EXPECT_EQ(alu_json("nvidia ADD.F64.RN --old \"f16(-0)\" --src 0")["returned"], "0x8000000000000000");
  EXPECT_EQ(alu_json("nvidia ADD.F16x2.RN --old \"bf16x2(1.0, -2.0)\" --src 0")["memory"], "0xc0003c00");
  struct Refused {
    std::string args, message;
  };
  const std::vector<Refused> refused = {
      {"nvidia ADD.F32.FTZ.RN --old \"f64(0.1)\" --src 0",
       "--old f64(0.1): f64(0.1) is 0.1, which no f32 holds exactly: the operation is on f32"},
      {"nvidia ADD.F32.FTZ.RN --old \"f64(1e300)\" --src 0", "which no f32 holds exactly"},
      {"nvidia ADD.F32.FTZ.RN --old \"f16(nan(0x1))\" --src 0", "a f16 NaN has no exact f32"},
      {"nvidia ADD.F16x2.RN --old \"bf16x2(1e10, 0)\" --src 0", "which no f16 holds exactly"},
      {"nvidia ADD.F16x2.RN --old \"f16(1.0)\" --src 0", "a packed f16x2 takes f16x2(lo, hi) or its bits"},
      {"nvidia ADD.F32.FTZ.RN --old \"f16x2(1, 2)\" --src 0", "a pair, but the operation is on one f32"},
      {"nvidia EXCH --old \"f16(1.0)\" --src 0", "f16 is 16 bits, but the operand of this u32 operation is 32 bits"},
      {"nvidia EXCH.64 --old \"f32(1.0)\" --src 0", "f32 is 32 bits, but the operand of this u64 operation is 64 bits"},
      {"nvidia ATOMG.E.ADD.F16x8.RN --arch sm_90 --old \"f32(1)\" --src 0", "vector of f16x2: give its bits"},
      {"nvidia ADD.F32.FTZ.RN --old \"f8(1)\" --src 0", "expected f16(…), bf16(…), f32(…), f64(…)"},
  };
  for (const Refused& r : refused) {
    const CliRun run = run_gpuatom("alu " + r.args);
    EXPECT_EQ(run.exit_code, 2) << r.args << "\n" << run.out;
    EXPECT_NE(run.out.find(r.message), std::string::npos) << r.args << "\n" << run.out;
  }
}

// -0, negative values and NaN payloads read on a float op, and a NaN prints as the literal that
// gives its bits back (issue 39: -0 was refused, nan(0x…) suggested f16(…)).
TEST(AluSpellings, NegativeZeroAndNanPayloadsRead) {
  EXPECT_EQ(alu_json("nvidia ADD.F32.FTZ.RN --old -0 --src -0")["memory"], "0x80000000");
  EXPECT_EQ(alu_json("nvidia ADD.F32.FTZ.RN --old -0 --src -0")["memory_value"], "-0");
  EXPECT_EQ(alu_json("nvidia ADD.F32.FTZ.RN --old -1 --src 0")["memory"], "0xbf800000");
  EXPECT_EQ(alu_json("intel fmax --form svm --old \"nan(0x200)\" --src0 0")["returned"], "0x7fc00200");
  EXPECT_EQ(alu_json("intel fmax --form svm --old \"nan(0x200)\" --src0 0")["returned_value"], "nan(0x200)");
  EXPECT_EQ(alu_json("intel fmax --form svm --old \"-nan(0x1)\" --src0 0")["returned"], "0xffc00001");
  EXPECT_EQ(alu_json("intel fmax --form svm --old \"snan(0x1)\" --src0 0")["returned_value"], "snan(0x1)");
  EXPECT_EQ(alu_json("nvidia ADD.F64.RN --old \"nan(0x7ffffffffffff)\" --src 0")["returned_value"],
            "nan(0x7ffffffffffff)");
  const CliRun wide = run_gpuatom("alu nvidia ADD.F32.FTZ.RN --old \"nan(0x400000)\" --src 0");
  EXPECT_EQ(wide.exit_code, 2);
  EXPECT_NE(wide.out.find("does not fit the 22 bits below the f32 quiet bit"), std::string::npos) << wide.out;
  // Integers stay bits: -0 is 0 of an integer op, -1 its two's complement.
  EXPECT_EQ(alu_json("nvidia ADD --old -0 --src 0")["memory"], "0x00000000");
}

// "What does ATOM.E.ADD.F32.FTZ.RN do with a subnormal old value on sm_90?" — asked the natural way.
TEST(AluSpellings, TheSubnormalQuestionInOneCommand) {
  const CliRun r = run_gpuatom("alu nvidia ATOM.E.ADD.F32.FTZ.RN --arch sm_90 --old 1e-40 --src 0");
  ASSERT_EQ(r.exit_code, 0) << r.out;
  EXPECT_EQ(r.out,
            "memory=0x00000000 (0) returned=0x000116c2 (1e-40)\n"
            "  why: the subnormal old value is flushed to zero before the add (.FTZ); without the flush memory would "
            "be 0x000116c2\n");
  // Without --arch the answer says it holds on every architecture that has the form.
  EXPECT_NE(run_gpuatom("alu nvidia ATOM.E.ADD.F32.FTZ.RN --old 1e-40 --src 0")
                .out.find("note: the same on every architecture that has this form"),
            std::string::npos);
  // A NaN result names the rule that chose it.
  const json nan = alu_json("nvidia ATOM.E.ADD.F64.RN --old nan --src 1.0");
  ASSERT_EQ(nan["why"].size(), 1u);
  EXPECT_EQ(nan["why"][0], "a NaN result is the operand's NaN if it is one, else memory's, bit for bit (f64 add rule)");
  // No line of why where no rule changed anything.
  EXPECT_TRUE(alu_json("nvidia ADD.F32.FTZ.RN --old 1.5 --src 2.25")["why"].empty());
}

TEST(AluSpellings, TargetsRefuseWhatTheyLack) {
  const CliRun vector = run_gpuatom("alu nvidia ATOMG.E.ADD.F16x8.RN --arch sm_80 --old 0 --src 0");
  EXPECT_EQ(vector.exit_code, 2);
  EXPECT_NE(vector.out.find("--arch sm_80: a vector atomic does not exist on sm_80 (Ampere): it exists from sm_90"),
            std::string::npos)
      << vector.out;
  EXPECT_EQ(run_gpuatom("alu nvidia ATOMG.E.ADD.F16x8.RN --arch sm_90 --old 0 --src 0").exit_code, 0);
  const CliRun spa5 = run_gpuatom("alu nvidia ATOMG.E.ADD --arch sm_60 --old 0 --src 0");
  EXPECT_EQ(spa5.exit_code, 2);
  EXPECT_NE(spa5.out.find("ATOMG is an sm_70+ spelling"), std::string::npos) << spa5.out;
  // --platform asks the validator: its errors refuse, its warnings come beside the computed answer.
  const CliRun platform = run_gpuatom("alu intel svm_atomic.fadd --platform gen12 --old 1 --src0 1");
  EXPECT_EQ(platform.exit_code, 0);
  EXPECT_NE(platform.out.find("gpuatom: warning: --platform gen12: svm_atomic.fadd: IGC 1.0.12504 writes it for every "
                              "platform, but its own front end reports float-add atomics from XeHP on"),
            std::string::npos)
      << platform.out;
  EXPECT_NE(platform.out.find("memory=0x00000002"), std::string::npos) << platform.out;
  const CliRun predec = run_gpuatom("alu intel svm_atomic.predec --platform pvc --old 1");
  EXPECT_EQ(predec.exit_code, 2);
  EXPECT_NE(predec.out.find("--platform pvc: svm_atomic.predec: the pvc profile has no PREDEC"), std::string::npos)
      << predec.out;
  EXPECT_EQ(alu_json("intel svm_atomic.fadd --platform pvc --old 1.5 --src0 2.25")["memory_value"], "3.75");
}

// An AMD row in one cell of AMD's tables: the cell's outcome decides what a lane sees.
TEST(AluSpellings, AnAmdRowOnADeviceMemoryAndScope) {
  const std::string fadd = "amd \"32 bit float atomicAdd\" --old 1.0 --operand 2.0 ";
  const json no_return = alu_json(fadd + "--device MI100 --memory device --granularity coarse --scope device");
  EXPECT_EQ(no_return["memory_value"], "3");
  EXPECT_TRUE(no_return["returned"].is_null());
  const CliRun either =
      run_gpuatom("alu " + fadd + "--device MI250X --memory pinned --granularity fine --scope device --pcie yes");
  EXPECT_EQ(either.exit_code, 2);  // MI250X may be either MI200 column
  EXPECT_NE(either.out.find("\"MI200 PCIe\" or \"MI200 A+A\""), std::string::npos) << either.out;
  const json nop_pcie =
      alu_json(fadd + "--device \"MI200 PCIe\" --memory pinned --granularity fine --scope device --pcie yes");
  EXPECT_EQ(nop_pcie["memory"], "0x3f800000");  // unchanged
  EXPECT_EQ(nop_pcie["returned"], "0x00000000");
  const json native = alu_json(fadd + "--device gfx1201 --memory device --granularity coarse --scope device");
  EXPECT_EQ(native["memory_value"], "3");
  EXPECT_EQ(native["returned_value"], "1");
  // AMD's published word where it differs from the model's.
  const json downgraded = alu_json(
      "amd \"64 bit atomicCAS\" --device MI300X --memory pinned --granularity fine --scope system --pcie no --strategy "
      "cas "
      "--old 5 --operand 9 --compare 5");
  ASSERT_EQ(downgraded["notes"].size(), 2u);
  EXPECT_NE(downgraded["notes"][1].get<std::string>().find("say ⚠️ Scope Downgrade here; the model keeps"),
            std::string::npos);
}
