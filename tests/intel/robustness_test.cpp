// Bad input never crashes: deterministic mutations of valid instruction bytes and text lines go
// through decoder, parser and validator. Whatever they accept round-trips (bytes → text → bytes,
// text → text).
#include <random>

#include "gpuatom/intel/binary/decoder.hpp"
#include "gpuatom/intel/binary/encoder.hpp"
#include "gpuatom/intel/text/printer.hpp"
#include "intel/visa_test_support.hpp"

using namespace visa_test;

namespace {

const char* const seed_lines[] = {
    "(!P1.any) svm_atomic.cmpxchg.64 (M3_NM, 2) ADDR.32 D64.64 S64.0 C64.0",
    "typed_atomic.fcmpwr.16 (M1, 8) S2DA XC.0 YC.0 ZC.0 LODC.0 SF.0 FD.0 DST.0",
    "svm_atomic.predec (M2, 4) ADDR.0 DST.0 %null.0 %null.0",
    "(P8) typed_atomic.minsint (M1_NM, 8) S2D XC.0 YC.0 %null.0 %null.0 SD.0 %null.0 DD.0",
};

Module declared() {
  support::Diagnostics d;
  Module m = parse_visa(prelude, "prelude", {}, d);
  bind_prelude_surfaces(m.declarations);
  return m;
}

}  // namespace

TEST(IntelRobustness, MutatedBytes) {
  const Module m = declared();
  std::vector<std::vector<uint8_t>> seeds;
  for (const char* line : seed_lines) {
    support::Diagnostics d;
    const Module one = parse_visa(prelude + line + "\n", "seed", {}, d);
    ASSERT_EQ(one.instructions.size(), 1u) << d.format_all();
    seeds.emplace_back();
    ASSERT_FALSE(encode(one.instructions[0], seeds.back()));
  }
  std::mt19937 random(20261122);
  int accepted = 0;
  for (int round = 0; round < 20000; ++round) {
    std::vector<uint8_t> bytes = seeds[random() % seeds.size()];
    const int edits = 1 + static_cast<int>(random() % 3);
    for (int e = 0; e < edits; ++e) {
      const unsigned kind = random() % 4;
      if (kind == 0 && !bytes.empty())
        bytes.resize(random() % bytes.size());  // truncate
      else if (kind == 1)
        bytes.push_back(static_cast<uint8_t>(random()));
      else if (!bytes.empty())
        bytes[random() % bytes.size()] ^= static_cast<uint8_t>(1u << (random() % 8));
    }
    const IdWidth ids = round % 7 == 0 ? IdWidth::two : IdWidth::four;
    support::Diagnostics d;
    const auto decoded = decode(bytes, "fuzz", {ids, 0}, d);
    validate(decoded, &m.declarations, {}, d);
    for (const Instruction& i : decoded) (void)print_instruction(i, &m.declarations);
    if (d.has_errors()) continue;
    // Accepted: the bytes are exactly the encoding of what was decoded.
    std::vector<uint8_t> again;
    for (const Instruction& i : decoded) ASSERT_FALSE(encode(i, again, ids));
    ASSERT_EQ(again, bytes);
    ++accepted;
  }
  EXPECT_GT(accepted, 100);
}

TEST(IntelRobustness, MutatedText) {
  const std::string alphabet = "().,!=<>%/*\"_ \n\tabcdefghijklmnopqrstuvwxyzMNPTV0123456789\x01\xff";
  std::mt19937 random(42);
  int accepted = 0;
  for (int round = 0; round < 4000; ++round) {
    std::string line = seed_lines[random() % std::size(seed_lines)];
    const int edits = 1 + static_cast<int>(random() % 3);
    for (int e = 0; e < edits && !line.empty(); ++e) {
      const size_t at = random() % line.size();
      const unsigned kind = random() % 3;
      if (kind == 0)
        line.erase(at, 1 + random() % 4);
      else if (kind == 1)
        line.insert(at, 1, alphabet[random() % alphabet.size()]);
      else
        line[at] = alphabet[random() % alphabet.size()];
    }
    const Checked c = check(line + "\n", round % 2 ? Platform::gen12 : Platform::pvc, round % 3 == 0);
    for (const support::Diagnostic& diagnostic : c.diagnostics.all()) {
      ASSERT_FALSE(diagnostic.message.empty());
      if (diagnostic.where.line) {
        ASSERT_GE(diagnostic.where.column, 1u) << line;
      }
    }
    if (c.diagnostics.has_errors()) continue;
    // Accepted: the canonical print reads back to the same fields.
    for (const Instruction& i : c.module.instructions) {
      const std::string canonical = print_instruction(i, &c.module.declarations);
      const Checked back = check(canonical + "\n");
      ASSERT_EQ(back.module.instructions.size(), 1u) << line << "\n" << canonical << "\n" << all_text(back.diagnostics);
      ASSERT_TRUE(back.module.instructions[0].same_fields(i)) << line << "\n" << canonical;
    }
    ++accepted;
  }
  EXPECT_GT(accepted, 20);
}
