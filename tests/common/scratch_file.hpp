// A file a test writes and removes again: unique to the test process (its pid and a counter), in
// /tmp, removed when the test ends, so parallel ctest runs never share one.
#pragma once

#include <unistd.h>

#include <cstdio>
#include <fstream>
#include <string>

namespace gpuatom::testing {

class ScratchFile {
 public:
  explicit ScratchFile(const std::string& contents, const std::string& suffix = ".sass")
      : path_("/tmp/gpuatom-test-" + std::to_string(getpid()) + "-" + std::to_string(counter_++) + suffix) {
    std::ofstream(path_, std::ios::binary) << contents;
  }
  ~ScratchFile() { std::remove(path_.c_str()); }
  ScratchFile(const ScratchFile&) = delete;
  ScratchFile& operator=(const ScratchFile&) = delete;
  const std::string& path() const { return path_; }

 private:
  static inline int counter_ = 0;
  std::string path_;
};

}  // namespace gpuatom::testing
