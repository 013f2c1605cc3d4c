// The generated reference as files (gpuatom/report/reference_pages.hpp): written all together,
// then found current; a changed or missing page found stale.
#include "gpuatom/report/reference_pages.hpp"

#include <gtest/gtest.h>
#include <unistd.h>

#include <fstream>

#include "gpuatom/support/input_error.hpp"

using namespace gpuatom;

namespace {

namespace fs = std::filesystem;

std::vector<report::ReferencePage> two_pages() { return {{"a.md", "# a\n"}, {"b.md", "# b\n"}}; }

}  // namespace

TEST(ReferencePages, EveryPageOnceWithCliLast) {
  const auto pages = report::reference_pages("# cli\n");
  ASSERT_EQ(pages.size(), 7u);
  EXPECT_STREQ(pages.front().name, "nvidia.md");
  EXPECT_STREQ(pages.back().name, "cli.md");
  EXPECT_EQ(pages.back().text, "# cli\n");
  EXPECT_EQ(report::cli_reference_preamble().rfind("# gpuatom command line (generated)\n", 0), 0u);
}

TEST(ReferencePages, WrittenPagesAreCurrentAndAChangeIsStale) {
  const fs::path dir = fs::temp_directory_path() / ("gpuatom-reference-pages-" + std::to_string(getpid()));
  fs::remove_all(dir);
  report::write_reference_pages(dir / "ref", two_pages());
  EXPECT_EQ(report::stale_reference_pages(dir / "ref", two_pages(), "ref"), 0u);
  std::ofstream(dir / "ref" / "a.md") << "# changed\n";
  fs::remove(dir / "ref" / "b.md");
  testing::internal::CaptureStderr();
  EXPECT_EQ(report::stale_reference_pages(dir / "ref", two_pages(), "ref"), 2u);
  const std::string said = testing::internal::GetCapturedStderr();
  EXPECT_NE(said.find("a.md is stale: run `gpuatom docs --out ref`\n"), std::string::npos) << said;
  EXPECT_NE(said.find("b.md is missing: run `gpuatom docs --out ref`\n"), std::string::npos) << said;
  EXPECT_THROW(report::stale_reference_pages(dir / "none", two_pages(), "none"), support::InputError);
  fs::remove_all(dir);
}
