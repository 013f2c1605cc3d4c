// The bad input corpus (docs/reliability.md, "Bad input"): every file under tests/bad-inputs/<kind>/
// and every input generated below (a 10 MB line, 10 MB of random bytes, deep nesting) is given to
// the command that reads its kind, and each run must
//   - exit with status 2;
//   - name the place on standard error ("file:line:col: error: …", or "file: byte 0x…: error: …"
//     for binaries) with the expected reason (a fragment of the message);
//   - print nothing that looks like success on standard output (asm/disasm/run print nothing;
//     `check visa` prints only its summary, with errors);
//   - keep standard error short (< 64 KiB: no input echoed whole, no flood of diagnostics);
//   - finish within 2 s and 256 MiB (time scaled, memory unchecked, under sanitizers);
//   - leave no file behind in its working directory (a fresh empty one per run).
//
// The expected fragment is in the file itself, on an "expect:" comment line near its top, where
// the format has comments; binary files list theirs in <kind>/expectations.txt ("name: fragment").
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <map>
#include <regex>
#include <string>
#include <vector>

#include "common/child_process.hpp"
#include "common/sanitizers.hpp"

namespace {

namespace fs = std::filesystem;
using gpuatom::testing::ChildOptions;
using gpuatom::testing::ChildResult;
using gpuatom::testing::run_child;

const fs::path corpus_root = fs::path(GPUATOM_SOURCE_DIR) / "tests" / "bad-inputs";

#ifdef NDEBUG
constexpr double debug_factor = 1;
#else
constexpr double debug_factor = 4;
#endif
// Bad input never hangs: a run still going after this long is killed, and the test fails. It is a
// guard, not a speed test (the time is printed, never asserted; speed is the benchmarks'): the
// largest input, 10 MB of random Maxwell words, takes 0.75 s in release and 11 s under
// ASan+UBSan on a loaded 2-core machine, hence the wide factors.
constexpr double time_scale = (gpuatom::testing::under_tsan   ? 20
                               : gpuatom::testing::under_asan ? 20
                                                              : 1) *
                              debug_factor;
constexpr double hang_limit_seconds = 20 * time_scale;
constexpr long memory_limit_kib = 256 * 1024;
constexpr size_t stderr_limit_bytes = 64 * 1024;

// The commands that read one kind of input (folder), each run on every file of the kind.
std::vector<std::vector<std::string>> commands_for(const std::string& kind, const std::string& path) {
  if (kind == "sass") return {{"check", "sass", path}, {"asm", "sass", path, "--encode"}};
  if (kind == "visa") return {{"check", "visa", path}, {"asm", "visa", path, "--encode"}};
  if (kind == "visa-binary") return {{"disasm", "visa", "--file", path}};
  if (kind == "hw") return {{"verify-hw", path}};  // results files of the CUDA harness (JSON Lines)
  if (kind == "maxwell") {
    if (path.ends_with(".bin")) return {{"disasm", "sass", "--file", path, "--binary"}};
    return {{"disasm", "sass", "--file", path}};
  }
  // scenario, expression: loaded before anything runs, in two modes and with --json.
  return {{"run", "--quiet", "--mode", "deterministic", path}, {"run", "--json", "--threads", "2", path}};
}

const std::vector<std::string> kinds = {"sass", "visa", "visa-binary", "maxwell", "scenario", "expression", "hw"};

struct Case {
  std::string kind;
  std::string name;      // file name
  fs::path path;         // committed file, or empty for a generated one
  std::string expected;  // fragment of the reason
};

// gtest prints a failing parameter with this.
void PrintTo(const Case& c, std::ostream* os) { *os << c.kind << "/" << c.name; }

// "expect: fragment" on a comment line (// or #) among the first lines of a text file.
std::string expectation_in_file(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::string line;
  for (int i = 0; i < 4 && std::getline(in, line); ++i) {
    const size_t at = line.find("expect: ");
    if (at == std::string::npos) continue;
    const std::string before = line.substr(0, at);
    if (before.find("//") == std::string::npos && before.find('#') == std::string::npos) continue;
    std::string fragment = line.substr(at + 8);
    while (!fragment.empty() && (fragment.back() == '\r' || fragment.back() == ' ')) fragment.pop_back();
    return fragment;
  }
  return {};
}

std::map<std::string, std::string> expectations_file(const fs::path& dir) {
  std::map<std::string, std::string> out;
  std::ifstream in(dir / "expectations.txt");
  std::string line;
  while (std::getline(in, line)) {
    if (line.empty() || line[0] == '#') continue;
    const size_t colon = line.find(": ");
    if (colon != std::string::npos) out[line.substr(0, colon)] = line.substr(colon + 2);
  }
  return out;
}

std::vector<Case> corpus() {
  std::vector<Case> cases;
  for (const std::string& kind : kinds) {
    const fs::path dir = corpus_root / kind;
    if (!fs::is_directory(dir)) continue;
    const auto listed = expectations_file(dir);
    std::vector<fs::path> files;
    for (const auto& entry : fs::directory_iterator(dir))
      if (entry.is_regular_file() && entry.path().filename() != "expectations.txt") files.push_back(entry.path());
    std::sort(files.begin(), files.end());
    for (const fs::path& file : files) {
      const std::string name = file.filename().string();
      std::string expected = expectation_in_file(file);
      if (const auto it = listed.find(name); it != listed.end()) expected = it->second;
      cases.push_back({kind, name, file, expected});
    }
  }
  return cases;
}

std::string test_name(const std::string& kind, const std::string& name) {
  std::string out = kind + "_" + name;
  for (char& c : out)
    if (!std::isalnum(static_cast<unsigned char>(c))) c = '_';
  return out;
}

// Runs every command of the case's kind on `path` and checks the rules above.
void check_input(const std::string& kind, const fs::path& path, const std::string& expected) {
  ASSERT_FALSE(expected.empty()) << path << " has no expected message (an \"expect:\" comment or expectations.txt)";
  const std::string file = path.string();
  // A located error: the input's name, then :line:col or ": byte 0x…", then the reason.
  const std::string escaped = std::regex_replace(file, std::regex(R"([.^$|()\[\]{}*+?\\])"), R"(\$&)");
  const std::regex located("^" + escaped + R"((:[0-9]+:[0-9]+|: byte 0x[0-9a-f]+): error: (.*)$)");
  for (const std::vector<std::string>& command : commands_for(kind, file)) {
    std::string shown = "gpuatom";
    for (const std::string& a : command) shown += " " + a;
    SCOPED_TRACE(shown);
    const fs::path cwd = gpuatom::testing::make_temporary_directory("gpuatom-bad-input");
    ChildOptions options;
    options.args = {GPUATOM_CLI};
    options.args.insert(options.args.end(), command.begin(), command.end());
    options.cwd = cwd;
    options.kill_after_seconds = hang_limit_seconds;
    const ChildResult r = run_child(options);
    std::cout << "[ measured ] " << shown << ": " << r.seconds << " s, " << r.max_rss_kib / 1024 << " MiB\n";
    const std::string err_head = r.err.substr(0, 2000);

    EXPECT_FALSE(r.killed_for_time) << "killed after " << r.seconds << " s";
    EXPECT_TRUE(r.exited) << "killed by signal " << r.term_signal << "\n" << err_head;
    EXPECT_EQ(r.exit_code, 2) << err_head;
    if (!gpuatom::testing::under_asan) {
      EXPECT_LT(r.max_rss_kib, memory_limit_kib) << "peak RSS in KiB";
    }
    EXPECT_LT(r.err.size(), stderr_limit_bytes) << "standard error is too long:\n" << err_head;

    bool found = false;
    std::istringstream lines(r.err);
    std::string line;
    std::smatch m;
    while (std::getline(lines, line))
      if (line.size() < 4096 && std::regex_match(line, m, located) && m[2].str().find(expected) != std::string::npos)
        found = true;
    EXPECT_TRUE(found) << "no \"" << file << ":LINE:COL: error: …" << expected << "…\" on standard error:\n"
                       << err_head;

    if (command[0] == "check" && command[1] == "visa") {
      const std::regex summary(
          "^[^\n]*: [0-9]+ instructions?( \\([^)\n]*\\))?, [1-9][0-9]* errors?, [0-9]+ warnings?\n$");
      EXPECT_TRUE(r.out.size() < 4096 && std::regex_match(r.out, summary)) << "standard output:\n"
                                                                           << r.out.substr(0, 2000);
    } else if (command[0] == "disasm" && command[1] == "sass" && expected.find("is illegal") != std::string::npos) {
      // The one documented exception: a Maxwell word that decodes but breaks a rule is printed
      // (the disassembler shows what the word says), flagged on standard error, exit 2.
      EXPECT_EQ(std::count(r.out.begin(), r.out.end(), '\n'), 1) << r.out.substr(0, 2000);
    } else {
      EXPECT_EQ(r.out.substr(0, 2000), "") << "standard output must stay empty on bad input";
    }

    std::vector<std::string> left;
    for (const auto& entry : fs::directory_iterator(cwd)) left.push_back(entry.path().filename().string());
    EXPECT_TRUE(left.empty()) << "left behind in the working directory: " << left.front();
    std::error_code ec;
    fs::remove_all(cwd, ec);
  }
}

class CorpusFile : public ::testing::TestWithParam<Case> {};

TEST_P(CorpusFile, RefusedWithPlaceAndReason) {
  const Case& c = GetParam();
  check_input(c.kind, c.path, c.expected);
}

INSTANTIATE_TEST_SUITE_P(BadInputs, CorpusFile, ::testing::ValuesIn(corpus()),
                         [](const ::testing::TestParamInfo<Case>& param) {
                           return test_name(param.param.kind, param.param.name);
                         });

// The corpus covers every kind with at least 150 files in all, and nothing in the folders is
// left unchecked (a file of an unknown kind would be).
TEST(BadInputCorpus, CoversEveryKind) {
  const auto cases = corpus();
  EXPECT_GE(cases.size(), 150u);
  for (const std::string& kind : kinds) {
    const auto n = std::count_if(cases.begin(), cases.end(), [&](const Case& c) { return c.kind == kind; });
    EXPECT_GE(n, 5) << kind;
  }
  for (const auto& entry : fs::directory_iterator(corpus_root)) {
    if (!entry.is_directory()) continue;
    const std::string folder = entry.path().filename().string();
    EXPECT_NE(std::find(kinds.begin(), kinds.end(), folder), kinds.end()) << "unknown kind folder " << folder;
  }
}

// ---- generated inputs: too big to commit ------------------------------------------------------

// Deterministic bytes (splitmix64), so a failure reproduces.
std::string random_bytes(size_t n, uint64_t seed) {
  std::string out(n, '\0');
  for (size_t i = 0; i < n; i += 8) {
    uint64_t z = (seed += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    z ^= z >> 31;
    for (size_t k = 0; k < 8 && i + k < n; ++k) out[i + k] = static_cast<char>(z >> (8 * k));
  }
  return out;
}

constexpr size_t ten_mb = 10 * 1000 * 1000;

std::string scenario_with(const std::string& program, const std::string& lanes = "") {
  return "isa = \"sass\"\nprogram = \"\"\"\n" + program + "\n\"\"\"\n\n[launch]\nlanes = 1\n" +
         (lanes.empty() ? "" : "\n[lanes]\nR4 = \"" + lanes + "\"\n");
}

struct Generated {
  std::string kind;
  std::string name;
  std::string (*make)();
  std::string expected;
};

const std::vector<Generated> generated = {
    {"sass", "long-line.sass", [] { return "ATOM.E.ADD R0, [R2], " + std::string(ten_mb, 'Q') + " ;\n"; },
     "expected an operand (register, predicate, address or immediate), found 'QQQ"},
    {"sass", "random.sass", [] { return random_bytes(ten_mb, 1); }, "unexpected byte 0x"},
    {"sass", "many-lines.sass",
     [] {
       std::string s;
       for (int i = 0; i < 200000; ++i) s += "ATOM.E.INC.S32 R0, [R2], R4 ;\n";
       return s;
     },
     "is illegal"},
    {"visa", "long-line.visaasm", [] { return "svm_atomic.add (M1, 8) " + std::string(ten_mb, 'Q') + "\n"; },
     "undeclared variable QQQ"},
    {"visa", "random.visaasm", [] { return random_bytes(ten_mb, 2); }, "unexpected byte 0x"},
    {"visa-binary", "random.bin", [] { return random_bytes(ten_mb, 3); },
     "is none of TYPED_ATOMIC (0x73), SVM (0x4e), DWORD_ATOMIC (0x7d), LSC_UNTYPED (0x89) and LSC_TYPED (0x8a)"},
    {"visa-binary", "long-line.hex", [] { return std::string(ten_mb, 'F') + "Z\n"; }, "is not hex bytes"},
    // A raw code section: words of other instructions are passed over, so random bytes fail on the
    // atomics among them that nvdisasm calls invalid.
    {"maxwell", "random.bin", [] { return random_bytes(ten_mb, 4); }, "calls this ATOMS.CAS word invalid"},
    {"maxwell", "random.txt", [] { return random_bytes(ten_mb, 5); }, "is not a 64-bit hex word"},
    {"maxwell", "long-line.txt", [] { return "0x" + std::string(ten_mb, 'f') + "\n"; }, "is not a 64-bit hex word"},
    {"scenario", "long-line.toml", [] { return scenario_with(std::string(ten_mb, 'Q')); }, "unknown instruction 'QQQ"},
    {"scenario", "random.toml", [] { return random_bytes(ten_mb, 6); }, "TOML syntax"},
    {"scenario", "past-16-mib.toml", [] { return "# " + std::string(17 << 20, 'x') + "\n"; },
     "scenario files may be at most 16 MiB"},
    {"expression", "long-name.toml",
     [] { return scenario_with("ATOM.E.ADD R0, [R2], R4 ;", std::string(ten_mb, 'Q')); }, "unknown name 'QQQ"},
    {"expression", "deep-parentheses.toml",
     [] {
       return scenario_with("ATOM.E.ADD R0, [R2], R4 ;", std::string(100000, '(') + "1" + std::string(100000, ')'));
     },
     "nested too deeply"},
    {"expression", "deep-unary.toml",
     [] { return scenario_with("ATOM.E.ADD R0, [R2], R4 ;", std::string(200000, '-') + "1"); }, "nested too deeply"},
    {"expression", "long-sum.toml",
     [] {
       std::string sum = "1";
       for (int i = 0; i < 200000; ++i) sum += " + tid";
       return scenario_with("ATOM.E.ADD R0, [R2], R4 ;", sum + " +");
     },
     "expected"},
    // Results files for verify-hw: a line past the 1 MiB line cap stops the reading (/dev/zero is
    // one such line); a long token under the cap is quoted in 40 bytes; every line bad.
    {"hw", "long-line.jsonl", [] { return R"({"op":")" + std::string(ten_mb, 'Q') + "\"}\n"; },
     "line 1 is longer than 1 MiB"},
    {"hw", "zeros.jsonl", [] { return std::string(ten_mb, '\0'); }, "line 1 is longer than 1 MiB"},
    {"hw", "random.jsonl", [] { return random_bytes(ten_mb, 7); }, "expected a JSON value"},
    {"hw", "long-op.jsonl",
     [] {
       return R"({"device":"d","sm":"9.0","kind":"single","op":")" + std::string(900000, 'Q') +
              R"(","type":"u32","space":"global","old":"0x0","operand":"0x0","memory":"0x0","returned":"0x0"})"
              "\n";
     },
     "is not a CUDA atomic the harness runs"},
    {"hw", "many-lines.jsonl",
     [] {
       std::string s;
       for (int i = 0; i < 200000; ++i)
         s += R"({"x":1e400})"
              "\n";
       return s;
     },
     "number 1e400 is too large"},
};

void PrintTo(const Generated& g, std::ostream* os) { *os << g.kind << "/" << g.name << " (generated)"; }

class GeneratedInput : public ::testing::TestWithParam<Generated> {};

TEST_P(GeneratedInput, RefusedWithPlaceAndReason) {
  const Generated& g = GetParam();
  const fs::path dir = gpuatom::testing::make_temporary_directory("gpuatom-generated");
  const fs::path path = dir / g.name;
  {
    std::ofstream out(path, std::ios::binary);
    out << g.make();
  }
  check_input(g.kind, path, g.expected);
  std::error_code ec;
  fs::remove_all(dir, ec);
}

INSTANTIATE_TEST_SUITE_P(BadInputs, GeneratedInput, ::testing::ValuesIn(generated),
                         [](const ::testing::TestParamInfo<Generated>& param) {
                           return test_name(param.param.kind, param.param.name);
                         });

}  // namespace
