#include "gpuatom/report/amd_matrix_report.hpp"

#include <fmt/format.h>

#include <array>
#include <span>

#include "gpuatom/amd/matrix_render.hpp"
#include "gpuatom/amd/spelling.hpp"
#include "gpuatom/report/amd_matrix_cells.hpp"
#include "gpuatom/support/input_error.hpp"

namespace gpuatom::report {

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

// --layout long: one row per cell, over the tables the selectors pick (all eight when none is given).
std::string long_layout(const MatrixRequest& a, Format format, const std::function<amd::ModelOptions()>& options) {
  if (format != Format::csv && format != Format::json) throw support::InputError("--layout long: --format csv or json");
  const amd::ModelOptions model = options();
  MatrixFilter filter;
  if (!a.strategy.empty()) filter.strategy = amd::parse_spelling("--strategy", a.strategy, amd::strategy_spellings());
  if (!a.pcie.empty()) filter.pcie = amd::parse_spelling("--pcie", a.pcie, amd::pcie_spellings());
  if (!a.family.empty()) filter.family = amd::parse_spelling("--family", a.family, amd::family_spellings());
  return format == Format::json ? amd_matrix_cells_json(filter, model) : amd_matrix_cells_csv(filter, model);
}

}  // namespace

std::string amd_matrix_report(const MatrixRequest& a, const std::function<amd::ModelOptions()>& options) {
  const Format format = amd::parse_spelling("--format", a.format, std::span<const amd::Spelling<Format>>(formats));
  const Layout layout = amd::parse_spelling("--layout", a.layout, std::span<const amd::Spelling<Layout>>(layouts));
  if (layout == Layout::long_form) return long_layout(a, format, options);
  if (format == Format::json) throw support::InputError("--format json: only with --layout long");
  for (const auto& [flag, value] : {std::pair{"--strategy", &a.strategy}, {"--pcie", &a.pcie}, {"--family", &a.family}})
    if (value->empty())
      throw support::InputError(fmt::format("{} is required (one table), unless --layout long", flag));
  amd::TableKey key;
  key.strategy = amd::parse_spelling("--strategy", a.strategy, amd::strategy_spellings());
  key.pcie = amd::parse_spelling("--pcie", a.pcie, amd::pcie_spellings());
  key.family = amd::parse_spelling("--family", a.family, amd::family_spellings());
  const amd::Matrix matrix = amd::build_matrix(key, options());
  if (format == Format::markdown) return amd::render_markdown(matrix);
  if (format == Format::html) return amd::render_html(matrix);
  return amd::render_csv(matrix);
}

}  // namespace gpuatom::report
