// `gpuatom explain [nvidia|intel|amd]`: every ASSUMPTION, DECISION and PROPOSED rule the model uses
// (report/assumption_list.hpp), as text or as JSON.
#include <fmt/format.h>

#include <memory>

#include "command.hpp"
#include "gpuatom/report/assumption_list.hpp"

namespace gpuatom::cli {

namespace {

struct ExplainArgs {
  std::string vendor = "all";
  bool json = false;
};

}  // namespace

void add_explain_command(CLI::App& app, Action& run) {
  auto args = std::make_shared<ExplainArgs>();
  CLI::App* cmd = app.add_subcommand("explain", "List every ASSUMPTION, DECISION and PROPOSED rule the model uses");
  cmd->add_option("vendor", args->vendor, "nvidia, intel, amd or all (default)")
      ->check(CLI::IsMember({"all", "nvidia", "intel", "amd"}));
  cmd->add_flag("--json", args->json, "machine-readable list");
  cmd->callback([&run, args] {
    run = [args] {
      fmt::print("{}", args->json ? report::assumption_json(args->vendor) : report::assumption_text(args->vendor));
      return exit_ok;
    };
  });
}

}  // namespace gpuatom::cli
