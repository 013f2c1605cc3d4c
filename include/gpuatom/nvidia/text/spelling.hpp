// An atomic spelled alone, without operands (`gpuatom alu nvidia`): "ATOM.E.ADD.F32.FTZ.RN",
// "ATOMS.CAS.64", "RED.E.ADD.F16x2.RN.STRONG.GPU", or its op and size alone ("ADD.F32.FTZ.RN").
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "gpuatom/nvidia/opcodes.hpp"

namespace gpuatom::nvidia {

// What a mnemonic says about the atomic: the op x size table it takes (family, dialect) and
// whether it writes a destination.
struct InstructionKind {
  Family family;
  Dialect dialect;
  bool returns;
};
std::optional<InstructionKind> instruction_kind(std::string_view mnemonic);

// A spelling split into its leading mnemonic (none when it starts with the op) and OP[.SIZE]: the
// modifiers that do not change what is computed (.E, strength, scope, cache, surface modes) are
// dropped; op_size is empty when nothing else is left.
struct Spelling {
  std::optional<std::string> mnemonic;
  std::string op_size;
};
Spelling split_spelling(std::string_view text);

}  // namespace gpuatom::nvidia
