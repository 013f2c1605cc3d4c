// The instruction table itself (docs/spec/nvidia.md §11.2–§11.4): every encoding's fields and opcode
// bits cover the 64-bit word exactly once, no word matches two opcodes, and the code tables are
// in hardware order.
#include "gpuatom/nvidia/instruction_table.hpp"

#include <fmt/format.h>
#include <gtest/gtest.h>

using namespace gpuatom::nvidia;

TEST(SassInstructionTable, FieldsAndOpcodeBitsTileEachWord) {
  ASSERT_EQ(encoding_table().size(), static_cast<size_t>(encoding_form_count));
  for (const EncodingInfo& e : encoding_table()) {
    uint64_t covered = e.mask;
    EXPECT_EQ(e.match & ~e.mask, 0u) << e.name;
    for (const BitField& f : e.fields) {
      EXPECT_EQ(covered & f.mask(), 0u) << e.name << ": field " << name(f.kind) << " at bit " << int(f.lo)
                                        << " overlaps";
      covered |= f.mask();
    }
    EXPECT_EQ(covered, ~0ULL) << e.name << fmt::format(": bits 0x{:016x} belong to no field", ~covered);
  }
}

TEST(SassInstructionTable, NoWordMatchesTwoOpcodes) {
  for (const EncodingInfo& a : encoding_table())
    for (const EncodingInfo& b : encoding_table()) {
      if (&a == &b) continue;
      const uint64_t common = a.mask & b.mask;
      EXPECT_NE(a.match & common, b.match & common) << a.name << " and " << b.name;
    }
}

TEST(SassInstructionTable, OpcodesOfSection11_4) {
  EXPECT_EQ(info(EncodingForm::atom).match >> 56, 0xEDu);
  EXPECT_EQ(info(EncodingForm::atom_cas).match >> 52, 0xEEFu);
  EXPECT_EQ(info(EncodingForm::atoms).match >> 56, 0xECu);
  EXPECT_EQ(info(EncodingForm::atoms_cas).match >> 55, 0b111011100u);
  EXPECT_EQ(info(EncodingForm::red).match >> 48, 0xEBF8u);
  EXPECT_EQ(info(EncodingForm::suatom_bound).match >> 48, 0xEA00u);
  EXPECT_EQ(info(EncodingForm::suatom_bound_cas).match >> 48, 0xEA80u);
  EXPECT_EQ(info(EncodingForm::suatom_bindless).match >> 48, 0xEA70u);
  EXPECT_EQ(info(EncodingForm::suatom_bindless_sparse).match >> 48, 0xEB80u);
  EXPECT_EQ(info(EncodingForm::suatom_bindless_cas).match >> 48, 0xEAD0u);
  EXPECT_EQ(info(EncodingForm::sured_bound).match >> 48, 0xEB58u);
  EXPECT_EQ(info(EncodingForm::sured_bindless).match >> 48, 0xEB50u);
  for (const EncodingInfo& e : encoding_table()) EXPECT_EQ(find_encoding(e.match), &e) << e.name;
  EXPECT_EQ(find_encoding(0), nullptr);
}

TEST(SassInstructionTable, SurfaceCodesInHardwareOrder) {
  const char* dims[] = {"1D", "1D_BUFFER", "1D_ARRAY", "2D", "2D_ARRAY", "3D"};
  for (int code = 0; code < 6; ++code) {
    EXPECT_EQ(dim_table()[code].code, code);
    EXPECT_EQ(dim_table()[code].name, dims[code]);
  }
  EXPECT_EQ(info(Clamp::ign).code, 0);
  EXPECT_EQ(info(Clamp::near).code, 1);
  EXPECT_EQ(info(Clamp::trap).code, 2);
  // ATOMS 2-bit size: U32 S32 U64 S64 (§11.2).
  EXPECT_EQ(info(Size::U32).shared_code, 0);
  EXPECT_EQ(info(Size::S32).shared_code, 1);
  EXPECT_EQ(info(Size::U64).shared_code, 2);
  EXPECT_EQ(info(Size::S64).shared_code, 3);
  EXPECT_EQ(info(Size::F32_FTZ_RN).shared_code, -1);
}

TEST(SassInstructionTable, MnemonicsAndModifiers) {
  EXPECT_EQ(parse_mnemonic("atomg"), Mnemonic::ATOMG);
  EXPECT_EQ(info(Mnemonic::REDG).family, Family::RED);
  EXPECT_FALSE(info(Mnemonic::RED).returns);
  EXPECT_FALSE(parse_mnemonic("ATOMX"));
  ASSERT_TRUE(find_modifier("gpu"));
  EXPECT_EQ(find_modifier("GPU")->slot, ModifierSlot::scope);
  EXPECT_TRUE(find_modifier("STRONG")->modern_only);
  EXPECT_FALSE(find_modifier("E")->modern_only);
  EXPECT_FALSE(slot_applies(ModifierSlot::extended, Mnemonic::ATOMS));
  EXPECT_FALSE(slot_applies(ModifierSlot::dim, Mnemonic::ATOM));
  EXPECT_TRUE(slot_applies(ModifierSlot::clamp, Mnemonic::SURED));
  EXPECT_TRUE(takes_placeholder(ModifierSlot::strength));
  EXPECT_FALSE(takes_placeholder(ModifierSlot::extended));
}
