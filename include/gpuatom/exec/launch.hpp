// Launch geometry: N lanes cut into groups that execute together — NVIDIA warps of 32, Intel SIMD
// instruction streams of 1..32 channels, AMD wavefronts of 32 or 64 — and the masks that switch
// lanes of a group off.
//
// A lane is named by its launch-wide id (`lane`, 0 … lanes − 1) or by (group, lane in group);
// lane = group × group_size + lane in group. The last group may be partial.
#pragma once

#include <bit>
#include <cstdint>
#include <functional>

namespace gpuatom::exec {

// Bit i = lane i of one group. Groups have at most 64 lanes (the widest is AMD's wave64), so a
// group's mask is one machine word.
struct LaneMask {
  uint64_t bits = 0;

  static constexpr LaneMask first(uint32_t count) { return {count >= 64 ? ~0ULL : (1ULL << count) - 1}; }
  constexpr bool has(uint32_t lane) const { return lane < 64 && ((bits >> lane) & 1) != 0; }
  constexpr void set(uint32_t lane, bool on = true) { bits = on ? bits | (1ULL << lane) : bits & ~(1ULL << lane); }
  constexpr int count() const { return std::popcount(bits); }
  constexpr bool empty() const { return bits == 0; }
  friend constexpr LaneMask operator&(LaneMask a, LaneMask b) { return {a.bits & b.bits}; }
  friend constexpr LaneMask operator|(LaneMask a, LaneMask b) { return {a.bits | b.bits}; }
  friend constexpr LaneMask operator~(LaneMask a) { return {~a.bits}; }
  friend constexpr bool operator==(LaneMask, LaneMask) = default;
};

inline constexpr uint32_t max_group_size = 64;

struct Launch {
  uint64_t lanes = 0;
  uint32_t group_size = 32;  // 1 … 64

  constexpr bool valid() const { return group_size >= 1 && group_size <= max_group_size; }
  constexpr uint64_t groups() const { return lanes / group_size + (lanes % group_size != 0 ? 1 : 0); }
  constexpr uint64_t first_lane(uint64_t group) const { return group * group_size; }
  // Lanes that exist in `group` (group_size, except in a partial last group).
  constexpr uint32_t lanes_in_group(uint64_t group) const {
    const uint64_t left = lanes - first_lane(group);
    return left < group_size ? static_cast<uint32_t>(left) : group_size;
  }
  constexpr uint64_t group_of(uint64_t lane) const { return lane / group_size; }
  constexpr uint32_t lane_in_group(uint64_t lane) const { return static_cast<uint32_t>(lane % group_size); }
};

// The per-group masks that decide participation (nvidia.md §1, §9): a lane performs an
// instruction only when it is in the launch's active mask, its guard predicate is true, and it is
// neither a pixel-shader helper lane nor a killed pixel.
struct GroupMasks {
  LaneMask active;
  LaneMask helper;
  LaneMask killed;

  constexpr LaneMask participating(LaneMask predicate) const { return active & predicate & ~helper & ~killed; }
};

// Lane-by-lane states for a whole launch, as functions of the launch-wide lane id so that a
// million-lane launch needs no table. An empty function means the default: every lane active,
// none helper, none killed.
struct LaneStates {
  std::function<bool(uint64_t lane)> active;
  std::function<bool(uint64_t lane)> helper;
  std::function<bool(uint64_t lane)> killed;

  // The masks of `group`; lanes beyond the end of a partial group are inactive.
  GroupMasks masks(const Launch& launch, uint64_t group) const;
};

}  // namespace gpuatom::exec
