// `gpuatom amd which`: one atomic on one kind of memory, asked of every device at once — the
// compiler engineer's "which AMD devices can do this?".
//
//   gpuatom amd which --op "64 bit float atomicAdd" --memory pinned --granularity fine
//                     --scope system --pcie yes
//
// One line per device (the page's column order), its outcome, and AMD's published word where it
// differs. Left out, --pcie is asked both ways, and a device where it decides shows both.
#include <fmt/format.h>

#include <string>

#include "amd_arguments.hpp"
#include "gpuatom/report/amd_which_report.hpp"

namespace gpuatom::cli {

namespace {

struct WhichArgs {
  std::string op, family;
  CellArgs cell;
  SwitchArgs switch_args;
  bool json = false;
};

int run_which(const WhichArgs& a) {
  const auto request = amd::find_request(a.op);
  if (!request)
    throw BadInput(fmt::format("--op {}: not a row of AMD's tables (see `gpuatom amd outcome --help`)", a.op));
  report::WhichQuestion q{*request, parse_cell(a.cell), std::nullopt, a.cell.pcie, std::nullopt, {}};
  if (!a.family.empty()) q.family = parse_spelling("--family", a.family, amd::family_spellings());
  q.options = model_options(a.switch_args);
  q.pcie = a.cell.pcie_value();
  fmt::print("{}", a.json ? report::amd_which_json(q) : report::amd_which_text(q));
  return exit_ok;
}

}  // namespace

void add_amd_which_command(CLI::App& amd_command, Action& run) {
  auto args = std::make_shared<WhichArgs>();
  CLI::App* cmd = amd_command.add_subcommand("which", "One atomic on one kind of memory, on every AMD device");
  cmd->footer(
      "Every device of AMD's tables (and MI350X, assumed as the MI300X) with its outcome; AMD's published word\n"
      "beside the model's where they differ. Without --pcie, a device where PCIe atomics decide shows both.\n"
      "Example:\n"
      "  gpuatom amd which --op \"64 bit float atomicAdd\" --memory pinned --granularity fine --scope system --pcie "
      "yes");
  cmd->add_option("--op", args->op, "the page's row label (\"32 bit atomicAdd\") or a short form (fadd64, cas32)")
      ->required();
  add_cell_options(*cmd, args->cell, true);
  cmd->add_option("--family", args->family, "instinct | gfx (default: both)");
  cmd->add_flag("--json", args->json, "one JSON array, an object per device");
  add_switch_flags(*cmd, args->switch_args);
  cmd->callback([&run, args] { run = [args] { return run_which(*args); }; });
}

}  // namespace gpuatom::cli
