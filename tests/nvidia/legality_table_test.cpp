// The op × size tables of docs/spec/nvidia.md §5, copied here as text from the spec, against the
// instruction table the code reads. Every combination of every family is checked both ways.
#include <gtest/gtest.h>

#include <map>
#include <set>
#include <sstream>
#include <string>

#include "gpuatom/nvidia/opcodes.hpp"

using namespace gpuatom::nvidia;

namespace {

// "OP: SIZE SIZE …" per line, sizes named as in the spec's table headers.
const std::map<std::string, std::string> spa5_tables = {
    {"ATOM",  // §5.1
     "ADD: U32 S32 U64 F32 F16x2 F64\n"
     "MIN: U32 S32 U64 S64 F16x2\nMAX: U32 S32 U64 S64 F16x2\n"
     "INC: U32\nDEC: U32\nAND: U32 S32 U64\nOR: U32 S32 U64\nXOR: U32 S32 U64\n"
     "EXCH: U32 S32 U64\nSAFEADD: U64\nCAS: U32 S32 U64\n"},
    {"ATOMS",  // §5.2: integer columns of §5.1, no SAFEADD, no floats; CAST 32/64
     "ADD: U32 S32 U64\nMIN: U32 S32 U64 S64\nMAX: U32 S32 U64 S64\nINC: U32\nDEC: U32\n"
     "AND: U32 S32 U64\nOR: U32 S32 U64\nXOR: U32 S32 U64\nEXCH: U32 S32 U64\nCAS: U32 S32 U64\n"
     "CAST: U32 U64\nCAST.SPIN: U32 U64\n"},
    {"RED",  // §5.3: §5.1 without EXCH, SAFEADD, CAS
     "ADD: U32 S32 U64 F32 F16x2 F64\nMIN: U32 S32 U64 S64 F16x2\nMAX: U32 S32 U64 S64 F16x2\n"
     "INC: U32\nDEC: U32\nAND: U32 S32 U64\nOR: U32 S32 U64\nXOR: U32 S32 U64\n"},
    {"SUATOM",  // §5.4
     "ADD: U32 S32 SD32 U64 F32 F16x2\nMIN: U32 S32 SD32 U64 S64 SD64 F16x2\n"
     "MAX: U32 S32 SD32 U64 S64 SD64 F16x2\nINC: U32\nDEC: U32\n"
     "AND: U32 S32 SD32 U64\nOR: U32 S32 SD32 U64\nXOR: U32 S32 SD32 U64\n"
     "EXCH: U32 S32 U64\nCAS: U32 S32 U64\n"},
    {"SURED",  // §5.5: §5.4 without EXCH and CAS
     "ADD: U32 S32 SD32 U64 F32 F16x2\nMIN: U32 S32 SD32 U64 S64 SD64 F16x2\n"
     "MAX: U32 S32 SD32 U64 S64 SD64 F16x2\nINC: U32\nDEC: U32\n"
     "AND: U32 S32 SD32 U64\nOR: U32 S32 SD32 U64\nXOR: U32 S32 SD32 U64\n"},
};

const std::map<std::string, Size> size_names = {
    {"U32", Size::U32},        {"S32", Size::S32},       {"U64", Size::U64},    {"S64", Size::S64},
    {"F32", Size::F32_FTZ_RN}, {"F16x2", Size::F16x2},   {"F64", Size::F64_RN}, {"SD32", Size::SD32},
    {"SD64", Size::SD64},      {"BF16x2", Size::BF16x2}, {"U128", Size::U128}};

std::set<std::pair<AtomOp, Size>> parse_table(const std::string& text) {
  std::set<std::pair<AtomOp, Size>> legal_pairs;
  std::istringstream lines(text);
  std::string line;
  while (std::getline(lines, line)) {
    std::istringstream words(line);
    std::string op_name;
    words >> op_name;
    op_name.pop_back();  // the ':'
    const auto op = parse_op(op_name);
    EXPECT_TRUE(op) << op_name;
    std::string size;
    while (words >> size) legal_pairs.insert({*op, size_names.at(size)});
  }
  return legal_pairs;
}

Family family_named(const std::string& name) {
  for (Family f : {Family::ATOM, Family::ATOMS, Family::RED, Family::SUATOM, Family::SURED})
    if (gpuatom::nvidia::name(f) == name) return f;
  ADD_FAILURE() << name;
  return Family::ATOM;
}

}  // namespace

TEST(NvidiaLegality, Spa5TablesMatchTheSpecExactly) {
  for (const auto& [family_name, text] : spa5_tables) {
    const Family family = family_named(family_name);
    const auto expected = parse_table(text);
    for (const OpInfo& o : op_table())
      for (const SizeInfo& s : size_table()) {
        const bool want = expected.count({o.op, s.size}) > 0;
        EXPECT_EQ(legal(family, Dialect::spa5, o.op, s.size), want) << family_name << "." << o.name << s.spelling;
        EXPECT_EQ(!illegal_reason(family, Dialect::spa5, o.op, s.size), want);
      }
  }
}

TEST(NvidiaLegality, ModernSpellingsAddBF16x2AndU128) {
  EXPECT_TRUE(legal(Family::ATOM, Dialect::modern, AtomOp::ADD, Size::BF16x2));
  EXPECT_TRUE(legal(Family::RED, Dialect::modern, AtomOp::ADD, Size::BF16x2));
  EXPECT_TRUE(legal(Family::ATOM, Dialect::modern, AtomOp::CAS, Size::U128));
  EXPECT_TRUE(legal(Family::ATOM, Dialect::modern, AtomOp::EXCH, Size::U128));
  EXPECT_FALSE(legal(Family::ATOM, Dialect::modern, AtomOp::ADD, Size::U128));
  EXPECT_FALSE(legal(Family::ATOM, Dialect::spa5, AtomOp::ADD, Size::BF16x2));
  EXPECT_FALSE(legal(Family::RED, Dialect::modern, AtomOp::EXCH, Size::U128));
  // Everything legal in SPA 5.0 stays legal in the modern spellings.
  for (const OpInfo& o : op_table())
    for (const SizeInfo& s : size_table())
      if (legal(Family::ATOM, Dialect::spa5, o.op, s.size)) {
        EXPECT_TRUE(legal(Family::ATOM, Dialect::modern, o.op, s.size));
      }
}

TEST(NvidiaLegality, DiagnosticsNameTheRule) {
  const auto why = illegal_reason(Family::ATOM, Dialect::spa5, AtomOp::INC, Size::S32);
  ASSERT_TRUE(why);
  EXPECT_NE(why->find("ATOM.INC.S32"), std::string::npos) << *why;
  EXPECT_NE(why->find("takes only .U32"), std::string::npos) << *why;
  EXPECT_NE(why->find("§5.1"), std::string::npos) << *why;
  const auto u128 = illegal_reason(Family::ATOM, Dialect::spa5, AtomOp::CAS, Size::U128);
  ASSERT_TRUE(u128);
  EXPECT_NE(u128->find(".128 aliases to .U128, but is illegal"), std::string::npos) << *u128;
  const auto red_exch = illegal_reason(Family::RED, Dialect::spa5, AtomOp::EXCH, Size::U32);
  ASSERT_TRUE(red_exch);
  EXPECT_NE(red_exch->find("RED has no .EXCH"), std::string::npos) << *red_exch;
}

TEST(NvidiaCodes, HardwareOrderOfSizeAndOpCodes) {
  // §11.3: ATOM/RED size codes in hardware order (S64 after F16x2), SUATOM SD32/SD64 last.
  EXPECT_EQ(info(Size::U32).atom_code, 0);
  EXPECT_EQ(info(Size::S32).atom_code, 1);
  EXPECT_EQ(info(Size::U64).atom_code, 2);
  EXPECT_EQ(info(Size::F32_FTZ_RN).atom_code, 3);
  EXPECT_EQ(info(Size::F16x2).atom_code, 4);
  EXPECT_EQ(info(Size::S64).atom_code, 5);
  EXPECT_EQ(info(Size::F64_RN).atom_code, 6);
  EXPECT_EQ(info(Size::SD32).surface_code, 6);
  EXPECT_EQ(info(Size::SD64).surface_code, 7);
  EXPECT_EQ(info(Size::F64_RN).surface_code, -1);
  EXPECT_EQ(info(AtomOp::EXCH).code, 8);
  EXPECT_EQ(info(AtomOp::SAFEADD).code, 10);
  EXPECT_EQ(info(AtomOp::XOR).code, 7);
}

TEST(NvidiaSpelling, SizesAndAliases) {
  EXPECT_EQ(parse_size(".32"), Size::U32);
  EXPECT_EQ(parse_size(".64"), Size::U64);
  EXPECT_EQ(parse_size(".f16x2.ftz.rn"), Size::F16x2);
  EXPECT_EQ(parse_size(".F16x2.RN"), Size::F16x2);
  EXPECT_EQ(parse_size(".U128"), Size::U128);
  EXPECT_FALSE(parse_size(".F32"));
  EXPECT_FALSE(parse_size("F32.FTZ.RN"));
  const auto cast = parse_op_size("CAST.SPIN.64");
  ASSERT_TRUE(std::holds_alternative<OpSize>(cast));
  EXPECT_EQ(std::get<OpSize>(cast).op, AtomOp::CAST_SPIN);
  EXPECT_EQ(std::get<OpSize>(cast).size, Size::U64);
  const auto inc = parse_op_size("inc");
  ASSERT_TRUE(std::holds_alternative<OpSize>(inc));
  EXPECT_EQ(std::get<OpSize>(inc).size, Size::U32);
  EXPECT_TRUE(std::holds_alternative<std::string>(parse_op_size("ADDX")));
  EXPECT_TRUE(std::holds_alternative<std::string>(parse_op_size("ADD.F32")));
}
