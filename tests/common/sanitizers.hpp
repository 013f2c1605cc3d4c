// Which sanitizer the tests run under.
//
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

// Whether the tests run under AddressSanitizer, whose shadow memory makes a process's resident
// size meaningless as a bound, and which slows everything 2-3×.
#if defined(__SANITIZE_ADDRESS__)
inline constexpr bool under_asan = true;
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
inline constexpr bool under_asan = true;
#else
inline constexpr bool under_asan = false;
#endif
#else
inline constexpr bool under_asan = false;
#endif

}  // namespace gpuatom::testing
