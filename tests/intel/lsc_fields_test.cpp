// Each LSC field's entry (gpuatom/intel/binary/lsc_fields.hpp) reads what it writes: for every
// field and every value of its first byte, bytes the field reads without an error write back
// unchanged, and an error never comes without the field refusing. Every LSC field of the forms'
// layouts has exactly one entry.
#include "gpuatom/intel/binary/lsc_fields.hpp"

#include <gtest/gtest.h>

#include <set>
#include <vector>

#include "gpuatom/intel/atomic_ops.hpp"
#include "gpuatom/intel/lsc.hpp"

namespace gpuatom::intel {
namespace {

TEST(LscFields, EveryLscFieldOfTheLayoutsHasOneEntry) {
  std::set<ByteField> entries;
  for (const LscFieldCodec& c : lsc_field_codecs()) EXPECT_TRUE(entries.insert(c.field).second);
  for (const Form form : {Form::lsc_untyped, Form::lsc_typed})
    for (const LayoutItem& item : form_info(form).layout) {
      const bool lsc_field = item.field >= ByteField::lsc_op;
      EXPECT_EQ(find_lsc_field_codec(item.field) != nullptr, lsc_field) << static_cast<int>(item.field);
      if (lsc_field) entries.erase(item.field);
    }
  EXPECT_TRUE(entries.empty());  // every entry is some form's field
}

// The field's bytes with `first` at its start: a surface register (tag 0) or immediate (tag 5)
// gets the rest of its operand in the form the reader accepts; other bytes are arbitrary.
std::vector<uint8_t> field_bytes(ByteField field, uint8_t first) {
  std::vector<uint8_t> bytes = {first, 0x34, 0x12, 0x78, 0x56, 0x02, 0x03, 0x21, 0x01};
  if (field == ByteField::lsc_surface && (first & vector_operand_class_bits) == vector_operand_immediate) bytes[1] = 0;
  return bytes;
}

TEST(LscFields, EachFieldWritesBackWhatItRead) {
  for (const LscFieldCodec& c : lsc_field_codecs()) {
    size_t accepted = 0;
    for (unsigned first = 0; first < 256; ++first) {
      const std::vector<uint8_t> bytes = field_bytes(c.field, static_cast<uint8_t>(first));
      Instruction inst;
      inst.lsc.elems = static_cast<uint8_t>(first);  // the channel mask reads as valid when it copies this
      std::vector<LscFieldError> errors;
      const size_t size = c.read(bytes, inst, errors);
      ASSERT_LE(size, bytes.size());
      if (!errors.empty()) {
        for (const LscFieldError& e : errors) {
          EXPECT_LT(e.at, size);
          EXPECT_FALSE(e.message.empty());
          EXPECT_FALSE(e.rule.empty());
        }
        continue;
      }
      ++accepted;
      std::vector<uint8_t> written;
      c.write(inst, written);
      EXPECT_EQ(written, std::vector<uint8_t>(bytes.begin(), bytes.begin() + static_cast<long>(size)))
          << static_cast<int>(c.field) << " first byte " << first;
    }
    EXPECT_GT(accepted, 0u) << static_cast<int>(c.field);
  }
}

TEST(LscFields, EachFieldReadsBackWhatItWrote) {
  Instruction inst;
  inst.lsc.op = 0x12;
  inst.lsc.sfid = LscSfid::slm;
  inst.lsc.l1 = static_cast<LscCache>(3);
  inst.lsc.addr_type = LscAddrType::bti;
  inst.lsc.scale = 4;
  inst.lsc.offset = -8;
  inst.lsc.addr_size = LscAddrSize::a32;
  inst.lsc.data_size = LscDataSize::d64;
  inst.lsc.elems = inst.lsc.chmask = 1;
  for (const bool is_register : {false, true}) {
    inst.lsc.surface.is_register = is_register;
    inst.lsc.surface.value = is_register ? 0 : 0x1234;
    inst.lsc.surface.id = is_register ? 77 : 0;
    for (const LscFieldCodec& c : lsc_field_codecs()) {
      std::vector<uint8_t> bytes;
      c.write(inst, bytes);
      Instruction back;
      back.lsc.elems = inst.lsc.elems;
      std::vector<LscFieldError> errors;
      EXPECT_EQ(c.read(bytes, back, errors), bytes.size()) << static_cast<int>(c.field);
      EXPECT_TRUE(errors.empty()) << static_cast<int>(c.field) << ": " << (errors.empty() ? "" : errors[0].message);
      std::vector<uint8_t> again;
      c.write(back, again);
      EXPECT_EQ(again, bytes) << static_cast<int>(c.field);
    }
  }
  EXPECT_EQ(inst.lsc.surface.region, LscSurface{}.region);
}

}  // namespace
}  // namespace gpuatom::intel
