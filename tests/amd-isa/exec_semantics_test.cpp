// The semantics table (amd/isa/semantics.hpp) against the encoding table: every encoding on every
// target either executes with an ALU operation or says why not, and the facts the manuals and LLVM
// state (cmpswap's register order per class and generation, AMD's inc/dec, returns) hold.
#include <gtest/gtest.h>

#include <map>
#include <set>
#include <string>
#include <variant>

#include "gpuatom/amd/isa/encoding_table.hpp"
#include "gpuatom/amd/isa/semantics.hpp"

namespace gpuatom::amd::isa {
namespace {

const Encoding& by_mnemonic(std::string_view mnemonic, bool returns) {
  for (const Encoding& e : encodings())
    if (e.mnemonic == mnemonic && e.returns == returns) return e;
  throw std::runtime_error("no encoding " + std::string(mnemonic));
}

Semantics of(std::string_view mnemonic, bool returns = true) {
  const auto s = semantics(by_mnemonic(mnemonic, returns));
  if (const auto* n = std::get_if<NotExecuted>(&s)) throw std::runtime_error(n->reason);
  return std::get<Semantics>(s);
}

bool awaiting(std::string_view word) {
  for (const AwaitingAlu& a : awaiting_alu())
    if (a.word == word) return true;
  return false;
}

TEST(AmdIsaSemantics, EveryEncodingOnEveryTargetExecutesOrSaysWhy) {
  std::set<std::string> refused_kinds;
  size_t executed = 0;
  for (const Target& t : targets()) {
    for (const Encoding& e : encodings()) {
      if (!e.on(t)) continue;
      const auto s = semantics(e);
      if (const auto* why = std::get_if<NotExecuted>(&s)) {
        EXPECT_FALSE(why->reason.empty()) << e.record;
        EXPECT_NE(why->reason.find("docs/spec/amd-isa.md §11"), std::string::npos) << e.record << ": " << why->reason;
        // Only these kinds are refused: images, DS stores, wrap/condxchg32, ordered_add and the
        // words listed as awaiting ALU support.
        const std::string_view m = e.mnemonic;
        const bool known = m.starts_with("image_") || m.starts_with("ds_store_") || m.starts_with("ds_write_") ||
                           m == "ds_wrap_rtn_b32" || m == "ds_condxchg32_rtn_b64" ||
                           m == "global_atomic_ordered_add_b64" || why->reason.find("waits for") != std::string::npos;
        EXPECT_TRUE(known) << e.record << ": " << why->reason;
        continue;
      }
      const Semantics& sem = std::get<Semantics>(s);
      ++executed;
      EXPECT_EQ(sem.returns, e.returns) << e.record;
      EXPECT_EQ(sem.unit, e.cls == InstClass::ds     ? Unit::lds
                          : e.cls == InstClass::smrd ? Unit::scalar
                                                     : Unit::memory)
          << e.record;
      // The data operand's registers fit the type: a cmpswap's vdata holds two values.
      const OperandSlot* data = e.operand(e.cls == InstClass::ds     ? "data0"
                                          : e.cls == InstClass::smrd ? "sdata"
                                                                     : "vdata");
      ASSERT_NE(data, nullptr) << e.record;
      const unsigned pairs = e.cls != InstClass::ds && sem.order != DataOrder::value ? 2 : 1;
      EXPECT_EQ(data->dwords, sem.data_registers() * pairs) << e.record;
      if (e.cls == InstClass::ds && sem.order != DataOrder::value) {
        const OperandSlot* data1 = e.operand("data1");
        ASSERT_NE(data1, nullptr) << e.record;
        EXPECT_EQ(data1->dwords, sem.data_registers()) << e.record;
      }
    }
  }
  EXPECT_GT(executed, 3000u);
}

TEST(AmdIsaSemantics, AwaitingWordsAreRefusedWithWhatTheyWaitFor) {
  // Every listed word is refused with what it waits for; the ops alu now has are not listed.
  for (const AwaitingAlu& a : awaiting_alu()) {
    EXPECT_FALSE(a.waits_for.empty()) << a.word;
    for (const Encoding& e : encodings()) {
      const auto s = semantics(e);
      if (const auto* why = std::get_if<NotExecuted>(&s); why && why->reason.find(a.waits_for) != std::string::npos) {
        EXPECT_NE(why->reason.find("waits for"), std::string::npos);
      }
    }
  }
  EXPECT_FALSE(awaiting("sub_clamp_u32"));
  EXPECT_EQ(of("global_atomic_sub_clamp_u32").op, alu::Op::sub_saturate);
  EXPECT_EQ(of("global_atomic_csub").op, alu::Op::sub_saturate);
  EXPECT_EQ(of("ds_cond_sub_rtn_u32").op, alu::Op::sub_if_ge);
  EXPECT_EQ(of("ds_rsub_rtn_u64").op, alu::Op::reverse_sub);
  EXPECT_EQ(of("ds_mskor_rtn_b32").op, alu::Op::mask_or);
  EXPECT_EQ(of("ds_mskor_rtn_b32").order, DataOrder::compare_then_value);  // data0 is the mask
}

TEST(AmdIsaSemantics, CmpswapRegisterOrderPerClassAndGeneration) {
  // FLAT/GLOBAL/BUFFER/SMEM: {new, compare} (LLVM LowerATOMIC_CMP_SWAP).
  EXPECT_EQ(of("global_atomic_cmpswap").order, DataOrder::value_then_compare);
  EXPECT_EQ(of("buffer_atomic_cmpswap_x2").order, DataOrder::value_then_compare);
  EXPECT_EQ(of("s_atomic_cmpswap").order, DataOrder::value_then_compare);
  EXPECT_EQ(of("flat_atomic_cmpswap_b64").order, DataOrder::value_then_compare);
  // DS before gfx11: compare first; gfx11's cmpstore: new first (DSInstructions.td).
  EXPECT_EQ(of("ds_cmpst_rtn_b32").order, DataOrder::compare_then_value);
  EXPECT_EQ(of("ds_cmpstore_rtn_b32").order, DataOrder::value_then_compare);
  EXPECT_EQ(of("ds_cmpst_b64", false).order, DataOrder::compare_then_value);
  EXPECT_EQ(of("global_atomic_cmpswap_x2").type, alu::Type::u64);
}

TEST(AmdIsaSemantics, WordsMapToTheirOperationAndType) {
  EXPECT_EQ(of("global_atomic_inc").op, alu::Op::inc_bounded);
  EXPECT_EQ(of("ds_dec_rtn_u64").op, alu::Op::dec_bounded);
  EXPECT_EQ(of("ds_dec_rtn_u64").type, alu::Type::u64);
  EXPECT_EQ(of("global_atomic_smin").type, alu::Type::s32);
  EXPECT_EQ(of("buffer_atomic_umax_x2").type, alu::Type::u64);
  EXPECT_EQ(of("ds_wrxchg_rtn_b32").op, alu::Op::exchange);
  EXPECT_EQ(of("ds_storexchg_rtn_b64").type, alu::Type::u64);
  EXPECT_EQ(of("ds_add_u32", false).unit, Unit::lds);
  EXPECT_FALSE(of("ds_add_u32", false).returns);
  EXPECT_TRUE(of("ds_add_rtn_u32").returns);
  EXPECT_EQ(of("s_atomic_add_x2").unit, Unit::scalar);
  if (!awaiting("add_f32")) {
    EXPECT_EQ(of("global_atomic_add_f32").type, alu::Type::f32);
    EXPECT_EQ(of("global_atomic_pk_add_bf16").type, alu::Type::bf16x2);
    EXPECT_EQ(of("ds_add_rtn_f64").type, alu::Type::f64);
  }
}

TEST(AmdIsaSemantics, RefusalsSayWhy) {
  const auto image = semantics(by_mnemonic("image_atomic_add", true));
  ASSERT_TRUE(std::holds_alternative<NotExecuted>(image));
  EXPECT_NE(std::get<NotExecuted>(image).reason.find("image descriptor"), std::string::npos);
  const auto wrap = semantics(by_mnemonic("ds_wrap_rtn_b32", true));
  ASSERT_TRUE(std::holds_alternative<NotExecuted>(wrap));
}

}  // namespace
}  // namespace gpuatom::amd::isa
