// Runs a program as a child process and measures it: exit status, standard output and error,
// wall time and peak resident memory (wait4's ru_maxrss). Optionally sends a signal after a delay
// (to interrupt a run) and kills the child past a hard limit (a hang guard).
#pragma once

#include <fcntl.h>
#include <spawn.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <csignal>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <optional>
#include <sstream>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

extern char** environ;

namespace gpuatom::testing {

struct ChildOptions {
  std::vector<std::string> args;  // args[0] is the program's path
  std::filesystem::path cwd;      // empty: the test's own working directory
  std::string stdin_path = "/dev/null";
  std::string stdout_path;                     // empty: captured in ChildResult::out; else written there
                                               // (/dev/null: a large output kept nowhere)
  double kill_after_seconds = 60;              // SIGKILL past this (the result says so)
  std::optional<double> signal_after_seconds;  // send `signal` this long after the start
  // Or send it once standard output holds this text (a state, not a time; kill_after_seconds
  // still bounds the wait).
  std::string signal_when_output_has;
  int signal = SIGINT;
};

struct ChildResult {
  bool exited = false;  // exited normally (else: killed by a signal)
  int exit_code = -1;   // when exited
  int term_signal = 0;  // when killed by a signal
  bool killed_for_time = false;
  std::string out, err;
  double seconds = 0;
  long max_rss_kib = 0;
  double signalled_at = -1;  // seconds after the start when `signal` was sent (-1: not sent)
};

// A fresh empty directory under the system's temporary directory.
inline std::filesystem::path make_temporary_directory(const std::string& stem) {
  std::string pattern = (std::filesystem::temp_directory_path() / (stem + "-XXXXXX")).string();
  if (!mkdtemp(pattern.data())) throw std::runtime_error("mkdtemp failed");
  return pattern;
}

inline std::string slurp_file(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

inline ChildResult run_child(const ChildOptions& options) {
  const std::filesystem::path scratch = make_temporary_directory("gpuatom-child");
  const std::string out_path = options.stdout_path.empty() ? (scratch / "stdout").string() : options.stdout_path;
  const std::string err_path = (scratch / "stderr").string();

  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_addopen(&actions, 0, options.stdin_path.c_str(), O_RDONLY, 0);
  posix_spawn_file_actions_addopen(&actions, 1, out_path.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0600);
  posix_spawn_file_actions_addopen(&actions, 2, err_path.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0600);
  if (!options.cwd.empty()) posix_spawn_file_actions_addchdir_np(&actions, options.cwd.c_str());
  std::vector<char*> argv;
  for (const std::string& a : options.args) argv.push_back(const_cast<char*>(a.c_str()));
  argv.push_back(nullptr);

  const auto start = std::chrono::steady_clock::now();
  const auto elapsed = [&] { return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count(); };
  pid_t pid = 0;
  const int spawned = posix_spawn(&pid, argv[0], &actions, nullptr, argv.data(), environ);
  posix_spawn_file_actions_destroy(&actions);
  if (spawned != 0) throw std::runtime_error("posix_spawn " + options.args.at(0) + " failed");

  ChildResult result;
  int status = 0;
  rusage usage{};
  for (;;) {
    const pid_t done = wait4(pid, &status, WNOHANG, &usage);
    if (done == pid) break;
    if (done < 0 && errno != EINTR) throw std::runtime_error("wait4 failed");
    const double now = elapsed();
    const bool state_reached = !options.signal_when_output_has.empty() && result.signalled_at < 0 &&
                               slurp_file(out_path).find(options.signal_when_output_has) != std::string::npos;
    if (result.signalled_at < 0 &&
        (state_reached || (options.signal_after_seconds && now >= *options.signal_after_seconds))) {
      kill(pid, options.signal);
      result.signalled_at = now;
    }
    if (now > options.kill_after_seconds && !result.killed_for_time) {
      kill(pid, SIGKILL);
      result.killed_for_time = true;
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(2));
  }
  result.seconds = elapsed();
  result.max_rss_kib = usage.ru_maxrss;
  result.exited = WIFEXITED(status);
  if (result.exited) result.exit_code = WEXITSTATUS(status);
  if (WIFSIGNALED(status)) result.term_signal = WTERMSIG(status);
  if (options.stdout_path.empty()) result.out = slurp_file(out_path);
  result.err = slurp_file(err_path);
  std::error_code ec;
  std::filesystem::remove_all(scratch, ec);
  return result;
}

}  // namespace gpuatom::testing
