// Properties over the whole table (docs/spec/nvidia.md §5, §11):
//  1. for every legal op × size of every encodable form, with varied registers, offsets,
//     guards and surface modifiers: text → parse → print is the identity (also for the text
//     in lower and in alternating case), and
//     text → encode → decode → print gives the text back;
//  2. for random words carrying each opcode: decode → print → parse → print is the identity,
//     and every word that decodes without a diagnostic re-encodes to itself.
#include <fmt/format.h>
#include <gtest/gtest.h>

#include <cctype>
#include <random>
#include <variant>

#include "gpuatom/nvidia/binary/decoder.hpp"
#include "gpuatom/nvidia/binary/encoder.hpp"
#include "gpuatom/nvidia/text/printer.hpp"
#include "gpuatom/nvidia/validator.hpp"

using namespace gpuatom::nvidia;

namespace {

class Generator {
 public:
  explicit Generator(uint32_t seed) : rng_(seed) {}
  uint32_t below(uint32_t n) { return std::uniform_int_distribution<uint32_t>(0, n - 1)(rng_); }
  // A register that is a multiple of `align` (RZ excluded), leaving `span` registers below R255.
  uint8_t reg(int align, int span) { return static_cast<uint8_t>(below((255 - span) / align + 1) * align); }
  Guard guard() {
    const uint32_t g = below(4);
    return g == 0 ? Guard{} : Guard{static_cast<uint8_t>(below(7)), g == 1};
  }
  uint64_t word() { return (uint64_t{rng_()} << 32) | rng_(); }

 private:
  std::mt19937 rng_;
};

// ATOM.CAS and ATOMS.CAS encode 32 or 64 bits only: .S32 reads back as .U32 (§5.1).
Size encoded_size(Family family, AtomOp op, Size size) {
  return is_compare(op) && family != Family::SUATOM && size == Size::S32 ? Size::U32 : size;
}

void check_round_trip(const Instruction& built, int& checked) {
  const std::string text = print(built);
  const ParsedSass parsed = check_sass(text, "gen");
  ASSERT_TRUE(parsed.diagnostics.all().empty()) << text << "\n" << parsed.diagnostics.format_all();
  ASSERT_EQ(parsed.instructions.size(), 1u) << text;
  ASSERT_EQ(print(parsed.instructions[0]), text);
  // Mnemonics, modifiers and registers match case-insensitively: the text in lower case and in
  // alternating case reads back to the same instruction.
  for (const bool alternate : {false, true}) {
    std::string recased = text;
    for (size_t i = 0; i < recased.size(); ++i) {
      const unsigned char c = static_cast<unsigned char>(recased[i]);
      recased[i] = static_cast<char>(alternate && i % 2 ? std::toupper(c) : std::tolower(c));
    }
    const ParsedSass again = parse_sass(recased, "gen");
    ASSERT_EQ(again.instructions.size(), 1u) << recased << "\n" << again.diagnostics.format_all();
    ASSERT_EQ(print(again.instructions[0]), text) << recased;
  }
  const auto encoded = encode(parsed.instructions[0]);
  ASSERT_TRUE(std::holds_alternative<uint64_t>(encoded)) << text << "\n"
                                                         << gpuatom::support::format(std::get<1>(encoded));
  const uint64_t word = std::get<uint64_t>(encoded);
  const Decoded decoded = decode(word);
  ASSERT_TRUE(decoded.instruction) << text;
  ASSERT_TRUE(decoded.diagnostics.all().empty()) << text << "\n" << decoded.diagnostics.format_all();
  Instruction expected = built;
  expected.size = encoded_size(built.family(), built.op, built.size);
  ASSERT_EQ(print(*decoded.instruction), print(expected)) << fmt::format("0x{:016x}", word);
  ASSERT_EQ(std::get<uint64_t>(encode(*decoded.instruction)), word) << text;
  ++checked;
}

}  // namespace

TEST(SassRoundTripProperty, EveryLegalOpSizeAndFormRoundTrips) {
  Generator gen(2026);
  int checked = 0;
  const Mnemonic mnemonics[] = {Mnemonic::ATOM, Mnemonic::ATOMS, Mnemonic::RED, Mnemonic::SUATOM, Mnemonic::SURED};
  for (Mnemonic m : mnemonics) {
    const Family family = info(m).family;
    for (const OpInfo& o : op_table())
      for (const SizeInfo& s : size_table()) {
        if (!legal(family, Dialect::spa5, o.op, s.size)) continue;
        for (int variant = 0; variant < 12; ++variant) {
          Instruction i;
          i.mnemonic = m;
          i.op = o.op;
          i.size = s.size;
          i.guard = gen.guard();
          const int n = s.bits / 32;
          const bool compare = is_compare(o.op);
          // Destination: an aligned pair for 64-bit data (CAST returns a 32-bit flag), sometimes RZ.
          if (info(m).returns)
            i.rd = variant % 5 == 4 ? RZ : gen.reg(o.op == AtomOp::CAST || o.op == AtomOp::CAST_SPIN ? 1 : n, n);
          if (compare && !info(m).surface) {
            i.rb = gen.reg(2 * n, 2 * n);
            i.rc = variant % 3 == 2 ? RZ : static_cast<uint8_t>(*i.rb + n);
          } else if (compare) {
            i.rb = gen.reg(2 * n, 2 * n);
          } else {
            i.rb = variant % 6 == 5 ? RZ : gen.reg(n, n);
          }
          if (info(m).surface) {
            i.surface.dim = dim_table()[gen.below(6)].dim;
            i.surface.clamp = clamp_table()[gen.below(3)].clamp;
            i.surface.byte_address = gen.below(2);
            i.address.base = gen.reg(4, 3);
            if (variant % 2)
              i.surface.handle_register = gen.reg(1, 1);
            else
              i.surface.handle_indices = {gen.below(0x2000)};
            // Ps: bindless .op, and both .CAS forms (§6.6); SURED has none.
            const bool ps_allowed = m == Mnemonic::SUATOM && (compare || i.surface.bindless());
            if (ps_allowed && variant % 4 == 1) i.ps = static_cast<uint8_t>(gen.below(7));
          } else {
            i.extended = family != Family::ATOMS && gen.below(2);
            const bool absolute = variant % 4 == 3;
            i.address.base = absolute ? RZ : gen.reg(2, 2);
            if (family == Family::ATOMS) {
              const int64_t extremes[] = {0, 4, -4, 0x7ffffc, -0x800000};
              i.address.offset = absolute      ? gen.below(0x400000) * 4
                                 : variant < 5 ? extremes[variant]
                                               : (int64_t(gen.below(0x400000)) - 0x200000) * 4;
            } else {
              const int64_t extremes[] = {0, 1, -8, 0x7ffff, -0x80000};
              i.address.offset = absolute      ? gen.below(0x100000)
                                 : variant < 5 ? extremes[variant]
                                               : int64_t(gen.below(0x100000)) - 0x80000;
            }
          }
          check_round_trip(i, checked);
          if (HasFatalFailure()) return;
        }
      }
  }
  EXPECT_GT(checked, 2000);
}

TEST(SassRoundTripProperty, RandomWordsOfEveryOpcode) {
  Generator gen(7);
  for (const EncodingInfo& form : encoding_table()) {
    int clean = 0;
    uint64_t unassigned = 0;
    for (const BitField& f : form.fields)
      if (f.kind == FieldKind::unassigned) unassigned |= f.mask();
    for (int k = 0; k < 4000; ++k) {
      // Every other word keeps its unassigned bits 0, so more of them decode cleanly.
      const uint64_t word = (gen.word() & ~form.mask & (k % 2 ? ~unassigned : ~0ULL)) | form.match;
      const Decoded decoded = decode(word);
      ASSERT_TRUE(decoded.instruction) << form.name;
      const std::string text = print(*decoded.instruction);
      const ParsedSass reparsed = parse_sass(text, "gen");
      ASSERT_EQ(reparsed.instructions.size(), 1u) << text << "\n" << reparsed.diagnostics.format_all();
      ASSERT_EQ(print(reparsed.instructions[0]), text);
      // Every word nvdisasm reads (no error) re-encodes to itself unless it sets bits nvdisasm
      // ignores: rule violations and reserved codes are fields like any other.
      if (decoded.diagnostics.has_errors() || (word & unassigned)) continue;
      ++clean;
      const auto again = encode(reparsed.instructions[0]);
      ASSERT_TRUE(std::holds_alternative<uint64_t>(again)) << text << "\n"
                                                           << gpuatom::support::format(std::get<1>(again));
      ASSERT_EQ(std::get<uint64_t>(again), word)
          << text << fmt::format("\n got 0x{:016x}\nwant 0x{:016x}", std::get<uint64_t>(again), word);
    }
    // Enough random words decode cleanly for the property to mean something.
    EXPECT_GT(clean, 100) << form.name;
  }
}
