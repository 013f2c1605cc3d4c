// print(decode(word)) against llvm-mc 19's disassembly of the same word (data/amd-isa/words/<target>.txt,
// written by scripts/amd-isa-words: `KIND HEX SIZE RECORD ENCODING TEXT`), on every word gpuatom's
// decoder reads (docs/spec/amd-isa.md §10): the printer writes what llvm-mc's disassembler writes,
// its comments on operands that name no register of their class included.
#include <gtest/gtest.h>

#include <fstream>
#include <map>
#include <sstream>

#include "gpuatom/amd/isa/binary.hpp"
#include "gpuatom/amd/isa/text.hpp"
namespace gpuatom::amd::isa {
namespace {
TEST(TextDecoded, PrintsLlvmMcsTextOfEveryDecodedWord) {
  for (const char* t : {"gfx90a", "gfx942", "gfx1030", "gfx1100", "gfx1150", "gfx1200"}) {
    const Target* target = find_target(t);
    std::ifstream in(std::string(GPUATOM_SOURCE_DIR) + "/data/amd-isa/words/" + t + ".txt");
    ASSERT_TRUE(in) << t;
    std::string line;
    size_t n = 0, same = 0, shown = 0;
    std::map<std::string, size_t> kinds;
    while (std::getline(in, line)) {
      if (line.empty() || line[0] == '#') continue;
      std::istringstream f(line);
      std::string kind, hex, size, record, enc, text;
      f >> kind >> hex >> size >> record >> enc;
      std::getline(f, text);
      if (!text.empty() && text[0] == ' ') text.erase(0, 1);
      if (size == "0") continue;
      std::vector<uint8_t> bytes;
      for (size_t i = 0; i + 1 < hex.size(); i += 2) bytes.push_back(std::stoul(hex.substr(i, 2), nullptr, 16));
      auto d = decode(bytes, *target);
      if (!std::holds_alternative<Instruction>(d)) continue;
      ++n;
      const std::string p = print(std::get<Instruction>(d), *target);
      if (p == text)
        ++same;
      else if (shown++ < 12)
        ADD_FAILURE() << t << ": llvm-mc " << text << "\n   gpuatom: " << p;
    }
    std::cout << t << ": " << n << " decoded, " << same << " print as llvm-mc\n";
    EXPECT_EQ(same, n) << t;
    EXPECT_GT(n, 1000u) << t;
  }
}
}  // namespace
}  // namespace gpuatom::amd::isa
