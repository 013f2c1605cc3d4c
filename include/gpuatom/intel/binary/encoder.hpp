// Instruction → bytes (docs/spec/intel.md §2): TYPED_ATOMIC 48 bytes, SVM ATOMIC 30 bytes, little
// endian, fields in the order of the form's layout (atomic_ops.hpp). Raw operands carry 4-byte
// ids; `IdWidth::two` writes the pre-3.4 2-byte ids (34 / 22 bytes).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "gpuatom/intel/instruction.hpp"

namespace gpuatom::intel {

// Appends the encoding of `instruction` to `out`. When a field cannot be represented (an op code
// outside the table, TYPED .64, a channel count with no size code, a predicate id above 4095, an
// id above 65535 with 2-byte ids) nothing is appended and the reason is returned.
std::optional<std::string> encode(const Instruction& instruction, std::vector<uint8_t>& out,
                                  IdWidth ids = IdWidth::four);

}  // namespace gpuatom::intel
