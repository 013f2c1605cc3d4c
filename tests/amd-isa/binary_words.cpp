#include "binary_words.hpp"

#include <fstream>
#include <set>
#include <sstream>
#include <variant>

#include "gpuatom/amd/isa/binary.hpp"
#include "gpuatom/amd/isa/encoding_table.hpp"

namespace amd_words {
namespace {

std::vector<uint8_t> hex_bytes(const std::string& hex) {
  std::vector<uint8_t> out;
  if (hex == "-") return out;
  for (size_t i = 0; i + 1 < hex.size(); i += 2) out.push_back(static_cast<uint8_t>(std::stoul(hex.substr(i, 2), nullptr, 16)));
  return out;
}

std::string hex_of(const std::vector<uint8_t>& bytes) {
  static const char digits[] = "0123456789abcdef";
  std::string out;
  for (uint8_t b : bytes) {
    out += digits[b >> 4];
    out += digits[b & 15];
  }
  return out;
}

const std::set<std::string>& atomic_records() {
  static const std::set<std::string> records = [] {
    std::set<std::string> s;
    for (const auto& e : gpuatom::amd::isa::encodings()) s.insert(std::string(e.record));
    return s;
  }();
  return records;
}

}  // namespace

std::vector<Word> parse_words(const std::string& content) {
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
    w.bytes = hex_bytes(hex);
    w.encoding = hex_bytes(encoding);
    std::getline(fields, w.text);
    if (!w.text.empty() && w.text[0] == ' ') w.text.erase(0, 1);
    out.push_back(std::move(w));
  }
  return out;
}

std::vector<Word> read_words(const std::string& path) {
  std::ifstream in(path);
  std::stringstream ss;
  ss << in.rdbuf();
  return parse_words(ss.str());
}

Verdict judge(const Word& word, const gpuatom::amd::isa::Target& target) {
  using namespace gpuatom::amd::isa;
  Verdict v;
  const auto result = decode(word.bytes, target);
  const bool llvm_atomic = word.size > 0 && atomic_records().count(word.record);
  if (!llvm_atomic) {
    // llvm-mc refuses the word or reads another instruction: gpuatom must say it is no atomic.
    if (const auto* ins = std::get_if<Instruction>(&result)) {
      v.kind = word.size ? "decoded an atomic where llvm-mc reads a non-atomic" : "decoded a word llvm-mc refuses";
      v.detail = hex_of(word.bytes) + ": gpuatom " + std::string(ins->encoding->record) + ", llvm-mc " + word.record;
      return v;
    }
    v.agree = true;
    return v;
  }
  const auto* ins = std::get_if<Instruction>(&result);
  if (!ins) {
    v.kind = "refused a word llvm-mc decodes as an atomic";
    v.detail = hex_of(word.bytes) + " (" + word.record + "): " + std::get<DecodeRefusal>(result).reason;
    return v;
  }
  if (ins->encoding->record != word.record) {
    v.kind = "another record";
    v.detail = hex_of(word.bytes) + ": gpuatom " + std::string(ins->encoding->record) + ", llvm-mc " + word.record;
    return v;
  }
  const std::vector<uint8_t> again = encode(*ins);
  if (again.size() != word.size) {
    v.kind = "another size";
    v.detail = hex_of(word.bytes) + " " + word.record + ": " + std::to_string(again.size()) + " vs " + std::to_string(word.size);
    return v;
  }
  // llvm-mc re-encodes what it decoded (-show-encoding): gpuatom's encode(decode(w)) must equal
  // it; where it differs from w, llvm-mc itself does not round-trip those bits (an anomaly).
  const std::vector<uint8_t> head(word.bytes.begin(), word.bytes.begin() + static_cast<long>(word.size));
  v.round_trip_differs_from_llvm = word.encoding != head;
  if (again != word.encoding) {
    v.kind = "re-encoding differs from llvm-mc's";
    v.detail = hex_of(word.bytes) + " " + word.record + ": gpuatom " + hex_of(again) + ", llvm-mc " + hex_of(word.encoding);
    return v;
  }
  v.agree = true;
  return v;
}

Tally tally(const std::vector<Word>& words, const gpuatom::amd::isa::Target& target, char only_kind) {
  Tally t;
  for (const Word& w : words) {
    if (only_kind && w.kind != only_kind) continue;
    ++t.words;
    if (w.size && atomic_records().count(w.record)) ++t.llvm_decoded_atomic;
    const Verdict v = judge(w, target);
    if (v.round_trip_differs_from_llvm) ++t.llvm_not_round_trip;
    if (v.agree) {
      ++t.agree;
    } else {
      ++t.classes[v.kind];
      t.examples.emplace(v.kind, v.detail);
    }
  }
  return t;
}

}  // namespace amd_words
