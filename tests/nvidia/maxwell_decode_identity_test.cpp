// decode() and encode() of Maxwell/Pascal 64-bit words pinned word for word: for every SPA 5.0
// architecture, the corpus words (words.txt, nvdisasm-words.txt) and pseudo-random words (most
// carry a form's opcode bits and random other bits, unassigned ones mostly clear; some are wholly
// random) are decoded, and the printed text, every diagnostic, and what encode() makes of the
// instruction (its word or its refusal, also for the text printed and parsed back, whose columns
// a refusal names) are hashed. The hashes below were recorded from the decoder and encoder as
// they were before they were made faster: a change in any text, diagnostic or word of any of
// these words changes a hash. Under AddressSanitizer only the first 7,500 random words of each
// architecture are read (their own recorded hash); elsewhere all 60,000, about 2 s in release.
//
// GPUATOM_RECORD_HASHES=1 prints the table anew (after a deliberate change of output).
#include <fmt/format.h>
#include <gtest/gtest.h>

#include <cstdlib>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "common/sanitizers.hpp"
#include "gpuatom/nvidia/binary/decoder.hpp"
#include "gpuatom/nvidia/binary/encoder.hpp"
#include "gpuatom/nvidia/text/parser.hpp"
#include "gpuatom/nvidia/text/printer.hpp"
#include "nvidia/sass_test_support.hpp"

using namespace gpuatom::nvidia;

namespace {

// FNV-1a, 64 bits: a fixed function, so recorded hashes hold on every platform.
class TextHash {
 public:
  void add(std::string_view text) {
    for (const char c : text) value_ = (value_ ^ static_cast<unsigned char>(c)) * 0x100000001b3ULL;
    value_ = (value_ ^ 0xffu) * 0x100000001b3ULL;  // a separator no text holds
  }
  uint64_t value() const { return value_; }

 private:
  uint64_t value_ = 0xcbf29ce484222325ULL;
};

// splitmix64: the same words on every platform and standard library.
class Words {
 public:
  explicit Words(uint64_t seed) : state_(seed) {}
  uint64_t next() {
    uint64_t z = (state_ += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
  }

 private:
  uint64_t state_;
};

std::string encoded_text(const Instruction& instruction, Architecture arch) {
  const auto encoded = encode(instruction, arch);
  if (const auto* word = std::get_if<uint64_t>(&encoded)) return fmt::format("0x{:016x}", *word);
  return gpuatom::support::format(std::get<gpuatom::support::Diagnostic>(encoded));
}

// Everything decode() and encode() tell about one word. Every `reparse`th word's text is also
// parsed back and encoded, so that refusals carry the columns of text.
void add_word(TextHash& hash, uint64_t word, uint64_t index, Architecture arch, bool reparse) {
  gpuatom::support::SourceLocation where;
  where.file = "identity.bin";
  where.byte_offset = index * 8;
  const Decoded decoded = decode(word, where, arch);
  hash.add(decoded.diagnostics.format_all());
  if (!decoded.instruction) return;
  const std::string text = print(*decoded.instruction);
  hash.add(text);
  hash.add(encoded_text(*decoded.instruction, arch));
  if (!reparse) return;
  const ParsedSass parsed = parse_sass(text, "identity.sass", arch);
  hash.add(parsed.diagnostics.format_all());
  for (const Instruction& i : parsed.instructions) hash.add(encoded_text(i, arch));
}

constexpr Architecture architectures[] = {Architecture::sm_50, Architecture::sm_52, Architecture::sm_53,
                                          Architecture::sm_60, Architecture::sm_61, Architecture::sm_62};
constexpr uint64_t random_words = 60000;  // per architecture
// Under AddressSanitizer (the asan-ubsan suite, several times slower) only the first words are
// checked, against the hash recorded after them.
constexpr uint64_t sanitizer_words = 7500;
constexpr int reparse_every = 16;

struct RecordedHashes {
  Architecture arch;
  uint64_t corpus;  // words.txt and nvdisasm-words.txt
  uint64_t random;  // a form's opcode bits and random other bits, or random bits
  uint64_t first;   // the random words' hash after sanitizer_words of them
};

// Recorded with GPUATOM_RECORD_HASHES=1.
constexpr RecordedHashes recorded_hashes[] = {
    {Architecture::sm_50, 0x76a8f640d8b2a143, 0xd202b3b097e80226, 0x43836c084230112c},
    {Architecture::sm_52, 0x017d521f0bdcfeee, 0x0e006b89fb2b0d19, 0xc3b81ce891e8f3a5},
    {Architecture::sm_53, 0xdd010984ffd82d1d, 0xeed95b139c2aaf9a, 0x0ef68009e4051488},
    {Architecture::sm_60, 0xc5db0e7f68afd159, 0x0d8441ce10361a0e, 0x22c4449dcaee01b7},
    {Architecture::sm_61, 0x138c9a1a392703ce, 0x5a3f26ea137ddfe2, 0x4aeffdce8217a58f},
    {Architecture::sm_62, 0xabc9bfa6208ef8bb, 0x76fb129a7535793c, 0x539a24defc651ea3},
};

uint64_t corpus_hash(Architecture arch) {
  TextHash hash;
  uint64_t index = 0;
  for (const auto& line : sass_test::word_lines()) add_word(hash, line.word, index++, arch, true);
  for (const auto& line : sass_test::nvdisasm_word_lines()) add_word(hash, line.word, index++, arch, true);
  return hash.value();
}

struct RandomHashes {
  uint64_t first = 0;  // after sanitizer_words
  uint64_t all = 0;    // after `count`
};

RandomHashes random_hashes(Architecture arch, uint64_t count) {
  TextHash hash;
  RandomHashes out;
  Words words(0x5eed0000 + static_cast<uint64_t>(arch));
  const auto forms = encoding_table();
  for (uint64_t index = 0; index < count; ++index) {
    if (index == sanitizer_words) out.first = hash.value();
    const uint64_t bits = words.next();
    // One word in eight is wholly random (mostly no atomic); the others cycle through the forms,
    // most with their unassigned bits clear (a word as ptxas writes it), some with them random.
    const EncodingInfo& form = forms[index % forms.size()];
    const uint64_t unassigned = index % 8 < 3 ? 0 : layout(form.form).unassigned;
    const uint64_t word = index % 8 == 7 ? bits : form.match | (bits & ~form.mask & ~unassigned);
    add_word(hash, word, index, arch, index % reparse_every == 0);
  }
  if (count == sanitizer_words) out.first = hash.value();
  out.all = hash.value();
  return out;
}

TEST(MaxwellDecodeIdentity, EveryWordDecodesAndEncodesAsRecorded) {
  const bool record = std::getenv("GPUATOM_RECORD_HASHES") != nullptr;
  const bool all = record || !gpuatom::testing::under_asan;
  ASSERT_EQ(std::size(recorded_hashes), std::size(architectures));
  for (size_t a = 0; a < std::size(architectures); ++a) {
    const Architecture arch = architectures[a];
    const uint64_t corpus = corpus_hash(arch);
    const RandomHashes random = random_hashes(arch, all ? random_words : sanitizer_words);
    if (record) {
      fmt::print("    {{Architecture::{}, 0x{:016x}, 0x{:016x}, 0x{:016x}}},\n", name(arch), corpus, random.all,
                 random.first);
      continue;
    }
    ASSERT_EQ(recorded_hashes[a].arch, arch);
    EXPECT_EQ(corpus, recorded_hashes[a].corpus) << name(arch) << ": the corpus words decode or encode differently";
    EXPECT_EQ(random.first, recorded_hashes[a].first)
        << name(arch) << ": the first random words decode or encode differently";
    if (all) {
      EXPECT_EQ(random.all, recorded_hashes[a].random)
          << name(arch) << ": the random words decode or encode differently";
    }
  }
}

}  // namespace
