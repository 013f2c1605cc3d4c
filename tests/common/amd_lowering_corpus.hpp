// The AMD lowering corpus (data/amd-lowering/clang-19.tsv, scripts/amd-lowering-corpus): one case
// per line, read into the model's terms, for the tests that hold `lower` against it.
#pragma once

#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "gpuatom/amd/lowering.hpp"

namespace amd_lowering_test {

struct CorpusCase {
  std::string line;  // as written, for messages
  std::string target;
  gpuatom::amd::HipAtomic atomic;
  gpuatom::amd::CompileFlags flags;
  std::string flags_name;
  std::string lowering;     // "instruction", "cas-loop", "expanded"
  std::string instruction;  // as clang printed it
  bool parsed = false;      // every column known
};

inline std::vector<std::string> split_tabs(const std::string& line) {
  std::vector<std::string> out;
  std::stringstream ss(line);
  std::string cell;
  while (std::getline(ss, cell, '\t')) out.push_back(cell);
  return out;
}

template <class Value>
bool read_name(std::span<const gpuatom::amd::Spelling<Value>> table, const std::string& text, Value& out) {
  for (const auto& s : table)
    if (s.name == text) {
      out = s.value;
      return true;
    }
  return false;
}

// One TSV line (not a comment or the header) into a case.
inline CorpusCase parse_case(const std::string& line) {
  using namespace gpuatom::amd;
  CorpusCase c;
  c.line = line;
  const std::vector<std::string> cells = split_tabs(line);
  if (cells.size() != 9) return c;
  c.target = cells[0];
  c.flags_name = cells[6];
  c.lowering = cells[7];
  c.instruction = cells[8];
  c.atomic.returned = cells[5] == "returned";
  c.flags.unsafe_fp_atomics = cells[6] == "unsafe-fp-atomics";
  c.flags.flush_denormals = cells[6] == "flush-denormals";
  const bool known_flags = cells[6] == "none" || c.flags.unsafe_fp_atomics || c.flags.flush_denormals;
  c.parsed = known_flags && (cells[5] == "returned" || cells[5] == "unused") &&
             read_name(hip_op_spellings(), cells[1], c.atomic.op) &&
             read_name(hip_type_spellings(), cells[2], c.atomic.type) &&
             read_name(hip_scope_spellings(), cells[3], c.atomic.scope) &&
             read_name(address_space_spellings(), cells[4], c.atomic.memory);
  return c;
}

inline std::vector<CorpusCase> read_corpus(const std::string& path) {
  std::vector<CorpusCase> out;
  std::ifstream in(path);
  std::string line;
  while (std::getline(in, line)) {
    if (line.empty() || line[0] == '#' || line.rfind("target\t", 0) == 0) continue;
    out.push_back(parse_case(line));
  }
  return out;
}

inline std::string corpus_path() { return std::string(GPUATOM_SOURCE_DIR) + "/data/amd-lowering/clang-19.tsv"; }

}  // namespace amd_lowering_test
