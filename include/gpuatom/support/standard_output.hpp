// Standard output for a command that must go on when it is lost (`gpuatom run`): a closed pipe
// (`| head`) or a full disk stops the printing, not the work, so that a report file is still
// written; main() then says the output was lost (exit 4, docs/reliability.md). Each text is
// flushed as it is printed, so that a CI log shows the scenarios as they finish.
#pragma once

#include <cstdio>
#include <string_view>

namespace gpuatom::support {

class StandardOutput {
 public:
  explicit StandardOutput(std::FILE* stream = stdout) : stream_(stream) {}

  // Writes and flushes `text`; once a write failed, nothing more.
  void print(std::string_view text);
  bool lost() const { return lost_; }

 private:
  std::FILE* stream_;
  bool lost_ = false;
};

}  // namespace gpuatom::support
