// How much memory this process may still use: what the kernel calls available (MemAvailable),
// and, in a container, what its control group's limit leaves. For estimates made before a run
// (scenario/memory_estimate), never for allocation decisions inside one.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

namespace gpuatom::support {

struct AvailableMemory {
  uint64_t bytes = 0;
  std::string source;  // "MemAvailable in /proc/meminfo", "the cgroup's memory.max"
};

// Nothing where neither can be read (not Linux, no /proc).
std::optional<AvailableMemory> available_memory();

// "1.5 GiB", "640 MiB", "12 KiB", "100 bytes".
std::string bytes_text(uint64_t bytes);

}  // namespace gpuatom::support
