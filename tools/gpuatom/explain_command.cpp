// `gpuatom explain [nvidia|intel|amd]`: every choice gpuatom made where the vendor pages are
// silent, labelled as the spec labels it, with where it is stated and the switch that changes it.
#include <fmt/format.h>

#include <memory>
#include <nlohmann/json.hpp>

#include "command.hpp"
#include "gpuatom/support/assumption.hpp"

namespace gpuatom::cli {

namespace {

struct ExplainArgs {
  std::string vendor = "all";
  bool json = false;
};

int explain(const ExplainArgs& args) {
  const std::pair<std::string_view, std::span<const support::Assumption>> vendors[] = {
      {"nvidia", nvidia::assumptions()}, {"intel", intel::assumptions()}, {"amd", amd::assumptions()}};
  nlohmann::json out = nlohmann::json::array();
  for (const auto& [vendor, list] : vendors) {
    if (args.vendor != "all" && args.vendor != vendor) continue;
    if (!args.json) fmt::print("{}:\n", vendor);
    for (const support::Assumption& a : list) {
      if (args.json) {
        out.push_back({{"vendor", vendor},
                       {"id", a.id},
                       {"label", a.label},
                       {"statement", a.statement},
                       {"source", a.source},
                       {"option", a.option}});
        continue;
      }
      fmt::print("  [{}] {}\n      {}\n      stated in {}{}\n", a.label, a.id, a.statement, a.source,
                 a.option.empty() ? std::string() : fmt::format("; changed by {}", a.option));
    }
    if (!args.json) fmt::print("\n");
  }
  if (args.json) fmt::print("{}\n", out.dump(2));
  return exit_ok;
}

}  // namespace

void add_explain_command(CLI::App& app, Action& run) {
  auto args = std::make_shared<ExplainArgs>();
  CLI::App* cmd = app.add_subcommand("explain", "List every ASSUMPTION, DECISION and PROPOSED rule the model uses");
  cmd->add_option("vendor", args->vendor, "nvidia, intel, amd or all (default)")
      ->check(CLI::IsMember({"all", "nvidia", "intel", "amd"}));
  cmd->add_flag("--json", args->json, "machine-readable list");
  cmd->callback([&run, args] { run = [args] { return explain(*args); }; });
}

}  // namespace gpuatom::cli
