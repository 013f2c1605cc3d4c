// The committed llvm-mc 19 verdicts on AMD words (data/amd-isa/words/<target>.txt, written by
// scripts/amd-isa-words), and the comparison of gpuatom's decoder and encoder with them; shared by
// tests/amd-isa/binary_words_test.cpp (committed files) and tests/oracle/amd_isa_binary_test.cpp
// (a fresh sample).
#pragma once

#include <algorithm>
#include <cstdint>
#include <fstream>
#include <map>
#include <set>
#include <sstream>
#include <string>
#include <variant>
#include <vector>

#include "gpuatom/amd/isa/binary.hpp"
#include "gpuatom/amd/isa/encoding_table.hpp"
#include "gpuatom/amd/isa/target.hpp"

namespace amd_words {

struct Word {
  char kind = 'r';                // r: row-directed, u: uniform
  std::vector<uint8_t> bytes;     // as fed to llvm-mc
  unsigned size = 0;              // what llvm-mc decoded (0: refused)
  std::string record;             // llvm-mc's opcode record, "-" when refused
  std::vector<uint8_t> encoding;  // llvm-mc's re-encoding
  std::string text;
};

struct Verdict {
  bool agree = false;
  std::string kind;                           // the disagreement class ("" when agreeing)
  std::string detail;                         // one example's particulars
  bool round_trip_differs_from_llvm = false;  // llvm-mc's re-encoding differs from the word
  std::string anomaly;                        // a listed llvm-mc anomaly this agreeing word shows (docs/oracles.md)
};

struct Tally {
  size_t words = 0, agree = 0, llvm_decoded_atomic = 0, llvm_not_round_trip = 0, llvm_crashed = 0;
  std::map<std::string, size_t> classes;
  std::map<std::string, std::string> examples;
  std::map<std::string, size_t> anomalies;
  double agreement() const { return words ? 100.0 * static_cast<double>(agree) / static_cast<double>(words) : 100.0; }
};

namespace words_detail {

inline std::vector<uint8_t> hex_bytes(const std::string& hex) {
  std::vector<uint8_t> out;
  if (hex == "-") return out;
  for (size_t i = 0; i + 1 < hex.size(); i += 2)
    out.push_back(static_cast<uint8_t>(std::stoul(hex.substr(i, 2), nullptr, 16)));
  return out;
}

inline std::string hex_of(const std::vector<uint8_t>& bytes) {
  static const char digits[] = "0123456789abcdef";
  std::string out;
  for (uint8_t b : bytes) {
    out += digits[b >> 4];
    out += digits[b & 15];
  }
  return out;
}

inline const std::set<std::string>& atomic_records() {
  static const std::set<std::string> records = [] {
    std::set<std::string> s;
    for (const auto& e : gpuatom::amd::isa::encodings()) s.insert(std::string(e.record));
    return s;
  }();
  return records;
}

}  // namespace words_detail

inline std::vector<Word> parse_words(const std::string& content) {
  std::vector<Word> out;
  std::istringstream in(content);
  std::string line;
  while (std::getline(in, line)) {
    if (line.empty() || line[0] == '#') continue;
    std::istringstream fields(line);
    Word w;
    std::string kind, hex, encoding;
    fields >> kind >> hex >> w.size >> w.record >> encoding;
    w.kind = kind.empty() ? '?' : kind[0];
    w.bytes = words_detail::hex_bytes(hex);
    w.encoding = words_detail::hex_bytes(encoding);
    std::getline(fields, w.text);
    if (!w.text.empty() && w.text[0] == ' ') w.text.erase(0, 1);
    out.push_back(std::move(w));
  }
  return out;
}

inline std::vector<Word> read_words(const std::string& path) {
  std::ifstream in(path);
  std::stringstream ss;
  ss << in.rdbuf();
  return parse_words(ss.str());
}

inline Verdict judge(const Word& word, const gpuatom::amd::isa::Target& target) {
  using namespace gpuatom::amd::isa;
  Verdict v;
  // llvm-mc saw the word followed by scripts/amd-isa-words' padding (four `s_nop 5` and a
  // `s_nop 6`): a literal operand is read from it.
  std::vector<uint8_t> stream = word.bytes;
  for (int i = 0; i < 5; ++i) stream.insert(stream.end(), {static_cast<uint8_t>(i == 4 ? 6 : 5), 0x00, 0x80, 0xbf});
  const auto result = decode(stream, target);
  const bool llvm_atomic = word.size > 0 && words_detail::atomic_records().count(word.record);
  if (!llvm_atomic) {
    // llvm-mc refuses the word or reads another instruction: gpuatom must say it is no atomic.
    if (const auto* ins = std::get_if<Instruction>(&result)) {
      v.kind = word.size ? "decoded an atomic where llvm-mc reads a non-atomic" : "decoded a word llvm-mc refuses";
      v.detail = words_detail::hex_of(word.bytes) + ": gpuatom " + std::string(ins->encoding->record) + ", llvm-mc " +
                 word.record;
      return v;
    }
    v.agree = true;
    return v;
  }
  const auto* ins = std::get_if<Instruction>(&result);
  if (!ins) {
    v.kind = "refused a word llvm-mc decodes as an atomic";
    v.detail = words_detail::hex_of(word.bytes) + " (" + word.record + "): " + std::get<DecodeRefusal>(result).reason;
    return v;
  }
  if (ins->encoding->record != word.record) {
    v.kind = "another record";
    v.detail = words_detail::hex_of(word.bytes) + ": gpuatom " + std::string(ins->encoding->record) + ", llvm-mc " +
               word.record;
    return v;
  }
  std::vector<uint8_t> again = encode(*ins);
  // Anomaly: a scalar register field holding an inline constant or a literal (GFX12 VIMAGE rsrc is
  // 9 bits wide) is decoded, printed "Invalid immediate", and re-encoded by llvm-mc as other bits
  // there, without the literal dword it read; gpuatom keeps the word's bits. Every other bit must
  // agree.
  std::string anomaly;
  for (size_t i = 0; i < ins->encoding->operands.size(); ++i) {
    const OperandSlot& slot = ins->encoding->operands[i];
    const Field* field = ins->encoding->field(slot.name);
    if (slot.kind != OperandKind::sgpr || ins->values[i] < 128 || ins->values[i] >= 256 || !field) continue;
    const std::vector<uint8_t> ours(again.begin(),
                                    again.begin() + static_cast<long>(std::min(again.size(), size_t{word.size})));
    if (ins->literal && again.size() == word.size + 4 && again.size() <= stream.size() &&
        std::equal(again.begin() + word.size, again.end(), stream.begin() + word.size))
      again = ours;  // llvm-mc's size leaves the literal out
    if (again.size() != word.encoding.size()) break;
    std::vector<uint8_t> field_mask(again.size(), 0);
    for (const FieldRun& r : field->runs)
      for (unsigned b = r.instruction_bit; b < r.instruction_bit + r.length; ++b)
        field_mask[b / 8] |= static_cast<uint8_t>(1u << (b % 8));
    bool same_elsewhere = true, ours_is_the_word = true;
    for (size_t k = 0; k < again.size(); ++k) {
      if ((again[k] ^ word.encoding[k]) & ~field_mask[k]) same_elsewhere = false;
      if ((again[k] ^ stream[k]) & field_mask[k]) ours_is_the_word = false;
    }
    if (same_elsewhere && ours_is_the_word && again != word.encoding)
      anomaly = ins->literal ? "llvm-mc reads a literal for a scalar register field and re-encodes neither"
                             : "llvm-mc re-encodes an inline constant in a scalar register field as other bits";
    break;
  }
  if (!anomaly.empty()) {
    v.agree = true;
    v.anomaly = anomaly;
    return v;
  }
  if (again.size() != word.size) {
    v.kind = "another size";
    v.detail = words_detail::hex_of(word.bytes) + " " + word.record + ": " + std::to_string(again.size()) + " vs " +
               std::to_string(word.size);
    return v;
  }
  // llvm-mc re-encodes what it decoded (-show-encoding): gpuatom's encode(decode(w)) must equal
  // it; where it differs from w, llvm-mc itself does not round-trip those bits.
  const std::vector<uint8_t> head(stream.begin(), stream.begin() + static_cast<long>(word.size));
  v.round_trip_differs_from_llvm = word.encoding != head;
  if (again != word.encoding) {
    v.kind = "re-encoding differs from llvm-mc's";
    v.detail = words_detail::hex_of(word.bytes) + " " + word.record + ": gpuatom " + words_detail::hex_of(again) +
               ", llvm-mc " + words_detail::hex_of(word.encoding);
    return v;
  }
  v.agree = true;
  return v;
}

inline Tally tally(const std::vector<Word>& words, const gpuatom::amd::isa::Target& target, char only_kind = 0) {
  Tally t;
  for (const Word& w : words) {
    if (only_kind && w.kind != only_kind) continue;
    if (w.record == "CRASH") {  // llvm-mc 19 crashed on the word: no verdict to compare with
      ++t.llvm_crashed;
      continue;
    }
    ++t.words;
    if (w.size && words_detail::atomic_records().count(w.record)) ++t.llvm_decoded_atomic;
    const Verdict v = judge(w, target);
    if (v.round_trip_differs_from_llvm) ++t.llvm_not_round_trip;
    if (v.agree) {
      ++t.agree;
      if (!v.anomaly.empty()) ++t.anomalies[v.anomaly];
    } else {
      ++t.classes[v.kind];
      t.examples.emplace(v.kind, v.detail);
    }
  }
  return t;
}

}  // namespace amd_words
