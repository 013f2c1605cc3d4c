#include "gpuatom/support/files.hpp"

#include <fcntl.h>
#include <pthread.h>
#include <unistd.h>

#include <cerrno>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <cstring>

#include <fmt/format.h>

namespace gpuatom::support {

namespace {

// Holds SIGINT, SIGTERM and SIGHUP back in this thread while alive; they are delivered when it ends.
class HeldSignals {
 public:
  HeldSignals() {
    sigset_t set;
    sigemptyset(&set);
    sigaddset(&set, SIGINT);
    sigaddset(&set, SIGTERM);
    sigaddset(&set, SIGHUP);
    pthread_sigmask(SIG_BLOCK, &set, &previous_);
  }
  ~HeldSignals() { pthread_sigmask(SIG_SETMASK, &previous_, nullptr); }
  HeldSignals(const HeldSignals&) = delete;
  HeldSignals& operator=(const HeldSignals&) = delete;

 private:
  sigset_t previous_;
};

std::string error_text(int error) { return std::strerror(error); }

}  // namespace

std::optional<std::string> write_file_atomically(const std::filesystem::path& path, std::string_view contents) {
  const std::filesystem::path directory = path.has_parent_path() ? path.parent_path() : std::filesystem::path(".");
  const HeldSignals held;
  // A name no other writer uses: this process's id and a counter; O_EXCL refuses a leftover.
  static std::atomic<unsigned> counter{0};
  std::string temporary;
  int fd = -1;
  for (int attempt = 0; fd < 0 && attempt < 100; ++attempt) {
    temporary = (directory / fmt::format(".{}.tmp-{}-{}", path.filename().string(), getpid(), counter++)).string();
    // 0666 less the umask, as any file the process creates.
    fd = open(temporary.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0666);
    if (fd < 0 && errno != EEXIST) break;
  }
  if (fd < 0) return fmt::format("cannot create a temporary file in {}: {}", directory.string(), error_text(errno));
  const auto fail = [&](const std::string& what, int error) -> std::optional<std::string> {
    close(fd);
    unlink(temporary.c_str());
    return fmt::format("cannot {} {}: {}", what, temporary, error_text(error));
  };
  for (size_t written = 0; written < contents.size();) {
    const ssize_t n = write(fd, contents.data() + written, contents.size() - written);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return fail("write", n < 0 ? errno : EIO);
    written += static_cast<size_t>(n);
  }
  if (fsync(fd) != 0) return fail("flush", errno);
  if (close(fd) != 0) {
    const int error = errno;
    unlink(temporary.c_str());
    return fmt::format("cannot write {}: {}", temporary, error_text(error));
  }
  if (std::rename(temporary.c_str(), path.c_str()) != 0) {
    const int error = errno;
    unlink(temporary.c_str());
    return fmt::format("cannot rename {} to {}: {}", temporary, path.string(), error_text(error));
  }
  return std::nullopt;
}

std::atomic<bool>& interrupt_flag() {
  static std::atomic<bool> flag{false};
  return flag;
}

namespace {

extern "C" void on_interrupt(int) {
  // Async-signal-safe: a lock-free atomic store. SA_RESETHAND restored the default action, so a
  // second signal ends the process.
  interrupt_flag().store(true, std::memory_order_relaxed);
}

}  // namespace

void install_interrupt_handler() {
  static_assert(std::atomic<bool>::is_always_lock_free);
  (void)interrupt_flag();  // constructed before any signal can arrive
  struct sigaction action {};
  action.sa_handler = on_interrupt;
  sigemptyset(&action.sa_mask);
  action.sa_flags = SA_RESETHAND;
  sigaction(SIGINT, &action, nullptr);
  sigaction(SIGTERM, &action, nullptr);
}

}  // namespace gpuatom::support
