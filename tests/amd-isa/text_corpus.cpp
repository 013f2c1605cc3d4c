#include "text_corpus.hpp"

#include <fstream>
#include <sstream>

#include "gpuatom/amd/isa/text.hpp"

namespace gpuatom::amd::isa::testing {

std::vector<CorpusLine> parse_corpus(const std::string& text) {
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

std::vector<CorpusLine> read_corpus(const std::string& path) {
  std::ifstream in(path);
  std::stringstream buffer;
  buffer << in.rdbuf();
  return parse_corpus(buffer.str());
}

Judgement judge(const CorpusLine& line, const Target& target) {
  const Program p = parse(line.input, target);
  const bool parsed = p.instructions.size() == 1 && p.diagnostics.empty();
  if (!line.accepted) {
    if (!parsed && !p.diagnostics.empty()) return {Verdict::agree_refuse, ""};
    return {Verdict::disagree, "llvm-mc refuses (" + line.error + "), gpuatom accepts: " + (parsed ? print(p.instructions[0], target) : "?")};
  }
  if (!parsed) {
    const std::string why = p.diagnostics.empty() ? "no diagnostic" : format(p.diagnostics[0]);
    if (!p.diagnostics.empty() && p.diagnostics[0].rule == "docs/spec/amd-isa.md §3" && line.echo != line.disassembly)
      return {Verdict::quirk_refused, why};
    return {Verdict::disagree, "llvm-mc accepts (" + line.disassembly + "), gpuatom refuses: " + why};
  }
  const std::string printed = print(p.instructions[0], target);
  if (printed == line.disassembly) return {Verdict::agree_accept, ""};
  const InstClass cls = p.instructions[0].encoding->cls;
  if (printed == line.echo && line.echo != line.disassembly && (cls == InstClass::mimg || cls == InstClass::vimage)) return {Verdict::disassembly_differs, printed};
  return {Verdict::disagree, "gpuatom prints `" + printed + "`, llvm-mc disassembles `" + line.disassembly + "`"};
}

}  // namespace gpuatom::amd::isa::testing
