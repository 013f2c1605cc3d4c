// The semantic rules of TYPED_ATOMIC and SVM ATOMIC (seeds 001, 003; docs/spec/intel.md §2.2, §2.7,
// §3.2–§3.4, §5, §6.2, §8, §9), checked on Instruction values — parsed or decoded alike — with
// the declaration table when there is one. Every diagnostic points at the offending field
// (file:line:col, or a byte offset for decoded input) and names the rule.
//
//   ops and widths   op legal at the width for the form; .16 / SVM .64 / PREDEC per platform;
//                    typed float ops: a warning that IGC does not lower them
//   exec size, mask  typed 8, SVM 1/2/4/8 (16 with xehp/pvc); mask offset a multiple of the
//                    exec size and offset + size <= 32 (M2/M4/M6/M8 only for exec size <= 4)
//   predicate        declared; offset + exec size within its bits
//   operand roles    Src0 null exactly for INC/DEC/PREDEC; Src1 present exactly for CMPXCHG
//                    and FCMPWR; Dst may be null; U present; V/R per surface type
//   surfaces         typed: declared surface (6 …), never the predefined 0 … 5; a bound element
//                    size matches the access (2 bytes for .16, else 4)
//   operands         ids 1–31 rejected; declared; type (wrong size: error, right size but
//                    signedness or int/float differs: warning); offset + exec size × element
//                    size within the variable; offset GRF-aligned; %null has offset 0
//
// Without a declaration table, the rules that need one (types, bounds, alignment, predicate
// size, declared ids) are skipped; the caller says so. A surface without a bound type gets V/R
// checked for consistency only, with a note saying so.
#pragma once

#include <span>

#include "gpuatom/intel/declarations.hpp"
#include "gpuatom/intel/instruction.hpp"
#include "gpuatom/intel/platform.hpp"
#include "gpuatom/intel/text/parser.hpp"
#include "gpuatom/support/diagnostic.hpp"

namespace gpuatom::intel {

struct ValidationOptions {
  Platform platform = default_platform;
};

// Checks the instructions in order; notes that concern a surface or variable (no bound surface
// type, an alignment below one GRF) are given once per run.
void validate(std::span<const Instruction> instructions, const DeclarationTable* declarations,
              const ValidationOptions& options, support::Diagnostics& diagnostics);

// The platform's rules alone for one instruction (platform.hpp's features: .16, SVM .64, PREDEC,
// float adds, 64-bit floats, LSC), as validate() reports them, for an instruction spelled without
// a program around it (`gpuatom alu intel --platform`). Exec size is not checked.
void validate_platform(const Instruction& instruction, Platform platform, support::Diagnostics& diagnostics);

inline void validate(const Module& module, const ValidationOptions& options, support::Diagnostics& diagnostics) {
  validate(module.instructions, &module.declarations, options, diagnostics);
}

}  // namespace gpuatom::intel
