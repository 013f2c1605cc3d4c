// Expected<T, E>: a value or an error, for results that must not throw (GCC 12 in C++20 mode has
// no std::expected). Deliberately small: both alternatives must be trivially copyable, which keeps
// it a plain union that compilers pass in registers or a small stack slot on the hot path.
// The API follows std::expected so that a later switch is a rename.
#pragma once

#include <type_traits>
#include <utility>

#include "gpuatom/memory/fault.hpp"

namespace gpuatom::memory {

// Tag for constructing the error alternative when T and E could be confused.
template <class E>
struct Unexpected {
  E error;
};
template <class E>
Unexpected(E) -> Unexpected<E>;

template <class T, class E = Fault>
class [[nodiscard]] Expected {
  static_assert(std::is_trivially_copyable_v<T> && std::is_trivially_copyable_v<E>);

 public:
  constexpr Expected(T value) : ok_(true), value_(value) {}  // NOLINT(google-explicit-constructor)
  constexpr Expected(E error) requires(!std::is_same_v<T, E>) : ok_(false), error_(error) {}  // NOLINT
  constexpr Expected(Unexpected<E> error) : ok_(false), error_(error.error) {}                // NOLINT

  constexpr bool has_value() const { return ok_; }
  constexpr explicit operator bool() const { return ok_; }

  // Preconditions: has_value() for value(), !has_value() for error().
  constexpr const T& value() const { return value_; }
  constexpr const T& operator*() const { return value_; }
  constexpr const T* operator->() const { return &value_; }
  constexpr const E& error() const { return error_; }
  constexpr T value_or(T fallback) const { return ok_ ? value_ : fallback; }

 private:
  bool ok_;
  union {
    T value_;
    E error_;
  };
};

// Success carries nothing (stores, configuration).
template <class E>
class [[nodiscard]] Expected<void, E> {
  static_assert(std::is_trivially_copyable_v<E>);

 public:
  constexpr Expected() : ok_(true), error_() {}
  constexpr Expected(E error) : ok_(false), error_(error) {}                    // NOLINT(google-explicit-constructor)
  constexpr Expected(Unexpected<E> error) : ok_(false), error_(error.error) {}  // NOLINT

  constexpr bool has_value() const { return ok_; }
  constexpr explicit operator bool() const { return ok_; }
  constexpr const E& error() const { return error_; }

 private:
  bool ok_;
  E error_;
};

}  // namespace gpuatom::memory
