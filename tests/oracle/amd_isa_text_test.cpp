// llvm-mc 19 as the live judge of gpuatom's AMD instruction text (docs/oracles.md, docs/spec/amd-isa.md
// §10): regenerates every 40th line of the assembly corpus with scripts/amd-isa-asm-corpus on each
// required target, checks that llvm-mc still says what the committed data/amd-isa/asm says, and
// that gpuatom agrees with it. Skips when LLVM 19 is not fetched (scripts/fetch-amd-isa-tools).
#include <gtest/gtest.h>
#include <unistd.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <set>
#include <sstream>
#include <string>

#include "amd-isa/text_corpus.hpp"

namespace gpuatom::amd::isa {
namespace {

class AmdTextOracle : public ::testing::TestWithParam<const char*> {};

TEST_P(AmdTextOracle, LiveLlvmMcAgreesWithCommittedCorpusAndGpuatom) {
  const std::string source = GPUATOM_SOURCE_DIR;
  if (std::system(("\"" + source + "/scripts/fetch-amd-isa-tools\" --check").c_str()) != 0)
    GTEST_SKIP() << "LLVM 19 is not fetched: run scripts/fetch-amd-isa-tools";
  const std::filesystem::path dir =
      std::filesystem::temp_directory_path() / ("gpuatom-amd-text-" + std::to_string(::getpid()));
  const std::string command = "\"" + source + "/scripts/amd-isa-asm-corpus\" --out \"" + dir.string() +
                              "\" --sample 40 " + GetParam() + " 2>/dev/null";
  ASSERT_EQ(std::system(command.c_str()), 0) << command;
  const auto live = testing::read_corpus((dir / (std::string(GetParam()) + ".txt")).string());
  std::filesystem::remove_all(dir);
  const auto committed = testing::read_corpus(source + "/data/amd-isa/asm/" + GetParam() + ".txt");
  ASSERT_GT(live.size(), 100u);
  std::map<std::string, const testing::CorpusLine*> by_input;
  for (const auto& line : committed) by_input[line.input] = &line;

  const Target* target = find_target(GetParam());
  ASSERT_NE(target, nullptr);
  size_t agreeing = 0;
  for (const auto& line : live) {
    const auto found = by_input.find(line.input);
    ASSERT_NE(found, by_input.end()) << "the committed corpus lacks " << line.input
                                     << ": regenerate it (scripts/amd-isa-asm-corpus)";
    EXPECT_EQ(line.accepted, found->second->accepted) << line.input;
    EXPECT_EQ(line.disassembly, found->second->disassembly) << line.input;
    EXPECT_EQ(line.bytes, found->second->bytes) << line.input;
    const auto j = testing::judge(line, *target);
    if (j.verdict != testing::Verdict::disagree)
      ++agreeing;
    else
      ADD_FAILURE() << line.input << ": " << j.detail;
  }
  std::cout << GetParam() << ": " << live.size() << " live lines, " << agreeing << " agreeing\n";
}

// llvm-mc's disassembly of random words (data/amd-isa/words, written by scripts/amd-isa-words): the
// texts of atomics fed back to llvm-mc's assembler; gpuatom must accept exactly the texts it accepts.
TEST_P(AmdTextOracle, DisassemblyTextsAreReadAsLlvmMcReadsThem) {
  const std::string source = GPUATOM_SOURCE_DIR;
  if (std::system(("\"" + source + "/scripts/fetch-amd-isa-tools\" --check").c_str()) != 0)
    GTEST_SKIP() << "LLVM 19 is not fetched: run scripts/fetch-amd-isa-tools";
  const std::filesystem::path words =
      std::filesystem::path(source) / "data/amd-isa/words" / (std::string(GetParam()) + ".txt");
  if (!std::filesystem::exists(words)) GTEST_SKIP() << words << " is not there (scripts/amd-isa-words)";
  std::vector<std::string> texts;
  {
    std::ifstream in(words);
    std::string line;
    while (std::getline(in, line)) {
      if (line.empty() || line[0] == '#') continue;
      std::istringstream fields(line);
      std::string kind, hex, size, record, encoding, text;
      fields >> kind >> hex >> size >> record >> encoding;
      std::getline(fields, text);
      if (!text.empty() && text[0] == ' ') text.erase(0, 1);
      if (size == "0" || text.empty()) continue;
      if (std::none_of(encodings().begin(), encodings().end(), [&](const Encoding& e) { return e.record == record; }))
        continue;
      texts.push_back(text);
    }
  }
  ASSERT_FALSE(texts.empty());
  const std::filesystem::path dir =
      std::filesystem::temp_directory_path() / ("gpuatom-amd-words-" + std::to_string(::getpid()));
  std::filesystem::create_directories(dir);
  {
    std::ofstream out(dir / "in.s");
    for (const auto& t : texts) out << t << "\n";
  }
  const std::string command =
      "cd \"" + source +
      "\" && eval \"$(scripts/fetch-amd-isa-tools --env | sed 's/^/export /')\" && \"$LLVM_MC\" -arch=amdgcn -mcpu=" +
      GetParam() + " -show-encoding \"" + (dir / "in.s").string() + "\" > /dev/null 2> \"" +
      (dir / "err.txt").string() + "\"";
  (void)std::system(command.c_str());  // non-zero whenever a line is refused
  std::set<size_t> refused_by_llvm;
  {
    std::ifstream in(dir / "err.txt");
    std::string line;
    const std::string prefix = (dir / "in.s").string() + ":";
    while (std::getline(in, line)) {
      if (!line.starts_with(prefix) || line.find(": error:") == std::string::npos) continue;
      refused_by_llvm.insert(std::stoul(line.substr(prefix.size())) - 1);
    }
  }
  std::filesystem::remove_all(dir);
  const Target* target = find_target(GetParam());
  size_t agreeing = 0;
  for (size_t i = 0; i < texts.size(); ++i) {
    const Program p = parse(texts[i], *target);
    const bool refused = std::any_of(p.diagnostics.begin(), p.diagnostics.end(), [](const support::Diagnostic& d) {
      return d.severity == support::Severity::error;
    });
    if (refused == (refused_by_llvm.count(i) > 0))
      ++agreeing;
    else
      ADD_FAILURE() << texts[i] << ": llvm-mc " << (refused ? "accepts" : "refuses") << ", gpuatom "
                    << (refused ? "refuses: " + format(p.diagnostics[0]) : "accepts");
  }
  std::cout << GetParam() << ": " << texts.size() << " disassembled texts, " << agreeing
            << " read alike (llvm-mc refuses " << refused_by_llvm.size() << ")\n";
}

INSTANTIATE_TEST_SUITE_P(Targets, AmdTextOracle,
                         ::testing::Values("gfx90a", "gfx942", "gfx1030", "gfx1100", "gfx1150", "gfx1200"));

}  // namespace
}  // namespace gpuatom::amd::isa
