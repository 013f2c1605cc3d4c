// Walking code and reading hex as `disasm amd` does (gpuatom/amd/isa/code_listing.hpp,
// hex_bytes.hpp): atomics printed with their address and words, other instructions counted, the
// first undecodable bytes an error at their file offset; hex as llvm-mc or llvm-objdump writes it.
#include "gpuatom/amd/isa/code_listing.hpp"

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "gpuatom/amd/isa/hex_bytes.hpp"

namespace gpuatom::amd::isa {
namespace {

const Target& gfx90a() { return *find_target("gfx90a"); }

// global_atomic_add v0, v[2:3], v1, off glc on gfx90a, as llvm-mc writes its bytes.
const std::vector<uint8_t> atomic_bytes = {0x00, 0x80, 0x09, 0xdd, 0x02, 0x01, 0x7f, 0x00};

TEST(HexBytes, BytesAndLittleEndianDwordsReadAlike) {
  support::Diagnostics diagnostics;
  EXPECT_EQ(parse_hex_bytes("[0x00,0x80,0x09,0xdd,0x02,0x01,0x7f,0x00] ; llvm-mc", "f", diagnostics), atomic_bytes);
  EXPECT_EQ(parse_hex_bytes("DD098000 007F0102 // llvm-objdump", "f", diagnostics), atomic_bytes);
  EXPECT_FALSE(diagnostics.has_errors());
}

TEST(HexBytes, ABadTokenIsAnErrorAtItsLineAndColumn) {
  support::Diagnostics diagnostics;
  const std::vector<uint8_t> bytes = parse_hex_bytes("00 11\n  0x123 22", "in.hex", diagnostics);
  EXPECT_EQ(bytes, (std::vector<uint8_t>{0x00, 0x11, 0x22}));
  ASSERT_EQ(diagnostics.count(support::Severity::error), 1u);
  const support::Diagnostic& d = diagnostics.all().front();
  EXPECT_EQ(d.where.line, 2u);
  EXPECT_EQ(d.where.column, 3u);
  EXPECT_EQ(d.message, "'0x123' is not a byte (two hex digits) or a dword (eight hex digits)");
}

TEST(CodeListing, AtomicsListedOthersCounted) {
  std::vector<uint8_t> code = atomic_bytes;
  const std::vector<uint8_t> s_endpgm = {0x00, 0x00, 0x81, 0xbf};
  code.insert(code.end(), s_endpgm.begin(), s_endpgm.end());
  code.insert(code.end(), atomic_bytes.begin(), atomic_bytes.end());
  support::Diagnostics diagnostics;
  CodeListing listing;
  walk_code(code, 0x1000, 0x40, gfx90a(), "k.hsaco", listing, diagnostics);
  EXPECT_FALSE(diagnostics.has_errors());
  ASSERT_EQ(listing.atomics.size(), 2u);
  EXPECT_EQ(listing.others, 1u);
  EXPECT_EQ(listing.atomics[0].text, "global_atomic_add v0, v[2:3], v1, off glc");
  EXPECT_EQ(listing.atomics[1].address, 0x100Cu);
  EXPECT_EQ(listing.atomics[1].words, " DD098000 007F0102");
  EXPECT_EQ(function_listing_text("kern", listing),
            "kern:\n"
            "\tglobal_atomic_add v0, v[2:3], v1, off glc                  // 000000001000: DD098000 007F0102\n"
            "\tglobal_atomic_add v0, v[2:3], v1, off glc                  // 00000000100C: DD098000 007F0102\n"
            "\t; kern: 2 atomics, 1 other instruction\n");
}

TEST(CodeListing, UndecodableBytesStopTheWalkAtTheirFileOffset) {
  std::vector<uint8_t> code = atomic_bytes;
  code.push_back(0xff);
  support::Diagnostics diagnostics;
  CodeListing listing;
  walk_code(code, 0, 0x40, gfx90a(), "k.bin", listing, diagnostics);
  EXPECT_EQ(listing.atomics.size(), 1u);
  ASSERT_TRUE(diagnostics.has_errors());
  EXPECT_EQ(diagnostics.all().front().where.byte_offset, std::optional<uint64_t>(0x48));
}

}  // namespace
}  // namespace gpuatom::amd::isa
