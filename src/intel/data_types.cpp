#include "gpuatom/intel/data_types.hpp"

#include <array>

#include "gpuatom/support/text.hpp"

namespace gpuatom::intel {

namespace {

// Sizes as IGC's CISATypeTable gives them (visa/Common_ISA.cpp).
constexpr std::array<DataTypeInfo, 16> data_types = {{
    {DataType::UD, "ud", "UD", 4, false, false},
    {DataType::D, "d", "D", 4, false, true},
    {DataType::UW, "uw", "UW", 2, false, false},
    {DataType::W, "w", "W", 2, false, true},
    {DataType::UB, "ub", "UB", 1, false, false},
    {DataType::B, "b", "B", 1, false, true},
    {DataType::DF, "df", "DF", 8, true, false},
    {DataType::F, "f", "F", 4, true, false},
    {DataType::V, "v", "V", 4, false, true},
    {DataType::VF, "vf", "VF", 4, true, false},
    {DataType::BOOL, "bool", "BOOL", 1, false, false},
    {DataType::UQ, "uq", "UQ", 8, false, false},
    {DataType::UV, "uv", "UV", 4, false, false},
    {DataType::Q, "q", "Q", 8, false, true},
    {DataType::HF, "hf", "HF", 2, true, false},
    {DataType::BF, "bf", "BF", 2, true, false},
}};

}  // namespace

std::span<const DataTypeInfo> data_type_table() { return data_types; }

const DataTypeInfo& info(DataType type) { return data_types[static_cast<size_t>(type)]; }

std::optional<DataType> parse_data_type(std::string_view text) {
  for (const DataTypeInfo& i : data_types)
    if (support::iequals(i.text, text)) return i.type;
  return std::nullopt;
}

}  // namespace gpuatom::intel
