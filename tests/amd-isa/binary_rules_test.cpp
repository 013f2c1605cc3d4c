// docs/spec/amd-isa.md §9: the rules decode and encode apply besides an encoding's fixed bits, one
// by one, on words built from the table's own rows (the word-agreement test judges them against
// llvm-mc; this one names each rule).
#include <gtest/gtest.h>

#include <stdexcept>
#include <string>
#include <variant>

#include "gpuatom/amd/isa/binary.hpp"
#include "gpuatom/amd/isa/encoding_table.hpp"

using namespace gpuatom::amd::isa;

namespace {

const Encoding& row(std::string_view record) {
  for (const Encoding& e : encodings())
    if (e.record == record) return e;
  throw std::logic_error("no row " + std::string(record));
}

// The row's fixed bits with `operand` set to `raw` (every other field 0), as little-endian bytes.
std::vector<uint8_t> word_of(const Encoding& e, std::initializer_list<std::pair<std::string_view, uint64_t>> operands) {
  Bits w = e.fixed_value;
  for (const auto& [name, raw] : operands)
    for (const FieldRun& r : e.field(name)->runs)
      for (unsigned i = 0; i < r.length; ++i) {
        const unsigned p = r.instruction_bit + i;
        if ((raw >> (r.operand_bit + i)) & 1u) w[p / 64] |= uint64_t{1} << (p % 64);
      }
  std::vector<uint8_t> out(e.bytes);
  for (size_t i = 0; i < out.size(); ++i) out[i] = static_cast<uint8_t>(w[i / 8] >> (8 * (i % 8)));
  return out;
}

Instruction decoded(const std::variant<Instruction, DecodeRefusal>& r) {
  if (const auto* refusal = std::get_if<DecodeRefusal>(&r)) {
    ADD_FAILURE() << refusal->reason;
    return {};
  }
  return std::get<Instruction>(r);
}

}  // namespace

TEST(AmdBinaryRules, ADecodedWordReEncodesToItself) {
  const Target& t = *find_target("gfx90a");
  const Encoding& e = row("GLOBAL_ATOMIC_ADD_F32_SADDR_RTN_vi");
  const auto bytes = word_of(e, {{"vdst", 0x203}, {"vaddr", 7}, {"vdata", 9}, {"saddr", 10}, {"offset", 0x1fff}});
  const Instruction ins = decoded(decode(bytes, t));
  EXPECT_EQ(ins.encoding->record, e.record);
  EXPECT_EQ(*ins.value("vdst"), agpr_code_base + 3);
  EXPECT_EQ(*ins.value("vdata"), agpr_code_base + 9) << "vdata takes vdst's register file";
  EXPECT_EQ(*ins.value("offset"), -1) << "a global offset is signed";
  EXPECT_EQ(*ins.value("cpol") & 1, 1) << "a returning atomic has GLC";
  EXPECT_EQ(encode(ins), bytes);
}

TEST(AmdBinaryRules, TheAccBitMeansAgprOnlyWithGfx90aInsts) {
  const Encoding& e = row("BUFFER_ATOMIC_ADD_OFFSET_gfx90a");
  const auto bytes = word_of(e, {{"vdata", 0x205}});
  EXPECT_EQ(*decoded(decode(bytes, *find_target("gfx90a"))).value("vdata"), agpr_code_base + 5);
}

TEST(AmdBinaryRules, AVectorTupleMustEndAtRegister255) {
  const Target& t = *find_target("gfx1100");
  const Encoding* e = nullptr;
  for (const Encoding& each : encodings())
    if (each.on(t) && !each.parser_only && each.mnemonic == "global_atomic_cmpswap_b64" && each.field("vdata") &&
        !each.field("saddr"))
      e = &each;
  ASSERT_TRUE(e);
  EXPECT_TRUE(std::holds_alternative<Instruction>(decode(word_of(*e, {{"vdata", 252}}), t)));
  const auto refused = decode(word_of(*e, {{"vdata", 253}}), t);
  ASSERT_TRUE(std::holds_alternative<DecodeRefusal>(refused));
  EXPECT_NE(std::get<DecodeRefusal>(refused).reason.find("vdata"), std::string::npos);
}

TEST(AmdBinaryRules, AScalarTupleIsAlignedDownAndAWideClassTakesThe64BitSpecials) {
  const Target& t = *find_target("gfx1200");
  const Encoding& e = row("BUFFER_ATOMIC_ADD_F32_VBUFFER_OFFSET_gfx12");
  const Instruction unaligned = decoded(decode(word_of(e, {{"srsrc", 6}}), t));
  EXPECT_EQ(*unaligned.value("srsrc"), 4);
  EXPECT_NE(encode(unaligned), word_of(e, {{"srsrc", 6}}));
  EXPECT_EQ(*decoded(decode(word_of(e, {{"srsrc", 106}}), t)).value("srsrc"), 106) << "vcc";
  EXPECT_TRUE(std::holds_alternative<DecodeRefusal>(decode(word_of(e, {{"srsrc", 107}}), t)));
}

TEST(AmdBinaryRules, ALiteralSoffsetIsReadOnGfx10AndRefusedOnGfx9) {
  const Encoding& gfx10 = row("BUFFER_ATOMIC_ADD_OFFSET_gfx10");
  auto bytes = word_of(gfx10, {{"soffset", 255}});
  const Target& t = *find_target("gfx1030");
  EXPECT_TRUE(std::holds_alternative<DecodeRefusal>(decode(bytes, t))) << "no literal dword given";
  bytes.insert(bytes.end(), {0x78, 0x56, 0x34, 0x12});
  const Instruction ins = decoded(decode(bytes, t));
  ASSERT_TRUE(ins.literal);
  EXPECT_EQ(*ins.literal, 0x12345678u);
  EXPECT_EQ(encode(ins), bytes);
  auto gfx9 = word_of(row("BUFFER_ATOMIC_ADD_OFFSET_vi"), {{"soffset", 255}});
  gfx9.insert(gfx9.end(), {0x78, 0x56, 0x34, 0x12});
  EXPECT_TRUE(std::holds_alternative<DecodeRefusal>(decode(gfx9, *find_target("gfx942"))));
}

TEST(AmdBinaryRules, TheGdsBitReadsAsZeroWithoutGds) {
  const Encoding& e = row("DS_ADD_U32_vi");
  const auto bytes = word_of(e, {{"gds", 1}});
  EXPECT_EQ(*decoded(decode(bytes, *find_target("gfx90a"))).value("gds"), 0);
  EXPECT_EQ(*decoded(decode(bytes, *find_target("gfx9-generic"))).value("gds"), 1);
}

TEST(AmdBinaryRules, AnImageAtomicTakesTheVariantOfItsDmask) {
  const Target& t = *find_target("gfx90a");
  const Encoding& e = row("IMAGE_ATOMIC_ADD_V1_V1_gfx90a");
  EXPECT_EQ(decoded(decode(word_of(e, {{"dmask", 1}}), t)).encoding->record, "IMAGE_ATOMIC_ADD_V1_V1_gfx90a");
  EXPECT_EQ(decoded(decode(word_of(e, {{"dmask", 3}}), t)).encoding->record, "IMAGE_ATOMIC_ADD_V2_V1_gfx90a");
  EXPECT_EQ(decoded(decode(word_of(e, {{"dmask", 7}}), t)).encoding->record, "IMAGE_ATOMIC_ADD_V1_V1_gfx90a")
      << "no atomic variant has 3 data dwords";
}

TEST(AmdBinaryRules, ShortInputAndValuesThatDoNotFitAreRefused) {
  const std::vector<uint8_t> two{0x00, 0x80};
  const auto r = decode(two, *find_target("gfx942"));
  ASSERT_TRUE(std::holds_alternative<DecodeRefusal>(r));
  EXPECT_EQ(std::get<DecodeRefusal>(r).skip, 2u);
  Instruction ins = decoded(decode(word_of(row("DS_ADD_U32_vi"), {}), *find_target("gfx90a")));
  for (size_t i = 0; i < ins.values.size(); ++i)
    if (ins.encoding->operands[i].name == "offset") ins.values[i] = 65536;
  EXPECT_THROW(encode(ins), std::invalid_argument);
}
