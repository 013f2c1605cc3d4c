#include "gpuatom/amd/isa/instruction.hpp"

namespace gpuatom::amd::isa {

const int64_t* Instruction::value(std::string_view name) const {
  if (!encoding) return nullptr;
  for (size_t i = 0; i < encoding->operands.size() && i < values.size(); ++i)
    if (encoding->operands[i].name == name) return &values[i];
  return nullptr;
}

}  // namespace gpuatom::amd::isa
