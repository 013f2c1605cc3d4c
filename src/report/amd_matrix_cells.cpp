#include "gpuatom/report/amd_matrix_cells.hpp"

#include <array>
#include <functional>

#include "gpuatom/amd/known_anomalies.hpp"
#include "gpuatom/amd/matrix_render.hpp"
#include "gpuatom/support/json_writer.hpp"

namespace gpuatom::report {

namespace {

constexpr std::array<const char*, 11> cell_keys = {"strategy", "pcie",   "family",  "memory", "granularity", "scope",
                                                   "atomic",   "device", "outcome", "label",  "published"};
using Fields = std::array<std::string, cell_keys.size()>;

template <class Value>
bool selected(const std::optional<Value>& wanted, Value value) {
  return !wanted || *wanted == value;
}

// Calls `emit` with the fields of every cell the filter selects, in the tables' order.
void for_each_cell(const MatrixFilter& filter, const amd::ModelOptions& options,
                   const std::function<void(const Fields&)>& emit) {
  for (const amd::TableKey& key : amd::all_tables()) {
    if (!selected(filter.strategy, key.strategy) || !selected(filter.pcie, key.pcie) ||
        !selected(filter.family, key.family))
      continue;
    const amd::Matrix matrix = amd::build_matrix(key, options);
    for (const amd::LeafTable& leaf : matrix.leaves)
      for (const auto& row : leaf.cells)
        for (size_t c = 0; c < matrix.columns.size(); ++c) {
          const amd::Explanation& e = row[c];
          const amd::Device& device = matrix.columns[c];
          const amd::KnownAnomaly* differs = amd::published_difference(device, e.request.label, e.selectors);
          emit({std::string(amd::name(key.strategy)), std::string(amd::name(key.pcie)),
                std::string(amd::name(key.family)), std::string(amd::name(leaf.leaf.memory)),
                std::string(amd::name(leaf.leaf.granularity)), std::string(amd::name(leaf.leaf.scope)),
                std::string(e.request.label), std::string(device.name), std::string(amd::name(e.outcome)),
                std::string(amd::label(e.outcome)),
                !device.published ? "not published"
                : differs         ? std::string(differs->amd_says)
                                  : std::string()});
        }
  }
}

}  // namespace

std::string amd_matrix_cells_csv(const MatrixFilter& filter, const amd::ModelOptions& options) {
  std::string csv = "strategy,pcie,family,memory,granularity,scope,atomic,device,outcome,label,published\n";
  for_each_cell(filter, options, [&csv](const Fields& fields) {
    for (size_t k = 0; k < fields.size(); ++k) {
      if (k) csv.push_back(',');
      csv += amd::csv_field(fields[k]);
    }
    csv.push_back('\n');
  });
  return csv;
}

std::string amd_matrix_cells_json(const MatrixFilter& filter, const amd::ModelOptions& options) {
  std::vector<support::json::Written> rows;
  for_each_cell(filter, options, [&rows](const Fields& fields) {
    support::json::Object row;
    for (size_t k = 0; k < fields.size(); ++k) row.set(cell_keys[k], fields[k]);
    if (fields.back().empty()) row.set("published", support::json::null);
    rows.push_back(row.written());
  });
  return support::json::array(rows).text + "\n";
}

}  // namespace gpuatom::report
