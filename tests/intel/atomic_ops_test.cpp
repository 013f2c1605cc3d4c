// docs/spec/intel.md §3.1 op codes and roles, §5 widths, against the op table.
#include "gpuatom/intel/atomic_ops.hpp"

#include <gtest/gtest.h>

using namespace gpuatom::intel;

TEST(IntelOps, CodesAndNamesFromTheSpec) {
  struct Known {
    unsigned code;
    const char* name;
  };
  const Known known[] = {{0x00, "add"},  {0x01, "sub"},     {0x02, "inc"},     {0x03, "dec"},    {0x04, "min"},
                         {0x05, "max"},  {0x06, "xchg"},    {0x07, "cmpxchg"}, {0x08, "and"},    {0x09, "or"},
                         {0x0A, "xor"},  {0x0B, "minsint"}, {0x0C, "maxsint"}, {0x0D, "predec"}, {0x10, "fmax"},
                         {0x11, "fmin"}, {0x12, "fcmpwr"},  {0x13, "fadd"},    {0x14, "fsub"}};
  for (const Known& k : known) {
    const auto op = from_code(k.code);
    ASSERT_TRUE(op) << k.name;
    EXPECT_EQ(find(*op)->name, k.name);
    EXPECT_EQ(parse_op(k.name), op);
  }
  for (unsigned reserved : {0x0Eu, 0x0Fu, 0x15u, 0x1Fu}) EXPECT_FALSE(from_code(reserved)) << reserved;
  EXPECT_EQ(atomic_op_table().size(), 19u);
}

TEST(IntelOps, AliasesAccepted) {
  EXPECT_EQ(parse_op("imin"), AtomicOp::IMIN);
  EXPECT_EQ(parse_op("imax"), AtomicOp::IMAX);
  EXPECT_EQ(parse_op("CMPXCHG"), AtomicOp::CMPXCHG);
  EXPECT_EQ(parse_op("IMIN"), AtomicOp::IMIN);
  EXPECT_EQ(parse_op("fadd"), AtomicOp::FADD);
}

TEST(IntelOps, OperandRoles) {
  EXPECT_EQ(find(AtomicOp::INC)->src0, Role::null);
  EXPECT_EQ(find(AtomicOp::DEC)->src0, Role::null);
  EXPECT_EQ(find(AtomicOp::PREDEC)->src0, Role::null);
  EXPECT_EQ(find(AtomicOp::CMPXCHG)->src0, Role::new_value);
  EXPECT_EQ(find(AtomicOp::CMPXCHG)->src1, Role::comparand);
  EXPECT_EQ(find(AtomicOp::FCMPWR)->src0, Role::comparand);
  EXPECT_EQ(find(AtomicOp::FCMPWR)->src1, Role::new_value);
  for (const AtomicOpInfo& i : atomic_op_table())
    if (i.op != AtomicOp::CMPXCHG && i.op != AtomicOp::FCMPWR) {
      EXPECT_EQ(i.src1, Role::null) << i.name;
    }
}

TEST(IntelOps, WidthRules) {
  EXPECT_FALSE(illegal_reason(Form::svm, AtomicOp::ADD, Width::w64));
  EXPECT_FALSE(illegal_reason(Form::svm, AtomicOp::PREDEC, Width::w64));
  ASSERT_TRUE(illegal_reason(Form::typed, AtomicOp::ADD, Width::w64));
  EXPECT_NE(illegal_reason(Form::typed, AtomicOp::ADD, Width::w64)->find("no 64-bit form"), std::string::npos);
  // IGC writes float ops at 64 bits (docs/intel-igc.md §7); TYPED and DWORD have no 64-bit form.
  EXPECT_FALSE(illegal_reason(Form::svm, AtomicOp::FMIN, Width::w64));
  EXPECT_FALSE(illegal_reason(Form::svm, AtomicOp::FADD, Width::w64));
  ASSERT_TRUE(illegal_reason(Form::dword, AtomicOp::ADD, Width::w64));
  EXPECT_NE(illegal_reason(Form::dword, AtomicOp::ADD, Width::w64)->find("DWORD_ATOMIC has no 64-bit form"),
            std::string::npos);
  ASSERT_TRUE(illegal_reason(Form::typed, AtomicOp::FADD, Width::w32));
  EXPECT_FALSE(illegal_reason(Form::dword, AtomicOp::FSUB, Width::w16));
  EXPECT_FALSE(illegal_reason(Form::typed, AtomicOp::FMIN, Width::w16));
  EXPECT_FALSE(illegal_reason(Form::svm, AtomicOp::FCMPWR, Width::w32));
}

TEST(IntelOps, AluTypes) {
  EXPECT_EQ(to_alu(AtomicOp::IMIN, Width::w32).type, gpuatom::alu::Type::s32);
  EXPECT_EQ(to_alu(AtomicOp::IMAX, Width::w64).type, gpuatom::alu::Type::s64);
  EXPECT_EQ(to_alu(AtomicOp::MIN, Width::w16).type, gpuatom::alu::Type::u16);
  EXPECT_EQ(to_alu(AtomicOp::FMAX, Width::w16).type, gpuatom::alu::Type::f16);
  EXPECT_EQ(to_alu(AtomicOp::FCMPWR, Width::w32).type, gpuatom::alu::Type::f32);
  EXPECT_EQ(to_alu(AtomicOp::INC, Width::w32).op, gpuatom::alu::Op::inc_wrap);
}
