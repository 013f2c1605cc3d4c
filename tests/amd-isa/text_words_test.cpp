// llvm-mc 19's disassembly of random words (data/amd-isa/words/<target>.txt, scripts/amd-isa-words:
// `KIND HEX SIZE RECORD ENCODING TEXT`) read back by gpuatom (docs/spec/amd-isa.md §10): every text
// gpuatom parses prints as the same text and picks the row llvm-mc decoded (or its parsable twin);
// a text gpuatom refuses carries a diagnostic. The share read back is reported; which of the refused
// texts llvm-mc's assembler would read is the live oracle test's question (tests/oracle).
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "gpuatom/amd/isa/text.hpp"

namespace gpuatom::amd::isa {
namespace {

class TextWords : public ::testing::TestWithParam<const char*> {};

TEST_P(TextWords, DisassemblyTextReadsBackAsItself) {
  const std::filesystem::path path =
      std::filesystem::path(GPUATOM_SOURCE_DIR) / "data/amd-isa/words" / (std::string(GetParam()) + ".txt");
  if (!std::filesystem::exists(path)) GTEST_SKIP() << path << " is not there yet (scripts/amd-isa-words writes it)";
  const Target* target = find_target(GetParam());
  ASSERT_NE(target, nullptr);
  std::ifstream in(path);
  std::string line;
  size_t texts = 0, read_back = 0, refused = 0;
  std::vector<std::string> failures;
  while (std::getline(in, line)) {
    if (line.empty() || line[0] == '#') continue;
    std::istringstream fields(line);
    std::string kind, hex, size, record, encoding;
    fields >> kind >> hex >> size >> record >> encoding;
    std::string text;
    std::getline(fields, text);
    if (!text.empty() && text[0] == ' ') text.erase(0, 1);
    if (size == "0" || text.empty()) continue;
    // Only atomics are gpuatom's: the uniform random words also decode to loads, stores, probes.
    if (std::none_of(encodings().begin(), encodings().end(), [&](const Encoding& e) { return e.record == record; }))
      continue;
    ++texts;
    const Program p = parse(text, *target);
    const bool has_error = std::any_of(p.diagnostics.begin(), p.diagnostics.end(), [](const support::Diagnostic& d) {
      return d.severity == support::Severity::error;
    });
    if (has_error || p.instructions.size() != 1) {
      EXPECT_FALSE(p.diagnostics.empty()) << text;
      if (std::getenv("GPUATOM_SHOW_TEXTS"))
        std::cout << "REFUSED\t" << GetParam() << "\t" << text << "\t" << format(p.diagnostics[0]) << "\n";
      ++refused;
      continue;
    }
    const std::string printed = print(p.instructions[0], *target);
    if (std::getenv("GPUATOM_SHOW_TEXTS")) std::cout << "ACCEPTED\t" << GetParam() << "\t" << text << "\t-\n";
    const Encoding* e = p.instructions[0].encoding;
    // llvm-mc's decoder may name a twin the assembler never emits (decoder_only) or the narrowest
    // image variant; the bytes of the chosen row must still be those of the decoded one.
    bool same_row = e->record == record;
    // GFX12: llvm-mc prints a returning TH_ATOMIC_CASCADE_* exactly as the non-returning one (its
    // printTH drops the return bit under CASCADE), so the text names the non-returning twin
    // (docs/spec/amd-isa.md §3).
    const int64_t* cpol = p.instructions[0].value("cpol");
    const bool cascade = target->generation == Generation::gfx12 && cpol && (*cpol & 4);
    for (const Encoding& other : encodings())
      if (other.record == record)
        same_row |= other.fixed_value == e->fixed_value || (other.decoder_only && other.mnemonic == e->mnemonic) ||
                    other.cls == InstClass::mimg || other.cls == InstClass::vimage ||
                    (cascade && other.returns && !e->returns && other.mnemonic == e->mnemonic);
    if (printed == text && same_row) {
      ++read_back;
    } else if (failures.size() < 20) {
      failures.push_back(text + " → " + printed + " (" + std::string(e->record) + " vs " + record + ")");
    }
  }
  std::cout << GetParam() << ": " << texts << " disassembled texts, " << read_back << " read back as themselves, "
            << refused << " refused\n";
  for (const auto& f : failures) ADD_FAILURE() << f;
  EXPECT_GT(read_back, texts / 2);
}

INSTANTIATE_TEST_SUITE_P(Targets, TextWords,
                         ::testing::Values("gfx90a", "gfx942", "gfx1030", "gfx1100", "gfx1150", "gfx1200"));

}  // namespace
}  // namespace gpuatom::amd::isa
