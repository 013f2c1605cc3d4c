// docs/spec/amd-isa.md §2: every atomic spelling llvm-mc 19 accepts on a target is one gpuatom
// knows on that target, and gpuatom knows none that llvm-mc refuses there. The judge's lists are
// data/amd-isa/llvm-mc-19-mnemonics.txt (scripts/amd-isa-mnemonics; tests/oracle re-runs llvm-mc).
#include <gtest/gtest.h>

#include <fstream>
#include <map>
#include <set>
#include <sstream>
#include <string>

#include "gpuatom/amd/isa/encoding_table.hpp"
#include "gpuatom/amd/isa/target.hpp"

using namespace gpuatom::amd::isa;

namespace {

std::map<std::string, std::set<std::string>> accepted_by_llvm_mc() {
  std::ifstream in(std::string(GPUATOM_SOURCE_DIR) + "/data/amd-isa/llvm-mc-19-mnemonics.txt");
  std::map<std::string, std::set<std::string>> out;
  std::string line;
  while (std::getline(in, line)) {
    if (line.empty() || line[0] == '#') continue;
    const size_t colon = line.find(':');
    std::istringstream words(line.substr(colon + 1));
    std::set<std::string>& set = out[line.substr(0, colon)];
    for (std::string w; words >> w;) set.insert(w);
  }
  return out;
}

}  // namespace

TEST(AmdMnemonicSets, EveryTargetKnowsExactlyWhatLlvmMcAccepts) {
  const auto judge = accepted_by_llvm_mc();
  ASSERT_EQ(judge.size(), targets().size()) << "a target without the judge's list, or a list without a target";
  for (const Target& t : targets()) {
    SCOPED_TRACE(std::string(t.name));
    const auto it = judge.find(std::string(t.name));
    ASSERT_NE(it, judge.end());
    std::set<std::string> ours;
    for (std::string_view m : mnemonics_on(t)) ours.insert(std::string(m));
    ASSERT_GT(ours.size(), 150u);
    for (const std::string& m : it->second) EXPECT_TRUE(ours.count(m)) << m << " is accepted by llvm-mc, unknown here";
    for (const std::string& m : ours) EXPECT_TRUE(it->second.count(m)) << m << " is known here, refused by llvm-mc";
  }
}

TEST(AmdMnemonicSets, AnAliasStandsForTheCanonicalSpellingOnlyWhereItExists) {
  const Target& gfx1100 = *find_target("gfx1100");
  const Target& gfx90a = *find_target("gfx90a");
  EXPECT_EQ(canonical_mnemonic("buffer_atomic_add", gfx1100), "buffer_atomic_add_u32");
  EXPECT_EQ(canonical_mnemonic("buffer_atomic_add", gfx90a), "buffer_atomic_add");
  EXPECT_FALSE(canonical_mnemonic("buffer_atomic_add_u32", gfx90a));
  EXPECT_FALSE(canonical_mnemonic("global_atomic_pk_add_bf16", gfx90a));
  ASSERT_TRUE(first_target_with("global_atomic_pk_add_bf16"));
  EXPECT_EQ(first_target_with("global_atomic_pk_add_bf16")->name, "gfx940");
}

TEST(AmdTargets, ProductsAndGenericTargetsResolve) {
  ASSERT_TRUE(find_target("MI300X"));
  EXPECT_EQ(find_target("mi300x")->name, "gfx942");
  EXPECT_EQ(find_target("GFX90A")->generation, Generation::gfx9);
  EXPECT_EQ(find_target("gfx1151")->line, Line::rdna3_5);
  EXPECT_EQ(find_target("gfx12-generic")->generation, Generation::gfx12);
  EXPECT_FALSE(find_target("gfx950"));  // LLVM 19 does not know it
  EXPECT_TRUE(has(*find_target("gfx942"), "gfx940-insts"));
  EXPECT_FALSE(has(*find_target("gfx90a"), "gfx940-insts"));
  EXPECT_TRUE(has(*find_target("gfx942"), "memory-atomic-fadd-f32-denormal-support"));
  EXPECT_FALSE(has(*find_target("gfx90a"), "memory-atomic-fadd-f32-denormal-support"));
}

TEST(AmdEncodingTable, RowsAreWellFormed) {
  ASSERT_GT(encodings().size(), 4000u);
  for (const Encoding& e : encodings()) {
    SCOPED_TRACE(std::string(e.record));
    EXPECT_TRUE(e.bytes == 4 || e.bytes == 8 || e.bytes == 12);
    EXPECT_NE(e.targets, 0u);
    // Every field names an operand, and fixed bits and operand bits never overlap.
    Bits operand_bits{};
    for (const Field& f : e.fields) {
      EXPECT_TRUE(e.operand(f.operand)) << f.operand;
      for (const FieldRun& r : f.runs)
        for (int b = r.instruction_bit; b < r.instruction_bit + r.length; ++b) {
          ASSERT_LT(b, e.bytes * 8);
          operand_bits[b / 64] |= 1ULL << (b % 64);
        }
    }
    EXPECT_EQ(operand_bits[0] & e.fixed_mask[0], 0u);
    EXPECT_EQ(operand_bits[1] & e.fixed_mask[1], 0u);
    EXPECT_EQ(e.fixed_value[0] & ~e.fixed_mask[0], 0u);
  }
}
