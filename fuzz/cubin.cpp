// Fuzz target: the cubin reader and the code walker (docs/listings.md). The input is a file given
// to `gpuatom disasm sass`: any bytes, the ELF header's fields included.
//
// Properties:
//   1. read_cubin() refuses with a byte offset within the file, or gives kernels whose code lies
//      inside the input (the sanitizers catch a read past it);
//   2. every atomic the walker lists sits at a word boundary inside its kernel's code, and a
//      128-bit one that decodes encodes back to its word.
#include "gpuatom/nvidia/binary/cubin.hpp"

#include <fmt/format.h>

#include <variant>

#include "fuzz_check.hpp"
#include "gpuatom/nvidia/binary/code.hpp"
#include "gpuatom/nvidia/binary/sass128.hpp"
#include "gpuatom/nvidia/text/printer.hpp"

using namespace gpuatom;
using namespace gpuatom::nvidia;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string_view bytes = fuzz::as_text(data, size);
  const auto read = read_cubin(bytes, "fuzz.cubin");
  if (const auto* why = std::get_if<support::Diagnostic>(&read)) {
    FUZZ_CHECK(why->where.byte_offset && *why->where.byte_offset <= size, support::format(*why));
    return 0;
  }
  const Cubin& cubin = std::get<Cubin>(read);
  for (const CubinKernel& k : cubin.kernels) {
    FUZZ_CHECK(k.code.data() >= bytes.data() && k.code.data() + k.code.size() <= bytes.data() + bytes.size(), k.name);
    FUZZ_CHECK(k.file_offset == static_cast<uint64_t>(k.code.data() - bytes.data()), k.name);
    const CodeAtomics code = atomics_in_code(k.code, cubin.architecture, "fuzz.cubin", k.file_offset);
    for (const CodeAtomic& a : code.atomics) {
      const std::string where = fmt::format("{} at 0x{:x} ({})", k.name, a.address, name(cubin.architecture));
      FUZZ_CHECK(a.address % static_cast<uint64_t>(word_bytes(cubin.architecture)) == 0 && a.address < k.code.size(),
                 where);
      if (!a.instruction || word_bytes(cubin.architecture) != 16) continue;
      const auto again = encode128(*a.instruction, cubin.architecture);
      FUZZ_CHECK(std::holds_alternative<Word128>(again) && std::get<Word128>(again) == a.word,
                 where + "\n" + print(*a.instruction));
    }
  }
  return 0;
}
