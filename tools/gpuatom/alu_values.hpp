// The operand values of `gpuatom alu`: the library's (gpuatom/alu/operand_text.hpp).
#pragma once

#include "gpuatom/alu/operand_text.hpp"

namespace gpuatom::cli {
using Value = alu::OperandValue;
using alu::parse_operand;
using alu::typed_text;
}  // namespace gpuatom::cli
