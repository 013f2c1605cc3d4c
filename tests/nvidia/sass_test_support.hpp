// Helpers shared by the NVIDIA SASS tests: the conformance corpora and one-line parsing.
#pragma once

#include <gtest/gtest.h>

#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "gpuatom/nvidia/instruction.hpp"
#include "gpuatom/nvidia/text/parser.hpp"
#include "gpuatom/nvidia/validator.hpp"

namespace sass_test {

inline std::string conformance_path(const std::string& name) {
  return std::string(GPUATOM_SOURCE_DIR) + "/tests/conformance/nvidia/" + name;
}

// The lines of a corpus file, without blank lines and lines starting with `skip_prefix`.
inline std::vector<std::string> corpus_lines(const std::string& name, const std::string& skip_prefix) {
  std::ifstream in(conformance_path(name));
  EXPECT_TRUE(in) << conformance_path(name);
  std::vector<std::string> lines;
  std::string line;
  while (std::getline(in, line))
    if (!line.empty() && line.rfind(skip_prefix, 0) != 0) lines.push_back(line);
  return lines;
}

struct WordLine {
  uint64_t word;
  std::string text;
};

// words.txt: "0xWORD TEXT" per line, '#' comments.
inline std::vector<WordLine> word_lines() {
  std::vector<WordLine> out;
  for (const std::string& line : corpus_lines("words.txt", "#")) {
    const size_t space = line.find(' ');
    out.push_back({std::stoull(line.substr(0, space), nullptr, 16), line.substr(space + 1)});
  }
  return out;
}

struct ArchWordLine {
  std::string arch;
  uint64_t word;
  std::string text;  // nvdisasm's text, or "<invalid>"
};

// nvdisasm-words.txt: "ARCH 0xWORD TEXT" per line, '#' comments.
inline std::vector<ArchWordLine> nvdisasm_word_lines() {
  std::vector<ArchWordLine> out;
  for (const std::string& line : corpus_lines("nvdisasm-words.txt", "#")) {
    const size_t a = line.find(' '), b = line.find(' ', a + 1);
    out.push_back({line.substr(0, a), std::stoull(line.substr(a + 1, b - a - 1), nullptr, 16), line.substr(b + 1)});
  }
  return out;
}

// Parses one line that must parse; fails the test otherwise.
inline gpuatom::nvidia::Instruction parse_one(const std::string& line) {
  const auto parsed = gpuatom::nvidia::parse_sass(line, "t.sass");
  EXPECT_FALSE(parsed.diagnostics.has_errors()) << line << "\n" << parsed.diagnostics.format_all();
  EXPECT_EQ(parsed.instructions.size(), 1u) << line;
  return parsed.instructions.empty() ? gpuatom::nvidia::Instruction{} : parsed.instructions.front();
}

// Everything check_sass says about one line, formatted.
inline std::string check(const std::string& line) {
  return gpuatom::nvidia::check_sass(line, "t.sass").diagnostics.format_all();
}

}  // namespace sass_test
