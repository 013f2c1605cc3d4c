#include "gpuatom/launch/symbols.hpp"

#include <fmt/format.h>

namespace gpuatom::launch {

Symbols make_symbols(const Setup& scenario, const std::vector<RegionPlacement>& placements, uint32_t group_size,
                     bool allow_lane_variables, bool allow_index) {
  Symbols s;
  const uint64_t lanes = scenario.launch.lanes;
  s.name = [=](std::string_view n) -> std::optional<Symbols::Resolved> {
    if (allow_lane_variables) {
      if (n == "tid") return Symbols::Resolved{true, slot_tid, 0};
      if (n == "lane") return Symbols::Resolved{true, slot_lane, 0};
      if (n == "warp" || n == "group") return Symbols::Resolved{true, slot_group, 0};
    }
    if (allow_index && n == "i") return Symbols::Resolved{true, slot_i, 0};
    if (n == "lanes") return Symbols::Resolved{false, 0, lanes};
    if (n == "group_size") return Symbols::Resolved{false, 0, group_size};
    return std::nullopt;
  };
  s.call = [placements](std::string_view function, std::string_view argument) -> std::optional<uint64_t> {
    for (const RegionPlacement& p : placements) {
      if (p.name != argument) continue;
      if (function == "addr") return p.base;
      if (function == "size") return p.size;
      if (function == "end") return p.base + p.size;
    }
    return std::nullopt;
  };
  std::string known;
  if (allow_lane_variables) known += "tid, lane, warp, group, ";
  if (allow_index) known += "i, ";
  known += "lanes, group_size, addr(region), size(region), end(region)";
  s.known_names = known;
  return s;
}

std::variant<Expression, support::Diagnostic> compile_at(const ExpressionText& text, const Symbols& symbols) {
  if (text.lanes) {  // values from C++: a function of tid where lanes are named, else of i (fills)
    std::optional<Symbols::Resolved> variable = symbols.name ? symbols.name("tid") : std::nullopt;
    if (!variable || !variable->is_variable) variable = symbols.name ? symbols.name("i") : std::nullopt;
    if (!variable || !variable->is_variable)
      return support::Diagnostic{support::Severity::error,
                                 text.where,
                                 fmt::format("{}: values from C++ need a lane (tid) or an element (i) here", text.text),
                                 {}};
    return Expression::of_lanes(text.lanes, text.text, variable->slot);
  }
  auto compiled = Expression::compile(text.text, symbols);
  if (auto* e = std::get_if<ExpressionError>(&compiled)) {
    support::SourceLocation where = text.where;
    where.column += e->column - 1;
    return support::Diagnostic{support::Severity::error, where, e->message, {}};
  }
  return std::get<Expression>(std::move(compiled));
}

std::optional<Expression> compile_into(const ExpressionText& text, const Symbols& symbols,
                                       support::Diagnostics& diagnostics) {
  auto compiled = compile_at(text, symbols);
  if (auto* d = std::get_if<support::Diagnostic>(&compiled)) {
    diagnostics.add(*d);
    return std::nullopt;
  }
  return std::get<Expression>(std::move(compiled));
}

}  // namespace gpuatom::launch
