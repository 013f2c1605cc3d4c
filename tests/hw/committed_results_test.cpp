// Every results file committed under hw/results/ (measured on a GPU by hw/cuda) agrees with the
// model. Until the first one is committed, the model-made sample under tests/conformance/hw/ is
// checked instead, so the test always runs verify-hw on something.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <string>
#include <vector>

#include "cli/run_cli.hpp"

namespace fs = std::filesystem;

namespace {

std::vector<std::string> committed_results() {
  std::vector<std::string> files;
  const fs::path root = fs::path(GPUATOM_SOURCE_DIR) / "hw" / "results";
  if (fs::is_directory(root))
    for (const auto& entry : fs::recursive_directory_iterator(root))
      if (entry.is_regular_file() && entry.path().extension() == ".jsonl") files.push_back(entry.path().string());
  std::sort(files.begin(), files.end());
  return files;
}

}  // namespace

TEST(CommittedHardwareResults, AgreeWithTheModel) {
  std::vector<std::string> files = committed_results();
  if (files.empty()) files.push_back(std::string(GPUATOM_SOURCE_DIR) + "/tests/conformance/hw/model-sample.jsonl");
  std::string args = "verify-hw";
  for (const std::string& f : files) args += " '" + f + "'";
  const CliRun r = run_gpuatom(args);
  EXPECT_EQ(r.exit_code, 0) << r.out;
  std::printf("checked %zu file(s), first %s\n", files.size(), files.front().c_str());
}
