// An atomic spelled alone, without operands or a program around it (`gpuatom alu intel`):
// "svm_atomic.add", "typed_atomic.cmpxchg.16", "dword_atomic.inc", "lsc_atomic_fadd.ugm", or an op
// and width ("add.64", "fmax.16") whose form is given apart.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <variant>

#include "gpuatom/intel/instruction.hpp"

namespace gpuatom::intel {

// The form the spelling's prefix names (svm_atomic., typed_atomic., dword_atomic., lsc_atomic_);
// none without one.
std::optional<Form> spelled_form(std::string_view spelling);

// A form's short name: "svm", "typed" or "dword".
std::optional<Form> parse_form_name(std::string_view name);

// The instruction the spelling names: its form (`form` when the spelling has no prefix), op and
// width, or for an LSC atomic its sub-op (and SFID, .ugm when none is spelled) on `data`
// elements. Exec size and operands keep their defaults. The error names what is wrong.
std::variant<Instruction, std::string> parse_spelling(std::string_view spelling, Form form,
                                                      LscDataSize data = LscDataSize::d32);

}  // namespace gpuatom::intel
