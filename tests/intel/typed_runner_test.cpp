// TYPED_ATOMIC in vISA scenarios (docs/spec/intel.md §7, §8): what the exhaustive search does with the
// accesses a thread reports. What a scenario's own [[expect]] tables check (surface types, mip
// levels, out of bounds, masks, float ops, the diagnostics) is in tests/scenario/intel/typed-*.toml.
#include <gtest/gtest.h>

#include "common/scenario_text.hpp"
#include "gpuatom/scenario/bind.hpp"

using namespace gpuatom;

namespace {

scenario::Scenario load(const std::string& text) { return test::load_scenario(text, "typed.toml"); }

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

}  // namespace

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
