// `gpuatom amd outcome`: one cell of AMD's support tables, computed from the rules, with its reason.
//
//   gpuatom amd outcome --device mi300x --op "32 bit float atomicAdd" --memory pinned
//                       --granularity fine --scope system --pcie no
//   gpuatom amd outcome --device "gfx12 dGPU" --op add32 --memory device --granularity coarse
//                       --scope system --pcie yes --strategy cas --json
#include <fmt/format.h>

#include <string>

#include "amd_arguments.hpp"
#include "gpuatom/report/amd_outcome_report.hpp"

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
  throw BadInput(amd::unknown_request_message(text));
}

int run_outcome(const OutcomeArgs& a) {
  const amd::Device& device = amd::device(amd::device_named("--device", a.device));
  const amd::AtomicRequest request = parse_request(a.op);
  const amd::ModelOptions options = model_options(a.switch_args);
  const amd::Selectors selectors = parse_cell(a.cell);
  const amd::AskedCell cell = amd::ask_cell(device, request, selectors, a.cell.pcie_value(), options);
  amd::refuse_pcie_matters(device, cell);
  fmt::print("{}", a.json ? report::amd_outcome_json(cell) : report::amd_outcome_text(cell));
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
