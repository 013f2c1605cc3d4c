#include "gpuatom/report/assumption_list.hpp"

#include <fmt/format.h>

#include <nlohmann/json.hpp>
#include <span>
#include <utility>

#include "gpuatom/support/assumption.hpp"

namespace gpuatom::report {

namespace {

using Vendor = std::pair<std::string_view, std::span<const support::Assumption>>;

// The vendors `which` names ("all": every one), in the spec's order.
std::vector<Vendor> vendors(std::string_view which) {
  const Vendor all[] = {
      {"nvidia", nvidia::assumptions()}, {"intel", intel::assumptions()}, {"amd", amd::assumptions()}};
  std::vector<Vendor> out;
  for (const Vendor& v : all)
    if (which == "all" || which == v.first) out.push_back(v);
  return out;
}

}  // namespace

std::string assumption_text(std::string_view which) {
  std::string out;
  for (const auto& [vendor, list] : vendors(which)) {
    out += fmt::format("{}:\n", vendor);
    for (const support::Assumption& a : list)
      out += fmt::format("  [{}] {}\n      {}\n      stated in {}{}\n", a.label, a.id, a.statement, a.source,
                         a.option.empty() ? std::string() : fmt::format("; changed by {}", a.option));
    out += "\n";
  }
  return out;
}

std::string assumption_json(std::string_view which) {
  nlohmann::json out = nlohmann::json::array();
  for (const auto& [vendor, list] : vendors(which))
    for (const support::Assumption& a : list)
      out.push_back({{"vendor", vendor},
                     {"id", a.id},
                     {"label", a.label},
                     {"statement", a.statement},
                     {"source", a.source},
                     {"option", a.option}});
  return out.dump(2) + "\n";
}

}  // namespace gpuatom::report
