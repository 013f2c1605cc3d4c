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

}  // namespace gpuatom::intel
