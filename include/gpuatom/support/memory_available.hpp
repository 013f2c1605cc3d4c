// How much memory this process may still use: the least of what the kernel calls available
// (MemAvailable), what a container's control group limit leaves, and what the process's own
// limits leave beside what it uses already (RLIMIT_AS against its virtual size, RLIMIT_DATA
// against its data segment: `ulimit -v` makes an allocation fail on a machine with memory to
// spare). For estimates made before a run (scenario/memory_estimate), never for allocation
// decisions inside one.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

namespace gpuatom::support {

struct AvailableMemory {
  uint64_t bytes = 0;
  std::string source;  // "MemAvailable in /proc/meminfo", "what the cgroup's memory.max leaves", …
};

// Nothing where neither can be read (not Linux, no /proc).
std::optional<AvailableMemory> available_memory();

// "1.5 GiB", "640 MiB", "12 KiB", "100 bytes".
std::string bytes_text(uint64_t bytes);

}  // namespace gpuatom::support
