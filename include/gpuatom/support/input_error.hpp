// Bad input, said in words a user can act on: what a library function throws when the text or
// values it was given cannot be taken (an unknown mnemonic, an operand out of range). The CLI prints
// "gpuatom: error: <what>" and exits 2 for it; any other exception is an internal error.
#pragma once

#include <stdexcept>

namespace gpuatom::support {

struct InputError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

}  // namespace gpuatom::support
