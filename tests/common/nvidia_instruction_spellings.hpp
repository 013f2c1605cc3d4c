// The NVIDIA instructions as the disassembler spells them around an OP.SIZE: the mnemonic, then
// the modifiers that do not change the arithmetic (.E, surface modes, strength and scope). The
// spelled-atomic walk (tests/nvidia) and the command's samples (tests/cli) spell each so.
// Header-only.
#pragma once

#include <string>
#include <vector>

namespace gpuatom::testing {

struct InstructionSpelling {
  std::string name, before, after;  // ATOMG.E.<OP.SIZE>.STRONG.GPU
};

inline const std::vector<InstructionSpelling>& nvidia_instruction_spellings() {
  static const std::vector<InstructionSpelling> spellings = {{"ATOM", ".E", ""},
                                                             {"ATOMS", "", ""},
                                                             {"RED", ".E", ""},
                                                             {"ATOMG", ".E", ".STRONG.GPU"},
                                                             {"REDG", ".E", ".STRONG.SYS"},
                                                             {"SUATOM", ".D.1D", ""},
                                                             {"SURED", ".D.2D", ""}};
  return spellings;
}

}  // namespace gpuatom::testing
