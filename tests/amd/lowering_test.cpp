// `lower` against clang-19 (data/amd-lowering/clang-19.tsv): every committed case, on every
// target, gets the lowering and the instruction text clang printed; plus the rules that the
// corpus shows one at a time, and the bridge to AMD's tables.
#include "gpuatom/amd/lowering.hpp"

#include <gtest/gtest.h>

#include <cstdio>
#include <map>
#include <set>

#include "common/amd_lowering_corpus.hpp"

namespace {

using namespace gpuatom::amd;
using amd_lowering_test::CorpusCase;

const std::vector<CorpusCase>& corpus() {
  static const std::vector<CorpusCase> cases = amd_lowering_test::read_corpus(amd_lowering_test::corpus_path());
  return cases;
}

TEST(AmdLowering, CorpusCoversTheFourTargetsOfTheIssue) {
  std::map<std::string, int> per_target;
  for (const CorpusCase& c : corpus()) ++per_target[c.target];
  for (const char* t : {"gfx90a", "gfx942", "gfx1100", "gfx1200"}) EXPECT_GT(per_target[t], 1000) << t;
}

TEST(AmdLowering, EveryCorpusCaseAgreesWithClang19) {
  std::map<std::string, std::pair<int, int>> tally;  // target → agreeing, total
  int shown = 0;
  for (const CorpusCase& c : corpus()) {
    ASSERT_TRUE(c.parsed) << "unreadable corpus line: " << c.line;
    const LoweringTarget* target = find_lowering_target(c.target);
    ASSERT_NE(target, nullptr) << c.line;
    const Lowering l = lower(*target, c.atomic, c.flags);
    const bool agree = name(l.kind) == c.lowering && l.instruction == c.instruction;
    auto& [agreeing, total] = tally[c.target];
    ++total;
    if (agree)
      ++agreeing;
    else if (shown++ < 20)
      ADD_FAILURE() << c.line << "\n  model: " << name(l.kind) << "\t" << l.instruction << " (" << name(l.rule) << ")";
  }
  for (const auto& [target, t] : tally) {
    EXPECT_EQ(t.first, t.second) << target;
    std::printf("%s: %d of %d cases agree with clang-19\n", target.c_str(), t.first, t.second);
  }
}

TEST(AmdLowering, ProductNamesFindTheirTarget) {
  ASSERT_NE(find_lowering_target("MI300X"), nullptr);
  EXPECT_EQ(find_lowering_target("MI300X")->name, "gfx942");
  EXPECT_EQ(find_lowering_target("mi250x")->name, "gfx90a");
  EXPECT_EQ(find_lowering_target("GFX1100")->name, "gfx1100");
  EXPECT_EQ(find_lowering_target("gfx12 dGPU")->name, "gfx1200");
  EXPECT_EQ(find_lowering_target("gfx9000"), nullptr);
  EXPECT_EQ(find_lowering_target(""), nullptr);
}

TEST(AmdLowering, RulesNameLlvmsReasons) {
  const LoweringTarget& gfx90a = *find_lowering_target("gfx90a");
  const HipAtomic fadd{HipOp::add, HipType::f32, HipScope::agent, AddressSpace::global, true};
  EXPECT_EQ(lower(gfx90a, fadd).rule, LoweringRule::unsafe_fp_required);
  EXPECT_EQ(lower(gfx90a, fadd, {.unsafe_fp_atomics = true}).rule, LoweringRule::native);
  HipAtomic system = fadd;
  system.scope = HipScope::system;
  EXPECT_EQ(lower(gfx90a, system, {.unsafe_fp_atomics = true}).rule, LoweringRule::system_scope_fp);
  EXPECT_EQ(lower(*find_lowering_target("gfx942"), system).rule, LoweringRule::gfx940_fadd);
  const HipAtomic smin{HipOp::min, HipType::i32, HipScope::system, AddressSpace::global, true};
  EXPECT_EQ(lower(gfx90a, smin).rule, LoweringRule::system_scope_min_max);
  EXPECT_EQ(lower(*find_lowering_target("gfx908"), fadd, {.unsafe_fp_atomics = true}).rule,
            LoweringRule::no_returning_form);
  HipAtomic flat = fadd;
  flat.memory = AddressSpace::flat;
  EXPECT_EQ(lower(gfx90a, flat, {.unsafe_fp_atomics = true}).kind, LoweringKind::expanded);
  // The packed adds are builtins that need a feature: clang refuses them on a target without it.
  const HipAtomic half2{HipOp::add, HipType::f16x2, HipScope::agent, AddressSpace::global, true};
  const Lowering refused = lower(*find_lowering_target("gfx1100"), half2);
  EXPECT_EQ(refused.rule, LoweringRule::no_builtin);
  EXPECT_EQ(refused.kind, LoweringKind::unavailable);
  EXPECT_EQ(lower(gfx90a, half2).rule, LoweringRule::builtin);
  EXPECT_FALSE(valid(HipOp::min, HipType::f16x2));
  EXPECT_EQ(disagreement(refused, Outcome::cas), "");
  EXPECT_NE(disagreement(refused, Outcome::native), "");
  // Flags LLVM 19 ignores are said to be ignored.
  const Lowering ftz = lower(gfx90a, fadd, {.flush_denormals = true, .fine_grained = true});
  EXPECT_EQ(ftz.kind, LoweringKind::cas_loop);
  std::string notes;
  for (const std::string& n : ftz.notes) notes += n + "\n";
  EXPECT_NE(notes.find("denormal"), std::string::npos) << notes;
  EXPECT_NE(notes.find("fine-grained"), std::string::npos) << notes;
}

TEST(AmdLowering, MatrixRowsForEveryOpWithARow) {
  EXPECT_EQ(matrix_request({HipOp::add, HipType::f32})->label, "32 bit float atomicAdd");
  EXPECT_EQ(matrix_request({HipOp::exchange, HipType::f64})->label, "64 bit atomicExch");
  EXPECT_EQ(matrix_request({HipOp::min, HipType::u64})->label, "64 bit atomicMin");
  EXPECT_EQ(matrix_request({HipOp::inc, HipType::u32})->label, "32 bit atomicInc");
  EXPECT_EQ(matrix_request({HipOp::add, HipType::f16x2})->label, "16bx2 half2 atomicAdd");
  EXPECT_EQ(matrix_request({HipOp::add, HipType::bf16x2})->label, "16bx2 bfloat162 atomicAdd");
  EXPECT_FALSE(matrix_request({HipOp::sub, HipType::i64}));
  EXPECT_FALSE(matrix_request({HipOp::sub, HipType::f32}));
  EXPECT_FALSE(matrix_request({HipOp::inc, HipType::u64}));
}

TEST(AmdLowering, MatrixCellBesideTheLowering) {
  const Device& mi300x = device(DeviceId::mi300x);
  const HipAtomic fadd{HipOp::add, HipType::f32, HipScope::agent, AddressSpace::global, true};
  const MatrixCell cell = matrix_cell(mi300x, fadd, {});
  ASSERT_TRUE(cell.without_pcie);
  EXPECT_EQ(cell.without_pcie->selectors.scope, Scope::device);
  EXPECT_EQ(cell.without_pcie->selectors.granularity, Granularity::coarse);
  EXPECT_EQ(matrix_cell(mi300x, fadd, {.fine_grained = true}).without_pcie->selectors.granularity, Granularity::fine);
  HipAtomic lds = fadd;
  lds.memory = AddressSpace::lds;
  EXPECT_FALSE(matrix_cell(mi300x, lds, {}).without_pcie);
  EXPECT_NE(matrix_cell(mi300x, lds, {}).why.find("LDS"), std::string::npos);
}

TEST(AmdLowering, DisagreementIsSaidPlainly) {
  Lowering loop;
  loop.kind = LoweringKind::cas_loop;
  loop.instruction = "global_atomic_cmpswap glc";
  EXPECT_EQ(disagreement(loop, Outcome::cas), "");
  EXPECT_EQ(disagreement(loop, Outcome::native), "clang-19 emits a CAS loop where the matrix says Native");
  Lowering native;
  native.instruction = "global_atomic_add_f32";
  EXPECT_EQ(disagreement(native, Outcome::native), "");
  EXPECT_NE(disagreement(native, Outcome::cas), "");
}

}  // namespace
