// One CLI: `asm`, `disasm` and `check` print --json as one object per line with the keys of
// tools/gpuatom/json_lines.hpp, every reader takes `-`, and check takes --rules-as-warnings as asm does.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <sstream>
#include <string>
#include <vector>

#include "cli/run_cli.hpp"

namespace {

using nlohmann::ordered_json;  // keys in the order printed

std::vector<ordered_json> objects(const std::string& text) {
  std::vector<ordered_json> out;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) out.push_back(ordered_json::parse(line));
  return out;
}

const std::string bad_pair = "printf 'ATOM.E.ADD.F32.FTZ.RN R0, [R2+0x10], R5 ;\\nATOM.E.CAS R0, [R2], R4, R6 ;\\n' | ";
const std::string visa_text =
    "printf '.decl ADDR v_type=G type=uq num_elts=8 align=GRF\\n.decl OLD v_type=G type=ud num_elts=8 align=GRF\\n"
    ".decl VAL v_type=G type=ud num_elts=8 align=GRF\\nsvm_atomic.add (M1, 8) ADDR.0 OLD.0 VAL.0 %%null.0\\n' | ";

void expect_keys(const ordered_json& object, const std::vector<std::string>& keys) {
  std::vector<std::string> have;
  for (const auto& [key, value] : object.items()) have.push_back(key);
  EXPECT_EQ(have, keys) << object.dump();
}

}  // namespace

TEST(JsonLines, CheckSassDiagnosticsThenASummary) {
  const CliRun r = run_gpuatom_command(bad_pair + GPUATOM_CLI " check sass - --json");
  EXPECT_EQ(r.exit_code, 2);
  const auto lines = objects(r.out);
  ASSERT_EQ(lines.size(), 2u) << r.out;
  expect_keys(lines[0], {"kind", "severity", "file", "line", "column", "offset", "message", "rule"});
  EXPECT_EQ(lines[0]["severity"], "error");
  EXPECT_EQ(lines[0]["line"], 2);
  EXPECT_EQ(lines[0]["column"], 26);
  EXPECT_EQ(lines[0]["rule"], "docs/spec/nvidia.md §6.2");
  expect_keys(lines[1], {"kind", "file", "instructions", "errors", "warnings"});
  EXPECT_EQ(lines[1]["instructions"], 2);
  EXPECT_EQ(lines[1]["errors"], 1);
}

TEST(JsonLines, CheckTakesRulesAsWarningsAsAsmDoes) {
  const CliRun r = run_gpuatom_command(bad_pair + GPUATOM_CLI " check sass - --rules-as-warnings");
  EXPECT_EQ(r.exit_code, 0) << r.out;
  EXPECT_NE(r.out.find("-:2:26: warning: ATOM.CAS: Rc must be Rb+1 (R5) or RZ, not R6"), std::string::npos) << r.out;
  const CliRun strict = run_gpuatom_command(bad_pair + GPUATOM_CLI " check sass -");
  EXPECT_EQ(strict.exit_code, 2);
  EXPECT_NE(strict.out.find("-:2:26: error: ATOM.CAS"), std::string::npos) << strict.out;
}

TEST(JsonLines, AsmAndDisasmSassAnInstructionPerLine) {
  const CliRun asm_run = run_gpuatom_command("echo 'ATOM.E.ADD.F32.FTZ.RN R0, [R2+0x10], R5 ;' | " GPUATOM_CLI
                                             " asm sass - --encode --json");
  ASSERT_EQ(asm_run.exit_code, 0) << asm_run.out;
  const auto assembled = objects(asm_run.out);
  ASSERT_EQ(assembled.size(), 1u);
  expect_keys(assembled[0], {"kind", "file", "line", "text", "word", "word_high"});
  EXPECT_EQ(assembled[0]["word"], "0xed07000100570200");
  // The word read back, from standard input, as `-`.
  const CliRun disasm = run_gpuatom_command("echo 0xed07000100570200 | " GPUATOM_CLI " disasm sass - --json");
  ASSERT_EQ(disasm.exit_code, 0) << disasm.out;
  const auto disassembled = objects(disasm.out);
  ASSERT_EQ(disassembled.size(), 1u);
  EXPECT_EQ(disassembled[0]["text"], assembled[0]["text"]);
  EXPECT_EQ(disassembled[0]["word"], "0xed07000100570200");
  // A 128-bit word carries its high half; a cubin's instructions their kernel and address.
  const CliRun wide = run_gpuatom("disasm sass --arch sm_90 0x000000040a0079a8 0x004e2800081ee1c6 --json");
  ASSERT_EQ(wide.exit_code, 0) << wide.out;
  EXPECT_EQ(objects(wide.out)[0]["word_high"], "0x004e2800081ee1c6");
  const CliRun cubin =
      run_gpuatom("disasm sass " GPUATOM_SOURCE_DIR "/tests/conformance/nvidia/cubins/atomics-sm_120.cubin --json");
  ASSERT_EQ(cubin.exit_code, 0);
  for (const ordered_json& o : objects(cubin.out)) {
    expect_keys(o, {"kind", "file", "line", "text", "word", "word_high", "kernel", "address"});
    EXPECT_EQ(o["kind"], "instruction");
  }
  // Nothing to read says how to give it.
  const CliRun nothing = run_gpuatom("disasm sass");
  EXPECT_EQ(nothing.exit_code, 2);
  EXPECT_NE(nothing.out.find("gpuatom: error: nothing to read: give words"), std::string::npos) << nothing.out;
}

TEST(JsonLines, VisaCommandsToo) {
  const CliRun check = run_gpuatom_command(visa_text + GPUATOM_CLI " check visa - --json");
  ASSERT_EQ(check.exit_code, 0) << check.out;
  const auto summary = objects(check.out);
  ASSERT_EQ(summary.size(), 1u);
  EXPECT_EQ(summary[0]["kind"], "summary");
  EXPECT_EQ(summary[0]["instructions"], 1);
  const CliRun assembled = run_gpuatom_command(visa_text + GPUATOM_CLI " asm visa - --json --encode");
  ASSERT_EQ(assembled.exit_code, 0) << assembled.out;
  const auto instruction = objects(assembled.out);
  ASSERT_EQ(instruction.size(), 1u);
  EXPECT_EQ(instruction[0]["text"], "svm_atomic.add (M1, 8) ADDR.0 OLD.0 VAL.0 %null.0");
  EXPECT_EQ(instruction[0]["line"], 4);
  const std::string bytes = instruction[0]["bytes"];
  const CliRun disasm = run_gpuatom_command("echo '" + bytes + "' | " GPUATOM_CLI " disasm visa - --json");
  ASSERT_EQ(disasm.exit_code, 0) << disasm.out;
  const auto back = objects(disasm.out);
  ASSERT_EQ(back.size(), 2u) << disasm.out;  // the note that there are no declarations, then the instruction
  EXPECT_EQ(back[0]["severity"], "note");
  EXPECT_EQ(back[1]["text"], "svm_atomic.add (M1, 8) V32.0 V33.0 V34.0 %null.0");
}

// `run` reads a scenario from standard input like every other reader.
TEST(JsonLines, RunReadsAScenarioFromStandardInput) {
  const CliRun r = run_gpuatom_command("cat " GPUATOM_SOURCE_DIR "/examples/nvidia/histogram.toml | " GPUATOM_CLI
                                       " run - --mode deterministic");
  EXPECT_EQ(r.exit_code, 0) << r.out;
  EXPECT_EQ(r.out.rfind("== -: 256-bin histogram", 0), 0u) << r.out;
  const CliRun empty = run_gpuatom_command("true | " GPUATOM_CLI " run - --quiet");
  EXPECT_EQ(empty.exit_code, 2) << empty.out;
}

// A scenario's name is the user's text: an escape code in it is shown, not sent to the terminal.
TEST(JsonLines, AScenarioNameCannotSendEscapeCodes) {
  const CliRun r = run_gpuatom_command(
      "printf 'name = \"\\\\u001b[31mred\\\\u0007\"\\nisa = \"sass\"\\nprogram = \"ATOM.E.ADD RZ, [R2], R4 "
      ";\"\\n[launch]\\n"
      "lanes = 4\\n[[region]]\\nname = \"s\"\\nsize = 4\\n[lanes]\\nR2 = \"lo(addr(s))\"\\nR3 = \"hi(addr(s))\"\\nR4 = "
      "1\\n' | " GPUATOM_CLI " run -");
  EXPECT_EQ(r.exit_code, 0) << r.out;
  EXPECT_EQ(r.out.find('\x1b'), std::string::npos) << r.out;
  EXPECT_EQ(r.out.find('\a'), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("== -: \\x1b[31mred\\x07  [sass"), std::string::npos) << r.out;
}

// Every reader of asm, disasm and check goes through one input layer: a size cap, the reason a
// file cannot be read, and `-` for standard input.
TEST(JsonLines, EveryReaderIsBoundedAndSaysWhy) {
  for (const std::string command :
       {"check sass", "asm sass", "disasm sass --file", "check visa", "asm visa", "disasm visa --file"}) {
    const CliRun zero = run_gpuatom(command + " /dev/zero");
    EXPECT_EQ(zero.exit_code, 2) << command;
    EXPECT_NE(zero.out.find("/dev/zero: larger than 256 MiB, more than gpuatom reads"), std::string::npos)
        << command << ": " << zero.out.substr(0, 300);
    const CliRun directory = run_gpuatom(command + " /");
    EXPECT_EQ(directory.exit_code, 2) << command;
    EXPECT_NE(directory.out.find("/: is a directory, not a file"), std::string::npos)
        << command << ": " << directory.out;
    const CliRun missing = run_gpuatom(command + " /no/such/file");
    EXPECT_NE(missing.out.find("/no/such/file: cannot open the file: No such file or directory"), std::string::npos)
        << command << ": " << missing.out;
  }
  // Standard input under the same cap (one command: the layer is the same for all).
  const CliRun piped = run_gpuatom_command("head -c 300000000 /dev/zero | " GPUATOM_CLI " check visa -");
  EXPECT_EQ(piped.exit_code, 2);
  EXPECT_NE(piped.out.find("-: larger than 256 MiB"), std::string::npos) << piped.out.substr(0, 300);
}
