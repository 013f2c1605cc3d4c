// An AMDGPU code object: the ELF file (ELF64, e_machine EM_AMDGPU = 224) clang and the ROCm tools
// write (`.hsaco`, or a relocatable `.o`), read as far as listing its atomics needs: the target
// from e_flags' EF_AMDGPU_MACH field, and the code of each function (an STT_FUNC symbol in an
// executable section: a kernel or a device function). A file that is not such an ELF, or whose
// headers point outside it, is refused with the byte offset of what is wrong; nothing is read past
// the end of the bytes.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "gpuatom/amd/isa/target.hpp"
#include "gpuatom/support/diagnostic.hpp"

namespace gpuatom::amd::isa {

struct CodeObjectFunction {
  std::string name;          // the symbol: "histogram"
  uint64_t address = 0;      // its address (the symbol's value)
  uint64_t file_offset = 0;  // where its code starts in the file
  std::string_view code;     // its bytes, a view into the bytes read_code_object() was given
};

struct CodeObject {
  const Target* target = nullptr;
  uint32_t machine = 0;                       // EF_AMDGPU_MACH, as written
  std::vector<CodeObjectFunction> functions;  // in address order
};

// Whether the bytes start like an AMDGPU ELF (then read_code_object() decides whether it is one).
bool is_amdgpu_elf(std::string_view bytes);

// The code object in `bytes` (which must outlive the result's code views), or why it is none.
std::variant<CodeObject, support::Diagnostic> read_code_object(std::string_view bytes, const support::FileName& file);

// The target an EF_AMDGPU_MACH value names (LLVM's BinaryFormat/ELF.h), or nothing.
const Target* target_of_machine(uint32_t machine);

}  // namespace gpuatom::amd::isa
