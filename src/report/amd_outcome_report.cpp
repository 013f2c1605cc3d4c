#include "gpuatom/report/amd_outcome_report.hpp"

#include <fmt/format.h>

#include "gpuatom/support/json_writer.hpp"

namespace gpuatom::report {

namespace {

namespace json = support::json;

json::Written rules_json(const amd::Explanation& e) {
  std::vector<json::Written> rules;
  for (const amd::Firing& f : e.firings) {
    const std::string_view tag = amd::tag(f.basis);
    json::Object switches;
    for (const auto s : f.switches) switches.set(s, amd::switch_value(e.options, s));
    json::Object rule;
    rule.set("id", amd::rule_info(f.rule).code.substr(0, 2))
        .set("rule", amd::rule_info(f.rule).code)
        .set("reason", f.reason)
        .set("source", amd::name(f.source.kind))
        .set("quote", f.source.text)
        .set("tag", tag.empty() ? json::null : json::string(tag))
        .set("switches", switches)
        .set("outcome", f.outcome ? json::string(amd::name(*f.outcome)) : json::null);
    rules.push_back(rule.written());
  }
  return json::array(rules);
}

}  // namespace

std::string amd_outcome_text(const amd::AskedCell& cell) {
  const amd::Explanation& e = cell.chosen();
  std::string out = amd::explain_text(e);
  if (!cell.pcie_given) out += "--pcie left out: PCIe atomics give the same outcome and path here\n";
  if (const std::string published = amd::published_note(e); !published.empty())
    out += fmt::format("published: {}\n", published);
  return out;
}

std::string amd_outcome_json(const amd::AskedCell& cell) {
  const amd::Explanation& e = cell.chosen();
  json::Object selectors;
  selectors.set("strategy", amd::name(e.selectors.strategy))
      .set("pcie", cell.pcie_given ? amd::name(e.selectors.pcie) : "either")
      .set("memory", amd::name(e.selectors.memory))
      .set("granularity", amd::name(e.selectors.granularity))
      .set("scope", amd::name(e.selectors.scope));
  std::vector<json::Written> path;
  for (const amd::Place p : e.path.stages) path.push_back(json::string(amd::name(p)));
  json::Object switches;
  for (const amd::SwitchInfo& sw : amd::switches()) switches.set(sw.name, amd::switch_value(e.options, sw.name));
  const std::string published = amd::published_note(e);
  json::Object out;
  out.set("device", e.device->name)
      .set("atomic", e.request.label)
      .set("selectors", selectors)
      .set("outcome", amd::name(e.outcome))
      .set("label", amd::label(e.outcome))
      .set("path", json::array(path))
      .set("rules", rules_json(e))
      .set("switches", switches)
      .set("published", published.empty() ? json::null : json::string(published));
  return out.written().text + "\n";
}

}  // namespace gpuatom::report
