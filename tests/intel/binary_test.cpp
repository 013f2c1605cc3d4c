// The binary forms (docs/spec/intel.md §2): every byte sequence of §11 both ways, 2-byte legacy ids,
// and every decoder error at its byte offset.
#include <gtest/gtest.h>

#include <fstream>
#include <sstream>

#include "gpuatom/intel/binary/decoder.hpp"
#include "gpuatom/intel/binary/encoder.hpp"
#include "gpuatom/intel/text/parser.hpp"
#include "gpuatom/intel/text/printer.hpp"
#include "gpuatom/intel/validator.hpp"
#include "intel/visa_test_support.hpp"

using namespace gpuatom;
using namespace gpuatom::intel;
using visa_test::file_text;

namespace {

std::vector<uint8_t> hex(const std::string& text) {
  std::vector<uint8_t> out;
  std::istringstream in(text);
  std::string byte;
  while (in >> byte) out.push_back(static_cast<uint8_t>(std::stoul(byte, nullptr, 16)));
  return out;
}

struct Vector {
  const char* text;
  const char* bytes;
};

// docs/spec/intel.md §11, verbatim.
const Vector spec_vectors[] = {
    {"svm_atomic.add (M1, 8) ADDR.0 OLD.0 VAL.0 %null.0",
     "4E 05 03 00 00 00 20 00 00 00 00 00 22 00 00 00 00 00 00 00 00 00 00 00 21 00 00 00 00 00"},
    {"(P1) svm_atomic.cmpxchg.64 (M1, 8) A64.0 OLD64.0 NEW64.0 CMP64.0",
     "4E 05 03 01 00 47 23 00 00 00 00 00 25 00 00 00 00 00 26 00 00 00 00 00 24 00 00 00 00 00"},
    {"(!P2.any) svm_atomic.predec.16 (4) ADDR.0 OLD.0 %null.0 %null.0",
     "4E 05 02 02 A0 2D 20 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 21 00 00 00 00 00"},
    {"typed_atomic.minsint (M1, 8) SURF2D XC.0 YC.0 %null.0 %null.0 SRCD.0 %null.0 DSTD.0",
     "73 0B 03 00 00 06 27 00 00 00 00 00 28 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 29 00 00 00 00 00 "
     "00 00 00 00 00 00 2A 00 00 00 00 00"},
    {"(P1) typed_atomic.xchg.16 (M5_NM, 8) SURFARR XC.0 YC.0 ZC.0 %null.0 SRCU.0 %null.0 %null.0",
     "73 26 C3 01 00 07 27 00 00 00 00 00 28 00 00 00 00 00 2B 00 00 00 00 00 00 00 00 00 00 00 2C 00 00 00 00 00 "
     "00 00 00 00 00 00 00 00 00 00 00 00"},
};

const std::string examples_path = std::string(GPUATOM_SOURCE_DIR) + "/tests/conformance/intel/spec_examples.visaasm";

Module spec_module() {
  support::Diagnostics d;
  Module m = parse_visa(file_text(examples_path), examples_path, {}, d);
  EXPECT_FALSE(d.has_errors()) << d.format_all();
  return m;
}

Module parse_line(const Module& declarations_from, const std::string& line) {
  // Re-parse with the example file's declarations (the file's declaration lines + this line).
  support::Diagnostics d;
  Module m = parse_visa(print_declarations(declarations_from.declarations) + line + "\n", "line", {}, d);
  EXPECT_FALSE(d.has_errors()) << line << "\n" << d.format_all();
  return m;
}

std::string decode_errors(const std::vector<uint8_t>& bytes, IdWidth ids = IdWidth::four) {
  support::Diagnostics d;
  decode(bytes, "b", {ids, 0}, d);
  return d.format_all();
}

std::string decode_errors(const std::string& hex_text) { return decode_errors(hex(hex_text)); }

}  // namespace

TEST(IntelBinary, SpecExamplesEncode) {
  const Module m = spec_module();
  ASSERT_EQ(m.instructions.size(), 5u);
  for (size_t i = 0; i < 5; ++i) {
    std::vector<uint8_t> bytes;
    ASSERT_FALSE(encode(m.instructions[i], bytes));
    EXPECT_EQ(bytes, hex(spec_vectors[i].bytes)) << spec_vectors[i].text;
    EXPECT_EQ(bytes.size(), encoded_size(m.instructions[i].form));
  }
}

TEST(IntelBinary, SpecExamplesDecode) {
  const Module m = spec_module();
  for (const Vector& v : spec_vectors) {
    support::Diagnostics d;
    const auto decoded = decode(hex(v.bytes), "b", {}, d);
    ASSERT_FALSE(d.has_errors()) << d.format_all();
    ASSERT_EQ(decoded.size(), 1u);
    validate(decoded, &m.declarations, {}, d);
    EXPECT_FALSE(d.has_errors()) << d.format_all();
    // The decoded instruction equals the parsed text, field by field, and prints as the text.
    const Module parsed = parse_line(m, v.text);
    EXPECT_TRUE(decoded[0].same_fields(parsed.instructions.at(0))) << v.text;
    EXPECT_EQ(print_instruction(decoded[0], &m.declarations),
              print_instruction(parsed.instructions[0], &m.declarations));
  }
  support::Diagnostics d;
  EXPECT_EQ(print_instruction(decode(hex(spec_vectors[1].bytes), "b", {}, d).at(0)),
            "(P1) svm_atomic.cmpxchg.64 (M1, 8) V35.0 V36.0 V37.0 V38.0");
}

TEST(IntelBinary, AStreamOfInstructionsAndFieldOffsets) {
  std::vector<uint8_t> stream;
  for (const Vector& v : spec_vectors) {
    const auto b = hex(v.bytes);
    stream.insert(stream.end(), b.begin(), b.end());
  }
  support::Diagnostics d;
  const auto decoded = decode(stream, "b", {IdWidth::four, 0x100}, d);
  ASSERT_EQ(decoded.size(), 5u) << d.format_all();
  EXPECT_EQ(decoded[1].where.start.byte_offset, 0x100u + 30);
  EXPECT_EQ(decoded[1].location(OperandSlot::src1).byte_offset, 0x100u + 30 + 18);  // SVM: Src1 at byte 18
  EXPECT_EQ(decoded[4].where.surface.byte_offset, 0x100u + 3 * 30 + 48 + 5);
  EXPECT_EQ(decoded[4].location(OperandSlot::dst).byte_offset, 0x100u + 3 * 30 + 48 + 42);
}

TEST(IntelBinary, LegacyTwoByteIds) {
  EXPECT_EQ(encoded_size(Form::typed, IdWidth::two), 34u);
  EXPECT_EQ(encoded_size(Form::svm, IdWidth::two), 22u);
  const Module m = spec_module();
  for (const Instruction& inst : m.instructions) {
    std::vector<uint8_t> bytes;
    ASSERT_FALSE(encode(inst, bytes, IdWidth::two));
    EXPECT_EQ(bytes.size(), encoded_size(inst.form, IdWidth::two));
    support::Diagnostics d;
    const auto back = decode(bytes, "b", {IdWidth::two, 0}, d);
    ASSERT_EQ(back.size(), 1u) << d.format_all();
    EXPECT_TRUE(back[0].same_fields(inst));
  }
  // svm_atomic.add (M1, 8) ADDR.0 OLD.0 VAL.0 %null.0 with 2-byte ids.
  std::vector<uint8_t> bytes;
  encode(m.instructions[0], bytes, IdWidth::two);
  EXPECT_EQ(bytes, hex("4E 05 03 00 00 00 20 00 00 00 22 00 00 00 00 00 00 00 21 00 00 00"));
  Instruction big = m.instructions[0];
  big.operand(OperandSlot::dst).id = 0x10000;
  EXPECT_NE(encode(big, bytes, IdWidth::two)->find("does not fit a 2-byte id"), std::string::npos);
}

TEST(IntelBinary, EncoderRefusesWhatTheBytesCannotHold) {
  Instruction i;
  i.operand(OperandSlot::addresses).id = 32;
  std::vector<uint8_t> bytes;
  i.form = Form::typed;
  i.width = Width::w64;
  EXPECT_NE(encode(i, bytes)->find("no 64-bit form"), std::string::npos);
  i.width = Width::w32;
  i.exec.channels = 3;
  EXPECT_NE(encode(i, bytes)->find("exec size 3 has no size code"), std::string::npos);
  i.exec.channels = 8;
  i.predicate.id = 4096;
  EXPECT_NE(encode(i, bytes)->find("does not fit the pred word"), std::string::npos);
  i.predicate.id = 0;
  i.op = static_cast<AtomicOp>(0x0E);
  EXPECT_NE(encode(i, bytes)->find("not an atomic op"), std::string::npos);
  EXPECT_TRUE(bytes.empty());
}

TEST(IntelBinary, DecoderErrorsNameTheByteOffset) {
  const std::string svm = spec_vectors[0].bytes;  // 4E 05 03 00 00 00 …
  const std::string typed = spec_vectors[3].bytes;
  // The hex text with byte `index` replaced.
  const auto with = [](std::string bytes, size_t index, const char* value) {
    bytes.replace(index * 3, 2, value);
    return bytes;
  };
  EXPECT_EQ(decode_errors(hex("12 05")),
            "b: byte 0x0: error: opcode 0x12 is none of TYPED_ATOMIC (0x73), SVM (0x4e), DWORD_ATOMIC (0x7d), "
            "LSC_UNTYPED (0x89) and LSC_TYPED (0x8a) "
            "(docs/spec/intel.md §2.5, §2.6; docs/intel-igc.md §4)\n");
  EXPECT_EQ(decode_errors(hex("4E 05 03")),
            "b: byte 0x0: error: truncated SVM ATOMIC: it takes 30 bytes, 3 remain "
            "(docs/spec/intel.md §2.5, §2.6)\n");
  EXPECT_EQ(decode_errors(with(svm, 1, "03")),
            "b: byte 0x1: error: SVM sub-opcode 0x03 (gather) is not ATOMIC (0x05); gpuatom decodes atomics only "
            "(docs/spec/intel.md §2.6)\n");
  EXPECT_EQ(decode_errors(with(svm, 5, "0E")),
            "b: byte 0x5: error: op code 0x0e is reserved "
            "(docs/spec/intel.md §3.1)\n");
  EXPECT_EQ(decode_errors(with(svm, 5, "13")), "");  // fadd (docs/intel-igc.md §2)
  EXPECT_EQ(decode_errors(with(svm, 5, "15")),
            "b: byte 0x5: error: op code 0x15 is not an atomic op "
            "(docs/spec/intel.md §3.1)\n");
  EXPECT_EQ(decode_errors(with(svm, 5, "1F")),
            "b: byte 0x5: error: op code 0x1f is not an atomic op "
            "(docs/spec/intel.md §3.1)\n");
  EXPECT_EQ(decode_errors(with(svm, 5, "60")),
            "b: byte 0x5: error: Op byte 0x60: width bits 6:5 = 11 are invalid (00 32-bit, 01 16-bit, 10 64-bit) "
            "(docs/spec/intel.md §2.6)\n");
  EXPECT_EQ(decode_errors(with(svm, 5, "80")),
            "b: byte 0x5: error: Op byte 0x80: bit 7 must be 0 "
            "(docs/spec/intel.md §2.6)\n");
  EXPECT_EQ(decode_errors(with(typed, 1, "4B")),
            "b: byte 0x1: error: Op byte 0x4b: bits 7:6 must be 0 "
            "(docs/spec/intel.md §2.5)\n");
  EXPECT_EQ(decode_errors(with(svm, 2, "0B")),
            "b: byte 0x2: error: Exec_size byte 0x0b: bit 3 must be 0 "
            "(docs/spec/intel.md §2.3)\n");
  EXPECT_EQ(decode_errors(with(svm, 2, "06")),
            "b: byte 0x2: error: Exec_size byte 0x06: size code 6 is not 0-5 (1-32 channels) "
            "(docs/spec/intel.md §2.3)\n");
  EXPECT_EQ(decode_errors(with(svm, 4, "10")),
            "b: byte 0x3: error: Pred word 0x1000: bit 12 is reserved and must be 0 (docs/spec/intel.md §2.4)\n");
  EXPECT_EQ(decode_errors(with(with(svm, 3, "01"), 4, "60")),
            "b: byte 0x3: error: Pred word 0x6001: control 11 is reserved (00 per channel, 01 .any, 10 .all) "
            "(docs/spec/intel.md §2.4)\n");
  EXPECT_EQ(decode_errors(with(svm, 4, "80")),
            "b: byte 0x3: error: Pred word 0x8000: control or invert bits set without a predicate id "
            "(docs/spec/intel.md §2.4)\n");
}

TEST(IntelBinary, ABadInstructionIsSkippedAndTheNextDecoded) {
  auto stream = hex(spec_vectors[0].bytes);
  stream[5] = 0x0F;
  const auto good = hex(spec_vectors[3].bytes);
  stream.insert(stream.end(), good.begin(), good.end());
  support::Diagnostics d;
  const auto decoded = decode(stream, "b", {}, d);
  EXPECT_EQ(d.format_all(), "b: byte 0x5: error: op code 0x0f is reserved (docs/spec/intel.md §3.1)\n");
  ASSERT_EQ(decoded.size(), 1u);
  EXPECT_EQ(decoded[0].form, Form::typed);
}

TEST(IntelBinary, ValidatorRulesOnDecodedInstructionsPointAtBytes) {
  const Module m = spec_module();
  auto bytes = hex(spec_vectors[0].bytes);
  bytes[12] = 0x05;  // Src0 = V5
  bytes[2] = 0x13;   // M2 with 8 channels
  bytes[3] = 0x07;   // predicate id 7: not declared
  support::Diagnostics d;
  const auto decoded = decode(bytes, "b", {}, d);
  validate(decoded, &m.declarations, {}, d);
  EXPECT_EQ(d.format_all(),
            "b: byte 0x2: error: mask M2 (channel offset 4) needs nibble control, which only exec sizes up to 4 have; "
            "with exec size 8 use M1, M3, M5 or M7 (or their _NM forms) (docs/spec/intel.md §6.2)\n"
            "b: byte 0x3: error: predicate id 7 is not declared (docs/spec/intel.md §10.3)\n"
            "b: byte 0xc: error: Src0 is V5, one of IGC's predefined variables (ids 1-31), which are not valid atomic "
            "operands (docs/spec/intel.md §2.2)\n");
  auto typed = hex(spec_vectors[3].bytes);
  typed[5] = 0x09;   // surface 9: not declared
  typed[42] = 0x63;  // Dst id 99: not declared
  support::Diagnostics t;
  validate(decode(typed, "b", {}, t), &m.declarations, {}, t);
  EXPECT_NE(t.format_all().find("b: byte 0x5: error: surface index 9 is not declared"), std::string::npos)
      << t.format_all();
  EXPECT_NE(t.format_all().find("b: byte 0x2a: error: Dst names variable id 99, which is not declared"),
            std::string::npos)
      << t.format_all();
}

// LSC bytes (docs/intel-igc.md §4.2, §9): the decoder refuses what the text cannot carry, at the
// byte that says it. The good line is lsc_atomic_iadd.ugm (M1, 16)  V34:d32  flat[V32]:a64  V33  %null.
TEST(IntelBinary, LscBytesTextCannotCarryAreRefused) {
  const std::string good =
      "89 0C 04 00 00 00 00 00 01 01 00 00 00 00 00 03 03 01 01 01 05 00 00 00 00 00 22 00 00 00 00 00 20 00 00 00 00 "
      "00 21 00 00 00 00 00 00 00 00 00 00 00";
  EXPECT_EQ(decode_errors(good), "");
  const auto with = [&](size_t index, const char* value) {
    std::string bytes = good;
    bytes.replace(index * 3, 2, value);
    return decode_errors(bytes);
  };
  EXPECT_NE(with(1, "07").find("byte 0x1: error: LSC sub-op 0x07 is not an atomic"), std::string::npos);
  EXPECT_NE(with(5, "02").find("byte 0x5: error: LSC_UNTYPED with SFID tgm"), std::string::npos);
  EXPECT_NE(with(9, "00").find("byte 0x9: error: LSC address scale 0"), std::string::npos);
  EXPECT_NE(with(19, "02").find("byte 0x13: error: LSC channel mask 0x02 differs from the vector size code 0x01"),
            std::string::npos);
  EXPECT_NE(with(20, "0D").find("byte 0x14: error: surface operand tag 0x0d: a surface takes no operand modifier"),
            std::string::npos);
  EXPECT_NE(with(22, "01").find("byte 0x14: error: a flat address has no surface"), std::string::npos);
  EXPECT_NE(with(16, "08").find("byte 0x10: error: LSC data size 0x08 is not 1-7"), std::string::npos);
  // A register surface is 3 bytes longer, and its region must be <0;1,0>.
  std::string bss = good;
  bss.replace(8 * 3, 2, "02");                            // address type bss
  bss.replace(20 * 3, 17, "00 23 00 00 00 00 00 21 01");  // surface: V35, row 0, col 0, <0;1,0>
  EXPECT_EQ(decode_errors(bss), "");
  std::string bad_region = bss;
  bad_region.replace(27 * 3, 5, "22 01");
  EXPECT_NE(decode_errors(bad_region).find("byte 0x1b: error: surface register region 0x0122"), std::string::npos);
}
