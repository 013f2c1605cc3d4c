#include "gpuatom/support/files.hpp"

#include <fcntl.h>
#include <fmt/format.h>
#include <pthread.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <system_error>
#include <variant>
#include <vector>

#include "gpuatom/support/output_target.hpp"

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

// std::generic_category().message is thread-safe, where std::strerror may share one buffer.
std::string error_text(int error) { return std::generic_category().message(error); }

}  // namespace

namespace {

std::string kind_of(mode_t mode) {
  if (S_ISDIR(mode)) return "a directory";
  if (S_ISCHR(mode)) return "a character device";
  if (S_ISBLK(mode)) return "a block device";
  if (S_ISFIFO(mode)) return "a FIFO";
  if (S_ISSOCK(mode)) return "a socket";
  return "not a regular file";
}

// A file written but not yet in place: its temporary name, the path it will replace.
struct Staged {
  std::string temporary;
  std::filesystem::path target;
};

// Where `path` really is: a symbolic link is written through (the file it names is replaced, the
// link stays), and an existing target must be a regular file, whose permission bits the new one
// keeps. Then the contents, flushed, in a temporary file beside the target.
std::variant<Staged, std::string> stage(const std::filesystem::path& path, std::string_view contents) {
  namespace fs = std::filesystem;
  // The file standard output or error goes to is never replaced (output_target.hpp); a command
  // checks its own inputs the same way before it starts.
  if (auto conflict = output_target_conflict(path)) return *conflict;
  fs::path target = path;
  std::error_code ec;
  for (int links = 0; fs::is_symlink(fs::symlink_status(target, ec)); ++links) {
    if (links == 40) return fmt::format("{}: too many levels of symbolic links", path.string());
    const fs::path next = fs::read_symlink(target, ec);
    if (ec) return fmt::format("{}: cannot read the link: {}", target.string(), ec.message());
    target = next.is_absolute() ? next : target.parent_path() / next;
  }
  std::optional<mode_t> keep_mode;
  struct stat existing {};
  if (stat(target.c_str(), &existing) == 0) {
    if (!S_ISREG(existing.st_mode))
      return fmt::format("{}: {}, not a regular file: gpuatom writes only regular files (and replaces them whole)",
                         path.string(), kind_of(existing.st_mode));
    keep_mode = existing.st_mode & 07777;
  }
  const fs::path directory = target.has_parent_path() ? target.parent_path() : fs::path(".");
  // A name no other writer uses: this process's id and a counter; O_EXCL refuses a leftover.
  static std::atomic<unsigned> counter{0};
  std::string temporary;
  int fd = -1;
  for (int attempt = 0; fd < 0 && attempt < 100; ++attempt) {
    temporary = (directory / fmt::format(".{}.tmp-{}-{}", target.filename().string(), getpid(), counter++)).string();
    // 0666 less the umask, as any file the process creates; an existing file's own bits.
    fd = open(temporary.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0666);
    if (fd < 0 && errno != EEXIST) break;
  }
  if (fd < 0) return fmt::format("cannot create a temporary file in {}: {}", directory.string(), error_text(errno));
  const auto fail = [&](const std::string& what, int error) -> std::string {
    close(fd);
    unlink(temporary.c_str());
    return fmt::format("cannot {} {}: {}", what, temporary, error_text(error));
  };
  if (keep_mode && fchmod(fd, *keep_mode) != 0) return fail("set the permissions of", errno);
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
  return Staged{temporary, target};
}

std::optional<std::string> commit(const Staged& staged) {
  if (std::rename(staged.temporary.c_str(), staged.target.c_str()) == 0) return std::nullopt;
  const int error = errno;
  unlink(staged.temporary.c_str());
  return fmt::format("cannot rename {} to {}: {}", staged.temporary, staged.target.string(), error_text(error));
}

}  // namespace

std::optional<std::string> write_file_atomically(const std::filesystem::path& path, std::string_view contents) {
  const HeldSignals held;
  auto staged = stage(path, contents);
  if (const auto* why = std::get_if<std::string>(&staged)) return *why;
  return commit(std::get<Staged>(staged));
}

std::optional<std::string> write_files_atomically(
    const std::vector<std::pair<std::filesystem::path, std::string>>& files) {
  const HeldSignals held;
  std::vector<Staged> staged;
  for (const auto& [path, contents] : files) {
    auto one = stage(path, contents);
    if (const auto* why = std::get_if<std::string>(&one)) {
      for (const Staged& s : staged) unlink(s.temporary.c_str());
      return fmt::format("{}; none of the {} files was replaced", *why, files.size());
    }
    staged.push_back(std::get<Staged>(std::move(one)));
  }
  for (size_t k = 0; k < staged.size(); ++k) {
    if (const auto why = commit(staged[k])) {
      std::string replaced;
      for (size_t done = 0; done < k; ++done) replaced += (done ? ", " : "") + files[done].first.string();
      for (size_t rest = k + 1; rest < staged.size(); ++rest) unlink(staged[rest].temporary.c_str());
      return fmt::format("{}; {} replaced, the others left as they were", *why,
                         replaced.empty() ? std::string("none was") : replaced + (k == 1 ? " was" : " were"));
    }
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
  sigaction(SIGHUP, &action, nullptr);  // a closed terminal stops a run the same way, with its count
  // A closed pipe (`gpuatom run … | head`) stops it too. The handler stays: every later write to
  // the pipe raises SIGPIPE again, and the default action would end the process before it could
  // write what finished (the --junit report); the write itself fails with EPIPE instead.
  struct sigaction pipe_action = action;
  pipe_action.sa_flags = 0;
  sigaction(SIGPIPE, &pipe_action, nullptr);
}

}  // namespace gpuatom::support
