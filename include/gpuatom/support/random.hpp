// The one pseudo-random generator of the project (the deterministic run mode's schedules, the
// hardware harness's cases): splitmix64 (Steele, Lea and Flood; Vigna's reference code). Its
// output is fixed by the algorithm, so a seed gives the same sequence on every machine and
// compiler, which std::uniform_int_distribution does not promise (its algorithm is
// implementation-defined).
#pragma once

#include <cstdint>

namespace gpuatom::support {

class SplitMix64 {
 public:
  explicit constexpr SplitMix64(uint64_t seed) : state_(seed) {}

  constexpr uint64_t next() {
    uint64_t z = (state_ += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
  }

  // A value in [0, bound) (bound > 0) by Lemire's multiply-shift: one multiplication, no loop.
  // The bias (at most bound / 2^64) does not matter for choosing a schedule.
  constexpr uint64_t below(uint64_t bound) {
    return static_cast<uint64_t>((static_cast<unsigned __int128>(next()) * bound) >> 64);
  }

 private:
  uint64_t state_;
};

}  // namespace gpuatom::support
