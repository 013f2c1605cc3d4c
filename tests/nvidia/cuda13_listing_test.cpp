// The atomic lines ptxas 13.0 writes for every architecture it targets, as nvdisasm 13.0 prints
// them (tests/conformance/nvidia/cuda13/, one file per architecture): each reads for its own
// architecture without a diagnostic and prints back exactly.
#include "nvidia/cuda13_listing.hpp"

#include <fmt/format.h>
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <map>
#include <string>

#include "gpuatom/nvidia/architecture.hpp"
#include "gpuatom/nvidia/binary/sass128.hpp"
#include "gpuatom/nvidia/text/printer.hpp"
#include "nvidia/sass_test_support.hpp"

namespace {

using gpuatom::nvidia::Architecture;

TEST(Cuda13Listing, EveryArchitecturesFileIsThere) {
  const auto files = cuda13::listing_files();
  EXPECT_EQ(files.size(), 19u);  // sm_75 … sm_121a: every target ptxas 13.0 compiled
  for (const auto& [arch, path] : files) EXPECT_FALSE(gpuatom::nvidia::is_spa5(arch)) << path;
}

TEST(Cuda13Listing, EveryLineReadsForItsArchitectureAndPrintsBack) {
  size_t lines = 0;
  for (const auto& [arch, path] : cuda13::listing_files()) {
    for (const cuda13::ListingLine& line : cuda13::read_listing(path)) {
      const auto checked = gpuatom::nvidia::check_sass(line.text, path.filename().string(), arch);
      EXPECT_EQ(checked.diagnostics.format_all(), "") << name(arch) << ": " << line.text;
      ASSERT_EQ(checked.instructions.size(), 1u) << line.text;
      EXPECT_EQ(gpuatom::nvidia::print(checked.instructions[0]), line.text) << name(arch);
      ++lines;
    }
  }
  EXPECT_GT(lines, 10000u);
}

// A form from a later generation is refused for an earlier one, by the architecture table.
TEST(Cuda13Listing, LaterGenerationsFormsAreRefusedEarlier) {
  const auto refused = [](const std::string& line, Architecture arch, const std::string& needle) {
    const auto checked = gpuatom::nvidia::check_sass(line, "t.sass", arch);
    EXPECT_TRUE(checked.diagnostics.has_errors()) << line;
    EXPECT_NE(checked.diagnostics.format_all().find(needle), std::string::npos) << checked.diagnostics.format_all();
  };
  refused("ATOMG.E.ADD.F32x4.FTZ.RN.STRONG.GPU PT, R4, desc[UR4][R2.64], R4 ;", Architecture::sm_89,
          "a vector atomic does not exist on sm_89 (Ada): it exists from sm_90");
  refused("ATOMS.CAS.128 R16, [R3], R16, R20 ;", Architecture::sm_86, "it exists from sm_90");
  refused("ATOM.E.CAST.SPIN PT, R11, [R18], R10, R11 ;", Architecture::sm_80, "ATOM.CAST.SPIN does not exist on sm_80");
  const auto handle = gpuatom::nvidia::check_sass("SURED.D.1D.ADD.STRONG.SYS.TRAP [R4], R3, UR4, 0x0 ;", "t.sass",
                                                  Architecture::sm_100);
  EXPECT_FALSE(handle.diagnostics.has_errors());
  EXPECT_NE(handle.diagnostics.format_all().find(
                "sm_100 prints a uniform-register surface handle without a trailing immediate"),
            std::string::npos)
      << handle.diagnostics.format_all();
  const auto warned =
      gpuatom::nvidia::check_sass("ATOMS.CAST.SPIN P0, [R0+0x10], R4, R5 ;", "t.sass", Architecture::sm_90);
  EXPECT_FALSE(warned.diagnostics.has_errors());
  EXPECT_NE(warned.diagnostics.format_all().find("sm_90 prints ATOMS.CAST.SPIN with a destination register Rd"),
            std::string::npos)
      << warned.diagnostics.format_all();
}

}  // namespace

namespace {

using gpuatom::nvidia::Instruction;
using gpuatom::nvidia::Word128;

std::string hex(const Word128& w) { return fmt::format("0x{:016x} 0x{:016x}", w.lo, w.hi); }

// Every word decodes, for its architecture, to the line nvdisasm printed for it, and encodes back
// to itself (control bits and unprinted bits kept); the line itself, parsed, encodes to the same
// word once given the bits no text shows.
TEST(Cuda13Listing, EveryWordDecodesToItsLineAndEncodesBack) {
  size_t words = 0, failures = 0;
  for (const auto& [arch, path] : cuda13::listing_files()) {
    for (const cuda13::ListingLine& line : cuda13::read_listing(path)) {
      for (const Word128& word : line.words) {
        ++words;
        const auto decoded = gpuatom::nvidia::decode128(word, arch);
        if (const auto* why = std::get_if<gpuatom::support::Diagnostic>(&decoded)) {
          ADD_FAILURE() << name(arch) << " " << hex(word) << " (" << line.text << "): " << why->message;
          if (++failures > 20) return;
          continue;
        }
        const Instruction& i = std::get<Instruction>(decoded);
        EXPECT_EQ(gpuatom::nvidia::print(i), line.text) << name(arch) << " " << hex(word);
        const auto again = gpuatom::nvidia::encode128(i, arch);
        ASSERT_TRUE(std::holds_alternative<Word128>(again)) << std::get<gpuatom::support::Diagnostic>(again).message;
        EXPECT_EQ(hex(std::get<Word128>(again)), hex(word)) << name(arch) << ": " << line.text;

        auto parsed = gpuatom::nvidia::check_sass(line.text, "t.sass", arch);
        ASSERT_EQ(parsed.instructions.size(), 1u);
        parsed.instructions[0].kept_bits = i.kept_bits;
        const auto from_text = gpuatom::nvidia::encode128(parsed.instructions[0], arch);
        ASSERT_TRUE(std::holds_alternative<Word128>(from_text))
            << line.text << ": " << std::get<gpuatom::support::Diagnostic>(from_text).message;
        EXPECT_EQ(hex(std::get<Word128>(from_text)), hex(word)) << name(arch) << ": " << line.text;
        if (::testing::Test::HasFailure() && ++failures > 20) return;
      }
    }
  }
  EXPECT_GT(words, 33000u);  // 24,632 non-surface words and 8,640 SURED words
}

}  // namespace
