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

#include <array>
#include <string>

#include "amd_arguments.hpp"
#include "gpuatom/amd/matrix_render.hpp"
#include "gpuatom/report/amd_matrix_cells.hpp"

namespace gpuatom::cli {

namespace {

enum class Format { csv, markdown, html, json };

constexpr std::array<amd::Spelling<Format>, 4> formats = {{
    {Format::csv, "csv", ""},
    {Format::markdown, "md", "markdown"},
    {Format::html, "html", "htm"},
    {Format::json, "json", ""},
}};

enum class Layout { wide, long_form };
constexpr std::array<amd::Spelling<Layout>, 2> layouts = {{
    {Layout::wide, "wide", ""},
    {Layout::long_form, "long", ""},
}};

struct MatrixArgs {
  std::string strategy, pcie, family;
  std::string format = "csv";
  std::string layout = "wide";
  SwitchArgs switch_args;
};

// --layout long: one row per cell, over the tables the flags select (all eight when none is given).
int run_long(const MatrixArgs& a, Format format) {
  if (format != Format::csv && format != Format::json) throw BadInput("--layout long: --format csv or json");
  const amd::ModelOptions options = model_options(a.switch_args);
  report::MatrixFilter filter;
  if (!a.strategy.empty()) filter.strategy = parse_spelling("--strategy", a.strategy, amd::strategy_spellings());
  if (!a.pcie.empty()) filter.pcie = parse_spelling("--pcie", a.pcie, amd::pcie_spellings());
  if (!a.family.empty()) filter.family = parse_spelling("--family", a.family, amd::family_spellings());
  fmt::print("{}", format == Format::json ? report::amd_matrix_cells_json(filter, options)
                                          : report::amd_matrix_cells_csv(filter, options));
  return exit_ok;
}

int run_matrix(const MatrixArgs& a) {
  const Format format = parse_spelling("--format", a.format, std::span<const amd::Spelling<Format>>(formats));
  const Layout layout = parse_spelling("--layout", a.layout, std::span<const amd::Spelling<Layout>>(layouts));
  if (layout == Layout::long_form) return run_long(a, format);
  if (format == Format::json) throw BadInput("--format json: only with --layout long");
  for (const auto& [flag, value] : {std::pair{"--strategy", &a.strategy}, {"--pcie", &a.pcie}, {"--family", &a.family}})
    if (value->empty()) throw BadInput(fmt::format("{} is required (one table), unless --layout long", flag));
  amd::TableKey key;
  key.strategy = parse_spelling("--strategy", a.strategy, amd::strategy_spellings());
  key.pcie = parse_spelling("--pcie", a.pcie, amd::pcie_spellings());
  key.family = parse_spelling("--family", a.family, amd::family_spellings());
  const amd::Matrix matrix = amd::build_matrix(key, model_options(a.switch_args));
  switch (format) {
    case Format::csv: fmt::print("{}", amd::render_csv(matrix)); break;
    case Format::markdown: fmt::print("{}", amd::render_markdown(matrix)); break;
    case Format::html: fmt::print("{}", amd::render_html(matrix)); break;
    case Format::json: break;
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
      "  gpuatom amd matrix --strategy hw --pcie no --family instinct --format md\n"
      "  gpuatom amd matrix --layout long --format json > cells.json");
  cmd->add_option("--strategy", args->strategy, "hw (HW atomics) | cas (CAS emulation); required unless --layout long");
  cmd->add_option("--pcie", args->pcie, "yes (PCIe atomics) | no (No PCIe atomics); required unless --layout long");
  cmd->add_option("--family", args->family,
                  "instinct (MI100 … MI350X) | gfx (gfx9 dGPU … gfx12 dGPU); required "
                  "unless --layout long");
  cmd->add_option("--format", args->format, "csv (default) | md | html; json with --layout long");
  cmd->add_option("--layout", args->layout,
                  "wide (AMD's tables, default) | long (one row per cell, every selector a "
                  "column, AMD's published word where it differs; the tables the flags "
                  "select, all eight by default)");
  add_switch_flags(*cmd, args->switch_args);
  cmd->callback([&run, args] { run = [args] { return run_matrix(*args); }; });
}

}  // namespace gpuatom::cli
