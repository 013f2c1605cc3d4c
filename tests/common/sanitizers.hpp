// Whether the tests run under ThreadSanitizer, which slows racing loops 10–50×: racing tests
// scale their sizes down there.
#pragma once

namespace gpuatom::testing {

#if defined(__SANITIZE_THREAD__)
inline constexpr bool under_tsan = true;
#elif defined(__has_feature)
#if __has_feature(thread_sanitizer)
inline constexpr bool under_tsan = true;
#else
inline constexpr bool under_tsan = false;
#endif
#else
inline constexpr bool under_tsan = false;
#endif

}  // namespace gpuatom::testing
