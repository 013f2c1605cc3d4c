// The SASS scenario runner (docs/spec/nvidia.md §1–§9): addresses, guards, lane participation,
// faults and each atomic's registers and memory, through every lane's registers and the regions'
// words (sass_runner.hpp). Surfaces are sass_surface_runner_test.cpp. Scenarios checked by their
// own [[expect]] tables, and the refused ones, are files in tests/scenario/nvidia/
// (docs/testing.md).
#include "sass_runner.hpp"

#include <gtest/gtest.h>

#include <set>
#include <string>
#include <vector>

namespace {

using namespace gpuatom;
using namespace gpuatom::sass_runner;

}  // namespace

// --- Addresses, guards, participation ---------------------------------------------------------

TEST(SassRunner, ThirtyTwoBitAddressesWrapAndZeroExtendWhileDotEAddsSixtyFourBits) {
  const Outcome o = run_ok(sass("ATOM.ADD R0, [R2+0x10], R4 ;\n"
                                "ATOM.E.ADD R1, [R2+0x10], R4 ;\n"
                                "ATOM.ADD R5, [R6+-0x8], R4 ;\n",
                                "[launch]\nlanes = 1\n"
                                "[[region]]\nname = \"low\"\nbase = 0\nsize = 16\n"
                                "[[region]]\nname = \"top\"\nbase = 0xfffffff0\nsize = 16\n"
                                "[[region]]\nname = \"high\"\nbase = 0x100000000\nsize = 16\nfill = 40\n"
                                "[lanes]\nR2 = 0xfffffff8\nR3 = 0\nR4 = 1\nR6 = 4\n"),
                           {"R1"});
  // (0xfffffff8 + 0x10) mod 2^32 = 0x8; with .E, 0xfffffff8 + 0x10 = 0x1_0000_0008.
  EXPECT_EQ(o.words.at("low"), (std::vector<uint32_t>{0, 0, 1, 0}));
  EXPECT_EQ(o.words.at("high"), (std::vector<uint32_t>{40, 40, 41, 40}));
  EXPECT_EQ(o.lane("R1", 0), 40u);
  // 4 + sext(−8) = 0xfffffffc in 32 bits, zero-extended (not 0xffff_ffff_ffff_fffc).
  EXPECT_EQ(o.words.at("top"), (std::vector<uint32_t>{0, 0, 0, 1}));
  EXPECT_TRUE(o.faults.empty());
}

TEST(SassRunner, GuardPredicatesComeFromEachLane) {
  const Outcome o = run_ok(sass("@P0 ATOM.E.ADD R0, [R2], R4 ;\n"
                                "@!P0 ATOM.E.ADD R1, [R2+0x4], R4 ;\n"
                                "@PT ATOM.E.ADD RZ, [R2+0x8], R4 ;\n"
                                "@!PT ATOM.E.ADD RZ, [R2+0xc], R4 ;\n",
                                "[launch]\nlanes = 8\n[[region]]\nname = \"c\"\nsize = 16\n"
                                "[lanes]\nR2 = \"lo(addr(c))\"\nR3 = \"hi(addr(c))\"\nR4 = 1\nP0 = \"tid % 3 == 0\"\n"
                                "R0 = 0x77\nR1 = 0x77\n"),
                           {"R0", "R1"});
  EXPECT_EQ(o.words.at("c"), (std::vector<uint32_t>{3, 5, 8, 0}));
  const uint64_t r0[] = {0, keep, keep, 1, keep, keep, 2, keep};
  const uint64_t r1[] = {keep, 0, 1, keep, 2, 3, keep, 4};
  for (uint64_t tid = 0; tid < 8; ++tid) {
    EXPECT_EQ(o.lane("R0", tid), r0[tid]) << tid;
    EXPECT_EQ(o.lane("R1", tid), r1[tid]) << tid;
  }
}

TEST(SassRunner, HelperAndKilledLanesDoNothingAndKeepTheirRegisters) {
  const Outcome o = run_ok(sass("ATOM.E.ADD R0, [R2], R4 ;\n"
                                "RED.E.ADD [R2+0x4], R4 ;\n"
                                "SUATOM.D.1D.ADD R1, [R6], R4, 0x1 ;\n"
                                "SURED.D.1D.ADD [R6], R4, 0x1 ;\n",
                                "[launch]\nlanes = 4\nhelper = \"tid == 1\"\nkilled = \"tid == 2\"\n"
                                "[[region]]\nname = \"c\"\nsize = 8\n[[region]]\nname = \"tex\"\nsize = 16\n"
                                "[[surface]]\nheader = 0\nbound = 1\ndim = \"1d\"\nwidth = 4\nregion = \"tex\"\n"
                                "[lanes]\nR2 = \"lo(addr(c))\"\nR3 = \"hi(addr(c))\"\nR4 = 1\nR6 = 2\n"
                                "R0 = 0x77\nR1 = 0x77\n"),
                           {"R0", "R1"});
  EXPECT_EQ(o.words.at("c"), (std::vector<uint32_t>{2, 2}));
  EXPECT_EQ(o.words.at("tex"), (std::vector<uint32_t>{0, 0, 4, 0}));
  EXPECT_EQ(o.report.counters.operations, 8u);  // 2 lanes × 4 instructions
  for (uint64_t tid : {1, 2}) {
    EXPECT_EQ(o.lane("R0", tid), keep);
    EXPECT_EQ(o.lane("R1", tid), keep);
  }
  EXPECT_EQ(o.lane("R0", 0) + o.lane("R0", 3), 1u);  // old values 0 and 1
  EXPECT_EQ(o.lane("R1", 0) + o.lane("R1", 3), 1u);
}

TEST(SassRunner, FaultsArePerLaneWithKindAndAddressAndTheOthersComplete) {
  const std::string tables =
      "[launch]\nlanes = 4\n[[region]]\nname = \"buf\"\nbase = 0x10000000\nsize = 64\n"
      "[lanes]\nR2 = \"lo(tid == 0 ? addr(buf) : tid == 1 ? addr(buf) + 2 : tid == 2 ? end(buf) : 0xff00000010)\"\n"
      "R3 = \"hi(tid == 0 ? addr(buf) : tid == 1 ? addr(buf) + 2 : tid == 2 ? end(buf) : 0xff00000010)\"\n"
      "R4 = 1\nR0 = 0x77\nR1 = 0x77\n";
  const std::string program = "ATOM.E.ADD R0, [R2], R4 ;\nATOM.E.ADD R1, [R2], R4 ;\n";
  // The scenario says it expects its faults (a fault no expectation mentions fails the run).
  const Outcome o = run_ok(sass(program, tables + "[[expect]]\nfaults = 3\n"), {"R0", "R1"});
  ASSERT_EQ(o.faults.size(), 3u);
  const std::pair<memory::FaultKind, uint64_t> expected[] = {{memory::FaultKind::misaligned, 0x10000002},
                                                             {memory::FaultKind::out_of_range, 0x10000040},
                                                             {memory::FaultKind::invalid_address_space, 0xff00000010}};
  for (size_t k = 0; k < 3; ++k) {
    EXPECT_EQ(o.faults[k].lane, k + 1);
    EXPECT_EQ(o.faults[k].instruction, 0u);
    EXPECT_EQ(o.faults[k].fault.kind, expected[k].first) << k;
    EXPECT_EQ(o.faults[k].fault.address, expected[k].second) << k;
    EXPECT_EQ(o.faults[k].fault.width, 4u);
    EXPECT_EQ(o.lane("R0", k + 1), keep);  // a faulting lane writes nothing
  }
  EXPECT_EQ(o.lane("R0", 0), 0u);
  // The warp stops after the faulting instruction (PROPOSED default, spec §1) …
  EXPECT_EQ(o.word("buf", 0), 1u);
  EXPECT_EQ(o.lane("R1", 0), keep);
  // … unless the scenario asks to go on.
  const Outcome on =
      run_ok(sass(program, "[options]\ncontinue_after_fault = true\n" + tables + "[[expect]]\nfaults = 6\n"), {"R1"});
  EXPECT_EQ(on.word("buf", 0), 2u);
  EXPECT_EQ(on.lane("R1", 0), 1u);
  EXPECT_EQ(on.faults.size(), 6u);
}

TEST(SassRunner, AtomsAddressesSharedMemoryAbsoluteAndRelative) {
  const Outcome o = run_ok(sass("ATOMS.ADD R0, [0x8], R4 ;\nATOMS.ADD R1, [R2+0x4], R4 ;\n",
                                "[launch]\nlanes = 4\n[[region]]\nname = \"smem\"\nspace = \"shared\"\nsize = 64\n"
                                "[lanes]\nR2 = 0x10\nR4 = \"tid + 1\"\n"),
                           {"R0", "R1"});
  std::vector<uint32_t> expected(16, 0);
  expected[2] = 10;  // [0x8]
  expected[5] = 10;  // [0x10 + 0x4]
  EXPECT_EQ(o.words.at("smem"), expected);
  // One warp, ascending lanes (DECISION, spec §1): each lane sees the sum of the lanes before it.
  const uint64_t before[] = {0, 1, 3, 6};
  for (uint64_t tid = 0; tid < 4; ++tid) {
    EXPECT_EQ(o.lane("R0", tid), before[tid]);
    EXPECT_EQ(o.lane("R1", tid), before[tid]);
  }
}

TEST(SassRunner, RedWritesMemoryButNoRegister) {
  const Outcome o = run_ok(sass("RED.E.ADD [R2], R4 ;\nRED.E.MAX.S32 [R2+0x4], R4 ;\n",
                                "[launch]\nlanes = 4\n[[region]]\nname = \"c\"\nsize = 8\n"
                                "[lanes]\nR2 = \"lo(addr(c))\"\nR3 = \"hi(addr(c))\"\nR4 = \"tid - 2\"\nR0 = 0x77\n"
                                "R1 = 0x77\nR5 = 0x77\n"),
                           {"R0", "R1", "R4", "R5"});
  EXPECT_EQ(o.word("c", 0), 0xfffffffeu);  // −2 − 1 + 0 + 1
  EXPECT_EQ(o.word("c", 1), 1u);           // signed max of 0, −2, −1, 0, 1
  for (uint64_t tid = 0; tid < 4; ++tid) {
    EXPECT_EQ(o.lane("R0", tid), keep);
    EXPECT_EQ(o.lane("R1", tid), keep);
    EXPECT_EQ(o.lane("R5", tid), keep);
    EXPECT_EQ(o.lane("R4", tid), static_cast<uint32_t>(tid - 2));
  }
  EXPECT_EQ(o.report.counters.operations, 8u);
}

TEST(SassRunner, CasTakesCompareFromRbAndSwapFromRcOrZero) {
  const Outcome o = run_ok(sass("ATOM.E.CAS R0, [R2], R4, R5 ;\n"
                                "ATOM.E.CAS R1, [R2], R4, R5 ;\n"
                                "ATOM.E.CAS.64 R6, [R2+0x8], R8, R10 ;\n"
                                "ATOM.E.CAS R12, [R2+0x10], R4, RZ ;\n"
                                "ATOM.E.CAS.64 R14, [R2+0x18], R8, RZ ;\n",
                                "[launch]\nlanes = 1\n[[region]]\nname = \"m\"\nsize = 32\n"
                                "fill = \"i == 0 || i == 4 ? 5 : i == 2 || i == 6 ? 2 : i == 3 || i == 7 ? 1 : 0\"\n"
                                "[lanes]\nR2 = \"lo(addr(m))\"\nR3 = \"hi(addr(m))\"\nR4 = 5\nR5 = 9\n"
                                "R8 = 2\nR9 = 1\nR10 = 4\nR11 = 3\n"),
                           {"R0", "R1", "R6", "R7", "R12", "R14", "R15"});
  EXPECT_EQ(o.word("m", 0), 9u);  // M == Rb (5): M = Rc (9)
  EXPECT_EQ(o.lane("R0", 0), 5u);
  EXPECT_EQ(o.lane("R1", 0), 9u);            // 9 ≠ 5: unchanged, old value returned
  EXPECT_EQ(o.dword("m", 1), 0x300000004u);  // Rb:Rb+1 compared, Rc:Rc+1 (= Rb+2:Rb+3) stored
  EXPECT_EQ(o.lane("R6", 0), 2u);
  EXPECT_EQ(o.lane("R7", 0), 1u);
  EXPECT_EQ(o.word("m", 4), 0u);  // Rc = RZ swaps in 0
  EXPECT_EQ(o.lane("R12", 0), 5u);
  EXPECT_EQ(o.dword("m", 3), 0u);
  EXPECT_EQ(o.lane("R14", 0), 2u);
  EXPECT_EQ(o.lane("R15", 0), 1u);
}

TEST(SassRunner, AtomsCastReturnsOneWhenItStoredAndZeroWhenNot) {
  const Outcome o = run_ok(sass("ATOMS.CAST R0, [0x0], R4, R5 ;\nATOMS.CAST.64 R2, [0x8], R8, R10 ;\n",
                                "[launch]\nlanes = 2\n[[region]]\nname = \"s\"\nspace = \"shared\"\nsize = 16\n"
                                "[lanes]\nR4 = 0\nR5 = \"tid + 1\"\nR8 = 0\nR9 = 0\nR10 = \"tid + 1\"\nR11 = 0x10\n"
                                "R3 = 0x77\n"),
                           {"R0", "R2", "R3"});
  EXPECT_EQ(o.word("s", 0), 1u);
  EXPECT_EQ(o.dword("s", 1), 0x1000000001u);
  EXPECT_EQ(o.lane("R0", 0), 1u);
  EXPECT_EQ(o.lane("R0", 1), 0u);
  EXPECT_EQ(o.lane("R2", 0), 1u);
  EXPECT_EQ(o.lane("R2", 1), 0u);
  EXPECT_EQ(o.lane("R3", 0), keep);  // the flag is one register, even for .64
}

TEST(SassRunner, CastSpinLetsOnlyTheLowestLaneOfEachBankAttempt) {
  // Lanes 0 and 1 share bank 0 (0x0, 0x80), lanes 2 and 3 bank 1 (0x4, 0x84): every compare
  // would succeed, but the higher lane of each bank returns 0 without trying (PROPOSED §3.4).
  const std::string tables =
      "[launch]\nlanes = 4\n[[region]]\nname = \"s\"\nspace = \"shared\"\nsize = 256\n"
      "[lanes]\nR2 = \"tid == 0 ? 0 : tid == 1 ? 0x80 : tid == 2 ? 4 : 0x84\"\nR4 = 0\n"
      "R5 = \"tid + 1\"\nP1 = 1\n";
  const Outcome o = run_ok(sass("ATOMS.CAST.SPIN R0, [R2], R4, R5 ;\n", tables), {"R0"});
  EXPECT_EQ(o.word("s", 0), 1u);
  EXPECT_EQ(o.word("s", 32), 0u);
  EXPECT_EQ(o.word("s", 1), 3u);
  EXPECT_EQ(o.word("s", 33), 0u);
  const uint64_t flags[] = {1, 0, 1, 0};
  for (uint64_t tid = 0; tid < 4; ++tid) EXPECT_EQ(o.lane("R0", tid), flags[tid]) << tid;
  // The modern form names a predicate in place of Rd: it receives the flag.
  const Outcome p = run_ok(sass("ATOMS.CAST.SPIN P1, [R2], R4, R5 ;\n", tables), {"P1"});
  for (uint64_t tid = 0; tid < 4; ++tid) EXPECT_EQ(p.lane("P1", tid), flags[tid]) << tid;
  EXPECT_EQ(p.word("s", 1), 3u);
}

TEST(SassRunner, Atomg128ExchangesAndComparesFourRegisters) {
  const Outcome o = run_ok(sass("ATOMG.E.EXCH.128.STRONG.GPU PT, R4, [R2.64], R8 ;\n"
                                "ATOMG.E.CAS.128.STRONG.GPU P1, R12, [R2.64+0x10], R16, R20 ;\n"
                                "ATOMG.E.CAS.128.STRONG.GPU P2, R24, [R2.64+0x20], R16, R20 ;\n",
                                "[launch]\nlanes = 1\n[[region]]\nname = \"q\"\nsize = 48\nfill = \"i + 1\"\n"
                                "[lanes]\nR2 = \"lo(addr(q))\"\nR3 = \"hi(addr(q))\"\n"
                                "R8 = 0x11\nR9 = 0x22\nR10 = 0x33\nR11 = 0x44\n"
                                "R16 = 5\nR17 = 6\nR18 = 7\nR19 = 8\nR20 = 0xa0\nR21 = 0xa1\nR22 = 0xa2\nR23 = 0xa3\n"),
                           {"R4", "R5", "R6", "R7", "R12", "R15", "R24", "R27", "P1", "P2"});
  EXPECT_EQ(o.words.at("q"), (std::vector<uint32_t>{0x11, 0x22, 0x33, 0x44, 0xa0, 0xa1, 0xa2, 0xa3, 9, 10, 11, 12}));
  EXPECT_EQ(o.lane("R4", 0), 1u);
  EXPECT_EQ(o.lane("R5", 0), 2u);
  EXPECT_EQ(o.lane("R6", 0), 3u);
  EXPECT_EQ(o.lane("R7", 0), 4u);
  EXPECT_EQ(o.lane("R12", 0), 5u);
  EXPECT_EQ(o.lane("R15", 0), 8u);
  EXPECT_EQ(o.lane("R24", 0), 9u);   // compare failed: the old 128 bits come back …
  EXPECT_EQ(o.lane("R27", 0), 12u);  // … and memory keeps them
  EXPECT_EQ(o.lane("P1", 0), 1u);    // Pu: the memory system performed it
  EXPECT_EQ(o.lane("P2", 0), 1u);
}

TEST(SassRunner, F16x2AddsEachHalfPerLaneAndKeepsSubnormals) {
  const Outcome o =
      run_ok(sass("ATOM.E.ADD.F16x2.RN R0, [R2], R4 ;\nATOM.E.ADD.F16x2.FTZ.RN R1, [R2+0x4], R5 ;\n",
                  "[launch]\nlanes = 2\n[[region]]\nname = \"h\"\nsize = 8\n"
                  "fill = \"i == 0 ? f16(1.0) | f16(2.0) << 16 : 0x00010001\"\n"
                  "[lanes]\nR2 = \"lo(addr(h))\"\nR3 = \"hi(addr(h))\"\n"
                  "R4 = \"tid == 0 ? f16(0.5) | f16(1.0) << 16 : f16(0.25) | f16(-4.0) << 16\"\nR5 = 0x00010001\n"),
             {"R0", "R1"});
  EXPECT_EQ(o.word("h", 0), 0xbc003f00u);  // low 1 + 0.5 + 0.25 = 1.75; high 2 + 1 − 4 = −1
  EXPECT_EQ(o.lane("R0", 0), 0x40003c00u);
  EXPECT_EQ(o.lane("R0", 1), 0x42003e00u);  // 3.0 | 1.5
  EXPECT_EQ(o.word("h", 1), 0x00030003u);   // subnormals kept for both spellings (ASSUMPTION §4.2)
}

TEST(SassRunner, SafeaddRunsOnlyWithTheOptInModel) {
  const std::string program = "ATOM.E.SAFEADD.U64 R0, [R2], R4 ;\n";
  const std::string tables =
      "[launch]\nlanes = 1\n[[region]]\nname = \"q\"\nsize = 8\nfill_type = \"u64\"\n"
      "fill = \"0xfffffffffffffffe\"\n[lanes]\nR2 = \"lo(addr(q))\"\nR3 = \"hi(addr(q))\"\nR4 = 3\n"
      "R5 = 0\n";
  // Without the option it is refused: tests/scenario/nvidia/error-safeadd-without-model.toml.
  const Outcome o = run_ok(sass(program, "[options]\nsafeadd_model = true\n" + tables), {"R0", "R1"});
  EXPECT_EQ(o.dword("q", 0), 1u);  // 64-bit wrap (ASSUMPTION §3.2)
  EXPECT_EQ(o.lane("R0", 0), 0xfffffffeu);
  EXPECT_EQ(o.lane("R1", 0), 0xffffffffu);
}

TEST(SassRunner, DeterministicModeRepeatsForTheSameSeed) {
  const std::string text = sass("ATOM.E.EXCH R0, [R2], R4 ;\nATOM.E.ADD R1, [R2+0x4], R4 ;\n",
                                "[launch]\nlanes = 96\n[[region]]\nname = \"c\"\nsize = 8\n"
                                "[lanes]\nR2 = \"lo(addr(c))\"\nR3 = \"hi(addr(c))\"\nR4 = \"tid + 1\"\n");
  const Outcome a = run_ok(text, {"R0", "R1"}, scenario::Mode::deterministic, 7);
  const Outcome b = run_ok(text, {"R0", "R1"}, scenario::Mode::deterministic, 7);
  EXPECT_EQ(a.lanes, b.lanes);
  EXPECT_EQ(a.words, b.words);
  EXPECT_EQ(a.word("c", 1), 96u * 97 / 2);
  std::set<std::vector<uint64_t>> exchanges;  // other seeds choose other interleavings of the 3 warps
  for (uint64_t seed = 1; seed <= 8; ++seed)
    exchanges.insert(run_ok(text, {"R0"}, scenario::Mode::deterministic, seed).lanes.at("R0"));
  EXPECT_GT(exchanges.size(), 1u);
}
