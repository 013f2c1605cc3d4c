// An allocator that takes its memory straight from the kernel (mmap) and gives it straight back
// (munmap), for the few large buffers that are freed while others of their size are still being
// filled: glibc keeps such freed blocks in its heap once its mmap threshold has grown past them,
// so a log copied chunk by chunk into one array held both copies until the end (twice the memory
// the data needs).
#pragma once

#include <sys/mman.h>

#include <cstddef>
#include <new>

namespace gpuatom::support {

template <class T>
struct MappedAllocator {
  using value_type = T;
  MappedAllocator() = default;
  template <class U>
  MappedAllocator(const MappedAllocator<U>&) noexcept {}

  T* allocate(std::size_t n) {
    if (n > static_cast<std::size_t>(-1) / sizeof(T)) throw std::bad_array_new_length();
    void* p = mmap(nullptr, n * sizeof(T), PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (p == MAP_FAILED) throw std::bad_alloc();
    return static_cast<T*>(p);
  }
  void deallocate(T* p, std::size_t n) noexcept { munmap(p, n * sizeof(T)); }

  template <class U>
  bool operator==(const MappedAllocator<U>&) const noexcept {
    return true;
  }
};

}  // namespace gpuatom::support
