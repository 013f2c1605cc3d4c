// `gpuatom amd outcome`: one cell of AMD's support tables, computed from the rules, with its reason.
//
//   gpuatom amd outcome --device mi300x --op "32 bit float atomicAdd" --memory pinned
//                       --granularity fine --scope system --pcie no
//   gpuatom amd outcome --device "gfx12 dGPU" --op add32 --memory device --granularity coarse
//                       --scope system --pcie yes --strategy cas --json
#include <fmt/format.h>

#include <nlohmann/json.hpp>
#include <string>

#include "amd_arguments.hpp"
#include "gpuatom/amd/evaluate.hpp"
#include "gpuatom/amd/request.hpp"

namespace gpuatom::cli {

namespace {

struct OutcomeArgs {
  std::string device, op;
  CellArgs cell;
  SwitchArgs switch_args;
  bool json = false;
};

amd::AtomicRequest parse_request(const std::string& text) {
  if (const auto request = amd::find_request(text)) return *request;
  std::string valid;
  for (const amd::Row& row : amd::rows()) valid += fmt::format("{}\"{}\"", valid.empty() ? "" : ", ", row.label);
  for (const amd::AtomicRequest& r : amd::requests_128_bit()) valid += fmt::format(", \"{}\"", r.label);
  throw BadInput(
      fmt::format("--op {}: expected one of: {} (case, spaces and '-' are ignored; short forms such as "
                  "add32, fadd64, half2add, cas128 work too)",
                  text, valid));
}

nlohmann::ordered_json to_json(const amd::Explanation& e) {
  using json = nlohmann::ordered_json;
  json out;
  out["device"] = e.device->name;
  out["atomic"] = e.request.label;
  out["selectors"] = {{"strategy", amd::name(e.selectors.strategy)},
                      {"pcie", amd::name(e.selectors.pcie)},
                      {"memory", amd::name(e.selectors.memory)},
                      {"granularity", amd::name(e.selectors.granularity)},
                      {"scope", amd::name(e.selectors.scope)}};
  out["outcome"] = amd::name(e.outcome);
  out["label"] = amd::label(e.outcome);
  json path = json::array();
  for (const amd::Place p : e.path.stages) path.push_back(amd::name(p));
  out["path"] = path;
  json rules = json::array();
  for (const amd::Firing& f : e.firings) {
    const std::string_view tag = amd::tag(f.basis);
    json switches = json::object();
    for (const auto s : f.switches) switches[std::string(s)] = amd::switch_value(e.options, s);
    rules.push_back({{"id", amd::rule_info(f.rule).code.substr(0, 2)},
                     {"rule", amd::rule_info(f.rule).code},
                     {"reason", f.reason},
                     {"source", amd::name(f.source.kind)},
                     {"quote", f.source.text},
                     {"tag", tag.empty() ? json() : json(tag)},
                     {"switches", switches},
                     {"outcome", f.outcome ? json(amd::name(*f.outcome)) : json()}});
  }
  out["rules"] = rules;
  json switches = json::object();
  for (const amd::SwitchInfo& sw : amd::switches())
    switches[std::string(sw.name)] = amd::switch_value(e.options, sw.name);
  out["switches"] = switches;
  return out;
}

int run_outcome(const OutcomeArgs& a) {
  const amd::Device& device = amd::device(parse_device("--device", a.device));
  const amd::AtomicRequest request = parse_request(a.op);
  const AskedCell cell = ask_cell(device, request, parse_cell(a.cell), a.cell.pcie, model_options(a.switch_args));
  if (cell.pcie_matters) refuse_pcie_matters(device, cell);
  const amd::Explanation& e = cell.chosen();
  const std::string published = published_note(e);
  if (a.json) {
    nlohmann::ordered_json out = to_json(e);
    if (!cell.pcie_given) out["selectors"]["pcie"] = "either";
    out["published"] = published.empty() ? nlohmann::ordered_json() : nlohmann::ordered_json(published);
    fmt::print("{}\n", out.dump());
    return exit_ok;
  }
  fmt::print("{}", amd::explain_text(e));
  if (!cell.pcie_given) fmt::print("--pcie left out: PCIe atomics give the same outcome and path here\n");
  if (!published.empty()) fmt::print("published: {}\n", published);
  return exit_ok;
}

}  // namespace

void add_amd_outcome_command(CLI::App& amd_command, Action& run) {
  auto args = std::make_shared<OutcomeArgs>();
  CLI::App* cmd = amd_command.add_subcommand("outcome",
                                             "What one atomic does on one AMD device, and why "
                                             "(docs/spec/amd.md §6)");
  cmd->footer(
      "Values are case-insensitive; aliases: --memory device|migratable|pinned, --granularity coarse|fine,\n"
      "--scope device|system, --device mi300x|\"gfx12 dGPU\"|gfx12|gfx942|MI250X …, --op \"64 bit atomicCAS\"|cas64.\n"
      "Example:\n"
      "  gpuatom amd outcome --device mi300x --op \"32 bit float atomicAdd\" --memory pinned \\\n"
      "      --granularity fine --scope system --pcie no");
  cmd->add_option("--device", args->device,
                  "MI100, MI200 PCIe, MI200 A+A, MI300X, MI300A, MI350X, gfx9 dGPU, gfx9 APU, "
                  "gfx10 dGPU, gfx11 dGPU, gfx11 APU, gfx12 dGPU; or a product or gfx target "
                  "(MI250X, gfx942, gfx1100 …)")
      ->required();
  cmd->add_option("--op", args->op, "the page's row label (\"32 bit atomicAdd\") or a 128-bit Exch/CAS")->required();
  add_cell_options(*cmd, args->cell, true);
  cmd->add_flag("--json", args->json, "print the outcome, path and rules as one JSON object");
  add_switch_flags(*cmd, args->switch_args);
  cmd->callback([&run, args] { run = [args] { return run_outcome(*args); }; });
}

}  // namespace gpuatom::cli
