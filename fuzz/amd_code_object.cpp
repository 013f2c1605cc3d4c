// Fuzz target: the AMDGPU code-object reader and the instruction-length walk
// (amd/isa/code_object.hpp, instruction_length.hpp). The input is a file given to
// `gpuatom disasm amd --file`: any bytes, the ELF header's fields included.
//
// Properties:
//   1. read_code_object() refuses with a byte offset within the file, or gives functions whose
//      code lies inside the input (the sanitizers catch a read past it);
//   2. walking a function's code by instruction_length() moves 4 to 20 bytes a step, a multiple
//      of 4, never past the function's end, and stops only where no instruction starts.
#include <fmt/format.h>

#include <variant>

#include "fuzz_check.hpp"
#include "gpuatom/amd/isa/code_object.hpp"
#include "gpuatom/amd/isa/instruction_length.hpp"

using namespace gpuatom;
using namespace gpuatom::amd::isa;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string_view bytes = fuzz::as_text(data, size);
  const auto read = read_code_object(bytes, "fuzz.hsaco");
  if (const auto* why = std::get_if<support::Diagnostic>(&read)) {
    FUZZ_CHECK(why->where.byte_offset && *why->where.byte_offset <= size, support::format(*why));
    return 0;
  }
  const CodeObject& object = std::get<CodeObject>(read);
  FUZZ_CHECK(object.target != nullptr, "a code object without a target");
  for (const CodeObjectFunction& f : object.functions) {
    FUZZ_CHECK(f.code.data() >= bytes.data() && f.code.data() + f.code.size() <= bytes.data() + bytes.size(), f.name);
    FUZZ_CHECK(f.file_offset == static_cast<uint64_t>(f.code.data() - bytes.data()), f.name);
    const auto* code = reinterpret_cast<const uint8_t*>(f.code.data());
    size_t at = 0;
    while (at < f.code.size()) {
      const auto step = instruction_length({code + at, f.code.size() - at}, *object.target);
      if (!step) break;
      FUZZ_CHECK(*step >= 4 && *step <= 20 && *step % 4 == 0 && *step <= f.code.size() - at,
                 fmt::format("{}+0x{:x}: step {}", f.name, at, *step));
      at += *step;
    }
  }
  return 0;
}
