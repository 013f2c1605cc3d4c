// The SASS scenario runner (docs/spec/nvidia.md §1–§9): scenarios written here as TOML text, run with
// scenario::run_sass_and_inspect, and checked through every lane's registers, the regions'
// words and the faults — including what [[expect]] cannot see (helper lanes, kept registers).
// Scenarios checked by their own [[expect]] tables, and the refused ones, are files in
// tests/scenario/nvidia/ (docs/testing.md).
#include "gpuatom/scenario/bind.hpp"

#include <gtest/gtest.h>

#include <map>
#include <set>
#include <string>
#include <vector>

#include "gpuatom/scenario/scenario.hpp"

namespace {

using namespace gpuatom;

struct Outcome {
  std::string errors;  // diagnostics of a refused scenario; empty when it ran
  scenario::RunReport report;
  std::vector<exec::LaneFault> faults;
  std::map<std::string, std::vector<uint64_t>> lanes;  // register → its value in each lane
  std::map<std::string, std::vector<uint32_t>> words;  // region → its 32-bit words

  uint64_t lane(const std::string& reg, uint64_t tid) const { return lanes.at(reg).at(tid); }
  uint32_t word(const std::string& region, uint64_t index) const { return words.at(region).at(index); }
  uint64_t dword(const std::string& region, uint64_t index) const {
    return uint64_t{word(region, 2 * index + 1)} << 32 | word(region, 2 * index);
  }
  uint64_t sum(const std::string& region) const {
    uint64_t total = 0;
    for (uint32_t w : words.at(region)) total += w;
    return total;
  }
};

// The scenario file: `program` lines start at line 3.
std::string sass(const std::string& program, const std::string& tables) {
  return "isa = \"sass\"\nprogram = \"\"\"\n" + program + "\"\"\"\n" + tables;
}

Outcome run(const std::string& text, const std::vector<std::string>& registers,
            scenario::Mode mode = scenario::Mode::deterministic, uint64_t seed = 1) {
  Outcome out;
  auto loaded = scenario::parse_scenario(text, "t.toml");
  if (auto* d = std::get_if<support::Diagnostics>(&loaded)) {
    out.errors = d->format_all();
    return out;
  }
  const scenario::Scenario& s = std::get<scenario::Scenario>(loaded);
  scenario::RunOptions options;
  options.mode = mode;
  options.seed = seed;
  options.quiet = true;
  const auto result = scenario::run_sass_and_inspect(s, options, [&](const scenario::Observation& o) {
    out.faults = o.faults;
    for (const std::string& reg : registers)
      for (uint64_t tid = 0; tid < s.launch.lanes; ++tid)
        out.lanes[reg].push_back(o.lane_value(reg, tid).value_or(~0ULL));
    for (const scenario::RegionText& r : s.regions) {
      std::vector<uint32_t>& w = out.words[r.name];
      for (uint64_t i = 0; i < r.size / 4; ++i)
        w.push_back(static_cast<uint32_t>(o.memory->load(*r.base + 4 * i, 4, r.attributes.space).value_or(0xdeadbeef)));
    }
  });
  if (auto* d = std::get_if<support::Diagnostics>(&result))
    out.errors = d->format_all();
  else
    out.report = std::get<scenario::RunReport>(result);
  return out;
}

// Runs a scenario that must be accepted, and fails the test with its diagnostics if it is not.
Outcome run_ok(const std::string& text, const std::vector<std::string>& registers,
               scenario::Mode mode = scenario::Mode::deterministic, uint64_t seed = 1) {
  Outcome out = run(text, registers, mode, seed);
  EXPECT_EQ(out.errors, "") << text;
  EXPECT_TRUE(out.report.passed());
  return out;
}

constexpr uint64_t keep = 0x77;  // an initial register value an untouched register keeps

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
