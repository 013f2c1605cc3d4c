// What the PTX oracle test reads out of NVIDIA's tools: the atomic lines of a disassembly
// listing. (The code sections of a cubin are the library's: nvidia/cubin.hpp.)
//
// Listings (`cuobjdump -sass`, `nvdisasm`) print one instruction per line behind its address,
// "/*00a8*/  @P0 ATOMG.E.ADD.STRONG.GPU PT, R4, [R2.64], R5 ;  /* 0x… */". Maxwell and Pascal
// listings also mark dual-issued pairs with braces: the first instruction of a pair is preceded by
// "{", the second is printed without its ';' and followed by "}". The braces are the listing's,
// not the instruction's, so they are dropped; what remains is the instruction as printed. Lines
// are kept when their opcode is ATOM, ATOMG, ATOMS, RED, REDG, SUATOM or SURED, as
// scripts/extract-harness-sass keeps them.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "common/child_process.hpp"
#include "gpuatom/support/bits128.hpp"

namespace gpuatom::oracle {

inline std::string_view trim(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t' || s.back() == '\r')) s.remove_suffix(1);
  return s;
}

// The instruction text of one listing line, or nothing for a line that holds none.
inline std::optional<std::string> listing_instruction(std::string_view line) {
  line = trim(line);
  if (line.size() < 4 || line.substr(0, 2) != "/*") return std::nullopt;
  const size_t close = line.find("*/");
  if (close == std::string_view::npos) return std::nullopt;
  const std::string_view address = line.substr(2, close - 2);
  if (address.empty() || address.find_first_not_of("0123456789abcdef") != std::string_view::npos) return std::nullopt;
  std::string_view text = trim(line.substr(close + 2));
  if (const size_t comment = text.find("/*"); comment != std::string_view::npos) text = trim(text.substr(0, comment));
  if (!text.empty() && text.front() == '{') text = trim(text.substr(1));
  if (!text.empty() && text.back() == '}') text = trim(text.substr(0, text.size() - 1));
  if (text.empty()) return std::nullopt;
  return std::string(text);
}

// Whether an instruction text is one of the atomics: its opcode after an optional guard.
inline bool is_atomic(std::string_view text) {
  if (!text.empty() && text.front() == '@') {
    const size_t space = text.find(' ');
    if (space == std::string_view::npos) return false;
    text = trim(text.substr(space));
  }
  const std::string_view opcode = text.substr(0, text.find_first_of(" ."));
  for (const char* atomic : {"ATOM", "ATOMG", "ATOMS", "RED", "REDG", "REDAS", "SUATOM", "SURED"})
    if (opcode == atomic) return true;
  return false;
}

// Every atomic instruction of a listing, in order (repeats kept).
inline std::vector<std::string> atomic_lines(std::string_view listing) {
  std::vector<std::string> out;
  size_t start = 0;
  while (start < listing.size()) {
    size_t end = listing.find('\n', start);
    if (end == std::string_view::npos) end = listing.size();
    if (auto text = listing_instruction(listing.substr(start, end - start)); text && is_atomic(*text))
      out.push_back(std::move(*text));
    start = end + 1;
  }
  return out;
}

// The atomic instructions of a Maxwell/Pascal `cuobjdump -sass` listing with their 64-bit words:
// cuobjdump prints each instruction's encoding behind it ("… ;  /* 0xec1002c000470fff */"), and
// each scheduling control word on a line of its own.
struct ListedWord {
  std::string text;
  uint64_t word;
};
inline std::vector<ListedWord> atomic_words(std::string_view listing) {
  std::vector<ListedWord> out;
  size_t start = 0;
  while (start < listing.size()) {
    size_t end = listing.find('\n', start);
    if (end == std::string_view::npos) end = listing.size();
    const std::string_view line = listing.substr(start, end - start);
    start = end + 1;
    auto text = listing_instruction(line);
    const size_t hex = line.rfind("/* 0x");
    if (!text || !is_atomic(*text) || hex == std::string_view::npos || hex + 21 > line.size()) continue;
    out.push_back({std::move(*text), std::stoull(std::string(line.substr(hex + 5, 16)), nullptr, 16)});
  }
  return out;
}

// The same for sm_70 and later: cuobjdump prints a 128-bit word's low half behind the instruction
// and its high half on the next line ("/* 0x000ea800001ee1ff */").
struct ListedWord128 {
  std::string text;
  support::Bits128 word;
};
inline std::vector<ListedWord128> atomic_words128(std::string_view listing) {
  std::vector<ListedWord128> out;
  std::vector<std::string_view> lines;
  size_t start = 0;
  while (start < listing.size()) {
    size_t end = listing.find('\n', start);
    if (end == std::string_view::npos) end = listing.size();
    lines.push_back(listing.substr(start, end - start));
    start = end + 1;
  }
  const auto word_at = [](std::string_view line) -> std::optional<uint64_t> {
    const size_t hex = line.rfind("/* 0x");
    if (hex == std::string_view::npos || hex + 21 > line.size()) return std::nullopt;
    return std::stoull(std::string(line.substr(hex + 5, 16)), nullptr, 16);
  };
  for (size_t i = 0; i + 1 < lines.size(); ++i) {
    auto text = listing_instruction(lines[i]);
    if (!text || !is_atomic(*text)) continue;
    const auto lo = word_at(lines[i]), hi = word_at(lines[i + 1]);
    if (lo && hi) out.push_back({std::move(*text), {*lo, *hi}});
  }
  return out;
}

}  // namespace gpuatom::oracle
