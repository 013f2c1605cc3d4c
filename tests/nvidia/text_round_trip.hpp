// Word → text → word through gpuatom's own text, as a user runs it: `disasm sass --control` prints
// the word (nvdisasm's text, the unprinted-bits comment where the word has such bits, the control
// comment), `asm sass --encode --rules-as-warnings` reads that line back, and the word it writes
// must be the word read. Shared by the plain tests (the committed nvdisasm 13.0 corpora) and the
// oracle tests (the words ptxas 11.8 writes, random words nvdisasm 11.8 reads).
#pragma once

#include <fmt/format.h>

#include <optional>
#include <string>
#include <variant>

#include "gpuatom/nvidia/assembly.hpp"
#include "gpuatom/nvidia/binary/code.hpp"
#include "gpuatom/nvidia/binary/decoder.hpp"
#include "gpuatom/nvidia/binary/encoder.hpp"
#include "gpuatom/nvidia/disassembly_pass.hpp"
#include "gpuatom/nvidia/validator.hpp"

namespace text_round_trip {

// The line `disasm sass --control` prints for the word, or nothing where it holds no atomic.
inline std::optional<std::string> disassembled(const gpuatom::nvidia::Word128& word,
                                               gpuatom::nvidia::Architecture arch) {
  const gpuatom::nvidia::CodeAtomic atomic = gpuatom::nvidia::decode_atomic(word, 0, arch, {});
  if (!atomic.instruction) return std::nullopt;
  return gpuatom::nvidia::listed_text(atomic, arch, true);
}

// Why the word does not come back through its text (naming the text), or nothing when it does.
// A 64-bit word (sm_5x/sm_6x) is `word.lo`.
inline std::optional<std::string> failure(const gpuatom::nvidia::Word128& word, gpuatom::nvidia::Architecture arch) {
  const auto text = disassembled(word, arch);
  if (!text) return std::string("does not decode");
  gpuatom::nvidia::ParsedSass read =
      gpuatom::nvidia::check_sass(*text, "disasm", arch, gpuatom::nvidia::RuleSeverity::warning);
  gpuatom::nvidia::take_control_comments(read.instructions, *text, read.diagnostics);
  if (read.diagnostics.has_errors() || read.instructions.size() != 1)
    return fmt::format("'{}' does not read back: {}", *text, read.diagnostics.format_all());
  const auto again = gpuatom::nvidia::encode_word(read.instructions[0], arch);
  if (const auto* why = std::get_if<gpuatom::support::Diagnostic>(&again))
    return fmt::format("'{}' does not encode: {}", *text, why->message);
  const auto& back = std::get<gpuatom::nvidia::EncodedWord>(again);
  if (back.lo != word.lo || (back.hi && *back.hi != word.hi))
    return fmt::format("'{}' encodes to {}, not 0x{:016x} 0x{:016x}", *text, back.text(), word.lo, word.hi);
  return std::nullopt;
}

}  // namespace text_round_trip
