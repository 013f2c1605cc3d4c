// `gpuatom amd matrix`: one of the page's eight tables (atomics type × PCIe × family), every cell
// computed from the rules, as CSV, Markdown or self-contained HTML (spec/amd.md §6, §8).
//
//   gpuatom amd matrix --strategy hw --pcie no --family instinct --format csv
//   gpuatom amd matrix --strategy cas --pcie yes --family gfx --format html > gfx.html
//
// CSV is AMD's own layout: the header `Atomic,<devices>`, then the 12 memory / granularity / scope
// groups of 27 rows with no section rows (the group is implied by position), so the file diffs
// against AMD's — see gpuatom/amd/matrix_render.hpp and tests/amd/matrix_test.cpp.
#include <array>
#include <string>

#include <fmt/format.h>

#include "amd_arguments.hpp"
#include "gpuatom/amd/matrix_render.hpp"

namespace gpuatom::cli {

namespace {

enum class Format { csv, markdown, html };

constexpr std::array<amd::Spelling<Format>, 3> formats = {{
    {Format::csv, "csv", ""},
    {Format::markdown, "md", "markdown"},
    {Format::html, "html", "htm"},
}};

struct MatrixArgs {
  std::string strategy, pcie, family;
  std::string format = "csv";
  SwitchArgs switch_args;
};

int run_matrix(const MatrixArgs& a) {
  amd::TableKey key;
  key.strategy = parse_spelling("--strategy", a.strategy, amd::strategy_spellings());
  key.pcie = parse_spelling("--pcie", a.pcie, amd::pcie_spellings());
  key.family = parse_spelling("--family", a.family, amd::family_spellings());
  const Format format = parse_spelling("--format", a.format, std::span<const amd::Spelling<Format>>(formats));
  const amd::Matrix matrix = amd::build_matrix(key, model_options(a.switch_args));
  switch (format) {
    case Format::csv: fmt::print("{}", amd::render_csv(matrix)); break;
    case Format::markdown: fmt::print("{}", amd::render_markdown(matrix)); break;
    case Format::html: fmt::print("{}", amd::render_html(matrix)); break;
  }
  return exit_ok;
}

}  // namespace

void add_amd_matrix_command(CLI::App& amd_command, Action& run) {
  auto args = std::make_shared<MatrixArgs>();
  CLI::App* cmd = amd_command.add_subcommand("matrix", "One of the page's tables, every cell computed from the rules");
  cmd->footer(
      "CSV: AMD's layout. The header is `Atomic,<devices>`, then the 12 memory / granularity / scope groups\n"
      "(Device DRAM, Migratable, Pinned × coarse, fine × device, system) of 27 rows each, with no section\n"
      "rows: the group is implied by position. Markdown and HTML carry the group titles.\n"
      "Example:\n"
      "  gpuatom amd matrix --strategy hw --pcie no --family instinct --format md");
  cmd->add_option("--strategy", args->strategy, "hw (HW atomics) | cas (CAS emulation)")->required();
  cmd->add_option("--pcie", args->pcie, "yes (PCIe atomics) | no (No PCIe atomics)")->required();
  cmd->add_option("--family", args->family, "instinct (MI100 … MI300A) | gfx (gfx9 dGPU … gfx12 dGPU)")->required();
  cmd->add_option("--format", args->format, "csv (default) | md | html");
  add_switch_flags(*cmd, args->switch_args);
  cmd->callback([&run, args] { run = [args] { return run_matrix(*args); }; });
}

}  // namespace gpuatom::cli
