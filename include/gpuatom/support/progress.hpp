// A progress bar on stderr for work that can take more than a couple of seconds: exhaustive
// runs, large launches, long sweeps. It draws only when stderr is a terminal, only after the work
// has run for two seconds, and at most ten times a second; otherwise (a pipe, a log, --quiet) it
// is silent. Draws "label [#####.....]  45%  1.2 M/s  ETA 3 s".
#pragma once

#include <chrono>
#include <cstdint>
#include <functional>
#include <string>

namespace gpuatom::support {

// What the run modes call with (done, total); total 0 when unknown.
using ProgressCallback = std::function<void(uint64_t done, uint64_t total)>;

class Progress {
 public:
  Progress(std::string label, bool enabled);
  ~Progress();  // clears the line if one was drawn
  Progress(const Progress&) = delete;
  Progress& operator=(const Progress&) = delete;

  void update(uint64_t done, uint64_t total);
  ProgressCallback callback();  // a callback that updates this bar (nullptr when disabled)

  // The bar's text for `done` of `total` after `seconds` (exposed for tests).
  static std::string line(const std::string& label, uint64_t done, uint64_t total, double seconds);

 private:
  std::string label_;
  bool enabled_;
  bool drawn_ = false;
  std::chrono::steady_clock::time_point start_;
  std::chrono::steady_clock::time_point last_draw_;
};

}  // namespace gpuatom::support
