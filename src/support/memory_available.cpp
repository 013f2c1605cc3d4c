#include "gpuatom/support/memory_available.hpp"

#include <fmt/format.h>
#include <sys/resource.h>

#include <fstream>
#include <sstream>
#include <string>

namespace gpuatom::support {

namespace {

// The first number of a one-line file ("max" or unreadable: nothing).
std::optional<uint64_t> number_in(const std::string& path) {
  std::ifstream in(path);
  std::string word;
  if (!(in >> word) || word.empty() || word.find_first_not_of("0123456789") != std::string::npos) return std::nullopt;
  try {
    return std::stoull(word);
  } catch (const std::exception&) {
    return std::nullopt;
  }
}

std::optional<uint64_t> mem_available() {
  std::ifstream in("/proc/meminfo");
  for (std::string line; std::getline(in, line);) {
    std::istringstream words(line);
    std::string key;
    uint64_t kib = 0;
    if (words >> key >> kib && key == "MemAvailable:") return kib * 1024;
  }
  return std::nullopt;
}

// cgroup v2: the process's group, then memory.max − memory.current.
std::optional<uint64_t> cgroup_left() {
  std::ifstream in("/proc/self/cgroup");
  std::string line;
  if (!std::getline(in, line) || line.rfind("0::", 0) != 0) return std::nullopt;
  const std::string dir = "/sys/fs/cgroup" + line.substr(3);
  const auto max = number_in(dir + "/memory.max");
  const auto current = number_in(dir + "/memory.current");
  if (!max) return std::nullopt;
  return *max > current.value_or(0) ? *max - current.value_or(0) : 0;
}

// A "VmSize:   123 kB" line of /proc/self/status, in bytes.
std::optional<uint64_t> own_status_bytes(const std::string& key) {
  std::ifstream in("/proc/self/status");
  for (std::string line; std::getline(in, line);) {
    std::istringstream words(line);
    std::string name;
    uint64_t kib = 0;
    if (words >> name >> kib && name == key) return kib * 1024;
  }
  return std::nullopt;
}

// What a process limit (ulimit -v, ulimit -d) leaves beside what the process uses already under
// it: an allocation past it fails whatever the machine has free.
std::optional<uint64_t> rlimit_left(int resource, const std::string& used_key) {
  rlimit limit{};
  if (getrlimit(resource, &limit) != 0 || limit.rlim_cur == RLIM_INFINITY) return std::nullopt;
  const uint64_t used = own_status_bytes(used_key).value_or(0);
  return limit.rlim_cur > used ? static_cast<uint64_t>(limit.rlim_cur) - used : 0;
}

}  // namespace

std::optional<AvailableMemory> available_memory() {
  // The least of every bound that applies: the machine's, the container's, the process's own.
  std::optional<AvailableMemory> least;
  const auto consider = [&](std::optional<uint64_t> bytes, const char* source) {
    if (bytes && (!least || *bytes < least->bytes)) least = AvailableMemory{*bytes, source};
  };
  consider(mem_available(), "MemAvailable in /proc/meminfo");
  consider(cgroup_left(), "what the cgroup's memory.max leaves");
  consider(rlimit_left(RLIMIT_AS, "VmSize:"), "what the process's address-space limit (RLIMIT_AS, ulimit -v) leaves");
  consider(rlimit_left(RLIMIT_DATA, "VmData:"), "what the process's data limit (RLIMIT_DATA, ulimit -d) leaves");
  return least;
}

std::string bytes_text(uint64_t bytes) {
  if (bytes >= (uint64_t{1} << 30)) return fmt::format("{:.1f} GiB", static_cast<double>(bytes) / (1 << 30));
  if (bytes >= (uint64_t{1} << 20)) return fmt::format("{:.0f} MiB", static_cast<double>(bytes) / (1 << 20));
  if (bytes >= (uint64_t{1} << 10)) return fmt::format("{:.0f} KiB", static_cast<double>(bytes) / (1 << 10));
  return fmt::format("{} bytes", bytes);
}

}  // namespace gpuatom::support
