// `gpuatom verify-hw` as a user runs it: agreement on a model-made results file, a planted
// disagreement named with its op, type and inputs (exit 1), and malformed lines refused with
// file:line:column and nothing on standard output (exit 2).
#include <gtest/gtest.h>
#include <unistd.h>

#include <cstdio>
#include <fstream>
#include <sstream>
#include <string>

#include "cli/run_cli.hpp"

namespace {

std::string sample(const std::string& name) {
  return std::string(GPUATOM_SOURCE_DIR) + "/tests/conformance/hw/" + name;
}

std::string file_bytes(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

// A scratch path unique to this test process, removed at the end of the test.
class ScratchFile {
 public:
  ScratchFile()
      : path_("/tmp/gpuatom-verify-hw-" + std::to_string(getpid()) + "-" + std::to_string(counter_++) + ".jsonl") {}
  explicit ScratchFile(const std::string& contents) : ScratchFile() {
    std::ofstream(path_, std::ios::binary) << contents;
  }
  ~ScratchFile() { std::remove(path_.c_str()); }
  const std::string& path() const { return path_; }

 private:
  static inline int counter_ = 0;
  std::string path_;
};

// Only what the command writes to standard output.
CliRun stdout_only(const std::string& args) {
  return run_gpuatom_command(std::string(GPUATOM_CLI) + " " + args + " 2>/dev/null; exit $?");
}

std::string replace_first(std::string text, const std::string& from, const std::string& to) {
  const size_t at = text.find(from);
  EXPECT_NE(at, std::string::npos) << from;
  if (at != std::string::npos) text.replace(at, from.size(), to);
  return text;
}

}  // namespace

TEST(VerifyHwCommand, AgreesOnEveryCaseOfAModelMadeFile) {
  ScratchFile file;
  const CliRun made = run_gpuatom("verify-hw --model-sample " + file.path() + " --sample-lanes 64");
  ASSERT_EQ(made.exit_code, 0) << made.out;
  EXPECT_NE(made.out.find("model records"), std::string::npos);
  const CliRun r = run_gpuatom("verify-hw " + file.path());
  EXPECT_EQ(r.exit_code, 0) << r.out.substr(0, 4000);
  EXPECT_NE(r.out.find("device: gpuatom model (no GPU) (sm 9.0)"), std::string::npos);
  EXPECT_NE(r.out.find("op          type    space   kind     cases  agree  disagree  model"), std::string::npos);
  EXPECT_NE(r.out.find("atomicAdd   f32     global  single     528    528         0  ATOM.ADD.F32.FTZ.RN"),
            std::string::npos);
  EXPECT_NE(
      r.out.find("atomicAdd   f32     shared  racing       2      2         0  shared ADD.F32.RN (no flush) [DERIVED]"),
      std::string::npos);
  EXPECT_NE(r.out.find("atomicCAS   u128    shared  single"), std::string::npos);
  EXPECT_NE(r.out.find("cases agree with the model, bit for bit"), std::string::npos);
}

TEST(VerifyHwCommand, AnSm75SampleHasNo128BitForms) {
  ScratchFile file;
  ASSERT_EQ(
      run_gpuatom("verify-hw --model-sample " + file.path() + " --sample-sm 7.5 --sample-cases 2 --sample-lanes 4")
          .exit_code,
      0);
  const CliRun r = run_gpuatom("verify-hw " + file.path());
  EXPECT_EQ(r.exit_code, 0) << r.out;
  EXPECT_EQ(r.out.find("u128"), std::string::npos);
  EXPECT_NE(r.out.find("(sm 7.5)"), std::string::npos);
}

TEST(VerifyHwCommand, TheCommittedSampleIsWhatTheGeneratorWrites) {
  ScratchFile file;
  ASSERT_EQ(run_gpuatom("verify-hw --model-sample " + file.path() + " --sample-cases 6 --sample-lanes 8").exit_code, 0);
  EXPECT_EQ(file_bytes(file.path()), file_bytes(sample("model-sample.jsonl")))
      << "regenerate: gpuatom verify-hw --model-sample tests/conformance/hw/model-sample.jsonl --sample-cases 6 "
         "--sample-lanes 8";
}

TEST(VerifyHwCommand, ReportsThePlantedDisagreementsWithTheirInputs) {
  const CliRun r = run_gpuatom("verify-hw " + sample("planted-disagreement.jsonl"));
  EXPECT_EQ(r.exit_code, 1) << r.out;
  EXPECT_NE(r.out.find("atomicAdd   f32     global  single       2      1         1  ATOM.ADD.F32.FTZ.RN"),
            std::string::npos)
      << r.out;
  EXPECT_NE(r.out.find("2 of 4 cases disagree with the model:"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("planted-disagreement.jsonl:2: atomicAdd f32 global single: old=0x00800000 operand=0x80000001: "
                       "hardware memory=0x007fffff returned=0x00800000, model memory=0x00800000 returned=0x00800000 "
                       "(ATOM.ADD.F32.FTZ.RN)"),
            std::string::npos)
      << r.out;
  EXPECT_NE(
      r.out.find("planted-disagreement.jsonl:4: atomicExch u32 global racing (returned, 3 lanes, old=0xffffffff): "
                 "lanes 1 and 2 both returned 0x00000001"),
      std::string::npos)
      << r.out;
}

TEST(VerifyHwCommand, ABitFlippedInAModelFileIsNamed) {
  ScratchFile made;
  ASSERT_EQ(run_gpuatom("verify-hw --model-sample " + made.path() + " --sample-cases 3 --sample-lanes 4").exit_code, 0);
  // The first f64 shared record: 0 + 0 = 0; claim the hardware left 0x8000000000000000 (-0).
  const std::string line_start =
      R"json({"device":"gpuatom model (no GPU)","sm":"9.0","kind":"single","op":"atomicAdd","type":"f64","space":"shared",)json"
      R"json("old":"0x0000000000000000","operand":"0x0000000000000000","memory":"0x0000000000000000")json";
  const std::string planted = replace_first(file_bytes(made.path()), line_start,
                                            line_start.substr(0, line_start.size() - 20) + "\"0x8000000000000000\"");
  ScratchFile file(planted);
  const CliRun r = run_gpuatom("verify-hw " + file.path());
  EXPECT_EQ(r.exit_code, 1) << r.out;
  EXPECT_NE(r.out.find("atomicAdd f64 shared single: old=0x0000000000000000 operand=0x0000000000000000: hardware "
                       "memory=0x8000000000000000 returned=0x0000000000000000, model memory=0x0000000000000000"),
            std::string::npos)
      << r.out;
  EXPECT_NE(r.out.find("1 of "), std::string::npos);
}

// A vector record is checked as a whole 64- or 128-bit value; a wrong element is named with the
// record's full values, high element first.
TEST(VerifyHwCommand, VectorRecordsAgreeOrNameTheWrongValue) {
  const std::string head =
      R"json({"device":"d","sm":"9.0","kind":"single","op":"atomicAdd","type":"f32x2","space":"global",)json";
  ScratchFile good(
      head +
      R"json("old":"0x3f8000003f800000","operand":"0x3f80000000000001","memory":"0x400000003f800000","returned":"0x3f8000003f800000"})json"
      "\n");
  const CliRun agree = run_gpuatom("verify-hw " + good.path());
  EXPECT_EQ(agree.exit_code, 0) << agree.out;
  EXPECT_NE(agree.out.find("atomicAdd   f32x2   global  single       1      1         0  ATOM.ADD.F32x2.FTZ.RN"),
            std::string::npos)
      << agree.out;
  ScratchFile bad(
      head +
      R"json("old":"0x3f8000003f800000","operand":"0x3f80000000000001","memory":"0x400000003f800001","returned":"0x3f8000003f800000"})json"
      "\n");
  const CliRun r = run_gpuatom("verify-hw " + bad.path());
  EXPECT_EQ(r.exit_code, 1) << r.out;
  EXPECT_NE(r.out.find("atomicAdd f32x2 global single: old=0x3f8000003f800000 operand=0x3f80000000000001: hardware "
                       "memory=0x400000003f800001 returned=0x3f8000003f800000, model memory=0x400000003f800000"),
            std::string::npos)
      << r.out;
}

TEST(VerifyHwCommand, VectorsInSharedMemoryOrRacingAreBadInput) {
  ScratchFile shared(
      R"json({"device":"d","sm":"9.0","kind":"single","op":"atomicAdd","type":"f16x8","space":"shared","old":"0x0","operand":"0x0","memory":"0x0","returned":"0x0"})json"
      "\n");
  const CliRun s = run_gpuatom("verify-hw " + shared.path());
  EXPECT_EQ(s.exit_code, 2) << s.out;
  EXPECT_NE(s.out.find(shared.path() + ":1:1: error: atomicAdd on f16x8 has no shared-memory form"), std::string::npos)
      << s.out;
  ScratchFile racing(
      R"json({"device":"d","sm":"9.0","kind":"racing","op":"atomicAdd","type":"f32x4","space":"global","form":"returned","threads":1,"old":"0x0","memory":"0x0","operands":["0x0"],"returned":["0x0"]})json"
      "\n");
  const CliRun r = run_gpuatom("verify-hw " + racing.path());
  EXPECT_EQ(r.exit_code, 2) << r.out;
  EXPECT_NE(r.out.find("racing records hold scalar atomics only (no f32x4)"), std::string::npos) << r.out;
  ScratchFile wide(
      R"json({"device":"d","sm":"9.0","kind":"single","op":"atomicMax","type":"bf16x4","space":"global","old":"0x1000000000000000f","operand":"0x0","memory":"0x0","returned":"0x0"})json"
      "\n");
  const CliRun w = run_gpuatom("verify-hw " + wide.path());
  EXPECT_EQ(w.exit_code, 2) << w.out;
  EXPECT_NE(w.out.find("of 1 to 16 hex digits (bf16x4)"), std::string::npos) << w.out;
}

TEST(VerifyHwCommand, TheNanSwitchChangesWhatTheModelSays) {
  // The sample was made with canonical NaNs; under --nan propagate its NaN cases disagree.
  const CliRun r = run_gpuatom("verify-hw --nan propagate " + sample("model-sample.jsonl"));
  EXPECT_EQ(r.exit_code, 1) << r.out;
  EXPECT_NE(r.out.find("hardware memory=0x7fffffff"), std::string::npos) << r.out;
}

TEST(VerifyHwCommand, TheSchemaExamplesInHwReadmeAgree) {
  std::istringstream readme(file_bytes(std::string(GPUATOM_SOURCE_DIR) + "/hw/README.md"));
  std::string examples;
  for (std::string line; std::getline(readme, line);)
    if (line.rfind("{\"device\"", 0) == 0) examples += line + "\n";
  ScratchFile file(examples);
  const CliRun r = run_gpuatom("verify-hw " + file.path());
  EXPECT_EQ(r.exit_code, 0) << r.out;
  EXPECT_NE(r.out.find("all 3 cases agree"), std::string::npos) << r.out;
}

TEST(VerifyHwCommand, MalformedLinesExit2WithFileLineAndColumnAndNothingOnStdout) {
  const std::string path = sample("malformed.jsonl");
  const CliRun out = stdout_only("verify-hw " + path);
  EXPECT_EQ(out.exit_code, 2);
  EXPECT_EQ(out.out, "");
  const CliRun r = run_gpuatom("verify-hw " + path);
  const std::string expected[] = {
      path + ":2:73: error: expected a key (a string in double quotes), found the end of the line",
      path + ":3:1: error: missing field \"memory\"",
      path + ":4:61: error: field \"op\": 'atomicSub' is not a CUDA atomic the harness runs",
      path + ":5:109: error: field \"old\": expected a string \"0x…\" of 1 to 8 hex digits (u32)",
      path + ":6:80: error: atomicInc has no f32 form in the harness",
      path + ":7:93: error: field \"space\": 'texture' is not global or shared",
      path + ":8:185: error: field \"operands\": expected an array of 3 values, one per lane",
      path + ":9:1: error: form discarded needs operands whose total does not depend on the order",
      path + ":10:1: error: expected a JSON object",
  };
  size_t from = 0;
  for (const std::string& line : expected) {
    const size_t at = r.out.find(line, from);
    EXPECT_NE(at, std::string::npos) << line << "\n---\n" << r.out;
    if (at != std::string::npos) from = at;  // in file and line order
  }
  EXPECT_EQ(r.out.find(path + ":1:"), std::string::npos) << "line 1 is well formed";
}

TEST(VerifyHwCommand, OddInputNeverCrashes) {
  const std::string nested = std::string(100000, '[') + std::string(100000, ']');
  const std::string cases[] = {
      "{}",
      "null",
      "\"text\"",
      std::string("\xff\xfe\x00garbage", 10),
      nested,
      R"({"device":1,"sm":"9.0"})",
      R"({"device":"d","sm":"nine","kind":"single"})",
      R"({"device":"d","sm":"9.0","kind":"racing","op":"atomicAdd","type":"u32","space":"global","form":"returned","threads":-1})",
      R"({"device":"d","sm":"9.0","kind":"racing","op":"atomicAdd","type":"u32","space":"global","form":"returned","threads":1e300})",
      R"({"device":"d","sm":"9.0","kind":"racing","op":"atomicCAS","type":"u128","space":"global","form":"returned","threads":1})",
      R"({"device":"d","sm":"9.0","kind":"single","op":"atomicAdd","type":"u32","space":"global","old":"0x","operand":"0x1","memory":"0x1","returned":"0x0"})",
      R"({"device":"d","sm":"9.0","kind":"single","op":"atomicAdd","type":"u32","space":"global","old":"0x1","operand":"0x1","compare":"0x1","memory":"0x2","returned":"0x1"})",
  };
  for (const std::string& text : cases) {
    ScratchFile file(text + "\n");
    const CliRun r = run_gpuatom("verify-hw " + file.path());
    EXPECT_EQ(r.exit_code, 2) << text.substr(0, 200) << "\n" << r.out;
    EXPECT_NE(r.out.find(file.path() + ":1:"), std::string::npos) << r.out;
    EXPECT_EQ(r.out.find("internal error"), std::string::npos) << r.out;
  }
}

TEST(VerifyHwCommand, MissingFilesAndNoFilesAreBadInput) {
  const CliRun missing = run_gpuatom("verify-hw /nonexistent/results.jsonl");
  EXPECT_EQ(missing.exit_code, 2);
  EXPECT_NE(missing.out.find("/nonexistent/results.jsonl: error: cannot open the file: No such file or directory"),
            std::string::npos)
      << missing.out;
  const CliRun none = run_gpuatom("verify-hw");
  EXPECT_EQ(none.exit_code, 2);
  EXPECT_NE(none.out.find("no results file given"), std::string::npos);
  ScratchFile empty("\n\n");
  const CliRun blank = run_gpuatom("verify-hw " + empty.path());
  EXPECT_EQ(blank.exit_code, 2);
  EXPECT_NE(blank.out.find("hold no records"), std::string::npos);
}
