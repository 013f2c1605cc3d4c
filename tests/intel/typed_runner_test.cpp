// TYPED_ATOMIC executed in vISA scenarios (spec/intel.md §7, §8): [[surface]] binding by index,
// U/V/R/LOD per surface type, mip levels, out of bounds (zeros, dropped write), masks and
// predication, the 16-bit layout, float ops, same-address order, and the diagnostics.
#include <gtest/gtest.h>

#include "common/scenario_text.hpp"
#include "gpuatom/scenario/bind.hpp"

using namespace gpuatom;

namespace {

std::variant<scenario::Scenario, support::Diagnostics> parse(const std::string& text) {
  return scenario::parse_scenario(text, "typed.toml");
}

scenario::Scenario load(const std::string& text) { return test::load_scenario(text, "typed.toml"); }

scenario::RunReport run_ok(const std::string& text, scenario::Mode mode = scenario::Mode::deterministic) {
  return test::run_scenario_ok(scenario::run_visa, text, "typed.toml", mode);
}

// The diagnostics of loading and running `text` (loader errors included).
std::string errors_of(const std::string& text) {
  auto loaded = parse(text);
  if (auto* d = std::get_if<support::Diagnostics>(&loaded)) return d->format_all();
  auto r = scenario::run_visa(std::get<scenario::Scenario>(loaded), {});
  if (auto* d = std::get_if<support::Diagnostics>(&r)) return d->format_all();
  ADD_FAILURE() << "ran";
  return {};
}

void expect_passes(const std::string& text) {
  for (auto mode : {scenario::Mode::parallel, scenario::Mode::deterministic, scenario::Mode::exhaustive}) {
    const auto r = run_ok(text, mode);
    EXPECT_TRUE(r.passed()) << "mode " << static_cast<int>(mode);
    for (const auto& e : r.expectations)
      if (!e.passed) ADD_FAILURE() << "mode " << static_cast<int>(mode) << ": " << e.what << ": " << e.detail;
  }
}

// A scenario with one typed surface S (index 6) over region `img` of `img_size` bytes. The
// program line comes after the declarations of U, V, R, L (coordinates), VAL, CMP (sources) and
// OLD (Dst); [lanes] and [[expect]] tables follow as given. Line 4 of the file is the first
// program line, so `line` is line 13.
std::string typed(const std::string& line, const std::string& surface, const std::string& lanes,
                  const std::string& expectations, const std::string& img = "size = 64",
                  const std::string& launch = "lanes = 8") {
  return "isa = \"visa\"\nexhaustive = true\nprogram = \"\"\"\n"
         ".decl U v_type=G type=ud num_elts=8 align=GRF\n"
         ".decl V v_type=G type=ud num_elts=8 align=GRF\n"
         ".decl R v_type=G type=ud num_elts=8 align=GRF\n"
         ".decl L v_type=G type=ud num_elts=8 align=GRF\n"
         ".decl VAL v_type=G type=ud num_elts=8 align=GRF\n"
         ".decl CMP v_type=G type=ud num_elts=8 align=GRF\n"
         ".decl OLD v_type=G type=ud num_elts=8 align=GRF\n"
         ".decl P1 v_type=P num_elts=8\n"
         ".decl S v_type=T num_elts=1\n" +
         line + "\n\"\"\"\n[launch]\n" + launch + "\n[[region]]\nname = \"img\"\n" + img +
         "\n[[surface]]\nheader = 6\nregion = \"img\"\n" + surface + "\n[lanes]\n" + lanes + "\n" + expectations;
}

std::string word_each(const std::string& value, const std::string& type = "u32") {
  return "[[expect]]\nregion = \"img\"\ntype = \"" + type + "\"\neach = \"" + value + "\"\n";
}

std::string lane_each(const std::string& name, const std::string& value) {
  return "[[expect]]\nlane = \"" + name + "\"\neach = \"" + value + "\"\n";
}

const std::string add_line = "typed_atomic.add (M1, 8) S U.0 V.0 R.0 L.0 VAL.0 %null.0 OLD.0";

}  // namespace

TEST(IntelTyped, OneDimensionalXIsU) {
  // Channel n adds n + 1 to texel n; texels 8 … 15 of the region are not part of the surface.
  expect_passes(typed("typed_atomic.add (M1, 8) S U.0 %null.0 %null.0 %null.0 VAL.0 %null.0 OLD.0",
                      "dim = \"1d\"\nwidth = 8", "U = \"lane\"\nVAL = \"lane + 1\"\nOLD = 99\n",
                      word_each("i < 8 ? i + 1 : 0") + lane_each("OLD", "0")));
}

TEST(IntelTyped, OneDimensionalArrayTakesTheArrayIndexFromV) {
  // 4 texels × 2 layers: channel n at x = n % 4, layer n / 4 → texel n; V = 2 is out of bounds.
  expect_passes(typed("typed_atomic.add (M1, 8) S U.0 V.0 %null.0 %null.0 VAL.0 %null.0 OLD.0",
                      "dim = \"1d_array\"\nwidth = 4\nlayers = 2", "U = \"lane % 4\"\nV = \"lane / 4\"\nVAL = \"lane + 1\"\n",
                      word_each("i < 8 ? i + 1 : 0")));
  expect_passes(typed("typed_atomic.add (M1, 8) S U.0 V.0 %null.0 %null.0 VAL.0 %null.0 OLD.0",
                      "dim = \"1d_array\"\nwidth = 4\nlayers = 2", "U = \"lane % 4\"\nV = 2\nVAL = 1\nOLD = 5\n",
                      word_each("0") + lane_each("OLD", "0")));
}

TEST(IntelTyped, ArrayLayersKeepTheirCountAtHigherLevels) {
  // 4 texels × 2 layers, 2 levels: level 0 is words 0 … 7, level 1 (2 texels × 2 layers) words
  // 8 … 11. At LOD 1 channel n aims at x = n % 4, layer n / 4: x = 2, 3 are out of bounds, the
  // second layer still exists.
  expect_passes(typed("typed_atomic.add (M1, 8) S U.0 V.0 %null.0 L.0 VAL.0 %null.0 OLD.0",
                      "dim = \"1d_array\"\nwidth = 4\nlayers = 2\nmip_levels = 2",
                      "U = \"lane % 4\"\nV = \"lane / 4\"\nL = 1\nVAL = \"lane + 1\"\n",
                      word_each("i == 8 ? 1 : i == 9 ? 2 : i == 10 ? 5 : i == 11 ? 6 : 0"), "size = 48"));
}

TEST(IntelTyped, TwoDimensionalUsesTheRowPitch) {
  // 4 × 2 texels, rows 32 bytes apart: (x, y) is word 8y + x; the padding words stay zero.
  expect_passes(typed("typed_atomic.add (M1, 8) S U.0 V.0 %null.0 %null.0 VAL.0 %null.0 OLD.0",
                      "dim = \"2d\"\nwidth = 4\nheight = 2\nrow_pitch = 32", "U = \"lane % 4\"\nV = \"lane / 4\"\nVAL = \"lane + 1\"\n",
                      word_each("i % 8 < 4 ? (i / 8) * 4 + i % 8 + 1 : 0")));
}

TEST(IntelTyped, TwoDimensionalArrayTakesTheArrayIndexFromR) {
  // 2 × 2 texels × 2 layers, tight: (x, y, layer) is word 4 layer + 2y + x.
  expect_passes(typed("typed_atomic.add (M1, 8) S U.0 V.0 R.0 %null.0 VAL.0 %null.0 OLD.0",
                      "dim = \"2d_array\"\nwidth = 2\nheight = 2\nlayers = 2",
                      "U = \"lane % 2\"\nV = \"lane / 2 % 2\"\nR = \"lane / 4\"\nVAL = \"100 * (lane % 2) + 10 * (lane / 2 % 2) + lane / 4\"\n",
                      word_each("i < 8 ? 100 * (i % 2) + 10 * (i / 2 % 2) + i / 4 : 0")));
}

TEST(IntelTyped, ThreeDimensionalWithMipLevels) {
  // 4 × 4 × 2 texels, 3 levels: level 0 is words 0 … 31, level 1 (2 × 2 × 1) words 32 … 35,
  // level 2 (1 × 1 × 1) word 36. Channels (x, y, z, lod):
  //   0: (3, 3, 1, 0) → word 31    1: (1, 1, 0, 1) → word 35    2: (0, 0, 0, 2) → word 36
  //   3: (1, 0, 0, 2) x ≥ 1 at level 2       4: (0, 0, 1, 1) z ≥ 1 at level 1
  //   5: (0, 0, 0, 3) lod ≥ 3                6: (2, 0, 0, 1) x ≥ 2 at level 1
  //   7: (0, 3, 0, 0) → word 12
  // The region holds 1000 + i; in-bounds channels get it back, the others 0, and only the four
  // texels hit change.
  const std::string lanes =
      "U = \"lane == 0 ? 3 : lane == 1 || lane == 3 ? 1 : lane == 6 ? 2 : 0\"\n"
      "V = \"lane == 0 || lane == 7 ? 3 : lane == 1 ? 1 : 0\"\n"
      "R = \"lane == 0 || lane == 4 ? 1 : 0\"\n"
      "L = \"lane == 1 || lane == 4 || lane == 6 ? 1 : lane == 2 || lane == 3 ? 2 : lane == 5 ? 3 : 0\"\n"
      "VAL = \"lane + 1\"\nOLD = 99\n";
  expect_passes(typed(add_line, "dim = \"3d\"\nwidth = 4\nheight = 4\ndepth = 2\nmip_levels = 3", lanes,
                      word_each("1000 + i + (i == 31 ? 1 : i == 35 ? 2 : i == 36 ? 3 : i == 12 ? 8 : 0)") +
                          lane_each("OLD", "lane == 0 ? 1031 : lane == 1 ? 1035 : lane == 2 ? 1036 : lane == 7 ? 1012 : 0"),
                      "size = 148\nfill = \"1000 + i\""));
}

TEST(IntelTyped, OutOfBoundsReturnsZerosDropsTheWriteAndLeavesNeighboursIntact) {
  // 3 × 2 texels with 16-byte rows (word 3 of each row is padding) in a 48-byte region whose
  // words hold 500 + i. Channel n: x = n % 4 (x = 3 lands in the padding: out of bounds),
  // y = n / 4, and channel 7 asks for y = 2 (the third row, outside the surface but inside the
  // region). Channel 6 uses x = 0xffffffff (−1 read as unsigned: out of bounds).
  const std::string lanes = "U = \"lane == 6 ? 0xffffffff : lane % 4\"\nV = \"lane == 7 ? 2 : lane / 4\"\n"
                            "VAL = 1\nOLD = 77\n";
  const std::string in_bounds = "(lane % 4 < 3 && lane < 6)";
  expect_passes(typed("typed_atomic.add (M1, 8) S U.0 V.0 %null.0 %null.0 VAL.0 %null.0 OLD.0",
                      "dim = \"2d\"\nwidth = 3\nheight = 2\nrow_pitch = 16", lanes,
                      word_each("500 + i + (i % 4 < 3 && i < 6 ? 1 : 0)") +
                          lane_each("OLD", in_bounds + " ? 500 + lane : 0") + "[[expect]]\nfaults = 0\n",
                      "size = 48\nfill = \"500 + i\""));
}

TEST(IntelTyped, NullDstStillUpdatesMemoryAndOutOfBoundsStillDrops) {
  expect_passes(typed("typed_atomic.inc (M1, 8) S U.0 %null.0 %null.0 %null.0 %null.0 %null.0 %null.0",
                      "dim = \"1d\"\nwidth = 2", "U = \"lane % 4\"\nOLD = 3\n",
                      word_each("i < 2 ? 2 : 0") + lane_each("OLD", "3")));
}

TEST(IntelTyped, ExecutionMaskNoMaskAndPredication) {
  // Active lanes 0, 2, 4, 6; P1 = lanes 0 … 2: (P1) with M1 → channels 0 and 2; with M1_NM →
  // channels 0, 1, 2; (!P1) → 4 and 6. A disabled channel keeps its Dst element.
  const std::string lanes = "U = \"lane\"\nVAL = 1\nOLD = 7\nP1 = \"lane < 3\"\n";
  const std::string launch = "lanes = 8\nactive = \"lane % 2 == 0\"";
  // `hit` names the channels that run, over `n`: texel n gets 1, Dst element n gets 0 (old).
  const auto run = [&](const std::string& line, const std::string& hit) {
    const auto over = [&](const std::string& name) {
      std::string e = hit;
      for (size_t at = e.find('n'); at != std::string::npos; at = e.find('n', at + name.size())) e.replace(at, 1, name);
      return e;
    };
    expect_passes(typed(line, "dim = \"1d\"\nwidth = 8", lanes,
                        word_each(over("i") + " ? 1 : 0") + lane_each("OLD", over("lane") + " ? 0 : 7"), "size = 64",
                        launch));
  };
  // Lane values of inactive lanes are not checked by `each`; the region words are.
  run("(P1) typed_atomic.add (M1, 8) S U.0 %null.0 %null.0 %null.0 VAL.0 %null.0 OLD.0", "(n == 0 || n == 2)");
  run("(!P1) typed_atomic.add (M1, 8) S U.0 %null.0 %null.0 %null.0 VAL.0 %null.0 OLD.0", "(n == 4 || n == 6)");
  run("(P1) typed_atomic.add (M1_NM, 8) S U.0 %null.0 %null.0 %null.0 VAL.0 %null.0 OLD.0", "(n < 3)");
  run("(P1.any) typed_atomic.add (M1, 8) S U.0 %null.0 %null.0 %null.0 VAL.0 %null.0 OLD.0", "(n % 2 == 0 && n < 8)");
}

TEST(IntelTyped, SixteenBitTexelsBesideTheirNeighbours) {
  // A 4-texel surface of 2-byte texels over 8 half-words (0x1000 + i; half-word 0 = 0xffff).
  // Channel n adds the low 16 bits of 0x70001 to texel n: 0xffff wraps to 0 without carrying
  // into half-word 1; channels 4 … 7 are out of bounds, so half-words 4 … 7 are untouched. Dst
  // gets the old half-word zero-extended (ASSUMPTION §5.1), 0 when out of bounds.
  expect_passes(typed("typed_atomic.add.16 (M1, 8) S U.0 %null.0 %null.0 %null.0 VAL.0 %null.0 OLD.0",
                      "dim = \"1d\"\nwidth = 4\ntexel_bytes = 2", "U = \"lane\"\nVAL = \"0x70001\"\nOLD = \"0xffffffff\"\n",
                      word_each("i == 0 ? 0 : i < 4 ? 0x1001 + i : 0x1000 + i", "u16") +
                          lane_each("OLD", "lane == 0 ? 0xffff : lane < 4 ? 0x1000 + lane : 0"),
                      "size = 16\nfill_type = \"u16\"\nfill = \"i == 0 ? 0xffff : 0x1000 + i\""));
}

TEST(IntelTyped, FloatMaxComparesAsFloats) {
  // Memory 1.0 in every texel; Src0 per channel: 2.0, −2.0, qNaN, 0.5. An unsigned max would
  // store −2.0 (0xc0000000 > 0x3f800000); fmax keeps 1.0 there and ignores the quiet NaN.
  expect_passes(typed("typed_atomic.fmax (M1, 8) S U.0 %null.0 %null.0 %null.0 VAL.0 %null.0 OLD.0",
                      "dim = \"1d\"\nwidth = 4",
                      "U = \"lane % 4\"\nVAL = \"lane % 4 == 0 ? 0x40000000 : lane % 4 == 1 ? 0xc0000000 : lane % 4 == 2 ? "
                      "0x7fc00000 : 0x3f000000\"\n",
                      word_each("i == 0 ? 0x40000000 : i < 4 ? 0x3f800000 : 0") + "[[expect]]\nexplainable = true\n",
                      "size = 32\nfill = \"i < 4 ? 0x3f800000 : 0\""));
}

TEST(IntelTyped, FcmpwrTreatsNegativeZeroAsEqual) {
  // Memory −0.0; channel 0 compares with +0.0 (Src0) and stores Src1 = 0x12345678 — a bitwise
  // cmpxchg would not. Channel 1 compares with a NaN of the same bits as memory never swaps.
  expect_passes(typed("typed_atomic.fcmpwr (M1, 8) S U.0 %null.0 %null.0 %null.0 CMP.0 VAL.0 OLD.0",
                      "dim = \"1d\"\nwidth = 2", "U = \"lane % 2\"\nCMP = \"lane % 2 == 0 ? 0 : 0x7fc00001\"\nVAL = \"0x12345678\"\n",
                      word_each("i == 0 ? 0x12345678 : i == 1 ? 0x7fc00001 : 0"),
                      "size = 8\nfill = \"i == 0 ? 0x80000000 : 0x7fc00001\"", "lanes = 2\ngroup = 2"));
}

TEST(IntelTyped, SameTexelChannelsGoInAscendingOrderAndExhaustiveTriesEveryOrder) {
  // Exchange on one texel: in order, channel n gets what channel n − 1 stored.
  const std::string text = typed("typed_atomic.xchg (M1, 8) S U.0 %null.0 %null.0 %null.0 VAL.0 %null.0 OLD.0",
                                 "dim = \"1d\"\nwidth = 1", "U = 0\nVAL = \"lane + 10\"\n",
                                 "[[expect]]\nexplainable = true\n", "size = 4", "lanes = 4\ngroup = 4");
  const std::string ordered =
      text + "[[expect]]\nregion = \"img\"\ntype = \"u32\"\nindex = 0\nequals = 13\n" + lane_each("OLD", "lane == 0 ? 0 : lane + 9");
  EXPECT_TRUE(run_ok(ordered, scenario::Mode::deterministic).passed());
  EXPECT_TRUE(run_ok(ordered, scenario::Mode::parallel).passed());
  // Exhaustive: 4! orders, and the last channel to store decides the texel: 4 outcomes (an
  // outcome is the final memory), each reached by the 3! orders of the other channels.
  const auto r = run_ok(text, scenario::Mode::exhaustive);
  EXPECT_TRUE(r.passed());
  EXPECT_EQ(r.executions, 24u);
  ASSERT_EQ(r.outcomes.size(), 4u);
  for (const auto& o : r.outcomes) EXPECT_EQ(o.count, 6u) << o.text;
  const auto strict = run_ok(ordered, scenario::Mode::exhaustive);
  EXPECT_FALSE(strict.passed());  // other orders break the ascending-order expectations
}

TEST(IntelTyped, ThreadsReportTheirFutureAccessesToTheExhaustiveReduction) {
  // Two threads, each two typed adds on texels of its own (texel tid holds tid): one trace. A
  // thread that knows its later texels lets the reduction finish without abandoned prefixes.
  const auto run = [](const std::string& second_dst, uint64_t cap) {
    const std::string line = "typed_atomic.add (M1, 8) S U.0 %null.0 %null.0 %null.0 VAL.0 %null.0 " + second_dst +
                             "\ntyped_atomic.add (M1, 8) S U.0 %null.0 %null.0 %null.0 VAL.0 %null.0 CMP.0";
    scenario::RunOptions o;
    o.mode = scenario::Mode::exhaustive;
    o.exhaustive_cap = cap;
    auto r = scenario::run_visa(load(typed(line, "dim = \"1d\"\nwidth = 16", "U = \"tid\"\nVAL = 1\n",
                                            word_each("i < 16 ? i + 2 : 0"), "size = 64\nfill = \"i\"", "lanes = 16")),
                                 o);
    return std::get<scenario::RunReport>(std::move(r));
  };
  const auto known = run("OLD.0", 1000);
  EXPECT_TRUE(known.passed());
  EXPECT_EQ(known.executions, 1u);
  EXPECT_EQ(known.pruned, 0u);
  // The first Dst is U, which the second instruction reads as its coordinate: the thread cannot
  // tell its future (even though the old value written is the coordinate already there), and the
  // search abandons prefix after prefix.
  const auto unknown = run("U.0", 200);
  EXPECT_GT(unknown.pruned, 100u);
}

TEST(IntelTyped, SurfaceIndexWithoutASurfaceTableIsAnErrorAtTheOperand) {
  // The program's second surface T (index 7) has no [[surface]]; the instruction is line 14,
  // its surface operand at column 26.
  const std::string text = typed(".decl T v_type=T num_elts=1\ntyped_atomic.add (M1, 8) T U.0 %null.0 %null.0 %null.0 VAL.0 %null.0 OLD.0",
                                 "dim = \"1d\"\nwidth = 8", "", "");
  const std::string err = errors_of(text);
  EXPECT_NE(err.find("typed.toml:14:26: error: typed_atomic uses surface T (index 7), but no [[surface]] has header = 7"),
            std::string::npos)
      << err;
}

TEST(IntelTyped, SurfaceTableNamingNoDeclaredSurfaceIsAnError) {
  std::string text = typed(add_line, "dim = \"3d\"\nwidth = 2", "", "");
  text.replace(text.find("header = 6"), 10, "header = 9");
  const std::string err = errors_of(text);
  EXPECT_NE(err.find("[[surface]] header = 9 names no surface the program declares (declared: S = 6)"), std::string::npos) << err;
  EXPECT_NE(err.find("no [[surface]] has header = 6"), std::string::npos) << err;
}

TEST(IntelTyped, CoordinatesMustMatchTheSurfaceType) {
  // Line 13 is the instruction; V is at column 32, R at 36.
  const std::string with_v = "typed_atomic.add (M1, 8) S U.0 V.0 %null.0 %null.0 VAL.0 %null.0 OLD.0";
  std::string err = errors_of(typed(with_v, "dim = \"1d\"\nwidth = 2", "", ""));
  EXPECT_NE(err.find("typed.toml:13:32: error: V must be %null.0: surface S is 1d"), std::string::npos) << err;
  err = errors_of(typed("typed_atomic.add (M1, 8) S U.0 %null.0 %null.0 %null.0 VAL.0 %null.0 OLD.0",
                        "dim = \"2d\"\nwidth = 2", "", ""));
  EXPECT_NE(err.find("typed.toml:13:32: error: V is missing: surface S is 2d"), std::string::npos) << err;
  err = errors_of(typed(with_v, "dim = \"2d_array\"\nwidth = 2\nlayers = 2", "", ""));
  EXPECT_NE(err.find("typed.toml:13:36: error: R is missing: surface S is 2d_array, whose array index is in R"),
            std::string::npos)
      << err;
  err = errors_of(typed("typed_atomic.add (M1, 8) S U.0 V.0 R.0 %null.0 VAL.0 %null.0 OLD.0",
                        "dim = \"1d_array\"\nwidth = 2\nlayers = 2", "", ""));
  EXPECT_NE(err.find("typed.toml:13:36: error: R must be %null.0: surface S is 1d_array"), std::string::npos) << err;
}

TEST(IntelTyped, SixteenBitAccessNeedsTwoByteTexels) {
  const std::string err = errors_of(typed("typed_atomic.add.16 (M1, 8) S U.0 %null.0 %null.0 %null.0 VAL.0 %null.0 OLD.0",
                                          "dim = \"1d\"\nwidth = 2", "", ""));
  EXPECT_NE(err.find("typed.toml:13:"), std::string::npos) << err;
  EXPECT_NE(err.find("surface S holds 4-byte elements, but"), std::string::npos)
      << err;
}

TEST(IntelTyped, VisaSurfaceTablesRejectNvidiaOnlySettings) {
  const auto err_for = [](const std::string& surface_keys, const std::string& header = "6") {
    std::string text = typed(add_line, surface_keys, "", "");
    text.replace(text.find("header = 6"), 10, "header = " + header);
    return errors_of(text);
  };
  EXPECT_NE(err_for("dim = \"1d\"\nwidth = 2", "3").find("'header' = 3: for isa = \"visa\" it is the surface index"),
            std::string::npos);
  EXPECT_NE(err_for("dim = \"1d_buffer\"\nwidth = 2").find("not 1d_buffer"), std::string::npos);
  EXPECT_NE(err_for("dim = \"2d\"\nwidth = 2\nlayout = \"block_linear\"").find("tiled layouts are not modelled"),
            std::string::npos);
  EXPECT_NE(err_for("dim = \"1d\"\nwidth = 2\nbound = 1").find("'bound' is an NVIDIA header field"), std::string::npos);
  EXPECT_NE(err_for("dim = \"1d\"\nwidth = 2\ntexel_bytes = 8").find("'texel_bytes' = 8"), std::string::npos);
}

TEST(IntelTyped, MipLevelsMustFitTheRegion) {
  // 4 × 4 texels with 3 levels: 64 + 16 + 4 bytes.
  std::string err = errors_of(typed(add_line, "dim = \"2d\"\nwidth = 4\nheight = 4\nmip_levels = 3", "", "", "size = 80"));
  EXPECT_NE(err.find("the surface spans 84 bytes"), std::string::npos) << err;
}
