// Walks a code section word by word: control words and other instructions passed over, atomics
// decoded where they stand.
#include "gpuatom/nvidia/code.hpp"

#include <variant>

#include <fmt/format.h>

#include "gpuatom/nvidia/decoder.hpp"
#include "gpuatom/nvidia/sass128.hpp"

namespace gpuatom::nvidia {

namespace {

uint64_t little_endian(std::string_view bytes, size_t at) {
  uint64_t w = 0;
  for (int b = 7; b >= 0; --b) w = (w << 8) | static_cast<unsigned char>(bytes[at + static_cast<size_t>(b)]);
  return w;
}

}  // namespace

int word_bytes(Architecture arch) { return generation_info(arch).word == WordFormat::sass128 ? 16 : 8; }

std::optional<CodeAtomic> atomic_in_word(const Word128& word, uint64_t address, Architecture arch,
                                         const support::SourceLocation& where) {
  CodeAtomic atomic;
  atomic.address = address;
  atomic.word = word;
  if (word_bytes(arch) == 8) {
    Decoded decoded = decode(word.lo, where, arch);
    if (!decoded.instruction) return std::nullopt;  // not an atomic
    atomic.instruction = std::move(decoded.instruction);
    atomic.diagnostics = std::move(decoded.diagnostics);
    if (atomic.diagnostics.has_errors()) atomic.instruction.reset();
    return atomic;
  }
  if (!has_atomic_opcode(word, arch)) return std::nullopt;
  auto decoded = decode128(word, arch, where);
  if (auto* inst = std::get_if<Instruction>(&decoded)) atomic.instruction = std::move(*inst);
  else atomic.diagnostics.add(std::get<support::Diagnostic>(decoded));
  return atomic;
}

CodeAtomics atomics_in_code(std::string_view code, Architecture arch, const support::FileName& file, uint64_t file_offset) {
  CodeAtomics out;
  const size_t size = static_cast<size_t>(word_bytes(arch));
  const bool spa5 = size == 8;
  if (code.size() % size)
    out.diagnostics.error({file, 0, 0, file_offset + code.size() - code.size() % size},
                          fmt::format("{} bytes is not a whole number of {}-byte instruction words ({} code); the last "
                                      "{} bytes are not read",
                                      code.size(), size, name(arch), code.size() % size),
                          "docs/listings.md");
  for (size_t at = 0; at + size <= code.size(); at += size) {
    if (spa5 && is_control_word_address(at)) continue;
    ++out.instructions;
    const Word128 word{little_endian(code, at), spa5 ? 0 : little_endian(code, at + 8)};
    if (auto atomic = atomic_in_word(word, at, arch, {file, 0, 0, file_offset + at})) out.atomics.push_back(std::move(*atomic));
  }
  return out;
}
}  // namespace gpuatom::nvidia
