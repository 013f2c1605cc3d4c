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
#include <nlohmann/json.hpp>
#include <string>

#include "amd_arguments.hpp"
#include "gpuatom/amd/known_anomalies.hpp"
#include "gpuatom/amd/matrix_render.hpp"

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

// --layout long: one row per cell, every selector a column, over the tables the flags select (all
// eight when none is given). `published` is AMD's word where it differs from the model's.
int run_long(const MatrixArgs& a, Format format) {
  if (format != Format::csv && format != Format::json) throw BadInput("--layout long: --format csv or json");
  const auto pick = [](const std::string& text, auto spellings, std::string_view flag, auto value) {
    return text.empty() || parse_spelling(flag, text, spellings) == value;
  };
  const amd::ModelOptions options = model_options(a.switch_args);
  std::string csv = "strategy,pcie,family,memory,granularity,scope,atomic,device,outcome,label,published\n";
  nlohmann::ordered_json json = nlohmann::ordered_json::array();
  for (const amd::TableKey& key : amd::all_tables()) {
    if (!pick(a.strategy, amd::strategy_spellings(), "--strategy", key.strategy) ||
        !pick(a.pcie, amd::pcie_spellings(), "--pcie", key.pcie) ||
        !pick(a.family, amd::family_spellings(), "--family", key.family))
      continue;
    const amd::Matrix matrix = amd::build_matrix(key, options);
    for (const amd::LeafTable& leaf : matrix.leaves)
      for (size_t r = 0; r < leaf.cells.size(); ++r)
        for (size_t c = 0; c < matrix.columns.size(); ++c) {
          const amd::Explanation& e = leaf.cells[r][c];
          const amd::KnownAnomaly* differs = amd::published_difference(matrix.columns[c], e.request.label, e.selectors);
          const std::string published = !matrix.columns[c].published ? "not published"
                                        : differs                    ? std::string(differs->amd_says)
                                                                     : std::string();
          const std::string_view fields[] = {amd::name(key.strategy),
                                             amd::name(key.pcie),
                                             amd::name(key.family),
                                             amd::name(leaf.leaf.memory),
                                             amd::name(leaf.leaf.granularity),
                                             amd::name(leaf.leaf.scope),
                                             e.request.label,
                                             matrix.columns[c].name,
                                             amd::name(e.outcome),
                                             amd::label(e.outcome),
                                             published};
          if (format == Format::json) {
            static constexpr const char* keys[] = {"strategy", "pcie",   "family",  "memory", "granularity", "scope",
                                                   "atomic",   "device", "outcome", "label",  "published"};
            nlohmann::ordered_json row;
            for (size_t k = 0; k < std::size(keys); ++k) row[keys[k]] = fields[k];
            if (published.empty()) row["published"] = nullptr;
            json.push_back(row);
            continue;
          }
          for (size_t k = 0; k < std::size(fields); ++k) {
            if (k) csv.push_back(',');
            csv += amd::csv_field(fields[k]);
          }
          csv.push_back('\n');
        }
  }
  if (format == Format::json)
    fmt::print("{}\n", json.dump());
  else
    fmt::print("{}", csv);
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
