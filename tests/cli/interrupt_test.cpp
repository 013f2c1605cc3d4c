// Ctrl-C during `gpuatom run` (docs/reliability.md, "Nothing lost"): the workers stop at their
// next group, the command says how far it got on standard error and exits 130, quickly, with
// nothing half-written: no summary as if it had finished, no partial JSON, no file left behind.
#include <fmt/format.h>
#include <gtest/gtest.h>
#include <unistd.h>

#include <csignal>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "common/child_process.hpp"
#include "common/sanitizers.hpp"

namespace {

namespace fs = std::filesystem;
using gpuatom::testing::ChildOptions;
using gpuatom::testing::ChildResult;

// Atomics per lane in the long scenarios: 2^20 lanes doing 4000 each is many seconds of work on
// any machine, so the signal, sent after one second, always lands mid-run (400 once finished in
// under a second on a fast machine, and the test then saw no interruption at all).
constexpr int long_program_atomics = 4000;

std::string long_scenario() {
  std::string program;
  for (int i = 0; i < long_program_atomics; ++i) program += "ATOM.E.ADD RZ, [R2], R4 ;\n";
  return "name = \"long\"\nisa = \"sass\"\nprogram = \"\"\"\n" + program +
         "\"\"\"\n\n[launch]\nlanes = 1048576\n\n[[region]]\nname = \"sum\"\nsize = 4\n\n[lanes]\n"
         "R2 = \"lo(addr(sum))\"\nR3 = \"hi(addr(sum))\"\nR4 = 1\n";
}

// The same amount of work for SIMD8 vISA threads, whose streamed run hands the executor eight
// threads at a time: 2^20 lanes are 131072 of the scenario's groups all the same.
std::string long_visa_scenario() {
  std::string program =
      ".decl ADDR v_type=G type=uq num_elts=8 align=GRF\n.decl VAL v_type=G type=ud num_elts=8 align=GRF\n";
  for (int i = 0; i < long_program_atomics; ++i) program += "svm_atomic.add (M1, 8) ADDR.0 %null.0 VAL.0 %null.0\n";
  return "name = \"long\"\nisa = \"visa\"\nprogram = \"\"\"\n" + program +
         "\"\"\"\n\n[launch]\nlanes = 1048576\n\n[[region]]\nname = \"sum\"\nsize = 4\n\n[lanes]\n"
         "ADDR = \"addr(sum)\"\nVAL = 1\n";
}

// A scenario that finishes at once.
std::string short_scenario() {
  return "name = \"short\"\nisa = \"sass\"\nprogram = \"ATOM.E.ADD RZ, [R2], R4 ;\"\n\n[launch]\nlanes = 4\n\n"
         "[[region]]\nname = \"sum\"\nsize = 4\n\n[lanes]\nR2 = \"lo(addr(sum))\"\nR3 = \"hi(addr(sum))\"\nR4 = 1\n\n"
         "[[expect]]\nregion = \"sum\"\ntype = \"u32\"\nindex = 0\nequals = 4\n";
}

// An exhaustive run with more interleavings than anyone waits for: 8 lanes racing CAS on one word.
std::string huge_exhaustive_scenario() {
  return "name = \"many interleavings\"\nisa = \"sass\"\nexhaustive = true\nprogram = \"\"\"\n"
         "ATOM.E.ADD R0, [R2], R4 ;\nATOM.E.EXCH R1, [R2], R4 ;\nATOM.E.ADD R5, [R2], R4 ;\n\"\"\"\n\n"
         "[launch]\nlanes = 8\ngroup = 1\n\n[[region]]\nname = \"w\"\nsize = 4\n\n[lanes]\n"
         "R2 = \"lo(addr(w))\"\nR3 = \"hi(addr(w))\"\nR4 = \"tid + 1\"\n";
}

struct Interrupted {
  ChildResult result;
  std::vector<std::string> left;  // files in the working directory afterwards
};

// Runs `gpuatom run ARGS FILES…` in a fresh directory holding the files, sends SIGINT after
// `after` seconds, and waits for it.
Interrupted interrupt_run(const std::vector<std::pair<std::string, std::string>>& files, std::vector<std::string> args,
                          double after, int signal = SIGINT, const std::string& when_output_has = "",
                          std::string* junit = nullptr) {
  const fs::path dir = gpuatom::testing::make_temporary_directory("gpuatom-interrupt");
  ChildOptions options;
  options.args = {GPUATOM_CLI, "run"};
  options.args.insert(options.args.end(), args.begin(), args.end());
  for (const auto& [name, text] : files) {
    std::ofstream(dir / name) << text;
    options.args.push_back(name);
  }
  options.cwd = dir;
  if (when_output_has.empty()) options.signal_after_seconds = after;
  options.signal_when_output_has = when_output_has;
  options.signal = signal;
  options.kill_after_seconds = 120;
  Interrupted r{gpuatom::testing::run_child(options), {}};
  if (junit) *junit = gpuatom::testing::slurp_file(dir / "report.xml");
  for (const auto& entry : fs::directory_iterator(dir)) {
    const std::string name = entry.path().filename().string();
    bool input = junit && name == "report.xml";
    for (const auto& f : files) input = input || f.first == name;
    if (!input) r.left.push_back(name);
  }
  fs::remove_all(dir);
  return r;
}

// How long a stop may take after the signal: workers finish the group they hold.
constexpr double stop_seconds = gpuatom::testing::under_tsan || gpuatom::testing::under_asan ? 10 : 2;

void expect_clean_stop(const Interrupted& r) {
  EXPECT_FALSE(r.result.killed_for_time);
  ASSERT_TRUE(r.result.exited) << "killed by signal " << r.result.term_signal << "\n" << r.result.err;
  EXPECT_EQ(r.result.exit_code, 130) << r.result.err;
  ASSERT_GE(r.result.signalled_at, 0) << "the run ended before the signal:\n" << r.result.out;
  EXPECT_LT(r.result.seconds - r.result.signalled_at, stop_seconds);
  EXPECT_TRUE(r.left.empty()) << "left behind: " << r.left.front();
  // Nothing claims a finished run.
  EXPECT_EQ(r.result.out.find("scenarios:"), std::string::npos) << r.result.out;
  EXPECT_EQ(r.result.out.find("FAILED"), std::string::npos) << r.result.out;
}

TEST(Interrupt, ParallelRunStopsItsWorkersAndSaysHowFarItGot) {
  const Interrupted r = interrupt_run({{"long.toml", long_scenario()}}, {"--threads", "2"}, 1.0);
  expect_clean_stop(r);
  EXPECT_NE(r.result.err.find("gpuatom: interrupted after 0 of 1 scenarios; long.toml stopped after "),
            std::string::npos)
      << r.result.err;
  EXPECT_NE(r.result.err.find(" of 1048576 lanes"), std::string::npos) << r.result.err;
  EXPECT_EQ(r.result.out, "");
}

// A closed terminal (SIGHUP) stops a run as Ctrl-C does: cleanly, saying how far it got.
TEST(Interrupt, HangupStopsTheRunWithItsCount) {
  const Interrupted r = interrupt_run({{"long.toml", long_scenario()}}, {"--threads", "2"}, 1.0, SIGHUP);
  expect_clean_stop(r);
  EXPECT_NE(r.result.err.find("long.toml stopped after "), std::string::npos) << r.result.err;
}

TEST(Interrupt, CountsTheScenariosLanesNotTheExecutorsBatches) {
  const Interrupted r = interrupt_run({{"long.toml", long_visa_scenario()}}, {"--threads", "2"}, 1.0);
  expect_clean_stop(r);
  EXPECT_NE(r.result.err.find(" of 1048576 lanes"), std::string::npos) << r.result.err;
}

TEST(Interrupt, ReportsTheScenariosThatFinished) {
  const Interrupted r = interrupt_run({{"a-short.toml", short_scenario()}, {"b-long.toml", long_scenario()}},
                                      {"--threads", "2", "--mode", "deterministic"}, 1.0);
  expect_clean_stop(r);
  EXPECT_NE(r.result.err.find("gpuatom: interrupted after 1 of 2 scenarios; b-long.toml stopped after "),
            std::string::npos)
      << r.result.err;
  EXPECT_NE(r.result.out.find("== a-short.toml: short"), std::string::npos) << r.result.out;
}

TEST(Interrupt, JsonPrintsNoPartialDocument) {
  const Interrupted r =
      interrupt_run({{"a-short.toml", short_scenario()}, {"b-long.toml", long_scenario()}}, {"--json"}, 1.0);
  expect_clean_stop(r);
  EXPECT_EQ(r.result.out, "");
  EXPECT_NE(r.result.err.find("interrupted after 1 of 2 scenarios"), std::string::npos) << r.result.err;
}

TEST(Interrupt, ExhaustiveRunStopsBetweenExecutions) {
  const Interrupted r = interrupt_run({{"many.toml", huge_exhaustive_scenario()}},
                                      {"--mode", "exhaustive", "--max-executions", "1000000000"}, 1.0);
  expect_clean_stop(r);
  EXPECT_NE(r.result.err.find("many.toml stopped after "), std::string::npos) << r.result.err;
  EXPECT_NE(r.result.err.find(" executions"), std::string::npos) << r.result.err;
}

// Many short scenarios, then a long one: a run a signal stops after a few hundred have finished.
std::vector<std::pair<std::string, std::string>> many_then_long(int short_ones) {
  std::vector<std::pair<std::string, std::string>> files;
  for (int i = 0; i < short_ones; ++i) files.emplace_back(fmt::format("a-{:03}.toml", i), short_scenario());
  files.emplace_back("z-long.toml", long_scenario());
  return files;
}

bool junit_schema_accepts(const std::string& xml) {
  const fs::path file = fs::temp_directory_path() / ("gpuatom-interrupted-junit-" + std::to_string(getpid()) + ".xml");
  std::ofstream(file) << xml;
  const std::string schema = std::string(GPUATOM_SOURCE_DIR) + "/tests/cli/data/junit.xsd";
  const int status =
      std::system(("xmllint --noout --schema " + schema + " " + file.string() + " >/dev/null 2>&1").c_str());
  fs::remove(file);
  return status == 0;
}

size_t occurrences(const std::string& text, const std::string& word) {
  size_t n = 0;
  for (size_t at = text.find(word); at != std::string::npos; at = text.find(word, at + 1)) ++n;
  return n;
}

// A signal after 130 scenarios finished: the --junit report holds them, valid, with the stop
// marked (the suite's "interrupted" property; the scenario stopped as an error, any never
// started as skipped), instead of no file at all.
class InterruptedJunit : public testing::TestWithParam<int> {};

TEST_P(InterruptedJunit, KeepsWhatFinishedMarkedInterrupted) {
  std::string junit;
  const Interrupted r = interrupt_run(many_then_long(130), {"--threads", "2", "--junit", "report.xml"}, 0, GetParam(),
                                      "== a-129.toml", &junit);
  expect_clean_stop(r);
  EXPECT_NE(r.result.err.find("gpuatom: interrupted after 130 of 131 scenarios"), std::string::npos) << r.result.err;
  ASSERT_FALSE(junit.empty()) << "no --junit report";
  EXPECT_NE(junit.find("<property name=\"interrupted\" value=\"after 130 of 131 scenarios"), std::string::npos)
      << junit;
  EXPECT_NE(junit.find("tests=\"131\" failures=\"0\""), std::string::npos) << junit;
  EXPECT_EQ(occurrences(junit, "<testcase "), 131u) << junit;
  EXPECT_EQ(occurrences(junit, "<error message=\"interrupted after ") +
                occurrences(junit, "<skipped message=\"not run: the run was interrupted\""),
            1u)
      << junit;
  if (std::system("command -v xmllint >/dev/null 2>&1") == 0) {
    EXPECT_TRUE(junit_schema_accepts(junit)) << junit;
  }
}

INSTANTIATE_TEST_SUITE_P(Signals, InterruptedJunit, testing::Values(SIGINT, SIGTERM, SIGPIPE),
                         [](const testing::TestParamInfo<int>& signal) {
                           return std::string(signal.param == SIGINT    ? "SIGINT"
                                              : signal.param == SIGTERM ? "SIGTERM"
                                                                        : "SIGPIPE");
                         });

// A reader that goes away (`| true`) stops the run like a signal, not the process: the report of
// what finished is written, the exit status says interrupted.
TEST(Interrupt, AClosedPipeStopsTheRunAndKeepsTheJunitReport) {
  const fs::path dir = gpuatom::testing::make_temporary_directory("gpuatom-broken-pipe");
  std::string names;
  // About 200 KB of reports, well over the 64 KiB a pipe holds: some write meets the closed end.
  for (int i = 0; i < 1000; ++i) {
    const std::string name = fmt::format("a-{:03}.toml", i);
    std::ofstream(dir / name) << short_scenario();
    names += " " + name;
  }
  const std::string command = "cd " + dir.string() + " && (" + std::string(GPUATOM_CLI) +
                              " run --mode deterministic --junit report.xml" + names +
                              " 2>err.txt; echo $? > status) | true";
  ASSERT_EQ(std::system(("sh -c '" + command + "'").c_str()), 0);
  const std::string status = gpuatom::testing::slurp_file(dir / "status");
  const std::string err = gpuatom::testing::slurp_file(dir / "err.txt");
  const std::string junit = gpuatom::testing::slurp_file(dir / "report.xml");
  EXPECT_EQ(status, "130\n") << err;
  EXPECT_NE(err.find("gpuatom: interrupted after "), std::string::npos) << err;
  EXPECT_NE(junit.find("<property name=\"interrupted\""), std::string::npos) << junit.substr(0, 2000);
  if (std::system("command -v xmllint >/dev/null 2>&1") == 0) {
    EXPECT_TRUE(junit_schema_accepts(junit));
  }
  fs::remove_all(dir);
}

}  // namespace
