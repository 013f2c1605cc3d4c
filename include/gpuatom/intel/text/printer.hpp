// Canonical vISA text (docs/spec/intel.md §10.4): lower-case mnemonic and op (`.minsint`,
// `.maxsint`, `.predec`), width suffix `.16`/`.64` only, exec size always `(Mx, N)` or
// `(Mx_NM, N)`, single spaces. Names come from the declaration table when one is given;
// otherwise — or for an id the table lacks — `V<id>`, `P<id>`, `T<index>`. The null operand is
// `%null.<offset>`; the predefined surfaces print by their names (%slm, T1, T2, TSS, %bss,
// %scratch).
#pragma once

#include <string>

#include "gpuatom/intel/declarations.hpp"
#include "gpuatom/intel/instruction.hpp"
#include "gpuatom/intel/text/parser.hpp"

namespace gpuatom::intel {

std::string print_instruction(const Instruction& instruction, const DeclarationTable* declarations = nullptr);

std::string print_operand(const RawOperand& operand, const DeclarationTable* declarations = nullptr);
std::string print_predicate_name(uint32_t id, const DeclarationTable* declarations = nullptr);
std::string print_surface(uint32_t index, const DeclarationTable* declarations = nullptr);

// `.decl` lines for every declaration (general variables, then predicates, then surfaces: each
// kind in id order, so the ids are those of the original).
std::string print_declarations(const DeclarationTable& declarations);

// .version, .kernel, the declarations and the instructions, one per line.
std::string print_module(const Module& module);

}  // namespace gpuatom::intel
