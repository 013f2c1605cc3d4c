// A main for the fuzz targets where libFuzzer is not available (GCC builds): runs
// LLVMFuzzerTestOneInput once on every file given, or on every regular file of every directory
// given (not recursive). The suite runs each target over fuzz/corpus/<target>/ and
// fuzz/regressions/<target>/ this way; a property failure aborts, which fails the test.
#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size);

namespace {

std::vector<uint8_t> read_file(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

}  // namespace

int main(int argc, char** argv) {
  std::vector<std::filesystem::path> files;
  for (int k = 1; k < argc; ++k) {
    const std::filesystem::path arg = argv[k];
    std::error_code ec;
    if (std::filesystem::is_directory(arg, ec)) {
      for (const auto& entry : std::filesystem::directory_iterator(arg))
        if (entry.is_regular_file() && entry.path().filename().string().front() != '.') files.push_back(entry.path());
    } else if (std::filesystem::is_regular_file(arg, ec)) {
      files.push_back(arg);
    } else {
      std::fprintf(stderr, "replay: %s is neither a file nor a directory\n", argv[k]);
      return 2;
    }
  }
  std::sort(files.begin(), files.end());
  for (const auto& path : files) {
    const std::vector<uint8_t> bytes = read_file(path);
    std::fprintf(stderr, "replay: %s (%zu bytes)\n", path.string().c_str(), bytes.size());
    // An empty vector's data() may be null; libFuzzer never passes null, so neither do we.
    static const uint8_t empty = 0;
    LLVMFuzzerTestOneInput(bytes.empty() ? &empty : bytes.data(), bytes.size());
  }
  std::printf("replay: %zu inputs, no failures\n", files.size());
  return 0;
}
