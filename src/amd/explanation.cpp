#include "gpuatom/amd/explanation.hpp"

#include <fmt/format.h>

#include <algorithm>

namespace gpuatom::amd {

std::vector<RuleId> Explanation::rules() const {
  std::vector<RuleId> ids;
  for (const Firing& f : firings) ids.push_back(f.rule);
  return ids;
}

bool Explanation::fired(RuleId rule) const {
  return std::any_of(firings.begin(), firings.end(), [rule](const Firing& f) { return f.rule == rule; });
}

std::string describe_case(const Explanation& e) {
  const Selectors& s = e.selectors;
  return fmt::format("{} on {} · {} · {} · {} · {} · {} scope", e.request.label, e.device->name, name(s.strategy),
                     name(s.pcie), name(s.memory), name(s.granularity), name(s.scope));
}

std::string firing_tag(const Firing& f, const ModelOptions& options) {
  std::string inside(tag(f.basis));
  for (const auto s : f.switches) {
    if (!inside.empty()) inside += "; ";
    inside += fmt::format("{}={}", s, switch_value(options, s));
  }
  return inside.empty() ? std::string{} : "[" + inside + "]";
}

std::string explain_text(const Explanation& e) {
  std::string out = describe_case(e) + "\n";
  out += fmt::format("outcome: {}\n", label(e.outcome));
  out += fmt::format("path:    {}\n", e.path.text());
  out += "rules:\n";
  int n = 0;
  for (const Firing& f : e.firings) {
    const std::string t = firing_tag(f, e.options);
    out += fmt::format("  {}. {}{}{}\n", ++n, rule_info(f.rule).code, t.empty() ? "" : " ", t);
    out += fmt::format("     {}\n", f.reason);
    out += fmt::format("     {}: \"{}\"\n", name(f.source.kind), f.source.text);
  }
  std::string changed;
  for (const SwitchInfo& sw : switches()) {
    const std::string_view value = switch_value(e.options, sw.name);
    if (value == sw.values.front()) continue;
    changed += fmt::format("{}{}={}", changed.empty() ? "" : ", ", sw.name, value);
  }
  out += fmt::format("switches: {}\n", changed.empty() ? "defaults (docs/spec/amd.md §9)" : changed);
  return out;
}

std::string explain_line(const Explanation& e) {
  std::string out = fmt::format("{} via {} —", label(e.outcome), e.path.text());
  bool first = true;
  for (const Firing& f : e.firings) {
    const std::string t = firing_tag(f, e.options);
    out += fmt::format("{} {}: {}{}{}", first ? "" : ";", rule_info(f.rule).code, f.reason, t.empty() ? "" : " ", t);
    first = false;
  }
  return out;
}

}  // namespace gpuatom::amd
