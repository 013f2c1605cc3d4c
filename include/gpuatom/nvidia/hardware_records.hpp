// Reading the results files of the CUDA harness (JSON Lines, schema in hw/README.md) into the
// records hardware_check.hpp checks. Strict, and bounded whatever the input:
//   - every line that is not a record is an error at its line and column ("a duplicate key",
//     "number 1e400 is too large", "field \"threads\": expected …"), one error per line, and
//     the reader goes on with the next line;
//   - a line longer than max_line_bytes, a file longer than max_file_bytes or a read error stops
//     the reading of that file with an error (never taken for the end of the file);
//   - messages quote at most 40 bytes of any input text; support::Diagnostics escapes control
//     bytes and keeps the first 100 diagnostics, counting the rest.
// `gpuatom verify-hw` reads files with it; the fuzz target `hw_records` reads memory.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <string>
#include <string_view>
#include <variant>

#include "gpuatom/nvidia/hardware_check.hpp"
#include "gpuatom/support/diagnostic.hpp"
#include "gpuatom/support/json.hpp"
#include "gpuatom/support/line_input.hpp"

namespace gpuatom::nvidia::hw {

// Who measured a record: the device name and its compute capability ("9.0").
struct MeasuringDevice {
  std::string name;
  std::string sm;
};

struct HardwareRecord {
  MeasuringDevice device;
  std::variant<SingleRecord, RacingRecord> record;
};

// A record and where its line is.
struct RecordAt {
  uint32_t line = 0;
  uint32_t column = 0;  // of the record's '{'
  HardwareRecord record;
};

struct RecordLimits {
  // The harness writes lines of at most 64 KiB (a racing record of 1024 64-bit lanes); 1 MiB
  // leaves 16 times that and keeps a line's parse within a few tens of MiB.
  std::size_t max_line_bytes = std::size_t{1} << 20;
  // Results files are a few MB (20 708 records: 7 MB); 1 GiB bounds an endless input.
  uint64_t max_file_bytes = uint64_t{1} << 30;
};

// The longest device name taken: CUDA's cudaDeviceProp::name holds at most 255 bytes.
inline constexpr std::size_t max_device_name_bytes = 255;

// One line as a record, or the first error in it (its column is 1-based, in `line`).
std::variant<HardwareRecord, support::json::Error> parse_hardware_record(std::string_view line);

// Reads every record of one results file from `source`, in order, handing each to `on_record`
// (which may add diagnostics of its own). Lines that are only blanks are skipped; every other
// line that is not a record is an error in `diagnostics` at `file`:line:column. Returns how many
// records were read.
std::size_t read_hardware_records(support::ByteSource& source, const support::FileName& file,
                                  support::Diagnostics& diagnostics,
                                  const std::function<void(const RecordAt&)>& on_record,
                                  const RecordLimits& limits = {});

}  // namespace gpuatom::nvidia::hw
