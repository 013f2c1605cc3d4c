// Walks a code section word by word: control words and other instructions passed over, atomics
// decoded where they stand.
#include "gpuatom/nvidia/binary/code.hpp"

#include <fmt/format.h>

#include <bit>
#include <bitset>
#include <cstring>
#include <variant>

#include "gpuatom/nvidia/binary/decoder.hpp"
#include "gpuatom/nvidia/binary/sass128.hpp"
#include "gpuatom/nvidia/instruction_table.hpp"
#include "gpuatom/nvidia/validator.hpp"
#include "sass128_index.hpp"

namespace gpuatom::nvidia {

namespace detail {

uint64_t little_endian64(std::string_view bytes, size_t at) {
  uint64_t w = 0;
  std::memcpy(&w, bytes.data() + at, sizeof w);  // one load, where a loop of bytes took 50 instructions
  if constexpr (std::endian::native == std::endian::big) {
    uint64_t swapped = 0;
    for (int b = 0; b < 8; ++b) swapped = (swapped << 8) | ((w >> (8 * b)) & 0xff);
    w = swapped;
  }
  return w;
}

void check_code_size(std::string_view code, Architecture arch, const support::FileName& file, uint64_t file_offset,
                     CodeAtomics& out) {
  const size_t size = static_cast<size_t>(word_bytes(arch));
  if (code.size() % size)
    out.diagnostics.error({file, 0, 0, file_offset + code.size() - code.size() % size},
                          fmt::format("{} bytes is not a whole number of {}-byte instruction words ({} code); the last "
                                      "{} bytes are not read",
                                      code.size(), size, name(arch), code.size() % size),
                          "docs/listings.md");
}

}  // namespace detail

int word_bytes(Architecture arch) { return generation_info(arch).word == WordFormat::sass128 ? 16 : 8; }

namespace {

// The word's atomic into `out`, its storage reused.
void decode_into(const Word128& word, uint64_t address, Architecture arch, const support::SourceLocation& where,
                 CodeAtomic& out) {
  if (word_bytes(arch) == 8) {
    Decoded decoded = decode(word.lo, where, arch);  // the rules checked as warnings
    out.instruction = std::move(decoded.instruction);
    out.diagnostics = std::move(decoded.diagnostics);
    if (out.diagnostics.has_errors()) out.instruction.reset();
  } else {
    // A Diagnostics nothing was ever added to (none counted) is as new; resetting one costs a
    // temporary of two lists and a Diagnostic moved in (about 100 instructions an atomic).
    if (!out.diagnostics.none_added()) out.diagnostics = {};
    Instruction& inst = out.instruction.emplace();
    if (auto why = decode128_into(word, arch, where, inst)) {
      out.instruction.reset();
      out.diagnostics.add(std::move(*why));
    } else {
      // A word that breaks a rule of the pages is still what nvdisasm prints; the rule is a
      // warning here, as decode() gives it for a Maxwell/Pascal word.
      validate(inst, out.diagnostics, RuleSeverity::warning);
    }
  }
  out.address = address;
  out.word = word;
}

}  // namespace

CodeAtomic decode_atomic(const Word128& word, uint64_t address, Architecture arch,
                         const support::SourceLocation& where) {
  CodeAtomic atomic;
  decode_into(word, address, arch, where, atomic);
  return atomic;
}

namespace {

// Whether a word has an atomic's opcode on one architecture (another instruction's word has
// none), with what that asks of the architecture looked up once: a code walk asks it of every
// word. A 128-bit word's instruction value is bits 0–8 (has_atomic_opcode()).
class AtomicOpcodes {
 public:
  explicit AtomicOpcodes(Architecture arch)
      : values_(word_bytes(arch) == 8 ? nullptr : &sass128::atomic_instructions(generation(arch))) {}
  bool operator()(const Word128& word) const {
    return values_ ? values_->test(word.lo % values_->size()) : find_encoding(word.lo) != nullptr;
  }

 private:
  const std::bitset<0x200>* values_;  // nullptr: Maxwell/Pascal words, read by their encodings
};

}  // namespace

bool read_atomic_in_word(const Word128& word, uint64_t address, Architecture arch, const support::SourceLocation& where,
                         CodeAtomic& out) {
  if (!AtomicOpcodes(arch)(word)) return false;
  decode_into(word, address, arch, where, out);
  return true;
}

std::optional<CodeAtomic> atomic_in_word(const Word128& word, uint64_t address, Architecture arch,
                                         const support::SourceLocation& where) {
  CodeAtomic atomic;
  if (!read_atomic_in_word(word, address, arch, where, atomic)) return std::nullopt;
  return atomic;
}

// The atomics are counted first (an opcode test a word) and each decoded into its own element of
// a list made that long: moving a CodeAtomic into the list, as for_each_atomic_in_code() hands
// it over, cost about 180 instructions an atomic, and a list grown as it went moved them again.
CodeAtomics atomics_in_code(std::string_view code, Architecture arch, const support::FileName& file,
                            uint64_t file_offset) {
  CodeAtomics out;
  detail::check_code_size(code, arch, file, file_offset, out);
  const AtomicOpcodes atomic_opcode(arch);
  size_t count = 0;
  detail::for_each_instruction_word(code, arch, [&](const Word128& word, size_t) { count += atomic_opcode(word); });
  out.atomics.reserve(count);
  out.instructions = detail::for_each_instruction_word(code, arch, [&](const Word128& word, size_t at) {
    if (atomic_opcode(word)) decode_into(word, at, arch, {file, 0, 0, file_offset + at}, out.atomics.emplace_back());
  });
  return out;
}

}  // namespace gpuatom::nvidia
