// Shared by the fuzz targets: a property check that stays on in release builds (the replay
// tests run the targets built with -O2 and NDEBUG) and reports what failed before aborting, so
// that libFuzzer records the input as a crash and the replay test fails.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>

namespace gpuatom::fuzz {

[[noreturn]] inline void fail(const char* file, int line, const char* condition, const std::string& detail) {
  std::fprintf(stderr, "%s:%d: fuzz property failed: %s\n%s\n", file, line, condition, detail.c_str());
  std::fflush(stderr);
  std::abort();
}

inline std::string_view as_text(const uint8_t* data, size_t size) {
  return {reinterpret_cast<const char*>(data), size};
}

}  // namespace gpuatom::fuzz

// FUZZ_CHECK(condition, detail): `detail` is only evaluated when the check fails.
#define FUZZ_CHECK(condition, detail)                                                  \
  do {                                                                                 \
    if (!(condition)) ::gpuatom::fuzz::fail(__FILE__, __LINE__, #condition, (detail)); \
  } while (false)
