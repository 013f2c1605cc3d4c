// Every kind of AMD atomic through the wave, bit-exact on edge values: the new integer ops
// (sub_clamp, cond_sub, rsub, mskor with its mask first), float adds per target and unit with the
// subnormal switches (docs/spec/amd-isa.md §7), packed 16-bit adds, f64, min/max NaN and ±0,
// float compare-and-swap, and returned vs not. Expected values come from the rules as the spec
// states them, computed here by hand, not from the ALU.
#include <gtest/gtest.h>

#include <bit>
#include <cstring>

#include "amd-isa/wave_support.hpp"

namespace gpuatom::amd::isa::testing {
namespace {

// One lane: memory word(s) at buf (or the LDS) hold `old`, the instruction runs with its data
// registers, and the result is (memory after, the register the old value went to).
struct One {
  uint64_t memory, returned;
};

One run_global(std::string_view target_name, std::string_view mnemonic, uint64_t old, uint64_t data, uint64_t data2 = 0,
               const FloatRulesOptions& floats = {}, bool returns = true) {
  const Target& t = target(target_name);
  const Encoding& e = encoding(t, mnemonic, returns, "", "saddr");
  const Semantics sem = std::get<Semantics>(semantics(e));
  const unsigned n = sem.data_registers();
  const uint8_t dw = static_cast<uint8_t>(n);
  // The second data operand (a compare value) follows the first; set whether read or not.
  std::vector<RegisterInit> inits = {init(
                                         v(2), [](uint64_t) { return buf; }, 2),
                                     init(
                                         v(4), [=](uint64_t) { return data; }, dw),
                                     init(
                                         v(10), [](uint64_t) { return 0xabababababababab; }, 2),
                                     init(
                                         v(4 + static_cast<int>(n)), [=](uint64_t) { return data2; }, dw)};
  std::map<std::string, int64_t> ops = {{"vaddr", v(2)}, {"vdata", v(4)}};
  if (returns) ops["vdst"] = v(10);
  auto p = program(t, 1, 64, {make(e, ops)}, inits, floats);
  WaveRun run(p, {{"buf", buf, 64}}, [&](memory::DeviceMemory& m) { (void)m.store(buf, n * 4, old); });
  EXPECT_TRUE(run.run(exec::Mode::deterministic).faults.empty());
  return {run.load(buf, n * 4), run.reg(v(10), 0, n)};
}

One run_ds(std::string_view target_name, std::string_view mnemonic, uint64_t old, uint64_t data0, uint64_t data1 = 0,
           const FloatRulesOptions& floats = {}) {
  const Target& t = target(target_name);
  const Encoding& e = encoding(t, mnemonic, true);
  const Semantics sem = std::get<Semantics>(semantics(e));
  const unsigned n = sem.data_registers();
  const uint8_t dw = static_cast<uint8_t>(n);
  auto p = program(t, 1, 64, {make(e, {{"vdst", v(10)}, {"addr", v(1)}, {"data0", v(4)}, {"data1", v(6)}})},
                   {init(v(1), [](uint64_t) { return 8; }),
                    init(
                        v(4), [=](uint64_t) { return data0; }, dw),
                    init(
                        v(6), [=](uint64_t) { return data1; }, dw)},
                   floats);
  p.has_lds = true;
  p.lds_base = lds;
  p.lds_size = 64;
  WaveRun run(p, {{"lds", lds, 64}}, [&](memory::DeviceMemory& m) { (void)m.store(lds + 8, n * 4, old); });
  EXPECT_TRUE(run.run(exec::Mode::deterministic).faults.empty());
  return {run.load(lds + 8, n * 4), run.reg(v(10), 0, n)};
}

TEST(AmdIsaOps, SubClampAndCondSub) {
  // sub_clamp: old >= v ? old − v : 0. cond_sub: old >= v ? old − v : old.
  EXPECT_EQ(run_global("gfx1030", "global_atomic_csub", 5, 7).memory, 0u);
  EXPECT_EQ(run_global("gfx1030", "global_atomic_csub", 7, 5).memory, 2u);
  EXPECT_EQ(run_global("gfx1100", "global_atomic_csub_u32", 0xffffffff, 1).memory, 0xfffffffeu);
  EXPECT_EQ(run_global("gfx1200", "global_atomic_sub_clamp_u32", 3, 3).memory, 0u);
  EXPECT_EQ(run_global("gfx1200", "global_atomic_cond_sub_u32", 5, 7).memory, 5u);
  EXPECT_EQ(run_global("gfx1200", "global_atomic_cond_sub_u32", 7, 7).memory, 0u);
  EXPECT_EQ(run_ds("gfx1200", "ds_cond_sub_rtn_u32", 9, 4).memory, 5u);
  EXPECT_EQ(run_ds("gfx1200", "ds_cond_sub_rtn_u32", 9, 4).returned, 9u);
  EXPECT_EQ(run_ds("gfx1200", "ds_sub_clamp_rtn_u32", 1, 4).memory, 0u);
}

TEST(AmdIsaOps, RsubAndMskorWithTheMaskFirst) {
  EXPECT_EQ(run_ds("gfx90a", "ds_rsub_rtn_u32", 3, 10).memory, 7u);
  EXPECT_EQ(run_ds("gfx90a", "ds_rsub_rtn_u32", 10, 3).memory, 0xfffffff9u);
  EXPECT_EQ(run_ds("gfx942", "ds_rsub_rtn_u64", 1, 0).memory, 0xffffffffffffffffULL);
  // mskor: (old & ~data0) | data1.
  const One m = run_ds("gfx90a", "ds_mskor_rtn_b32", 0xffff0000, 0x00ff00ff, 0x00000011);
  EXPECT_EQ(m.memory, (0xffff0000u & ~0x00ff00ffu) | 0x11u);
  EXPECT_EQ(m.returned, 0xffff0000u);
}

TEST(AmdIsaOps, ReturnedOrNot) {
  const One with = run_global("gfx942", "global_atomic_add", 40, 2);
  EXPECT_EQ(with.memory, 42u);
  EXPECT_EQ(with.returned, 40u);
  const One without = run_global("gfx942", "global_atomic_add", 40, 2, 0, {}, false);
  EXPECT_EQ(without.memory, 42u);
  EXPECT_EQ(without.returned, 0xababababu);  // vdst untouched
}

constexpr uint32_t f32_one = 0x3f800000, f32_min_sub = 0x00000001, f32_two_sub = 0x00000002;

TEST(AmdIsaOps, L2AddF32SubnormalsPerReadingAndFamily) {
  // The manuals: L2 add_f32 flushes subnormal inputs on every family (§7.2): 1 ulp + 1 ulp = +0.
  for (const char* t : {"gfx90a", "gfx942", "gfx1100", "gfx1200"}) {
    EXPECT_EQ(
        run_global(t, t[3] == '9' ? "global_atomic_add_f32" : "global_atomic_add_f32", f32_min_sub, f32_min_sub).memory,
        0u)
        << t;
  }
  // LLVM's reading: gfx94x, gfx11, gfx12 keep them; gfx90a still flushes.
  FloatRulesOptions llvm;
  llvm.l2_add_f32 = L2AddF32Reading::llvm;
  EXPECT_EQ(run_global("gfx942", "global_atomic_add_f32", f32_min_sub, f32_min_sub, 0, llvm).memory, f32_two_sub);
  EXPECT_EQ(run_global("gfx1100", "global_atomic_add_f32", f32_min_sub, f32_min_sub, 0, llvm).memory, f32_two_sub);
  EXPECT_EQ(run_global("gfx90a", "global_atomic_add_f32", f32_min_sub, f32_min_sub, 0, llvm).memory, 0u);
  // Round to nearest even: 1 + 2^-24 (half an ulp) stays 1.
  EXPECT_EQ(run_global("gfx942", "global_atomic_add_f32", f32_one, 0x33800000).memory, f32_one);
  // 1 + 3·2^-24 rounds up to 1 + 2^-22 (the even neighbour).
  EXPECT_EQ(run_global("gfx942", "global_atomic_add_f32", f32_one, 0x34400000).memory, 0x3f800002u);
}

TEST(AmdIsaOps, LdsAddF32FollowsTheModeSwitch) {
  EXPECT_EQ(run_ds("gfx942", "ds_add_rtn_f32", f32_min_sub, f32_min_sub).memory, f32_two_sub);  // kept by default
  FloatRulesOptions flushed;
  flushed.lds_denormals = LdsDenormals::flushed;
  EXPECT_EQ(run_ds("gfx942", "ds_add_rtn_f32", f32_min_sub, f32_min_sub, 0, flushed).memory, 0u);
}

TEST(AmdIsaOps, InfMinusInfAndNaNs) {
  const uint32_t inf = 0x7f800000, minus_inf = 0xff800000;
  EXPECT_EQ(run_global("gfx942", "global_atomic_add_f32", inf, minus_inf).memory, 0x7fc00000u);
  FloatRulesOptions negative;
  negative.default_nan = numeric::DefaultNan::negative_quiet;
  EXPECT_EQ(run_global("gfx942", "global_atomic_add_f32", inf, minus_inf, 0, negative).memory, 0xffc00000u);
  // A signalling NaN in memory comes back quiet (§7.5: memory's NaN, quieted).
  EXPECT_EQ(run_global("gfx942", "global_atomic_add_f32", 0x7f800001, f32_one).memory, 0x7fc00001u);
}

TEST(AmdIsaOps, MinMaxNaNAndSignedZeros) {
  const uint32_t plus_zero = 0, minus_zero = 0x80000000, qnan = 0x7fc00000;
  // −0 < +0 for min and max.
  EXPECT_EQ(run_global("gfx1030", "global_atomic_fmin", plus_zero, minus_zero).memory, minus_zero);
  EXPECT_EQ(run_global("gfx1030", "global_atomic_fmax", minus_zero, plus_zero).memory, plus_zero);
  // One NaN: the number.
  EXPECT_EQ(run_global("gfx1030", "global_atomic_fmin", qnan, f32_one).memory, f32_one);
  EXPECT_EQ(run_global("gfx1030", "global_atomic_fmax", f32_one, qnan).memory, f32_one);
  // f64 on CDNA.
  const uint64_t d_one = 0x3ff0000000000000ULL, d_two = 0x4000000000000000ULL;
  EXPECT_EQ(run_global("gfx90a", "global_atomic_max_f64", d_one, d_two).memory, d_two);
  EXPECT_EQ(run_global("gfx90a", "global_atomic_min_f64", d_one, d_two).returned, d_one);
}

TEST(AmdIsaOps, AddF64AndPackedAdds) {
  const uint64_t d_one = 0x3ff0000000000000ULL, d_sub = 1;  // f64 never flushes
  EXPECT_EQ(run_global("gfx90a", "global_atomic_add_f64", d_sub, d_sub).memory, 2u);
  EXPECT_EQ(run_global("gfx90a", "global_atomic_add_f64", d_one, d_one).memory, 0x4000000000000000ULL);
  // pk_add_f16: each half on its own: (1.0, 2.0) + (1.0, −2.0) = (2.0, +0).
  EXPECT_EQ(run_global("gfx942", "global_atomic_pk_add_f16", 0x40003c00, 0xc0003c00).memory, 0x00004000u);
  // pk_add_bf16: 1.0 + 1.0 in both halves.
  EXPECT_EQ(run_global("gfx942", "global_atomic_pk_add_bf16", 0x3f803f80, 0x3f803f80).memory, 0x40004000u);
}

TEST(AmdIsaOps, FloatCompareAndSwap) {
  // fcmpswap (gfx1030): vdata = {new, compare}; +0 compares equal to −0; NaN never equal.
  EXPECT_EQ(run_global("gfx1030", "global_atomic_fcmpswap", 0x80000000, f32_one, 0).memory, f32_one);
  EXPECT_EQ(run_global("gfx1030", "global_atomic_fcmpswap", 0x7fc00000, f32_one, 0x7fc00000).memory, 0x7fc00000u);
  // ds_cmpst_f32 (gfx90a): data0 compare, data1 new.
  EXPECT_EQ(run_ds("gfx90a", "ds_cmpst_rtn_f32", f32_one, f32_one, 0x40000000).memory, 0x40000000u);
}

TEST(AmdIsaOps, Integer64Edges) {
  EXPECT_EQ(run_global("gfx942", "global_atomic_smin_x2", 0x8000000000000000ULL, 1).memory, 0x8000000000000000ULL);
  EXPECT_EQ(run_global("gfx942", "global_atomic_umin_x2", 0x8000000000000000ULL, 1).memory, 1u);
  EXPECT_EQ(run_global("gfx942", "global_atomic_inc_x2", 0xffffffffffffffffULL, 0xffffffffffffffffULL).memory, 0u);
  EXPECT_EQ(run_global("gfx942", "global_atomic_dec_x2", 0, 7).memory, 7u);
  const One cas =
      run_global("gfx942", "global_atomic_cmpswap_x2", 0x123456789ULL, 0xaaaabbbbccccddddULL, 0x123456789ULL);
  EXPECT_EQ(cas.memory, 0xaaaabbbbccccddddULL);
  EXPECT_EQ(cas.returned, 0x123456789ULL);
}

}  // namespace
}  // namespace gpuatom::amd::isa::testing
