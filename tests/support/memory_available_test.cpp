// The memory a process may still use counts its own limits (setrlimit in a forked child, so that
// the test process keeps its own): RLIMIT_AS against its virtual size, RLIMIT_DATA against its
// data segment, beside MemAvailable and the cgroup.
#include "gpuatom/support/memory_available.hpp"

#include <gtest/gtest.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>

namespace {

struct Seen {
  uint64_t bytes = 0;
  char source[200] = {};
};

// available_memory() in a child under `resource` = what the child uses now + `headroom`.
Seen available_under_limit(int resource, uint64_t headroom) {
  int fds[2];
  if (pipe(fds) != 0) return {};
  const pid_t pid = fork();
  if (pid == 0) {
    close(fds[0]);
    Seen seen;
    const auto before = gpuatom::support::available_memory();  // read once before the limit: /proc is there
    rlimit current{};
    getrlimit(resource, &current);
    // What the child uses now, as the kernel counts it against the limit.
    FILE* status = std::fopen("/proc/self/status", "r");
    uint64_t used_kib = 0;
    char line[256];
    const char* key = resource == RLIMIT_AS ? "VmSize:" : "VmData:";
    while (status && std::fgets(line, sizeof line, status))
      if (std::strncmp(line, key, std::strlen(key)) == 0)
        used_kib = std::strtoull(line + std::strlen(key), nullptr, 10);
    if (status) std::fclose(status);
    const rlimit limit{static_cast<rlim_t>(used_kib * 1024 + headroom), current.rlim_max};
    if (setrlimit(resource, &limit) == 0 && before) {
      if (const auto after = gpuatom::support::available_memory()) {
        seen.bytes = after->bytes;
        std::strncpy(seen.source, after->source.c_str(), sizeof seen.source - 1);
      }
    }
    (void)!write(fds[1], &seen, sizeof seen);
    _exit(0);
  }
  close(fds[1]);
  Seen seen;
  (void)!read(fds[0], &seen, sizeof seen);
  close(fds[0]);
  waitpid(pid, nullptr, 0);
  return seen;
}

TEST(MemoryAvailable, TheAddressSpaceLimitCounts) {
  const Seen seen = available_under_limit(RLIMIT_AS, uint64_t{256} << 20);
  EXPECT_GT(seen.bytes, uint64_t{128} << 20);
  EXPECT_LE(seen.bytes, uint64_t{256} << 20);
  EXPECT_STREQ(seen.source, "what the process's address-space limit (RLIMIT_AS, ulimit -v) leaves");
}

TEST(MemoryAvailable, TheDataLimitCounts) {
  const Seen seen = available_under_limit(RLIMIT_DATA, uint64_t{256} << 20);
  EXPECT_GT(seen.bytes, uint64_t{128} << 20);
  EXPECT_LE(seen.bytes, uint64_t{256} << 20);
  EXPECT_STREQ(seen.source, "what the process's data limit (RLIMIT_DATA, ulimit -d) leaves");
}

TEST(MemoryAvailable, WithoutLimitsItIsTheMachinesOrTheContainers) {
  const auto available = gpuatom::support::available_memory();
  if (!available) GTEST_SKIP() << "no /proc here";
  rlimit as{};
  getrlimit(RLIMIT_AS, &as);
  if (as.rlim_cur != RLIM_INFINITY) GTEST_SKIP() << "this process runs under an address-space limit";
  EXPECT_GT(available->bytes, 0u);
  EXPECT_EQ(available->source.find("RLIMIT_AS"), std::string::npos) << available->source;
}

}  // namespace
