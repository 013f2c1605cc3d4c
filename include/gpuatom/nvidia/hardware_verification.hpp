// `gpuatom verify-hw`'s tally and report: each record a harness file holds (hardware_records.hpp)
// checked against the model (hardware_check.hpp) as soon as it is read, added up per CUDA atomic
// × space × kind, and the report printed from the sum: the devices, the agreement table, and every
// disagreement with its inputs (hw/README.md).
#pragma once

#include <cstddef>
#include <map>
#include <set>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

#include "gpuatom/nvidia/hardware_check.hpp"
#include "gpuatom/nvidia/hardware_records.hpp"
#include "gpuatom/nvidia/semantics.hpp"
#include "gpuatom/support/bits128.hpp"
#include "gpuatom/support/diagnostic.hpp"

namespace gpuatom::nvidia::hw {

// A value as the records write it: "0x" and exactly bits/4 lower-case digits (128 bits: high
// half first, the bytes at the address read as one little-endian number).
std::string record_hex(const support::Bits128& value, CudaType type);

// A row of the agreement table: one per CUDA atomic (its index in cuda_atomics()) × space × kind.
struct AgreementKey {
  size_t atomic;
  Space space;
  bool racing;
  friend bool operator<(const AgreementKey& a, const AgreementKey& b) {
    return std::tie(a.atomic, a.space, a.racing) < std::tie(b.atomic, b.space, b.racing);
  }
};
struct Agreement {
  std::string model;  // the model operation, "[DERIVED]" after it when derived
  size_t cases = 0;
  size_t agree = 0;
};

// What the records of every file add up to.
struct HardwareTally {
  std::map<AgreementKey, Agreement> rows;                 // in the harness's order
  std::vector<std::string> disagreements;                 // "file:line: …", each with its inputs
  std::set<std::pair<std::string, std::string>> devices;  // name, compute capability
  size_t records = 0;
};

// Checks one record of `file` against the model and adds it to `tally`. A record the model
// cannot judge is bad input: an error at its line in `diagnostics`, and nothing tallied.
void tally_record(const RecordAt& at, const support::FileName& file, const SemanticsOptions& options,
                  HardwareTally& tally, support::Diagnostics& diagnostics);

// Reads every record of the files at `paths`, in order, one record at a time (read_hardware_records),
// and tallies each; a file that cannot be opened is an error at its name.
HardwareTally tally_files(const std::vector<std::string>& paths, const SemanticsOptions& options,
                          support::Diagnostics& diagnostics);

// The report: "device: …" lines, the agreement table, then "all N cases agree with the model,
// bit for bit" or every disagreement.
std::string render_verification(const HardwareTally& tally);

}  // namespace gpuatom::nvidia::hw
