#include "gpuatom/support/progress.hpp"

#include <fmt/format.h>
#include <unistd.h>

#include <cstdio>

#include "gpuatom/support/diagnostic.hpp"

namespace gpuatom::support {

Progress::Progress(std::string label, bool enabled)
    : label_(std::move(label)), enabled_(enabled && isatty(STDERR_FILENO)), start_(std::chrono::steady_clock::now()) {}

Progress::~Progress() {
  if (drawn_) write_stderr("\r\033[K");
}

ProgressCallback Progress::callback() {
  if (!enabled_) return nullptr;
  return [this](uint64_t done, uint64_t total) { update(done, total); };
}

std::string Progress::line(const std::string& label, uint64_t done, uint64_t total, double seconds) {
  const double rate = seconds > 0 ? static_cast<double>(done) / seconds : 0;
  const std::string rate_text = rate >= 1e6   ? fmt::format("{:.1f} M/s", rate / 1e6)
                                : rate >= 1e3 ? fmt::format("{:.1f} k/s", rate / 1e3)
                                              : fmt::format("{:.0f}/s", rate);
  if (total == 0) return fmt::format("{}  {}  {}", label, done, rate_text);
  constexpr int width = 30;
  const double fraction = std::min(1.0, static_cast<double>(done) / static_cast<double>(total));
  const int filled = static_cast<int>(fraction * width);
  const double eta = rate > 0 ? static_cast<double>(total - std::min(done, total)) / rate : 0;
  return fmt::format("{} [{}{}] {:3.0f}%  {}  ETA {:.0f} s", label, std::string(static_cast<size_t>(filled), '#'),
                     std::string(static_cast<size_t>(width - filled), '.'), fraction * 100, rate_text, eta);
}

void Progress::update(uint64_t done, uint64_t total) {
  if (!enabled_) return;
  const auto now = std::chrono::steady_clock::now();
  const double seconds = std::chrono::duration<double>(now - start_).count();
  if (seconds < 2.0) return;
  if (drawn_ && now - last_draw_ < std::chrono::milliseconds(100)) return;
  last_draw_ = now;
  drawn_ = true;
  write_stderr("\r\033[K" + line(label_, done, total, seconds));
  std::fflush(stderr);
}

}  // namespace gpuatom::support
