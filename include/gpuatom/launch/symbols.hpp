// The names scenario expressions may use, bound to one loaded scenario:
//   variables  tid (global lane index), lane (index in its group), warp / group (group index), i (element index)
//   constants  lanes, group_size, and every region's addr(name), size(name), end(name)
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "gpuatom/launch/expression.hpp"
#include "gpuatom/launch/setup.hpp"

namespace gpuatom::launch {

// The built-in variables (tid, lane, group, i) by their index in an evaluation's value array.
enum BuiltinVariable : uint32_t { slot_tid = 0, slot_lane = 1, slot_group = 2, slot_i = 3, slot_count = 4 };
using SlotValues = std::array<uint64_t, slot_count>;
static_assert(slot_tid == Expression::tid_slot);

struct RegionPlacement {
  std::string name;
  uint64_t base = 0;
  uint64_t size = 0;
};

// Symbols for a scenario whose regions sit at `placements` and whose groups have `group_size`
// lanes. `allow` restricts which variables may appear ("tid lane group i" by default).
Symbols make_symbols(const Setup& scenario, const std::vector<RegionPlacement>& placements, uint32_t group_size,
                     bool allow_lane_variables = true, bool allow_index = true);

// Compiles an expression written in the scenario file, turning its errors into a diagnostic at
// the right file:line:col (the expression's column plus the error's column within it).
std::variant<Expression, support::Diagnostic> compile_at(const ExpressionText& text, const Symbols& symbols);

// compile_at, with a failure added to `diagnostics` instead of returned.
std::optional<Expression> compile_into(const ExpressionText& text, const Symbols& symbols,
                                       support::Diagnostics& diagnostics);

inline SlotValues lane_slots(uint64_t tid, uint32_t group_size) { return {tid, tid % group_size, tid / group_size, 0}; }

}  // namespace gpuatom::launch
