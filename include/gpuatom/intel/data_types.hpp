// vISA data types (docs/spec/intel.md §2.8): the codes, spellings and element sizes that `.decl`
// declarations use and that the operand type rules (§3.4) compare against.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string_view>

namespace gpuatom::intel {

// The enumerator values are the vISA type codes.
enum class DataType : uint8_t {
  UD = 0x0,
  D = 0x1,
  UW = 0x2,
  W = 0x3,
  UB = 0x4,
  B = 0x5,
  DF = 0x6,
  F = 0x7,
  V = 0x8,
  VF = 0x9,
  BOOL = 0xA,
  UQ = 0xB,
  UV = 0xC,
  Q = 0xD,
  HF = 0xE,
  BF = 0xF,
};

struct DataTypeInfo {
  DataType type;
  std::string_view text;  // as `.decl … type=` prints it ("ud")
  std::string_view name;  // as the pages and diagnostics name it ("UD")
  uint8_t bytes;          // element size; V/VF/UV are packed immediates of one dword, BOOL one byte
  bool is_float;
  bool is_signed;  // signed integer types (D, W, B, Q, V)
};

std::span<const DataTypeInfo> data_type_table();
const DataTypeInfo& info(DataType type);
// Either case ("ud", "UD"); nothing for an unknown spelling.
std::optional<DataType> parse_data_type(std::string_view text);

}  // namespace gpuatom::intel
