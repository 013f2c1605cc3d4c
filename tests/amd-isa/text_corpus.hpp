// The assembly corpus llvm-mc 19 judged (data/amd-isa/asm/<target>.txt, scripts/amd-isa-asm-corpus)
// and the comparison of gpuatom's parse and print with it (docs/spec/amd-isa.md §10), shared by the
// corpus test (tests/amd-isa) and the oracle test (tests/oracle): header-only, as each test folder
// is one binary.
#pragma once

#include <algorithm>
#include <cstddef>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "gpuatom/amd/isa/binary.hpp"
#include "gpuatom/amd/isa/target.hpp"
#include "gpuatom/amd/isa/text.hpp"

namespace gpuatom::amd::isa::testing {

struct CorpusLine {
  std::string input;
  bool accepted = false;
  std::string echo, bytes, disassembly;  // accepted
  std::string error;                     // refused
};

// How gpuatom's reading of one line compares with llvm-mc's.
enum class Verdict {
  agree_accept,         // both accept; gpuatom's print of its parse equals llvm-mc's disassembly of its bytes
  agree_refuse,         // both refuse
  quirk_refused,        // llvm-mc accepts but its bytes do not say what was written; gpuatom refuses (§3)
  disassembly_differs,  // both accept; gpuatom prints llvm-mc's echo, the disassembler prints otherwise (§3)
  disagree,
};
struct Judgement {
  Verdict verdict = Verdict::disagree;
  std::string detail;
};

inline std::vector<CorpusLine> parse_corpus(const std::string& text) {
  std::vector<CorpusLine> out;
  std::istringstream in(text);
  std::string line;
  while (std::getline(in, line)) {
    if (line.empty() || line[0] == '#') continue;
    std::vector<std::string> cols;
    std::istringstream fields(line);
    std::string f;
    while (std::getline(fields, f, '\t')) cols.push_back(f);
    if (cols.size() < 2) continue;
    CorpusLine c;
    c.input = cols[0];
    c.accepted = cols[1] == "ok";
    if (c.accepted && cols.size() >= 5) {
      c.echo = cols[2];
      c.bytes = cols[3];
      c.disassembly = cols[4];
    } else if (!c.accepted && cols.size() >= 4) {
      c.error = cols[3];
    }
    out.push_back(std::move(c));
  }
  return out;
}

inline std::vector<CorpusLine> read_corpus(const std::string& path) {
  std::ifstream in(path);
  std::stringstream buffer;
  buffer << in.rdbuf();
  return parse_corpus(buffer.str());
}

namespace detail {

// Whether llvm-mc's bytes (hex, as the corpus writes them) carry the row's fixed bits: the parser
// chose the encoding llvm-mc emitted. GFX10+ image NSA forms are longer than the row's `bytes` (the
// extra address registers follow in further dwords), so only the row's first bytes are compared.
inline bool bytes_fit_row(const std::string& hex, const Encoding& e) {
  if (hex.size() < 2u * e.bytes) return false;
  Bits bits{};
  for (size_t i = 0; i < e.bytes; ++i) {
    const uint64_t byte = std::stoul(hex.substr(2 * i, 2), nullptr, 16);
    bits[i / 8] |= byte << (8 * (i % 8));
  }
  return (bits[0] & e.fixed_mask[0]) == e.fixed_value[0] && (bits[1] & e.fixed_mask[1]) == e.fixed_value[1];
}

}  // namespace detail

inline Judgement judge(const CorpusLine& line, const Target& target) {
  const Program p = parse(line.input, target);
  const bool has_error = std::any_of(p.diagnostics.begin(), p.diagnostics.end(), [](const support::Diagnostic& d) {
    return d.severity == support::Severity::error;
  });
  const bool parsed = p.instructions.size() == 1 && !has_error;
  if (!line.accepted) {
    if (!parsed && !p.diagnostics.empty()) return {Verdict::agree_refuse, ""};
    return {Verdict::disagree, "llvm-mc refuses (" + line.error +
                                   "), gpuatom accepts: " + (parsed ? print(p.instructions[0], target) : "?")};
  }
  if (!parsed) {
    const std::string why = p.diagnostics.empty() ? "no diagnostic" : format(p.diagnostics[0]);
    if (!p.diagnostics.empty() && p.diagnostics[0].rule == "docs/spec/amd-isa.md §3" && line.echo != line.disassembly)
      return {Verdict::quirk_refused, why};
    return {Verdict::disagree, "llvm-mc accepts (" + line.disassembly + "), gpuatom refuses: " + why};
  }
  const std::string printed = print(p.instructions[0], target);
  // The parsed instruction encodes to llvm-mc's bytes.
  {
    std::string hex;
    for (const uint8_t byte : encode(p.instructions[0])) {
      constexpr char digits[] = "0123456789abcdef";
      hex += digits[byte >> 4];
      hex += digits[byte & 15];
    }
    if (hex != line.bytes)
      return {Verdict::disagree, "gpuatom encodes " + hex + ", llvm-mc " + line.bytes + " (" +
                                     std::string(p.instructions[0].encoding->record) + ")"};
  }
  if (!detail::bytes_fit_row(line.bytes, *p.instructions[0].encoding))
    return {Verdict::disagree, "gpuatom chose " + std::string(p.instructions[0].encoding->record) +
                                   ", whose fixed bits llvm-mc's bytes " + line.bytes + " do not have"};
  // What gpuatom prints, it reads back as the same instruction (except where it warned that llvm-mc's
  // spelling does not read back).
  if (p.diagnostics.empty()) {
    const Program again = parse(printed, target);
    if (again.instructions.size() != 1 || again.instructions[0].encoding != p.instructions[0].encoding ||
        again.instructions[0].values != p.instructions[0].values)
      return {Verdict::disagree, "`" + printed + "` does not read back as the same instruction"};
  }
  if (printed == line.disassembly) return {Verdict::agree_accept, ""};
  const InstClass cls = p.instructions[0].encoding->cls;
  if (printed == line.echo && line.echo != line.disassembly && (cls == InstClass::mimg || cls == InstClass::vimage))
    return {Verdict::disassembly_differs, printed};
  return {Verdict::disagree, "gpuatom prints `" + printed + "`, llvm-mc disassembles `" + line.disassembly + "`"};
}

}  // namespace gpuatom::amd::isa::testing
