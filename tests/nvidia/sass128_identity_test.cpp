// What the 128-bit decoder, encoder and code walk give for pseudo-random words, pinned as one hash
// per architecture family: a faster reading of the form table must give the same answer for every
// word (the same text, kept bits, placeholders, diagnostics and word back), not only for the words
// of the corpora. The words are drawn by a fixed generator below; the hashes were recorded from the
// decoder as it read the form table row by row. A change that means to change what a word reads as
// records them anew (the failure prints the new value) and says why in its commit.
#include <gtest/gtest.h>

#include <cstdint>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "gpuatom/nvidia/binary/code.hpp"
#include "gpuatom/nvidia/binary/sass128.hpp"
#include "gpuatom/nvidia/binary/unprinted_bits.hpp"
#include "gpuatom/nvidia/text/printer.hpp"

namespace {

using gpuatom::nvidia::Architecture;
using gpuatom::nvidia::Instruction;
using gpuatom::nvidia::Word128;

uint64_t splitmix64(uint64_t& state) {
  uint64_t z = (state += 0x9e3779b97f4a7c15ULL);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  return z ^ (z >> 31);
}

// FNV-1a over what a word reads as.
struct Hash {
  uint64_t value = 0xcbf29ce484222325ULL;
  void bytes(std::string_view s) {
    for (const char c : s) value = (value ^ static_cast<unsigned char>(c)) * 0x100000001b3ULL;
    value = (value ^ 0xff) * 0x100000001b3ULL;  // the end of a field
  }
  void number(uint64_t v) {
    for (int b = 0; b < 8; ++b) value = (value ^ ((v >> (8 * b)) & 0xff)) * 0x100000001b3ULL;
  }
  void word(const Word128& w) {
    number(w.lo);
    number(w.hi);
  }
  void diagnostic(const gpuatom::support::Diagnostic& d) {
    number(static_cast<uint64_t>(d.severity));
    number(d.where.byte_offset.value_or(~0ULL));
    bytes(d.message);
    bytes(d.rule);
  }
};

// The instruction values (opcode bits 0–8) of `arch`'s atomics: most drawn words carry one, so
// that they reach the forms rather than stop at the opcode.
std::vector<uint64_t> atomic_instructions(Architecture arch) {
  std::vector<uint64_t> out;
  for (uint64_t v = 0; v < 0x200; ++v)
    if (gpuatom::nvidia::has_atomic_opcode(Word128{v, 0}, arch)) out.push_back(v);
  return out;
}

// The words drawn: a quarter wholly random, a quarter an atomic's instruction bits with the other
// bits random, a quarter the same with the other bits mostly clear (fixed bits are mostly zero) or
// mostly set (RZ, URZ, PT), and a quarter a word that held an instruction with one to four bits
// flipped (the neighbours of legal words, where the fields' codes and the forms' selecting bits
// are tried one at a time).
class Drawn {
 public:
  explicit Drawn(Architecture arch)
      : atomics_(atomic_instructions(arch)), state_(0x5eed0000 + static_cast<uint64_t>(arch)) {}

  Word128 next() {
    const uint64_t r1 = splitmix64(state_), r2 = splitmix64(state_), r3 = splitmix64(state_), r4 = splitmix64(state_);
    const uint64_t mode = r4 & 3;
    if (mode == 0 || atomics_.empty()) return {r1, r2};
    if (mode == 3 && !legal_.empty()) {
      Word128 w = legal_[(r4 >> 2) % legal_.size()];
      for (uint64_t flips = 1 + (r4 >> 20) % 4, k = 0; k < flips; ++k) {
        const uint64_t bit = (r3 >> (8 * k)) % 128;
        (bit < 64 ? w.lo : w.hi) ^= uint64_t{1} << (bit % 64);
      }
      return w;
    }
    const uint64_t instruction = atomics_[(r4 >> 2) % atomics_.size()];
    const bool sparse = r4 >> 63;
    const uint64_t lo = mode == 1 ? r1 : sparse ? r1 & r3 : r1 | r3;
    const uint64_t hi = mode == 1 ? r2 : r2 & (r3 >> 7 | r4 << 57) & (r4 >> 3 | r1 << 61);
    return {(lo & ~uint64_t{0x1ff}) | instruction, hi};
  }
  // A word that held an instruction, for later words to be drawn near.
  void held(const Word128& w) {
    if (legal_.size() < 256)
      legal_.push_back(w);
    else
      legal_[splitmix64(state_) % legal_.size()] = w;
  }

 private:
  std::vector<uint64_t> atomics_;
  uint64_t state_;
  std::vector<Word128> legal_;
};

struct Read {
  uint64_t hash;
  uint64_t decoded;  // words that hold an instruction
};

Read read_words(Architecture arch, uint64_t count) {
  Drawn drawn(arch);
  Hash h;
  uint64_t decoded = 0;
  for (uint64_t k = 0; k < count; ++k) {
    const Word128 w = drawn.next();
    const auto atomic = gpuatom::nvidia::decode_atomic(w, 16 * k, arch, {"identity.cubin", 0, 0, 16 * k});
    h.number(gpuatom::nvidia::has_atomic_opcode(w, arch));
    for (const auto& d : atomic.diagnostics.all()) h.diagnostic(d);
    if (!atomic.instruction) continue;
    ++decoded;
    drawn.held(w);
    const Instruction& i = *atomic.instruction;
    h.bytes(gpuatom::nvidia::print_with_unprinted_bits(i));
    h.word(i.kept_bits);
    for (const auto& p : i.placeholders) h.number(p ? *p : ~0ULL);
    h.number(i.pm_hint);
    const auto back = gpuatom::nvidia::encode128(i, arch);
    if (const auto* word = std::get_if<Word128>(&back))
      h.word(*word);
    else
      h.diagnostic(std::get<gpuatom::support::Diagnostic>(back));
  }
  return {h.value, decoded};
}

struct Family {
  Architecture arch;
  uint64_t hash;
};

constexpr uint64_t words_per_family = 100000;

TEST(Sass128Identity, PseudoRandomWordsReadAsRecorded) {
  const Family families[] = {
      {Architecture::sm_70, 18088485386366896521ULL}, {Architecture::sm_75, 10454242289893760639ULL},
      {Architecture::sm_80, 3452599189011684819ULL},  {Architecture::sm_86, 3493862354091044196ULL},
      {Architecture::sm_89, 10529867491102604281ULL}, {Architecture::sm_90, 547609034506053933ULL},
      {Architecture::sm_100, 5282763320492332979ULL}, {Architecture::sm_120, 8479776501508840696ULL},
  };
  for (const Family& f : families) {
    const Read read = read_words(f.arch, words_per_family);
    EXPECT_EQ(read.hash, f.hash) << gpuatom::nvidia::name(f.arch) << ": the words read otherwise than recorded";
    // The generator reaches the forms' fields, not only their refusals.
    EXPECT_GT(read.decoded, words_per_family / 5) << gpuatom::nvidia::name(f.arch);
  }
}

}  // namespace
