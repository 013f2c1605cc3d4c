// The eight tables: layout of each format, every cell one of the seven labels, and every cell the
// same as evaluating its case directly.
#include <set>
#include <sstream>

#include "amd/model_helpers.hpp"
#include "gpuatom/amd/matrix_render.hpp"

using namespace amd_test;

namespace {

std::vector<std::string> split(const std::string& text, char separator) {
  std::vector<std::string> out;
  std::string field;
  std::istringstream in(text);
  while (std::getline(in, field, separator)) out.push_back(field);
  if (!text.empty() && text.back() == separator) out.emplace_back();
  return out;
}

std::vector<std::string> lines(const std::string& text) {
  std::vector<std::string> out;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) out.push_back(line);
  return out;
}

size_t count(const std::string& text, std::string_view what) {
  size_t n = 0;
  for (size_t at = text.find(what); at != std::string::npos; at = text.find(what, at + what.size())) ++n;
  return n;
}

const std::set<std::string> seven_labels = {
    "✅ Native", "✅ CAS", "✅ NoReturn", "⚠️ Scope Downgrade", "⚠️ Scope Downgrade - CAS", "❌ NOP", "n/a"};

}  // namespace

TEST(Matrix, EightTablesOfTwelveLeavesOfTwentySevenRows) {
  ASSERT_EQ(all_tables().size(), 8u);
  std::set<std::tuple<Strategy, PcieAtomics, Family>> distinct;
  for (const TableKey& key : all_tables()) {
    distinct.insert({key.strategy, key.pcie, key.family});
    const Matrix m = build_matrix(key);
    ASSERT_EQ(m.leaves.size(), 12u);
    EXPECT_EQ(m.columns.size(), 6u);
    for (const LeafTable& leaf : m.leaves) {
      ASSERT_EQ(leaf.cells.size(), 27u);
      for (const auto& line : leaf.cells) EXPECT_EQ(line.size(), m.columns.size());
    }
  }
  EXPECT_EQ(distinct.size(), 8u);
  // The page's nesting: memory, then coarse before fine, then device before system.
  const auto leaves = selector_leaves();
  ASSERT_EQ(leaves.size(), 12u);
  EXPECT_EQ(title(leaves[0]), "Device DRAM / Coarse-grained / Device scope");
  EXPECT_EQ(title(leaves[1]), "Device DRAM / Coarse-grained / System scope");
  EXPECT_EQ(title(leaves[2]), "Device DRAM / Fine-grained / Device scope");
  EXPECT_EQ(title(leaves[4]), "Migratable Host DRAM / Coarse-grained / Device scope");
  EXPECT_EQ(title(leaves[11]), "Pinned Host DRAM / Fine-grained / System scope");
}

TEST(Matrix, EveryCellIsTheDirectEvaluationOfItsCase) {
  for (const TableKey& key : all_tables()) {
    const Matrix m = build_matrix(key);
    for (const LeafTable& leaf : m.leaves)
      for (size_t r = 0; r < rows().size(); ++r)
        for (size_t c = 0; c < m.columns.size(); ++c) {
          const Explanation& cell = leaf.cells[r][c];
          const Explanation direct = evaluate(m.columns[c], rows()[r], selectors_for(key, leaf.leaf));
          EXPECT_EQ(cell.outcome, direct.outcome) << describe(direct);
          EXPECT_EQ(cell.path, direct.path);
          EXPECT_EQ(cell.rules(), direct.rules());
          EXPECT_EQ(cell.device, &m.columns[c]);
          EXPECT_EQ(cell.request.row, &rows()[r]);
        }
  }
}

// The CSV layout documented in matrix_render.hpp, AMD's own: header `Atomic,<devices>`, then the
// 12 leaves' 27 data rows of labels each, with no section rows (the leaf is implied by position).
TEST(MatrixCsv, HeaderAndTwelveGroupsOfDataRowsWithoutSectionRows) {
  for (const TableKey& key : all_tables()) {
    const Matrix m = build_matrix(key);
    const std::string text = render_csv(m);
    const auto csv = lines(text);
    ASSERT_EQ(csv.size(), 1u + 12u * 27u) << title(key);
    EXPECT_EQ(text.find("Coarse-grained"), std::string::npos);  // no group title anywhere
    EXPECT_EQ(csv[0], key.family == Family::instinct
                          ? "Atomic,MI100,MI200 PCIe,MI200 A+A,MI300X,MI300A,MI350X"
                          : "Atomic,gfx9 dGPU,gfx9 APU,gfx10 dGPU,gfx11 dGPU,gfx11 APU,gfx12 dGPU");
    size_t line = 1;
    for (size_t leaf = 0; leaf < 12; ++leaf) {
      for (size_t r = 0; r < 27; ++r) {
        const auto fields = split(csv[line++], ',');
        ASSERT_EQ(fields.size(), m.columns.size() + 1);
        EXPECT_EQ(fields[0], rows()[r].label);
        for (size_t c = 1; c < fields.size(); ++c) {
          EXPECT_TRUE(seven_labels.count(fields[c])) << "'" << fields[c] << "' in " << title(key);
          EXPECT_EQ(fields[c], label(m.leaves[leaf].cells[r][c - 1].outcome));
        }
      }
    }
  }
}

TEST(MatrixCsv, RowOrderIsIntegerThenFloatThenBitwise) {
  std::vector<RowGroup> groups;
  for (const Row& r : rows())
    if (groups.empty() || groups.back() != r.group) groups.push_back(r.group);
  EXPECT_EQ(groups, (std::vector<RowGroup>{RowGroup::integer, RowGroup::floating, RowGroup::bitwise}));
}

TEST(MatrixMarkdown, HeadingsPerSelectorLevelAndOneTablePerLeaf) {
  for (const TableKey& key : all_tables()) {
    const std::string md = render_markdown(build_matrix(key));
    EXPECT_TRUE(md.starts_with("# " + title(key) + "\n")) << md.substr(0, 80);
    EXPECT_EQ(count(md, "\n## "), 3u);
    EXPECT_EQ(count(md, "\n### "), 6u);
    EXPECT_EQ(count(md, "\n#### "), 12u);
    EXPECT_EQ(count(md, "| Atomic |"), 12u);
    EXPECT_EQ(count(md, "\n| 64 bit atomicXor |"), 12u);
  }
  const std::string md = render_markdown(build_matrix(all_tables()[0]));
  EXPECT_NE(
      md.find("## Device DRAM\n\n### Coarse-grained\n\n#### Device scope\n\n"
              "| Atomic | MI100 | MI200 PCIe | MI200 A+A | MI300X | MI300A | MI350X |\n|---|---|---|---|---|---|---|\n"
              "| 32 bit atomicAdd | ✅ Native | ✅ Native | ✅ Native | ✅ Native | ✅ Native | ✅ Native |\n"),
      std::string::npos);
}

TEST(MatrixHtml, SelfContainedWithEveryCellsReasonInItsTitle) {
  for (const TableKey& key : all_tables()) {
    const Matrix m = build_matrix(key);
    const std::string html = render_html(m);
    EXPECT_TRUE(html.starts_with("<!DOCTYPE html>"));
    EXPECT_NE(html.find("<meta charset=\"utf-8\">"), std::string::npos);
    for (const std::string_view remote : {"http://", "https://", "<script", "<link", "@import", "url("})
      EXPECT_EQ(html.find(remote), std::string::npos) << remote;
    EXPECT_EQ(count(html, "<table>"), 12u);
    EXPECT_EQ(count(html, "<td "), 12u * 27u * m.columns.size());
    EXPECT_EQ(count(html, " title=\""), 12u * 27u * m.columns.size());
  }
  // A cell: its label as text, its one-line explanation (escaped) as the title.
  const Matrix m = build_matrix({Strategy::hw_atomics, PcieAtomics::unsupported, Family::instinct});
  const Explanation& mi100_fadd = m.leaves[0].cells[9][0];  // Device DRAM / coarse / device, FP32 add, MI100
  ASSERT_EQ(mi100_fadd.outcome, Outcome::no_return);
  const std::string html = render_html(m);
  EXPECT_NE(html.find("<td class=\"ok\" title=\"✅ NoReturn via L2 — P2 COARSE-L2: "), std::string::npos);
  EXPECT_NE(html.find("H2 NO-RETURN: the MI100 L2 executes 32 bit float atomicAdd only in a form that returns no "
                      "data\">✅ NoReturn</td>"),
            std::string::npos);
}

TEST(MatrixRender, NonDefaultSwitchesAreNamedOutsideTheCsv) {
  ModelOptions o;
  set_switch(o, "amd.gfx10-fminmax", "f32");
  const Matrix m = build_matrix({Strategy::hw_atomics, PcieAtomics::supported, Family::gfx}, o);
  EXPECT_NE(render_markdown(m).find("Switches: `amd.gfx10-fminmax=f32`."), std::string::npos);
  EXPECT_NE(render_html(m).find("<p>Switch amd.gfx10-fminmax=f32</p>"), std::string::npos);
  EXPECT_TRUE(render_csv(m).starts_with("Atomic,gfx9 dGPU,"));
  EXPECT_NE(render_csv(m), render_csv(build_matrix(m.key)));
}
