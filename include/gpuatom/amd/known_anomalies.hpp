// The cells where AMD's published tables (ROCm 6.4; Debian rocm-doc 6.4.3) and the model differ,
// each with the reason the model keeps its own outcome. `make oracle-amd` compares all 14,256
// cells and fails on any difference not listed here; docs/reference/amd.md shows this list with
// the model's value for each cell, computed, and the agreement per family that follows.
//
// Only AMD's value of these few cells is written down, as a citation: the model derives every
// outcome from its rules and never reads this list.
#pragma once

#include <span>
#include <string>
#include <string_view>

#include "gpuatom/amd/device.hpp"
#include "gpuatom/amd/matrix.hpp"

namespace gpuatom::amd {

struct KnownAnomaly {
  TableKey table;
  SelectorLeaf leaf;
  std::string_view row;  // the row's label in rows()
  DeviceId device;
  std::string_view amd_says;  // AMD's cell, verbatim
  std::string_view why;       // why it is AMD's slip, not a rule
};

std::span<const KnownAnomaly> known_anomalies();

// AMD's published word for the cell (device, row label, selectors) where it differs from the
// model's — a known anomaly — else nullptr. Every other published cell says what the model says
// (tests/amd/published_data_test.cpp checks all 14,256 against the committed tables); a device
// not on AMD's tables (Device::published) has no published word at all.
const KnownAnomaly* published_difference(const Device& device, std::string_view row, const Selectors& selectors);

// Where the published words come from, in messages.
inline constexpr std::string_view published_source = "AMD's published tables (ROCm 6.4.3)";

// AMD's name of a table's data file without ".csv": "hw-atomics_nopcie_instinct".
std::string data_file_stem(const TableKey& key);

// AMD's cells of one family over its four tables (12 leaves × 27 rows × its published devices each).
size_t cells_per_family(Family family);

// docs/reference/amd.md's sections on AMD's tables: the agreement per family with the command
// that measures it, and the anomalies table the oracle reads ("## Known anomalies of AMD's data").
std::string agreement_markdown();

}  // namespace gpuatom::amd
