// `gpuatom amd matrix`: one of the page's eight tables (atomics type × PCIe × family), every cell
// computed from the rules, as CSV, Markdown or self-contained HTML (docs/spec/amd.md §6, §8).
//
//   gpuatom amd matrix --strategy hw --pcie no --family instinct --format csv
//   gpuatom amd matrix --strategy cas --pcie yes --family gfx --format html > gfx.html
//
// CSV is AMD's own layout: the header `Atomic,<devices>`, then the 12 memory / granularity / scope
// groups of 27 rows with no section rows (the group is implied by position), so the file diffs
// against AMD's — see gpuatom/amd/matrix_render.hpp and tests/amd/matrix_test.cpp.
#include <fmt/format.h>

#include "amd_arguments.hpp"
#include "gpuatom/report/amd_matrix_report.hpp"

namespace gpuatom::cli {

namespace {

struct MatrixArgs {
  report::MatrixRequest request;
  SwitchArgs switch_args;
};

}  // namespace

void add_amd_matrix_command(CLI::App& amd_command, Action& run) {
  auto args = std::make_shared<MatrixArgs>();
  CLI::App* cmd = amd_command.add_subcommand("matrix", "One of the page's tables, every cell computed from the rules");
  cmd->footer(
      "CSV: AMD's layout. The header is `Atomic,<devices>`, then the 12 memory / granularity / scope groups\n"
      "(Device DRAM, Migratable, Pinned × coarse, fine × device, system) of 27 rows each, with no section\n"
      "rows: the group is implied by position. Markdown and HTML carry the group titles.\n"
      "Example:\n"
      "  gpuatom amd matrix --strategy hw --pcie no --family instinct --format md\n"
      "  gpuatom amd matrix --layout long --format json > cells.json");
  cmd->add_option("--strategy", args->request.strategy,
                  "hw (HW atomics) | cas (CAS emulation); required unless --layout long");
  cmd->add_option("--pcie", args->request.pcie,
                  "yes (PCIe atomics) | no (No PCIe atomics); required unless --layout long");
  cmd->add_option("--family", args->request.family,
                  "instinct (MI100 … MI350X) | gfx (gfx9 dGPU … gfx12 dGPU); required "
                  "unless --layout long");
  cmd->add_option("--format", args->request.format, "csv (default) | md | html; json with --layout long");
  cmd->add_option("--layout", args->request.layout,
                  "wide (AMD's tables, default) | long (one row per cell, every selector a "
                  "column, AMD's published word where it differs; the tables the flags "
                  "select, all eight by default)");
  add_switch_flags(*cmd, args->switch_args);
  cmd->callback([&run, args] {
    run = [args] {
      fmt::print("{}", report::amd_matrix_report(args->request, [&] { return model_options(args->switch_args); }));
      return exit_ok;
    };
  });
}

}  // namespace gpuatom::cli
