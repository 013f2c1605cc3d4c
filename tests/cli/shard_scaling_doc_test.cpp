// docs/scaling.md's GNU parallel recipe, run as a user would paste it (bash, gpuatom on the PATH,
// in a copy of the source tree's layout), prints what the page says it prints.
#include <gtest/gtest.h>

#include <cstdlib>
#include <vector>

#include "cli/run_cli.hpp"
#include "cli/shard_files.hpp"

namespace {

using namespace shard_test;

// The body of the first fenced block after the line that starts with `mark`.
std::string block_after(const std::string& page, const std::string& mark) {
  const size_t at = page.find(mark);
  if (at == std::string::npos) return "";
  const size_t fence = page.find("```", at);
  const size_t body = page.find('\n', fence) + 1;
  return page.substr(body, page.find("```", body) - body);
}

TEST(ScalingDoc, GnuParallelRecipePrintsWhatThePageSays) {
  if (std::system("command -v parallel >/dev/null 2>&1") != 0)
    GTEST_SKIP() << "GNU parallel (Debian package parallel) is not installed";
  const std::string page = read(source("docs/scaling.md"));
  const std::string recipe = block_after(page, "<!-- recipe: gnu-parallel");
  const std::string expected = block_after(page, "<!-- recipe: output -->");
  ASSERT_NE(recipe.find("parallel gpuatom run"), std::string::npos) << recipe;
  ASSERT_FALSE(expected.empty());
  const fs::path dir = scratch("recipe");
  fs::create_directories(dir / "bin");
  fs::create_symlink(GPUATOM_CLI, dir / "bin" / "gpuatom");
  fs::create_symlink(source("examples"), dir / "examples");
  std::ofstream(dir / "recipe.sh") << recipe;
  const CliRun r =
      run_gpuatom_command("cd " + dir.string() + " && PATH=" + (dir / "bin").string() + ":$PATH bash -e recipe.sh");
  EXPECT_EQ(r.exit_code, 0) << r.out;
  EXPECT_EQ(r.out, expected);
  EXPECT_TRUE(fs::exists(dir / "all.xml"));
  EXPECT_TRUE(fs::exists(dir / "report" / "index.html"));
}

}  // namespace
