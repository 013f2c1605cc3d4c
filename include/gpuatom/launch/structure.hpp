// The rules every scenario keeps, whether read from a file or built in C++ (embed::Launch): a
// launch of 1 … 2^32 lanes, and regions named by identifiers, each name once, of 1 … 2^48 bytes.
// The loader reports a broken rule at its TOML key; launch::run checks them again on whatever it
// is given, so no caller runs what the file format refuses.
#pragma once

#include <cstdint>
#include <string_view>

#include "gpuatom/launch/setup.hpp"
#include "gpuatom/support/diagnostic.hpp"

namespace gpuatom::launch {

inline constexpr uint64_t max_lanes = 1ULL << 32;         // DECISION: a launch has at most 2^32 lanes
inline constexpr uint64_t max_region_bytes = 1ULL << 48;  // the address space a region may span

// [A-Za-z_][A-Za-z0-9_]*: a name expressions can spell (addr(name), size(name)).
bool is_identifier(std::string_view name);

// Every broken rule, one error each, at the launch's or the region's own location.
support::Diagnostics check_structure(const Setup& scenario);

}  // namespace gpuatom::launch
