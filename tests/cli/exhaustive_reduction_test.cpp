// The exhaustive mode's reduction (one execution per class of equivalent interleavings) against
// the naive search (`--no-reduction`, every interleaving) on every bundled and test scenario
// marked `exhaustive = true`: the same set of outcomes wherever the naive search finishes within
// 1,000 executions, and on the largest bundled scenario whose naive search finishes at all
// (38,808 interleavings). A third of the scenarios have more than 40,000 interleavings: running
// their naive search to a cap of 40,000 only to set them aside cost most of the test's time.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <set>
#include <sstream>
#include <string>

#include "cli/run_cli.hpp"

namespace {

namespace fs = std::filesystem;

std::vector<std::string> exhaustive_scenarios() {
  std::vector<std::string> out;
  for (const char* root : {"examples", "tests/scenario", "tests/cli/data"}) {
    for (const auto& entry : fs::recursive_directory_iterator(fs::path(GPUATOM_SOURCE_DIR) / root)) {
      if (entry.path().extension() != ".toml") continue;
      std::ifstream in(entry.path());
      std::stringstream text;
      text << in.rdbuf();
      const std::string s = text.str();
      if (s.find("\nexhaustive = true") != std::string::npos && s.find("# ERR") == std::string::npos)
        out.push_back(entry.path().string());
    }
  }
  std::sort(out.begin(), out.end());
  return out;
}

// The outcomes (text and whether the expectations hold) of an exhaustive run; nothing when the
// run did not finish within the cap or did not run.
std::optional<std::set<std::pair<std::string, bool>>> outcomes(const std::string& file, const std::string& extra,
                                                               size_t cap) {
  const CliRun r = run_gpuatom("run '" + file + "' --mode exhaustive --quiet --json --max-executions " +
                               std::to_string(cap) + " " + extra + " 2>/dev/null");
  const size_t start = r.out.find('[');
  if (start == std::string::npos) return std::nullopt;
  const nlohmann::json j = nlohmann::json::parse(r.out.substr(start))[0];
  for (const auto& note : j.value("notes", nlohmann::json::array()))
    if (note.get<std::string>().find("more than") != std::string::npos) return std::nullopt;
  if (!j.contains("outcomes")) return std::nullopt;
  std::set<std::pair<std::string, bool>> out;
  for (const auto& o : j["outcomes"]) out.insert({o["text"].get<std::string>(), o["expectations_hold"].get<bool>()});
  return out;
}

// The scenario the naive search checks up to its 38,808 interleavings.
constexpr const char* largest = "examples/amd/fp32-add-fine-host-mi200-cas.toml";

TEST(ExhaustiveReduction, AgreesWithTheNaiveSearchOnEveryScenario) {
  size_t compared = 0;
  bool largest_compared = false;
  for (const std::string& file : exhaustive_scenarios()) {
    SCOPED_TRACE(file);
    const bool is_largest = file.ends_with(largest);
    const auto naive = outcomes(file, "--no-reduction", is_largest ? 40000 : 1000);
    if (!naive) continue;  // past the naive search's cap
    largest_compared = largest_compared || is_largest;
    const auto reduced = outcomes(file, "", 40000);
    ASSERT_TRUE(reduced);
    EXPECT_EQ(*reduced, *naive);
    ++compared;
  }
  std::cout << "[ compared ] " << compared << " scenarios with both searches\n";
  EXPECT_GE(compared, 40u);
  EXPECT_TRUE(largest_compared) << largest;
}

}  // namespace
