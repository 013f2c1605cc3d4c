// The model against AMD's published tables, committed in data/amd-tables/rocm-6.4.3/ (their
// SOURCE.md says from where): every one of the 14,256 published cells says what the model says,
// except the known anomalies (gpuatom/amd/known_anomalies.hpp), each of which differs exactly as
// listed — the list that `amd outcome`, `amd which` and `amd matrix --layout long` show beside the
// model is AMD's own data, checked on every build. (`make oracle-amd` does the same against a
// fresh fetch of the package.)
#include <gtest/gtest.h>

#include <fstream>
#include <set>
#include <sstream>
#include <string>
#include <tuple>
#include <vector>

#include "gpuatom/amd/known_anomalies.hpp"
#include "gpuatom/amd/matrix.hpp"
#include "gpuatom/amd/outcome.hpp"
#include "gpuatom/amd/rows.hpp"

namespace {

using namespace gpuatom::amd;

// AMD's cells hold no quoted commas: a plain split.
std::vector<std::vector<std::string>> read_csv(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::vector<std::vector<std::string>> out;
  std::string line;
  while (std::getline(in, line)) {
    if (!line.empty() && line.back() == '\r') line.pop_back();
    std::vector<std::string> fields;
    std::stringstream fields_in(line);
    std::string field;
    while (std::getline(fields_in, field, ',')) fields.push_back(field);
    out.push_back(fields);
  }
  return out;
}

std::string published_file(const TableKey& key) {
  return std::string(GPUATOM_SOURCE_DIR) + "/data/amd-tables/rocm-6.4.3/" + data_file_stem(key) + ".csv";
}

TEST(PublishedData, EveryPublishedCellIsTheModelsOrAListedAnomaly) {
  using Cell = std::tuple<std::string, std::string, std::string, std::string>;  // table, leaf, row, device
  std::set<Cell> differing;
  size_t cells = 0;
  for (const TableKey& key : all_tables()) {
    const auto amd = read_csv(published_file(key));
    ASSERT_EQ(amd.size(), 1u + 12u * 27u) << published_file(key);
    const Matrix model = build_matrix(key);
    std::vector<size_t> column_of;  // AMD's column → the model's
    for (size_t c = 1; c < amd[0].size(); ++c) {
      size_t found = model.columns.size();
      for (size_t m = 0; m < model.columns.size(); ++m)
        if (model.columns[m].name == amd[0][c]) found = m;
      ASSERT_LT(found, model.columns.size()) << "AMD's column " << amd[0][c] << " is no device of the model";
      EXPECT_TRUE(model.columns[found].published);
      column_of.push_back(found);
    }
    size_t published_columns = 0;
    for (const Device& d : model.columns) published_columns += d.published ? 1 : 0;
    EXPECT_EQ(column_of.size(), published_columns) << data_file_stem(key);
    for (size_t line = 1; line < amd.size(); ++line) {
      const LeafTable& leaf = model.leaves[(line - 1) / 27];
      const size_t r = (line - 1) % 27;
      const std::string row_label = amd[line][0] == "32 bit atoimcExch" ? "32 bit atomicExch" : amd[line][0];
      ASSERT_EQ(rows()[r].label, row_label) << data_file_stem(key) << " line " << line + 1;
      ASSERT_EQ(amd[line].size(), column_of.size() + 1);
      for (size_t c = 0; c < column_of.size(); ++c) {
        ++cells;
        const Explanation& e = leaf.cells[r][column_of[c]];
        const std::string theirs = amd[line][c + 1];
        const KnownAnomaly* listed = published_difference(*e.device, row_label, e.selectors);
        if (theirs == label(e.outcome)) {
          EXPECT_EQ(listed, nullptr) << "listed, but AMD agrees: " << describe_case(e);
          continue;
        }
        differing.insert({data_file_stem(key), title(leaf.leaf), row_label, std::string(e.device->name)});
        ASSERT_NE(listed, nullptr) << describe_case(e) << ": AMD says " << theirs << ", the model " << label(e.outcome);
        EXPECT_EQ(listed->amd_says, theirs) << describe_case(e);
      }
    }
  }
  EXPECT_EQ(cells, 14256u);
  EXPECT_EQ(differing.size(), known_anomalies().size());
}

}  // namespace
