// A .visaasm file read as `gpuatom asm|check visa` read it: parsed piecewise (a dump is never held
// whole), its surfaces bound as a harness would, and validated for one platform.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "gpuatom/intel/text/parser.hpp"
#include "gpuatom/intel/validator.hpp"
#include "gpuatom/support/diagnostic.hpp"

namespace gpuatom::intel {

struct VisaReadOptions {
  std::string platform = "gen12";     // a profile (gen9 … pvc) or an ocloc device name
  bool lenient = false;               // accept a bare %null in raw-operand position
  std::vector<std::string> bindings;  // NAME=TYPE[:BYTES]
  uint64_t max_bytes = uint64_t{256} << 20;
};

// The platform's validation options; support::InputError naming --platform for an unknown one.
ValidationOptions validation_for_platform(const std::string& platform);

// Applies NAME=TYPE[:BYTES] bindings (--bind) to the declared surfaces; support::InputError when a
// binding is malformed or NAME is no declared surface.
void bind_surfaces(DeclarationTable& declarations, const std::vector<std::string>& bindings);

// Parses and validates a .visaasm file; diagnostics collected in `diagnostics`. Lines read past are
// kept only for a caller that prints them back (`keep_others`); otherwise they are only counted.
Module read_visa_file(const std::string& path, const VisaReadOptions& options, support::Diagnostics& diagnostics,
                      bool keep_others);

// `check visa`'s one-line summary: "k.visaasm: 3 instructions (12 other instructions read past,
// 1 atomic not read yet), 0 errors, 1 warning" (the parenthesis only when others were read past).
std::string check_summary(const std::string& path, const Module& module, const support::Diagnostics& diagnostics);

// `asm visa --encode`: each instruction's bytes in hex with the instruction as a comment, one a line;
// support::InputError for one the encoder refuses (the validator rules these out).
std::string encoded_listing(const Module& module);
// One instruction's bytes; support::InputError when the encoder refuses it.
std::vector<uint8_t> encoded(const Instruction& instruction);

// Instruction bytes read as `disasm visa` reads them: decoded (`legacy_ids`: 2-byte raw-operand
// ids, files before vISA 3.4), errors at their byte offset in `source`.
std::vector<Instruction> decode_visa(const std::vector<uint8_t>& bytes, const std::string& source, bool legacy_ids,
                                     support::Diagnostics& diagnostics);
// Validates decoded instructions; without `declarations` a note says what goes unchecked.
void validate_decoded(const std::vector<Instruction>& instructions, const std::string& source,
                      const DeclarationTable* declarations, const ValidationOptions& validation,
                      support::Diagnostics& diagnostics);

}  // namespace gpuatom::intel
