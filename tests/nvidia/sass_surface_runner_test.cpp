// The SASS scenario runner's surfaces (docs/spec/nvidia.md §8): each dim's coordinates, clamping,
// bounds, headers, bindless handles and block-linear layout, through every lane's registers and
// the regions' words (sass_runner.hpp).
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "sass_runner.hpp"

namespace {

using namespace gpuatom;
using namespace gpuatom::sass_runner;

}  // namespace

// --- Surfaces (spec §8) ------------------------------------------------------------------------

namespace {

struct DimCase {
  const char* dim;       // the instruction's .dim
  std::string surface;   // [[surface]] keys besides header, bound and region
  uint32_t r4, r5, r6;   // Ra, Ra+1, Ra+2
  uint64_t byte_offset;  // where the element is (spec §8.2, pitch-linear)
};

}  // namespace

TEST(SassRunnerSurface, EveryDimReadsItsCoordinatesAndFindsItsElement) {
  // Registers a dim does not read hold 9: they must not matter. Layers 0x10001 and 0x30001 are
  // layer 1 (low 16 bits); read whole, they would clamp to the last layer, 2.
  const DimCase cases[] = {
      {"1D", "dim = \"1d\"\nwidth = 16\n", 5, 9, 9, 20},
      {"1D_BUFFER", "dim = \"1d_buffer\"\nwidth = 16\n", 7, 9, 9, 28},
      {"1D_ARRAY", "dim = \"1d_array\"\nwidth = 8\nlayers = 3\nslice_pitch = 64\n", 2, 0x10001, 9, 64 + 8},
      {"2D", "dim = \"2d\"\nwidth = 8\nheight = 4\nrow_pitch = 48\n", 3, 2, 9, 2 * 48 + 12},
      {"2D_ARRAY", "dim = \"2d_array\"\nwidth = 4\nheight = 2\nlayers = 3\nrow_pitch = 16\nslice_pitch = 40\n", 1, 1,
       0x30001, 40 + 16 + 4},
      {"3D", "dim = \"3d\"\nwidth = 4\nheight = 2\ndepth = 3\nrow_pitch = 16\nslice_pitch = 32\n", 3, 1, 2,
       2 * 32 + 16 + 12},
  };
  for (const DimCase& c : cases) {
    const Outcome o =
        run_ok(sass(std::string("SUATOM.D.") + c.dim + ".ADD R0, [R4], R8, 0x7 ;\n",
                    "[launch]\nlanes = 1\n[[region]]\nname = \"tex\"\nsize = 256\nfill = 0\n"
                    "[[surface]]\nheader = 0\nbound = 7\nregion = \"tex\"\n" +
                        c.surface + "[lanes]\nR4 = " + std::to_string(c.r4) + "\nR5 = " + std::to_string(c.r5) +
                        "\nR6 = " + std::to_string(c.r6) + "\nR8 = 1\nR0 = 0x77\n"),
               {"R0"});
    if (o.words.empty()) continue;
    EXPECT_EQ(o.word("tex", c.byte_offset / 4), 1u) << c.dim;
    EXPECT_EQ(o.sum("tex"), 1u) << c.dim;
    EXPECT_EQ(o.lane("R0", 0), 0u) << c.dim;
  }
}

TEST(SassRunnerSurface, ByteAddressedXMustBeAlignedToTheElement) {
  const Outcome o = run_ok(
      sass("SUATOM.D.BA.1D.ADD R0, [R4], R8, 0x1 ;\nSUATOM.D.BA.1D.ADD.U64 R2, [R5], R10, 0x2 ;\n",
           "[options]\ncontinue_after_fault = true\n[launch]\nlanes = 2\n"
           "[[region]]\nname = \"a\"\nbase = 0x20000000\nsize = 32\n[[region]]\nname = \"b\"\nbase = 0x20010000\n"
           "size = 32\n[[surface]]\nheader = 1\nbound = 1\ndim = \"1d\"\nwidth = 8\nregion = \"a\"\n"
           "[[surface]]\nheader = 2\nbound = 2\ndim = \"1d\"\nwidth = 4\ntexel_bytes = 8\nregion = \"b\"\n"
           "[lanes]\nR4 = \"tid == 0 ? 12 : 6\"\nR5 = \"tid == 0 ? 8 : 4\"\nR8 = 1\nR10 = 0x5\nR11 = 0x1\n"
           "R0 = 0x77\nR2 = 0x77\n[[expect]]\nfaults = 2\n"),
      {"R0", "R2"});
  EXPECT_EQ(o.word("a", 3), 1u);  // byte 12 = element 3
  EXPECT_EQ(o.sum("a"), 1u);
  EXPECT_EQ(o.dword("b", 1), 0x100000005u);  // byte 8 = 64-bit element 1
  EXPECT_EQ(o.sum("b"), 6u);
  ASSERT_EQ(o.faults.size(), 2u);
  EXPECT_EQ(o.faults[0].fault.kind, memory::FaultKind::misaligned);
  EXPECT_EQ(o.faults[0].fault.address, 0x20000006u);
  EXPECT_EQ(o.faults[0].instruction, 0u);
  EXPECT_EQ(o.faults[1].fault.kind, memory::FaultKind::misaligned);
  EXPECT_EQ(o.faults[1].fault.address, 0x20010004u);  // 4 is not a multiple of 8
  EXPECT_EQ(o.faults[1].fault.width, 8u);
  EXPECT_EQ(o.lane("R0", 1), keep);
  EXPECT_EQ(o.lane("R2", 1), keep);
}

namespace {

// A 4 × 4 2D surface of u32 (fill 100 + i) hit by lanes at (−1, 2), (5, 9) and (1, 1).
Outcome clamp_run(const std::string& clamp) {
  return run(sass("SUATOM.D.2D.ADD" + clamp + " R0, [R4], R8, 0x1 ;\n",
                  "[launch]\nlanes = 3\n[[region]]\nname = \"tex\"\nbase = 0x30000000\nsize = 64\nfill = \"100 + i\"\n"
                  "[[surface]]\nheader = 0\nbound = 1\ndim = \"2d\"\nwidth = 4\nheight = 4\nregion = \"tex\"\n"
                  "[lanes]\nR4 = \"tid == 0 ? -1 : tid == 1 ? 5 : 1\"\nR5 = \"tid == 0 ? 2 : tid == 1 ? 9 : 1\"\n"
                  "R8 = 1\nR0 = 0x77\n"),
             {"R0"});
}

std::vector<uint32_t> fill_plus(std::initializer_list<std::pair<size_t, uint32_t>> added) {
  std::vector<uint32_t> words(16);
  for (size_t i = 0; i < 16; ++i) words[i] = static_cast<uint32_t>(100 + i);
  for (const auto& [index, amount] : added) words[index] += amount;
  return words;
}

}  // namespace

TEST(SassRunnerSurface, NearClampsEachCoordinateToTheEdge) {
  const Outcome o = clamp_run("");  // .NEAR is the default
  EXPECT_EQ(o.errors, "");
  EXPECT_EQ(o.words.at("tex"), fill_plus({{8, 1}, {15, 1}, {5, 1}}));  // (0, 2), (3, 3), (1, 1)
  EXPECT_EQ(o.lane("R0", 0), 108u);
  EXPECT_EQ(o.lane("R0", 1), 115u);
  EXPECT_EQ(o.lane("R0", 2), 105u);
  EXPECT_EQ(clamp_run(".NEAR").words, o.words);
}

TEST(SassRunnerSurface, IgnDropsOutOfBoundsLanesWithZeroReturned) {
  const Outcome o = clamp_run(".IGN");
  EXPECT_EQ(o.errors, "");
  EXPECT_EQ(o.words.at("tex"), fill_plus({{5, 1}}));
  EXPECT_EQ(o.lane("R0", 0), 0u);
  EXPECT_EQ(o.lane("R0", 1), 0u);
  EXPECT_EQ(o.lane("R0", 2), 105u);
  EXPECT_TRUE(o.faults.empty());
  EXPECT_EQ(o.report.counters.operations, 1u);
}

TEST(SassRunnerSurface, TrapFaultsOutOfBoundsLanesAtTheUnclampedAddress) {
  const Outcome o = clamp_run(".TRAP");
  EXPECT_EQ(o.errors, "");
  EXPECT_EQ(o.words.at("tex"), fill_plus({{5, 1}}));
  ASSERT_EQ(o.faults.size(), 2u);
  EXPECT_EQ(o.faults[0].lane, 0u);
  EXPECT_EQ(o.faults[0].fault.kind, memory::FaultKind::surface_out_of_bounds);
  EXPECT_EQ(o.faults[0].fault.address, 0x30000000u + 2 * 16 - 4);
  EXPECT_EQ(o.faults[1].lane, 1u);
  EXPECT_EQ(o.faults[1].fault.address, 0x30000000u + 9 * 16 + 5 * 4);
  EXPECT_EQ(o.lane("R0", 0), keep);
  EXPECT_EQ(o.lane("R0", 1), keep);
  EXPECT_EQ(o.lane("R0", 2), 105u);
}

TEST(SassRunnerSurface, BufferXIsSignedOnlyUnderNear) {
  const auto x_all_ones = [](const std::string& dim, const std::string& clamp) {
    return run(sass("SUATOM.D." + dim + ".ADD" + clamp + " R0, [R4], R8, 0x1 ;\n",
                    "[launch]\nlanes = 1\n[[region]]\nname = \"tex\"\nbase = 0x30000000\nsize = 16\n"
                    "[[surface]]\nheader = 0\nbound = 1\ndim = \"1d_buffer\"\nwidth = 4\nregion = \"tex\"\n"
                    "[lanes]\nR4 = 0xffffffff\nR8 = 1\n"),
               {});
  };
  // .NEAR: x = −1 clamps to 0.
  EXPECT_EQ(x_all_ones("1D_BUFFER", "").words.at("tex"), (std::vector<uint32_t>{1, 0, 0, 0}));
  // .TRAP: x = 4294967295, far past the end; 1D reads the same bits as −1.
  Outcome o = x_all_ones("1D_BUFFER", ".TRAP");
  ASSERT_EQ(o.faults.size(), 1u);
  EXPECT_EQ(o.faults[0].fault.address, 0x30000000u + 0xffffffffULL * 4);
  o = x_all_ones("1D", ".TRAP");
  ASSERT_EQ(o.faults.size(), 1u);
  EXPECT_EQ(o.faults[0].fault.address, 0x30000000u - 4);
}

TEST(SassRunnerSurface, BoundHandlesReadTheConstantBankAndBindlessOnesTheRegister) {
  const std::string tables =
      "[launch]\nlanes = 1\n[[region]]\nname = \"a\"\nsize = 16\n[[region]]\nname = \"b\"\nsize = 16\n"
      "[[surface]]\nheader = 1\nbound = 0x20\ndim = \"1d\"\nwidth = 4\nregion = \"a\"\n"
      "[[surface]]\nheader = 2\nbound = 0x21\ndim = \"1d\"\nwidth = 4\nregion = \"b\"\n"
      "[lanes]\nR4 = 0\nR8 = 1\nR9 = 0xabc00002\nR10 = 1\n";
  const Outcome o = run_ok(sass("SUATOM.D.1D.ADD R0, [R4], R8, 0x20 ;\n"
                                "SUATOM.D.1D.ADD R1, [R4], R8, 0x21 ;\n"
                                "SUATOM.D.1D.ADD R2, [R4], R8, R9 ;\n"
                                "SUATOM.D.1D.ADD R3, [R4], R8, R10 ;\n",
                                tables),
                           {"R0", "R1", "R2", "R3"});
  EXPECT_EQ(o.word("a", 0), 2u);
  EXPECT_EQ(o.word("b", 0), 2u);  // samplerPtr bits 31:20 of R9 are ignored
  EXPECT_EQ(o.lane("R0", 0), 0u);
  EXPECT_EQ(o.lane("R1", 0), 0u);
  EXPECT_EQ(o.lane("R2", 0), 1u);
  EXPECT_EQ(o.lane("R3", 0), 1u);
  // A bound handle no [[surface]] binds is refused: tests/scenario/nvidia/error-bound-handle.toml.
}

TEST(SassRunnerSurface, HeaderPoolMaximumIndexIsValidAndOneMoreIsNot) {
  const std::string program = "SUATOM.D.1D.ADD P1, R0, [R4], R8, R9 ;\nSUATOM.D.1D.ADD P2, R1, [R4], R8, R10 ;\n";
  const std::string tables =
      "[launch]\nlanes = 1\n[[region]]\nname = \"a\"\nsize = 16\nfill = 50\n[[region]]\nname = \"b\"\nsize = 16\n"
      "fill = 60\n[[surface]]\nheader = 3\ndim = \"1d\"\nwidth = 4\nregion = \"a\"\n"
      "[[surface]]\nheader = 4\ndim = \"1d\"\nwidth = 4\nregion = \"b\"\n"
      "[lanes]\nR4 = 0\nR8 = 1\nR9 = 3\nR10 = 4\nR1 = 0x77\nP1 = 1\nP2 = 1\n";
  const Outcome o = run_ok(sass(program, "[options]\nheader_pool_max = 3\n" + tables), {"R0", "R1", "P1", "P2"});
  EXPECT_EQ(o.word("a", 0), 51u);  // headerPtr == MaximumIndex: valid
  EXPECT_EQ(o.lane("R0", 0), 50u);
  EXPECT_EQ(o.lane("P1", 0), 0u);
  EXPECT_EQ(o.word("b", 0), 60u);  // headerPtr > MaximumIndex: write dropped …
  EXPECT_EQ(o.lane("R1", 0), 0u);  // … Rd = 0, Ps = false (PROPOSED §8.3)
  EXPECT_EQ(o.lane("P2", 0), 0u);
  EXPECT_TRUE(o.faults.empty());
  // Without the option the pool reaches the highest [[surface]] header.
  const Outcome d = run_ok(sass(program, tables), {"R1"});
  EXPECT_EQ(d.word("b", 0), 61u);
  EXPECT_EQ(d.lane("R1", 0), 60u);
}

TEST(SassRunnerSurface, DisabledHeaderDropsWritesAndReturnsZero) {
  const Outcome o = run_ok(sass("SUATOM.D.2D.ADD.U64 R0, [R4], R8, 0x3 ;\nSURED.D.2D.ADD [R4], R10, 0x3 ;\n",
                                "[launch]\nlanes = 2\n[[region]]\nname = \"t\"\nsize = 64\nfill = 9\n"
                                "[[surface]]\nheader = 0\nbound = 3\ndim = \"2d\"\nwidth = 4\nheight = 2\n"
                                "texel_bytes = 8\nregion = \"t\"\nenabled = false\n"
                                "[lanes]\nR4 = \"tid\"\nR5 = 1\nR8 = 1\nR9 = 0\nR10 = 1\nR0 = 0x77\nR1 = 0x77\n"),
                           {"R0", "R1"});
  EXPECT_EQ(o.words.at("t"), std::vector<uint32_t>(16, 9));
  for (uint64_t tid = 0; tid < 2; ++tid) {
    EXPECT_EQ(o.lane("R0", tid), 0u);  // both registers of the 64-bit Rd
    EXPECT_EQ(o.lane("R1", tid), 0u);
  }
  EXPECT_EQ(o.report.counters.operations, 0u);
}

TEST(SassRunnerSurface, CasReadsCompareAndSwapAsAVectorFromRb) {
  // 32-bit: Rb = compare, Rb+1 = swap (vec2); the bindless handle R10 is not the swap value.
  // 64-bit: Rb:Rb+1 = compare, Rb+2:Rb+3 = swap (vec4).
  const Outcome o =
      run_ok(sass("SUATOM.D.1D.CAS R0, [R4], R8, R10 ;\nSUATOM.D.1D.CAS.64 R2, [R4], R12, 0x2 ;\n",
                  "[launch]\nlanes = 2\n[[region]]\nname = \"a\"\nsize = 16\nfill = 5\n"
                  "[[region]]\nname = \"b\"\nsize = 16\nfill_type = \"u64\"\nfill = 0x100000002\n"
                  "[[surface]]\nheader = 1\ndim = \"1d\"\nwidth = 4\nregion = \"a\"\n"
                  "[[surface]]\nheader = 2\nbound = 2\ndim = \"1d\"\nwidth = 2\ntexel_bytes = 8\nregion = \"b\"\n"
                  "[lanes]\nR4 = 0\nR8 = 5\nR9 = \"tid == 0 ? 9 : 11\"\nR10 = 1\n"
                  "R12 = 2\nR13 = 1\nR14 = \"tid == 0 ? 4 : 6\"\nR15 = 3\n"),
             {"R0", "R2", "R3"});
  EXPECT_EQ(o.word("a", 0), 9u);
  EXPECT_EQ(o.lane("R0", 0), 5u);
  EXPECT_EQ(o.lane("R0", 1), 9u);  // compare 5 failed against 9
  EXPECT_EQ(o.dword("b", 0), 0x300000004u);
  EXPECT_EQ(o.lane("R2", 0), 2u);
  EXPECT_EQ(o.lane("R3", 0), 1u);
  EXPECT_EQ(o.lane("R2", 1), 4u);
  EXPECT_EQ(o.lane("R3", 1), 3u);
}

TEST(SassRunnerSurface, BindlessHandleInAUniformRegister) {
  // sm_90 ptxas output holds the handle in a uniform register: its value is the handle entry.
  const std::string tables =
      "[launch]\nlanes = 2\n[[region]]\nname = \"a\"\nsize = 16\nfill = 5\n"
      "[[surface]]\nheader = 1\ndim = \"1d\"\nwidth = 4\nregion = \"a\"\n"
      "[lanes]\nR4 = \"tid\"\nR8 = 2\nUR4 = 1\n";
  const Outcome o = run_ok(sass("SURED.D.1D.ADD.STRONG.SYS [R4], R8, UR4 ;\n", tables), {"R8"});
  EXPECT_EQ(o.word("a", 0), 7u);
  EXPECT_EQ(o.word("a", 1), 7u);
  EXPECT_EQ(o.word("a", 2), 5u);
  // The immediate the disassembler prints after it is refused, not guessed:
  // tests/scenario/nvidia/error-immediate-after-bindless.toml.
}

TEST(SassRunnerSurface, SuredReducesWithoutADestination) {
  const Outcome o =
      run_ok(sass("SURED.D.2D.ADD [R4], R8, 0x1 ;\nSURED.D.2D.MIN.S32 [R4], R9, 0x1 ;\n"
                  "SURED.D.2D.MAX.SD32 [R6], R9, 0x1 ;\n",
                  "[launch]\nlanes = 4\n[[region]]\nname = \"t\"\nsize = 64\n"
                  "[[surface]]\nheader = 0\nbound = 1\ndim = \"2d\"\nwidth = 4\nheight = 4\nregion = \"t\"\n"
                  "[lanes]\nR4 = 1\nR5 = 1\nR6 = 2\nR7 = 0\nR8 = 1\nR9 = \"tid - 3\"\nR0 = 0x77\n"),
             {"R0", "R9"});
  EXPECT_EQ(o.word("t", 5), 0xfffffffdu);  // 4 adds, then the signed minimum −3
  EXPECT_EQ(o.word("t", 2), 0u);           // SD32 compares signed: max(0, −3 … 0) = 0, not 0xfffffffd
  EXPECT_EQ(o.sum("t"), 0xfffffffdu);
  for (uint64_t tid = 0; tid < 4; ++tid) {
    EXPECT_EQ(o.lane("R0", tid), keep);
    EXPECT_EQ(o.lane("R9", tid), static_cast<uint32_t>(tid - 3));
  }
  EXPECT_EQ(o.report.counters.operations, 12u);
}

namespace {

// docs/spec/nvidia.md §8.2, written out again here so the runner is checked against the text.
uint64_t spec_block_linear(uint64_t X, uint64_t y, uint64_t z, uint64_t W, uint64_t H, uint64_t BH, uint64_t BD) {
  const uint64_t width_in_gobs = (W + 63) / 64;
  const uint64_t rob_size = 512 * BH * BD * width_in_gobs;
  const uint64_t slice_size = (H + 8 * BH - 1) / (8 * BH) * rob_size;
  const uint64_t gob_offset = ((X % 64) / 32) * 256 + ((y % 8) / 2) * 64 + ((X % 32) / 16) * 32 + (y % 2) * 16 + X % 16;
  return (z / BD) * slice_size + (y / (8 * BH)) * rob_size + (X / 64) * (512 * BH * BD) + (z % BD) * (512 * BH) +
         ((y % (8 * BH)) / 8) * 512 + gob_offset;
}

}  // namespace

TEST(SassRunnerSurface, BlockLinearElementsLandWhereTheSpecFormulaSays) {
  // 3D: 40 u32 texels (160 bytes, 3 GOBs across) × 20 rows × 5 slices, blocks 2 GOBs high and deep.
  // 2D_ARRAY: 20 u32 texels × 9 rows × 3 layers, blocks 2 GOBs high: layer stride = slice_size × 1.
  const Outcome o = run_ok(
      sass("SUATOM.D.3D.ADD RZ, [R4], R8, 0x1 ;\nSUATOM.D.2D_ARRAY.ADD RZ, [R12], R8, 0x2 ;\n",
           "[launch]\nlanes = 64\n[[region]]\nname = \"vol\"\nsize = 36864\n[[region]]\nname = \"arr\"\nsize = 6144\n"
           "[[surface]]\nheader = 1\nbound = 1\ndim = \"3d\"\nlayout = \"block_linear\"\nblock_height = 2\n"
           "block_depth = 2\nwidth = 40\nheight = 20\ndepth = 5\nregion = \"vol\"\n"
           "[[surface]]\nheader = 2\nbound = 2\ndim = \"2d_array\"\nlayout = \"block_linear\"\nblock_height = 2\n"
           "width = 20\nheight = 9\nlayers = 3\nregion = \"arr\"\n"
           "[lanes]\nR4 = \"tid * 7 % 40\"\nR5 = \"tid * 5 % 20\"\nR6 = \"tid % 5\"\nR8 = \"tid + 1\"\n"
           "R12 = \"tid * 3 % 20\"\nR13 = \"tid % 9\"\nR14 = \"tid % 3\"\n"),
      {});
  std::map<uint64_t, uint32_t> vol, arr;  // byte offset → expected sum
  for (uint64_t t = 0; t < 64; ++t) {
    vol[spec_block_linear(t * 7 % 40 * 4, t * 5 % 20, t % 5, 160, 20, 2, 2)] += static_cast<uint32_t>(t + 1);
    arr[(t % 3) * 2048 + spec_block_linear(t * 3 % 20 * 4, t % 9, 0, 80, 9, 2, 1)] += static_cast<uint32_t>(t + 1);
  }
  for (const auto& [offset, value] : vol) EXPECT_EQ(o.word("vol", offset / 4), value) << "vol offset " << offset;
  for (const auto& [offset, value] : arr) EXPECT_EQ(o.word("arr", offset / 4), value) << "arr offset " << offset;
  EXPECT_EQ(o.sum("vol"), 64u * 65 / 2);
  EXPECT_EQ(o.sum("arr"), 64u * 65 / 2);
  EXPECT_GT(vol.rbegin()->first, 4096u);  // the formula reaches past the first slab
}

TEST(SassRunnerSurface, SparseElementSetsPsOrFaultsWithoutIt) {
  const std::string tables =
      "[launch]\nlanes = 2\n[[region]]\nname = \"t\"\nbase = 0x40000000\nsize = 8192\nfill = 7\n"
      "sparse = [[4096, 4096]]\n[[surface]]\nheader = 0\ndim = \"1d\"\nwidth = 2048\nregion = \"t\"\n"
      "[lanes]\nR4 = \"tid * 1024\"\nR8 = 1\nR9 = 0\nR0 = 0x77\n";
  const Outcome o = run_ok(sass("SUATOM.D.1D.ADD P1, R0, [R4], R8, R9 ;\n", tables), {"R0", "P1"});
  EXPECT_EQ(o.lane("P1", 0), 0u);
  EXPECT_EQ(o.lane("R0", 0), 7u);
  EXPECT_EQ(o.lane("P1", 1), 1u);  // sparse: Ps = true, Rd = 0, memory untouched (ASSUMPTION §6.6)
  EXPECT_EQ(o.lane("R0", 1), 0u);
  EXPECT_TRUE(o.faults.empty());
  const Outcome f = run_ok(sass("SUATOM.D.1D.ADD R0, [R4], R8, R9 ;\n", tables + "[[expect]]\nfaults = 1\n"), {"R0"});
  ASSERT_EQ(f.faults.size(), 1u);
  EXPECT_EQ(f.faults[0].lane, 1u);
  EXPECT_EQ(f.faults[0].fault.kind, memory::FaultKind::out_of_range);
  EXPECT_EQ(f.faults[0].fault.address, 0x40001000u);
  EXPECT_EQ(f.lane("R0", 1), keep);
}

TEST(SassRunnerSurface, ABoundHeaderOfAnotherDimIsNotedNotRefused) {
  const Outcome o = run_ok(sass("SUATOM.D.1D.ADD R0, [R4], R8, 0x1 ;\n",
                                "[launch]\nlanes = 1\n[[region]]\nname = \"t\"\nsize = 64\n"
                                "[[surface]]\nheader = 0\nbound = 1\ndim = \"2d\"\nwidth = 4\nheight = 4\n"
                                "region = \"t\"\n[lanes]\nR4 = 2\nR8 = 1\n"),
                           {});
  EXPECT_EQ(o.word("t", 2), 1u);
  ASSERT_EQ(o.report.notes.size(), 1u);
  EXPECT_NE(o.report.notes[0].find("line 3: .1D reads header 0, a 2D surface"), std::string::npos) << o.report.notes[0];
}
