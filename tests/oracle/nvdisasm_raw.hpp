// nvdisasm as an oracle for single Maxwell/Pascal words: `nvdisasm -b SMxy -hex` over a raw
// instruction binary. Maxwell and Pascal words come in bundles of four 64-bit words, the first a
// scheduling control word, so the words are laid out three to a bundle behind a fixed control
// word (padded with NOPs). nvdisasm prints nothing at all when one word of the file is invalid
// and names each invalid word's address on stderr, so those words are set aside (reported as
// invalid) and the rest disassembled again until it succeeds.
#pragma once

#include <cstdint>
#include <filesystem>
#include <fstream>
#include <map>
#include <optional>
#include <regex>
#include <set>
#include <stdexcept>
#include <string>
#include <vector>

#include "common/child_process.hpp"
#include "gpuatom/support/bits128.hpp"

namespace gpuatom::oracle {

inline constexpr uint64_t maxwell_control_word = 0x001f8000fc0007e0ULL;  // stall/yield bits only
inline constexpr uint64_t maxwell_nop = 0x50b0000000070f00ULL;            // NOP

// The byte offset of word `i` of the list in the laid-out binary (bundle, then slot 1–3).
inline uint64_t raw_offset(size_t i) { return (i / 3) * 32 + (i % 3 + 1) * 8; }
inline std::optional<size_t> raw_index(uint64_t offset) {
  if (offset % 32 == 0) return std::nullopt;  // a control word
  return (offset / 32) * 3 + (offset % 32) / 8 - 1;
}

// One run of nvdisasm over `words` as laid out above: the text of each word it printed (without
// the trailing ';'), and the indices it called invalid.
struct RawRun {
  std::map<size_t, std::string> text;
  std::set<size_t> invalid;
  std::string errors;
  int exit_code = 0;
};

inline RawRun run_nvdisasm_raw(const std::filesystem::path& nvdisasm, const std::string& arch,
                               const std::vector<uint64_t>& words) {
  const std::filesystem::path dir = testing::make_temporary_directory("gpuatom-nvdisasm");
  const std::filesystem::path bin = dir / "words.bin";
  {
    std::ofstream out(bin, std::ios::binary);
    auto put = [&](uint64_t w) { out.write(reinterpret_cast<const char*>(&w), 8); };  // little-endian host
    for (size_t i = 0; i < words.size(); i += 3) {
      put(maxwell_control_word);
      for (size_t j = i; j < i + 3; ++j) put(j < words.size() ? words[j] : maxwell_nop);
    }
  }
  testing::ChildOptions options;
  options.args = {nvdisasm.string(), "-b", arch, "-hex", bin.string()};
  options.kill_after_seconds = 300;
  const testing::ChildResult r = testing::run_child(options);
  std::filesystem::remove_all(dir);
  RawRun run;
  run.exit_code = r.exited ? r.exit_code : -1;
  run.errors = r.err;
  // "        /*0008*/   @!P2 ATOM.E.CAS.64 R8, [R6+-0x8], R12, R14;   /* 0xeef3ffff80ca0608 */"
  static const std::regex line(R"(^\s*/\*([0-9a-f]{4,})\*/\s*(.*?)\s*;\s*/\* 0x[0-9a-f]{16} \*/\s*$)");
  static const std::regex bad(R"(at address 0x([0-9a-f]+))");
  size_t start = 0;
  while (start < r.out.size()) {
    size_t end = r.out.find('\n', start);
    if (end == std::string::npos) end = r.out.size();
    const std::string one = r.out.substr(start, end - start);
    std::smatch m;
    if (std::regex_match(one, m, line))
      if (auto i = raw_index(std::stoull(m[1].str(), nullptr, 16)); i && *i < words.size()) run.text[*i] = m[2].str();
    start = end + 1;
  }
  for (auto it = std::sregex_iterator(r.err.begin(), r.err.end(), bad); it != std::sregex_iterator(); ++it)
    if (auto i = raw_index(std::stoull((*it)[1].str(), nullptr, 16)); i && *i < words.size()) run.invalid.insert(*i);
  return run;
}

// nvdisasm's text for each word, or nothing where it calls the word invalid.
inline std::vector<std::optional<std::string>> nvdisasm_words(const std::filesystem::path& nvdisasm,
                                                              const std::string& arch,
                                                              const std::vector<uint64_t>& words) {
  std::vector<std::optional<std::string>> result(words.size());
  std::vector<size_t> pending(words.size());
  for (size_t i = 0; i < words.size(); ++i) pending[i] = i;
  while (!pending.empty()) {
    std::vector<uint64_t> batch;
    for (size_t i : pending) batch.push_back(words[i]);
    const RawRun run = run_nvdisasm_raw(nvdisasm, arch, batch);
    if (run.exit_code == 0 && run.invalid.empty()) {
      for (size_t j = 0; j < pending.size(); ++j)
        if (auto t = run.text.find(j); t != run.text.end()) result[pending[j]] = t->second;
      break;
    }
    if (run.invalid.empty()) throw std::runtime_error("nvdisasm failed without naming a word: " + run.errors);
    std::vector<size_t> next;
    for (size_t j = 0; j < pending.size(); ++j)
      if (!run.invalid.count(j)) next.push_back(pending[j]);
    pending = std::move(next);
  }
  return result;
}

}  // namespace gpuatom::oracle

namespace gpuatom::oracle {

// The same for 128-bit words (sm_70 on): no control words, each word 16 bytes, low half first.
// nvdisasm's text of each, or nothing where it calls the word invalid.
inline std::vector<std::optional<std::string>> nvdisasm_words128(const std::filesystem::path& nvdisasm,
                                                                 const std::string& arch,
                                                                 const std::vector<support::Bits128>& words) {
  std::vector<std::optional<std::string>> result(words.size());
  std::vector<size_t> pending(words.size());
  for (size_t i = 0; i < words.size(); ++i) pending[i] = i;
  static const std::regex line(R"(^\s*/\*([0-9a-f]{4,})\*/\s*(.*?)\s*;\s*/\* 0x[0-9a-f]{16} \*/\s*$)");
  static const std::regex bad(R"(at address 0x([0-9a-f]+))");
  while (!pending.empty()) {
    const std::filesystem::path dir = testing::make_temporary_directory("gpuatom-nvdisasm");
    const std::filesystem::path bin = dir / "words.bin";
    {
      std::ofstream out(bin, std::ios::binary);
      for (size_t i : pending) {
        out.write(reinterpret_cast<const char*>(&words[i].lo), 8);  // little-endian host
        out.write(reinterpret_cast<const char*>(&words[i].hi), 8);
      }
    }
    testing::ChildOptions options;
    options.args = {nvdisasm.string(), "-b", arch, "-hex", bin.string()};
    options.kill_after_seconds = 300;
    const testing::ChildResult r = testing::run_child(options);
    std::filesystem::remove_all(dir);
    std::set<size_t> invalid;
    for (auto it = std::sregex_iterator(r.err.begin(), r.err.end(), bad); it != std::sregex_iterator(); ++it)
      invalid.insert(std::stoull((*it)[1].str(), nullptr, 16) / 16);
    if (r.exited && r.exit_code == 0 && invalid.empty()) {
      size_t start = 0;
      while (start < r.out.size()) {
        size_t end = r.out.find('\n', start);
        if (end == std::string::npos) end = r.out.size();
        const std::string one = r.out.substr(start, end - start);
        std::smatch m;
        if (std::regex_match(one, m, line))
          if (const size_t j = std::stoull(m[1].str(), nullptr, 16) / 16; j < pending.size()) result[pending[j]] = m[2].str();
        start = end + 1;
      }
      break;
    }
    if (invalid.empty()) throw std::runtime_error("nvdisasm failed without naming a word: " + r.err);
    std::vector<size_t> next;
    for (size_t j = 0; j < pending.size(); ++j)
      if (!invalid.count(j)) next.push_back(pending[j]);
    pending = std::move(next);
  }
  return result;
}

}  // namespace gpuatom::oracle
