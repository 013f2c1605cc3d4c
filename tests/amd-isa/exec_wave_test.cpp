// The AMD wave executor (amd/isa/exec/wave.hpp) on instructions built from the encoding table:
// addresses per class, returned vs not, cmpswap's register order, the buffer range check, LDS,
// scalar atomics, faults, wave32 vs wave64, and the three run modes.
#include <gtest/gtest.h>

#include <algorithm>
#include <numeric>
#include <set>

#include "amd-isa/wave_support.hpp"
#include "gpuatom/amd/isa/program.hpp"

namespace gpuatom::amd::isa::testing {
namespace {

uint64_t lo(uint64_t x) { return x & 0xffffffff; }
uint64_t hi(uint64_t x) { return x >> 32; }

TEST(AmdIsaWave, GlobalAddReturnsEveryOldValueOnceWave64) {
  const Target& t = target("gfx90a");
  const Encoding& e = encoding(t, "global_atomic_add", true, "", "saddr");
  // global_atomic_add v0, v[2:3], v1, off glc: 128 lanes add 1 to one word.
  auto p = program(t, 128, 64, {make(e, {{"vdst", v(0)}, {"vaddr", v(2)}, {"vdata", v(1)}})},
                   {init(
                        v(2), [](uint64_t) { return buf; }, 2),
                    init(v(1), [](uint64_t) { return 1; })});
  for (const exec::Mode mode : {exec::Mode::deterministic, exec::Mode::parallel}) {
    WaveRun run(p, {{"buf", buf, 64}});
    const auto r = run.run(mode, 7);
    EXPECT_TRUE(r.faults.empty());
    EXPECT_EQ(run.load(buf), 128u);
    std::set<uint64_t> seen;
    for (uint64_t tid = 0; tid < 128; ++tid) seen.insert(run.reg(v(0), tid));
    EXPECT_EQ(seen.size(), 128u);
    EXPECT_EQ(*seen.rbegin(), 127u);
  }
}

TEST(AmdIsaWave, NoReturnLeavesRegistersAlone) {
  const Target& t = target("gfx942");
  const Encoding& e = encoding(t, "global_atomic_add", false, "", "saddr");
  ASSERT_EQ(e.operand("vdst"), nullptr);
  auto p = program(t, 4, 64, {make(e, {{"vaddr", v(2)}, {"vdata", v(1)}})},
                   {init(
                        v(2), [](uint64_t tid) { return buf + 4 * tid; }, 2),
                    init(v(1), [](uint64_t tid) { return tid + 5; }), init(v(0), [](uint64_t) { return 0xdead; })});
  WaveRun run(p, {{"buf", buf, 64}});
  run.run(exec::Mode::parallel);
  for (uint64_t tid = 0; tid < 4; ++tid) {
    EXPECT_EQ(run.load(buf + 4 * tid), tid + 5);
    EXPECT_EQ(run.reg(v(1), tid), tid + 5);  // the data register is not overwritten
  }
}

TEST(AmdIsaWave, SaddrPlusVaddrOffsetPlusSignedOffset) {
  const Target& t = target("gfx942");
  const Encoding& e = encoding(t, "global_atomic_add", true, "saddr");
  // global_atomic_add v0, v1, v2, s[4:5] offset:-8 sc0
  auto p =
      program(t, 8, 64, {make(e, {{"vdst", v(0)}, {"vaddr", v(1)}, {"vdata", v(2)}, {"saddr", s(4)}, {"offset", -8}})},
              {init(
                   s(4), [](uint64_t) { return buf + 8; }, 2),
               init(v(1), [](uint64_t tid) { return 4 * tid; }), init(v(2), [](uint64_t) { return 3; })});
  WaveRun run(p, {{"buf", buf, 64}});
  EXPECT_TRUE(run.run(exec::Mode::deterministic).faults.empty());
  for (uint64_t tid = 0; tid < 8; ++tid) EXPECT_EQ(run.load(buf + 4 * tid), 3u);
}

TEST(AmdIsaWave, CmpswapTakesNewValueFirstThenCompare) {
  const Target& t = target("gfx90a");
  const Encoding& e = encoding(t, "global_atomic_cmpswap", true, "", "saddr");
  // vdata = v[4:5]: v4 the new value, v5 the compare value. Lane 0 compares 5 (equal), lane 1 7 (not).
  auto p = program(t, 2, 64, {make(e, {{"vdst", v(0)}, {"vaddr", v(2)}, {"vdata", v(4)}})},
                   {init(
                        v(2), [](uint64_t tid) { return buf + 4 * tid; }, 2),
                    init(v(4), [](uint64_t) { return 9; }), init(v(5), [](uint64_t tid) { return tid == 0 ? 5 : 7; })});
  WaveRun run(p, {{"buf", buf, 64}}, [](memory::DeviceMemory& m) {
    (void)m.store(buf, 4, 5);
    (void)m.store(buf + 4, 4, 5);
  });
  run.run(exec::Mode::deterministic);
  EXPECT_EQ(run.load(buf), 9u);
  EXPECT_EQ(run.load(buf + 4), 5u);
  EXPECT_EQ(run.reg(v(0), 0), 5u);
  EXPECT_EQ(run.reg(v(0), 1), 5u);
}

TEST(AmdIsaWave, DsCmpstTakesCompareFirstAndGfx11CmpstoreNewFirst) {
  for (const auto& [target_name, mnemonic, swapped] :
       {std::tuple{"gfx90a", "ds_cmpst_rtn_b32", true}, std::tuple{"gfx1100", "ds_cmpstore_rtn_b32", false}}) {
    const Target& t = target(target_name);
    const Encoding& e = encoding(t, mnemonic, true);
    // data0 = v1 = 5, data1 = v2 = 9; memory holds 5. Pre-gfx11: compare 5, store 9. gfx11: store 5, compare 9.
    auto p =
        program(t, 1, t.default_wave, {make(e, {{"vdst", v(0)}, {"addr", v(3)}, {"data0", v(1)}, {"data1", v(2)}})},
                {init(v(3), [](uint64_t) { return 4; }), init(v(1), [](uint64_t) { return 5; }),
                 init(v(2), [](uint64_t) { return 9; })});
    p.has_lds = true;
    p.lds_base = lds;
    p.lds_size = 16;
    WaveRun run(p, {{"lds", lds, 16}}, [](memory::DeviceMemory& m) { (void)m.store(lds + 4, 4, 5); });
    EXPECT_TRUE(run.run(exec::Mode::deterministic).faults.empty());
    EXPECT_EQ(run.load(lds + 4), swapped ? 9u : 5u) << mnemonic;
    EXPECT_EQ(run.reg(v(0), 0), 5u) << mnemonic;
  }
}

TEST(AmdIsaWave, LdsCounterAndOffsetsPastTheLdsFault) {
  const Target& t = target("gfx942");
  const Encoding& rtn = encoding(t, "ds_add_rtn_u32", true);
  const Encoding& plain = encoding(t, "ds_add_u32", false);
  auto p = program(t, 64, 64,
                   {make(rtn, {{"vdst", v(0)}, {"addr", v(1)}, {"data0", v(2)}}),
                    make(plain, {{"addr", v(1)}, {"data0", v(2)}, {"offset", 4}})},
                   {init(v(1), [](uint64_t) { return 0; }), init(v(2), [](uint64_t) { return 2; })});
  p.has_lds = true;
  p.lds_base = lds;
  p.lds_size = 8;
  WaveRun run(p, {{"lds", lds, 64}});
  EXPECT_TRUE(run.run(exec::Mode::parallel).faults.empty());
  EXPECT_EQ(run.load(lds), 128u);
  EXPECT_EQ(run.load(lds + 4), 128u);
  std::set<uint64_t> seen;
  for (uint64_t tid = 0; tid < 64; ++tid) seen.insert(run.reg(v(0), tid));
  EXPECT_EQ(seen.size(), 64u);

  // The LDS is 8 bytes: offset 8 is past it, a fault even though the region goes on.
  auto past = program(t, 2, 64, {make(plain, {{"addr", v(1)}, {"data0", v(2)}, {"offset", 8}})},
                      {init(v(2), [](uint64_t) { return 1; })});
  past.has_lds = true;
  past.lds_base = lds;
  past.lds_size = 8;
  for (const exec::Mode mode : {exec::Mode::deterministic, exec::Mode::parallel}) {
    WaveRun run2(past, {{"lds", lds, 64}});
    const auto r = run2.run(mode);
    ASSERT_EQ(r.faults.size(), 2u);
    EXPECT_EQ(r.faults[0].fault.kind, memory::FaultKind::out_of_range);
    EXPECT_EQ(run2.load(lds + 8), 0u);
  }
}

// A V# over `records` bytes of buf (raw, stride 0), OOB_SELECT 2 on gfx10+ (raw check).
std::vector<RegisterInit> raw_buffer(int first_sgpr, uint32_t records) {
  return {init(s(first_sgpr), [](uint64_t) { return lo(buf); }),
          init(s(first_sgpr + 1), [](uint64_t) { return hi(buf); }),
          init(s(first_sgpr + 2), [records](uint64_t) { return records; }),
          init(s(first_sgpr + 3), [](uint64_t) { return uint64_t{2} << 28; })};
}

TEST(AmdIsaWave, BufferAtomicPastItsRecordsReturnsZeroAndWritesNothing) {
  for (const char* name : {"gfx90a", "gfx942", "gfx1030", "gfx1100", "gfx1200"}) {
    const Target& t = target(name);
    const std::string_view mnemonic = t.generation >= Generation::gfx11 ? "buffer_atomic_add_u32" : "buffer_atomic_add";
    const Encoding& e = encoding(t, mnemonic, true, "vaddr", "", "soffset offen");
    ASSERT_FALSE(e.syntax.find("idxen") != std::string_view::npos) << e.record;
    // 16 lanes at byte offsets 0, 4, … 60 of a 32-byte buffer: lanes 0–7 in range, 8–15 out.
    std::vector<RegisterInit> inits = raw_buffer(8, 32);
    inits.push_back(init(v(1), [](uint64_t tid) { return 4 * tid; }));
    inits.push_back(init(v(0), [](uint64_t tid) { return 100 + tid; }));
    auto p = program(t, 16, t.default_wave,
                     {make(e, {{"vdata", v(0)}, {"vaddr", v(1)}, {"srsrc", s(8)}, {"soffset", 128}})}, inits);
    for (const exec::Mode mode : {exec::Mode::deterministic, exec::Mode::parallel}) {
      WaveRun run(p, {{"buf", buf, 128}}, [](memory::DeviceMemory& m) {
        for (int k = 0; k < 32; ++k) (void)m.store(buf + 4 * k, 4, 7);
      });
      EXPECT_TRUE(run.run(mode).faults.empty()) << name;
      for (uint64_t tid = 0; tid < 16; ++tid) {
        EXPECT_EQ(run.load(buf + 4 * tid), tid < 8 ? 107 + tid : 7u) << name << " lane " << tid;
        EXPECT_EQ(run.reg(v(0), tid), tid < 8 ? 7u : 0u) << name << " lane " << tid;  // the returned value
      }
    }
  }
}

TEST(AmdIsaWave, BufferRangeCheckPerFamily) {
  const Target& cdna = target("gfx90a");
  const Target& rdna = target("gfx1100");
  BufferResource raw;
  raw.num_records = 16;
  EXPECT_TRUE(buffer_in_range(cdna, raw, 0, 12, 4));
  EXPECT_FALSE(buffer_in_range(cdna, raw, 0, 14, 4));  // partly out: out as a whole
  BufferResource structured = raw;
  structured.stride = 8;
  EXPECT_TRUE(buffer_in_range(cdna, structured, 15, 0, 4));
  EXPECT_FALSE(buffer_in_range(cdna, structured, 16, 0, 4));
  structured.word3 = 0;  // OOB_SELECT 0: index and offset within the stride
  EXPECT_FALSE(buffer_in_range(rdna, structured, 1, 6, 4));
  EXPECT_TRUE(buffer_in_range(rdna, structured, 1, 4, 4));
  structured.word3 = 3u << 28;  // no check
  EXPECT_TRUE(buffer_in_range(rdna, structured, 1000, 1000, 4));
}

TEST(AmdIsaWave, IncAndDecFollowAmdsWrapRule) {
  const Target& t = target("gfx90a");
  const Encoding& inc = encoding(t, "global_atomic_inc", true, "", "saddr");
  const Encoding& dec = encoding(t, "global_atomic_dec", true, "", "saddr");
  // Lanes: old values 0, 3, 4, 9 against limit 4.
  const std::vector<uint64_t> old = {0, 3, 4, 9};
  for (const bool increment : {true, false}) {
    auto p = program(t, 4, 64, {make(increment ? inc : dec, {{"vdst", v(0)}, {"vaddr", v(2)}, {"vdata", v(1)}})},
                     {init(
                          v(2), [](uint64_t tid) { return buf + 4 * tid; }, 2),
                      init(v(1), [](uint64_t) { return 4; })});
    WaveRun run(p, {{"buf", buf, 64}}, [&](memory::DeviceMemory& m) {
      for (size_t k = 0; k < old.size(); ++k) (void)m.store(buf + 4 * k, 4, old[k]);
    });
    run.run(exec::Mode::deterministic);
    for (size_t k = 0; k < old.size(); ++k) {
      const uint64_t o = old[k];
      const uint64_t expected = increment ? (o >= 4 ? 0 : o + 1) : ((o == 0 || o > 4) ? 4 : o - 1);
      EXPECT_EQ(run.load(buf + 4 * k), expected) << (increment ? "inc " : "dec ") << o;
      EXPECT_EQ(run.reg(v(0), k), o);
    }
  }
}

TEST(AmdIsaWave, SixtyFourBitOpsUseRegisterPairs) {
  const Target& t = target("gfx942");
  const Encoding& e = encoding(t, "global_atomic_add_x2", true, "", "saddr");
  auto p = program(t, 2, 64, {make(e, {{"vdst", v(4)}, {"vaddr", v(2)}, {"vdata", v(6)}})},
                   {init(
                        v(2), [](uint64_t) { return buf; }, 2),
                    init(
                        v(6), [](uint64_t) { return 0x100000001ULL; }, 2)});
  WaveRun run(p, {{"buf", buf, 64}}, [](memory::DeviceMemory& m) { (void)m.store(buf, 8, 0xffffffffULL); });
  run.run(exec::Mode::deterministic);
  EXPECT_EQ(run.load(buf, 8), 0xffffffffULL + 2 * 0x100000001ULL);
  EXPECT_EQ(run.reg(v(4), 0, 2), 0xffffffffULL);
  EXPECT_EQ(run.reg(v(4), 1, 2), 0xffffffffULL + 0x100000001ULL);
}

TEST(AmdIsaWave, AgprDataAndDestination) {
  const Target& t = target("gfx90a");
  const Encoding& e = encoding(t, "global_atomic_add", true, "", "saddr");
  auto p = program(t, 1, 64, {make(e, {{"vdst", a(3)}, {"vaddr", v(2)}, {"vdata", a(1)}})},
                   {init(
                        v(2), [](uint64_t) { return buf; }, 2),
                    init(a(1), [](uint64_t) { return 6; })});
  WaveRun run(p, {{"buf", buf, 64}}, [](memory::DeviceMemory& m) { (void)m.store(buf, 4, 1); });
  run.run(exec::Mode::deterministic);
  EXPECT_EQ(run.load(buf), 7u);
  EXPECT_EQ(run.reg(a(3), 0), 1u);
  EXPECT_EQ(run.reg(v(3), 0), 0u);
}

TEST(AmdIsaWave, ScalarAtomicRunsOncePerWave) {
  const Target& t = target("gfx90a");
  const Encoding& e = encoding(t, "s_atomic_add", true, "", "soffset");
  ASSERT_EQ(e.operand("sbase")->dwords, 2);
  // 3 waves of 64: each adds s2 = 5 once; sdata gets the old value.
  auto p = program(t, 130, 64, {make(e, {{"sdst", s(2)}, {"sdata", s(2)}, {"sbase", s(4)}, {"offset", 4}})},
                   {init(
                        s(4), [](uint64_t) { return buf; }, 2),
                    init(s(2), [](uint64_t) { return 5; })});
  WaveRun run(p, {{"buf", buf, 64}});
  EXPECT_TRUE(run.run(exec::Mode::parallel).faults.empty());
  EXPECT_EQ(run.load(buf + 4), 15u);
  std::set<uint64_t> seen;
  for (uint64_t wave = 0; wave < 3; ++wave) seen.insert(run.reg(s(2), wave * 64));
  EXPECT_EQ(seen, (std::set<uint64_t>{0, 5, 10}));
}

TEST(AmdIsaWave, ExecMaskAndWave32) {
  const Target& t = target("gfx1100");
  const Encoding& e = encoding(t, "global_atomic_add_u32", true, "", "saddr");
  for (const uint32_t wave : {32u, 64u}) {
    auto p = program(t, 96, wave, {make(e, {{"vdst", v(0)}, {"vaddr", v(2)}, {"vdata", v(1)}})},
                     {init(
                          v(2), [](uint64_t tid) { return buf + 4 * (tid / 32); }, 2),
                      init(v(1), [](uint64_t) { return 1; })});
    p.active = std::make_shared<TidValues>([](uint64_t tid) { return tid % 2; });
    WaveRun run(p, {{"buf", buf, 64}});
    run.run(exec::Mode::deterministic);
    for (uint64_t k = 0; k < 3; ++k) EXPECT_EQ(run.load(buf + 4 * k), 16u) << wave;
    EXPECT_EQ(run.agents().size(), wave == 32 ? 3u : 2u);
  }
}

TEST(AmdIsaWave, MisalignedAccessIsALaneFaultAndTheWaveStops) {
  const Target& t = target("gfx942");
  const Encoding& e = encoding(t, "global_atomic_add", true, "", "saddr");
  auto p = program(t, 2, 64,
                   {make(e, {{"vdst", v(0)}, {"vaddr", v(2)}, {"vdata", v(1)}}),
                    make(e, {{"vdst", v(0)}, {"vaddr", v(2)}, {"vdata", v(1)}, {"offset", 16}})},
                   {init(
                        v(2), [](uint64_t tid) { return buf + (tid == 1 ? 2 : 0); }, 2),
                    init(v(1), [](uint64_t) { return 1; })});
  for (const exec::Mode mode : {exec::Mode::deterministic, exec::Mode::parallel}) {
    WaveRun run(p, {{"buf", buf, 64}});
    const auto r = run.run(mode);
    ASSERT_EQ(r.faults.size(), 1u);
    EXPECT_EQ(r.faults[0].lane, 1u);
    EXPECT_EQ(r.faults[0].fault.kind, memory::FaultKind::misaligned);
    EXPECT_EQ(run.load(buf), 1u);       // lane 0 did the first instruction
    EXPECT_EQ(run.load(buf + 16), 0u);  // nobody did the second
  }
}

// Two waves of one lane race a cmpswap 0 → tid + 1 on one word: every interleaving.
class CmpswapInstance final : public exec::Instance {
 public:
  explicit CmpswapInstance(const WaveIsaProgram& p) : run_(p, {{"buf", buf, 64}}) {}
  std::span<exec::Agent* const> agents() override { return run_.agents(); }
  std::string outcome(const exec::RunResult&) override {
    return "word=" + std::to_string(run_.load(buf)) + " old=" + std::to_string(run_.reg(v(0), 0)) + "," +
           std::to_string(run_.reg(v(0), 1));
  }

 private:
  WaveRun run_;
};

TEST(AmdIsaWave, ExhaustiveListsBothWinners) {
  const Target& t = target("gfx942");
  const Encoding& e = encoding(t, "global_atomic_cmpswap", true, "", "saddr");
  auto p = program(t, 2, 1, {make(e, {{"vdst", v(0)}, {"vaddr", v(2)}, {"vdata", v(4)}})},
                   {init(
                        v(2), [](uint64_t) { return buf; }, 2),
                    init(v(4), [](uint64_t tid) { return tid + 1; }), init(v(5), [](uint64_t) { return 0; })});
  const auto result = exec::run_exhaustive([&] { return std::make_unique<CmpswapInstance>(p); });
  EXPECT_TRUE(result.complete);
  EXPECT_EQ(result.outcomes.size(), 2u);
  EXPECT_EQ(result.outcomes.count("word=1 old=0,1"), 1u);
  EXPECT_EQ(result.outcomes.count("word=2 old=2,0"), 1u);
}

TEST(AmdIsaWave, CompileRefusesWhatDoesNotExecute) {
  const Target& t = target("gfx90a");
  const Encoding& image = encoding(t, "image_atomic_add", true);
  EXPECT_TRUE(std::holds_alternative<std::string>(compile(make(image, {}), t)));
  const Encoding& ds = encoding(t, "ds_add_u32", false);
  const auto gds = compile(make(ds, {{"gds", 1}}), t);
  ASSERT_TRUE(std::holds_alternative<std::string>(gds));
  EXPECT_NE(std::get<std::string>(gds).find("global data share"), std::string::npos);
  const Encoding& other = encoding(target("gfx1100"), "global_atomic_add_u32", true);
  EXPECT_TRUE(std::holds_alternative<std::string>(compile(make(other, {}), t)));  // not a gfx90a encoding
}

TEST(AmdIsaWave, ScalarSourceConstants) {
  const Target& t = target("gfx90a");
  std::array<uint32_t, scalar_codes> sgprs{};
  sgprs[7] = 99;
  sgprs[124] = 3;  // M0 on gfx9
  EXPECT_EQ(scalar_source(t, 7, sgprs), 99u);
  EXPECT_EQ(scalar_source(t, 124, sgprs), 3u);
  EXPECT_EQ(scalar_source(target("gfx1100"), 124, sgprs), 0u);  // null
  // GFX10 keeps M0 at 124 and puts null at 125; GFX11 swaps them (llvm-mc 19: `s_mov_b32 m0, 0`
  // is 0xbefc0080 on gfx1030 and 0xbefd0080 on gfx1100).
  EXPECT_EQ(scalar_source(target("gfx1030"), 124, sgprs), 3u);
  sgprs[125] = 5;
  EXPECT_EQ(scalar_source(target("gfx1030"), 125, sgprs), 0u);  // null
  EXPECT_EQ(scalar_source(target("gfx1100"), 125, sgprs), 5u);  // M0
  EXPECT_EQ(scalar_source(t, 125, sgprs), 5u);                  // no null register on GFX9
  EXPECT_EQ(named_register("m0", t)->code, 124);
  EXPECT_EQ(named_register("m0", target("gfx1030"))->code, 124);
  EXPECT_EQ(named_register("m0", target("gfx1100"))->code, 125);
  EXPECT_EQ(scalar_source(t, 128, sgprs), 0u);
  EXPECT_EQ(scalar_source(t, 129, sgprs), 1u);
  EXPECT_EQ(scalar_source(t, 192, sgprs), 64u);
  EXPECT_EQ(scalar_source(t, 193, sgprs), 0xffffffffu);
  EXPECT_EQ(scalar_source(t, 242, sgprs), 0x3f800000u);
}

}  // namespace
}  // namespace gpuatom::amd::isa::testing

namespace gpuatom::amd::isa::testing {
namespace {

class AffineValues final : public exec::LaneValues {
 public:
  explicit AffineValues(exec::AffineLanes a) : a_(a) {}
  std::variant<uint64_t, exec::LaneValueError> value(uint64_t tid, uint64_t, uint64_t) const override {
    return a_->base + a_->stride * tid;
  }
  bool values(uint64_t first, uint32_t count, uint32_t, uint64_t* out) const override {
    for (uint32_t k = 0; k < count; ++k) out[k] = a_->base + a_->stride * (first + k);
    return true;
  }
  const std::optional<exec::AffineLanes>& affine() const override { return a_; }
  bool is_constant() const override { return false; }

 private:
  std::optional<exec::AffineLanes> a_;
};

class ConstantValues final : public exec::LaneValues {
 public:
  explicit ConstantValues(uint64_t v) : v_(v) {}
  std::variant<uint64_t, exec::LaneValueError> value(uint64_t, uint64_t, uint64_t) const override { return v_; }
  bool values(uint64_t, uint32_t count, uint32_t, uint64_t* out) const override {
    std::fill(out, out + count, v_);
    return true;
  }
  const std::optional<exec::AffineLanes>& affine() const override { return none_; }
  bool is_constant() const override { return true; }

 private:
  uint64_t v_;
  std::optional<exec::AffineLanes> none_;
};

TEST(AmdIsaWave, DirectInstructionsAndLazyRegisters) {
  const Target& t = target("gfx942");
  const Encoding& e = encoding(t, "global_atomic_add", true, "", "saddr");
  exec::AffineLanes a;
  a.base = buf;
  a.stride = 4;
  const auto make_program = [&](int64_t dst) {
    WaveIsaProgram p;
    p.target = &t;
    p.lanes = 8;
    p.wave_size = 64;
    auto c = compile(make(e, {{"vdst", dst}, {"vaddr", v(2)}, {"vdata", v(1)}}), t);
    p.code.push_back(std::get<WaveIsaInstruction>(std::move(c)));
    p.inits = {{v(2), 2, std::make_shared<AffineValues>(a)}, {v(1), 1, std::make_shared<ConstantValues>(3)}};
    p.use_all();
    return p;
  };
  const WaveIsaProgram direct = make_program(v(0));
  EXPECT_TRUE(direct.code[0].direct);
  EXPECT_EQ(direct.init_lazy, (std::vector<uint8_t>{1, 1}));
  // The old value lands in v1, the data register: it changes, so nothing is direct or lazy.
  const WaveIsaProgram written = make_program(v(1));
  EXPECT_FALSE(written.code[0].direct);
  EXPECT_EQ(written.init_lazy, (std::vector<uint8_t>{0, 0}));
  // A kept register is stored even when only a direct instruction reads it.
  WaveIsaProgram kept = make_program(v(0));
  kept.kept = {v(1)};
  kept.use_all();
  EXPECT_EQ(kept.init_lazy, (std::vector<uint8_t>{1, 0}));
  // Streamed (kept storage given: lazy inits skipped) and eager give the same memory and returns.
  for (const bool streamed : {false, true}) {
    std::vector<uint32_t> saved;
    exec::LaneMachine<WaveIsaLanes> m({8, 64}, {64, true, false}, false,
                                      [&](memory::DeviceMemory& memory, const exec::GroupSettings& s) {
                                        return std::make_unique<exec::LaneMachine<WaveIsaLanes>::Group>(
                                            memory, s, direct, streamed ? &saved : nullptr);
                                      });
    ASSERT_TRUE(m.memory.add_region({"buf", buf, 64, {}}));
    ASSERT_FALSE(m.begin_groups());
    for (const exec::Mode mode : {exec::Mode::deterministic}) {
      exec::RunOptions o;
      o.mode = mode;
      exec::run(m.agents(), o);
    }
    for (uint64_t tid = 0; tid < 8; ++tid) EXPECT_EQ(*m.memory.load(buf + 4 * tid, 4), 3u) << streamed;
  }
}

}  // namespace
}  // namespace gpuatom::amd::isa::testing
