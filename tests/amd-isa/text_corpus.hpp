// The assembly corpus llvm-mc 19 judged (data/amd-isa/asm/<target>.txt, scripts/amd-isa-asm-corpus)
// and the comparison of gpuatom's parse and print with it (docs/spec/amd-isa.md §7), shared by the
// corpus test and the oracle test.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include "gpuatom/amd/isa/target.hpp"

namespace gpuatom::amd::isa::testing {

struct CorpusLine {
  std::string input;
  bool accepted = false;
  std::string echo, bytes, disassembly;  // accepted
  std::string error;                     // refused
};
std::vector<CorpusLine> read_corpus(const std::string& path);
std::vector<CorpusLine> parse_corpus(const std::string& text);

// How gpuatom's reading of one line compares with llvm-mc's.
enum class Verdict {
  agree_accept,        // both accept; gpuatom's print of its parse equals llvm-mc's disassembly of its bytes
  agree_refuse,        // both refuse
  quirk_refused,       // llvm-mc accepts but its bytes do not say what was written; gpuatom refuses (§3)
  disassembly_differs, // both accept; gpuatom prints llvm-mc's echo, the disassembler prints otherwise (§3)
  disagree,
};
struct Judgement {
  Verdict verdict = Verdict::disagree;
  std::string detail;
};
Judgement judge(const CorpusLine& line, const Target& target);

}  // namespace gpuatom::amd::isa::testing
