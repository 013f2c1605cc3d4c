// The committed llvm-mc 19 verdicts on AMD words (data/amd-isa/words/<target>.txt, written by
// scripts/amd-isa-words), and the comparison of gpuatom's decoder and encoder with them; shared by
// tests/amd-isa/binary_words_test.cpp (committed files) and tests/oracle/amd_isa_binary_test.cpp
// (a fresh sample).
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "gpuatom/amd/isa/target.hpp"

namespace amd_words {

struct Word {
  char kind = 'r';             // r: row-directed, u: uniform
  std::vector<uint8_t> bytes;  // as fed to llvm-mc
  unsigned size = 0;           // what llvm-mc decoded (0: refused)
  std::string record;          // llvm-mc's opcode record, "-" when refused
  std::vector<uint8_t> encoding;  // llvm-mc's re-encoding
  std::string text;
};

std::vector<Word> parse_words(const std::string& content);
std::vector<Word> read_words(const std::string& path);

struct Verdict {
  bool agree = false;
  std::string kind;    // the disagreement class ("" when agreeing)
  std::string detail;  // one example's particulars
  bool round_trip_differs_from_llvm = false;  // an anomaly: llvm-mc's re-encoding differs from the word
};
Verdict judge(const Word& word, const gpuatom::amd::isa::Target& target);

struct Tally {
  size_t words = 0, agree = 0, llvm_decoded_atomic = 0, llvm_not_round_trip = 0;
  std::map<std::string, size_t> classes;
  std::map<std::string, std::string> examples;
  double agreement() const { return words ? 100.0 * static_cast<double>(agree) / static_cast<double>(words) : 100.0; }
};
Tally tally(const std::vector<Word>& words, const gpuatom::amd::isa::Target& target, char only_kind = 0);

}  // namespace amd_words
