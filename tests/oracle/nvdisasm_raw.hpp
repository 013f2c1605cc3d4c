// nvdisasm as an oracle for single words: `nvdisasm -b SMxy -hex` over a raw instruction binary.
// nvdisasm prints nothing at all when one word of the file is invalid and names each invalid
// word's address on stderr, so those words are set aside (reported as invalid) and the rest
// disassembled again until it succeeds. Two layouts:
//
//   - Maxwell and Pascal words come in bundles of four 64-bit words, the first a scheduling
//     control word, so the words are laid out three to a bundle behind a fixed control word
//     (padded with NOPs);
//   - 128-bit words (sm_70 on) carry their control bits inside: 16 bytes each, low half first.
#pragma once

#include <cstdint>
#include <filesystem>
#include <fstream>
#include <optional>
#include <regex>
#include <set>
#include <stdexcept>
#include <string>
#include <vector>

#include "common/child_process.hpp"
#include "gpuatom/nvidia/architecture.hpp"
#include "gpuatom/support/bits128.hpp"

namespace gpuatom::oracle {

inline constexpr uint64_t maxwell_control_word = 0x001f8000fc0007e0ULL;  // stall/yield bits only
inline constexpr uint64_t maxwell_nop = 0x50b0000000070f00ULL;           // NOP

// nvdisasm's text for each of `count` words, or nothing where it calls the word invalid.
// `write(out, indices)` writes the words of `indices` as one raw binary; `index_of(address)` is
// the position in `indices` of the word printed at that byte address (nothing for padding).
template <typename Write, typename IndexOf>
std::vector<std::optional<std::string>> nvdisasm_each(const std::filesystem::path& nvdisasm, const std::string& arch,
                                                      size_t count, Write write, IndexOf index_of) {
  // "        /*0008*/   @!P2 ATOM.E.CAS.64 R8, [R6+-0x8], R12, R14;   /* 0xeef3ffff80ca0608 */"
  static const std::regex line(R"(^\s*/\*([0-9a-f]{4,})\*/\s*(.*?)\s*;\s*/\* 0x[0-9a-f]{16} \*/\s*$)");
  static const std::regex bad(R"(at address 0x([0-9a-f]+))");
  std::vector<std::optional<std::string>> result(count);
  std::vector<size_t> pending(count);
  for (size_t i = 0; i < count; ++i) pending[i] = i;
  while (!pending.empty()) {
    const std::filesystem::path dir = testing::make_temporary_directory("gpuatom-nvdisasm");
    const std::filesystem::path bin = dir / "words.bin";
    {
      std::ofstream out(bin, std::ios::binary);
      write(out, pending);
    }
    testing::ChildOptions options;
    options.args = {nvdisasm.string(), "-b", arch, "-hex", bin.string()};
    options.kill_after_seconds = 300;
    const testing::ChildResult r = testing::run_child(options);
    std::filesystem::remove_all(dir);
    std::set<size_t> invalid;
    for (auto it = std::sregex_iterator(r.err.begin(), r.err.end(), bad); it != std::sregex_iterator(); ++it)
      if (const std::optional<size_t> j = index_of(std::stoull((*it)[1].str(), nullptr, 16)); j && *j < pending.size())
        invalid.insert(*j);
    if (r.exited && r.exit_code == 0 && invalid.empty()) {
      size_t start = 0;
      while (start < r.out.size()) {
        size_t end = r.out.find('\n', start);
        if (end == std::string::npos) end = r.out.size();
        const std::string one = r.out.substr(start, end - start);
        std::smatch m;
        if (std::regex_match(one, m, line))
          if (const std::optional<size_t> j = index_of(std::stoull(m[1].str(), nullptr, 16)); j && *j < pending.size())
            result[pending[*j]] = m[2].str();
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

// Maxwell/Pascal: word `j` of a batch sits in bundle j / 3, slot j % 3 + 1.
inline std::vector<std::optional<std::string>> nvdisasm_words(const std::filesystem::path& nvdisasm,
                                                              const std::string& arch,
                                                              const std::vector<uint64_t>& words) {
  const auto write = [&](std::ofstream& out, const std::vector<size_t>& indices) {
    const auto put = [&](uint64_t w) { out.write(reinterpret_cast<const char*>(&w), 8); };  // little-endian host
    for (size_t j = 0; j < indices.size(); j += 3) {
      put(maxwell_control_word);
      for (size_t k = j; k < j + 3; ++k) put(k < indices.size() ? words[indices[k]] : maxwell_nop);
    }
  };
  const auto index_of = [](uint64_t offset) -> std::optional<size_t> {
    if (offset % 32 == 0) return std::nullopt;  // a control word
    return (offset / 32) * 3 + (offset % 32) / 8 - 1;
  };
  return nvdisasm_each(nvdisasm, arch, words.size(), write, index_of);
}

// sm_70 on: word `j` of a batch at byte 16 j.
inline std::vector<std::optional<std::string>> nvdisasm_words128(const std::filesystem::path& nvdisasm,
                                                                 const std::string& arch,
                                                                 const std::vector<support::Bits128>& words) {
  const auto write = [&](std::ofstream& out, const std::vector<size_t>& indices) {
    for (size_t i : indices) {
      out.write(reinterpret_cast<const char*>(&words[i].lo), 8);  // little-endian host
      out.write(reinterpret_cast<const char*>(&words[i].hi), 8);
    }
  };
  const auto index_of = [](uint64_t offset) -> std::optional<size_t> { return offset / 16; };
  return nvdisasm_each(nvdisasm, arch, words.size(), write, index_of);
}

// nvdisasm pads some operands into columns; one space stands for any run of them.
inline std::string squeeze(const std::string& text) {
  std::string out;
  for (char c : text) {
    if (c == ' ' && (out.empty() || out.back() == ' ')) continue;
    out += c;
  }
  while (!out.empty() && out.back() == ' ') out.pop_back();
  return out;
}

// What nvdisasm 11.8 and 13.0 print differently for the same word: on Hopper 13.0 prints a
// 64-bit address's desc[URn], 11.8 does not; on sm_86 … sm_90 11.8 prints bits 102–103 as ?PMn
// after the operands, 13.0 prints nothing. gpuatom follows 13.0; a text compared with the 11.8
// tools' has both set aside (docs/oracles.md).
inline std::string as_cuda118_prints(std::string text, nvidia::Architecture arch) {
  static const std::regex hint(R"( \?PM[0-3])");
  text = std::regex_replace(text, hint, "");
  if (nvidia::generation(arch) == nvidia::Generation::hopper) {
    static const std::regex descriptor(R"(desc\[UR(\d+|Z)\])");
    text = std::regex_replace(text, descriptor, "");
  }
  return text;
}

}  // namespace gpuatom::oracle
