// The instruction table against docs/spec/intel.md §2.3–§2.8, §5, §8, §9: forms and layouts, width
// bits, exec-size codes and masks, surfaces, data types, type rules and platform profiles.
#include <gtest/gtest.h>

#include "gpuatom/intel/atomic_ops.hpp"
#include "gpuatom/intel/platform.hpp"

using namespace gpuatom::intel;

TEST(IntelTable, FormsAndLayouts) {
  EXPECT_EQ(form_info(Form::typed).opcode, 0x73);
  EXPECT_FALSE(form_info(Form::typed).sub_opcode);
  EXPECT_EQ(form_info(Form::svm).opcode, 0x4E);
  EXPECT_EQ(form_info(Form::svm).sub_opcode, 0x05);
  EXPECT_EQ(encoded_size(Form::typed), 48u);
  EXPECT_EQ(encoded_size(Form::svm), 30u);
  EXPECT_EQ(form_info(Form::typed).text_operands.size(), 7u);
  EXPECT_EQ(form_info(Form::svm).text_operands[1], OperandSlot::dst);    // SVM text: dst right after the addresses
  EXPECT_EQ(form_info(Form::svm).layout.back().slot, OperandSlot::dst);  // binary: dst last
  EXPECT_TRUE(uses_slot(Form::typed, OperandSlot::lod));
  EXPECT_FALSE(uses_slot(Form::svm, OperandSlot::u));
  EXPECT_FALSE(uses_slot(Form::typed, OperandSlot::addresses));
  EXPECT_EQ(slot_name(OperandSlot::lod), "LOD");
}

TEST(IntelTable, WidthBits) {
  EXPECT_EQ(width_bits(Form::typed, Width::w16), 0x20);
  EXPECT_EQ(width_bits(Form::typed, Width::w32), 0x00);
  EXPECT_FALSE(width_bits(Form::typed, Width::w64));
  EXPECT_EQ(width_bits(Form::svm, Width::w16), 0x20);
  EXPECT_EQ(width_bits(Form::svm, Width::w64), 0x40);
  EXPECT_EQ(width_from_op_byte(Form::typed, 0x26), Width::w16);
  EXPECT_FALSE(width_from_op_byte(Form::typed, 0x40));
  EXPECT_EQ(width_from_op_byte(Form::svm, 0x47), Width::w64);
  EXPECT_FALSE(width_from_op_byte(Form::svm, 0x60));
  EXPECT_FALSE(width_from_op_byte(Form::svm, 0x80));
  EXPECT_EQ(parse_width_suffix(Form::svm, "32"), Width::w32);
  EXPECT_FALSE(parse_width_suffix(Form::typed, "32"));
  EXPECT_FALSE(parse_width_suffix(Form::typed, "64"));
}

TEST(IntelTable, ExecSizesAndMasks) {
  for (unsigned code = 0; code <= 5; ++code) {
    EXPECT_EQ(channels_from_code(static_cast<uint8_t>(code)), 1u << code);
    EXPECT_EQ(exec_size_code(1u << code), code);
  }
  EXPECT_FALSE(channels_from_code(6));
  EXPECT_FALSE(exec_size_code(3));
  ASSERT_EQ(mask_table().size(), 16u);
  for (const MaskInfo& m : mask_table()) {
    EXPECT_EQ(m.channel_offset, 4 * (m.code & 7)) << m.name;
    EXPECT_EQ(m.no_mask, m.code >= 8) << m.name;
    EXPECT_EQ(parse_mask(m.name), m.code);
  }
  EXPECT_EQ(parse_mask("NoMask"), 8);
  EXPECT_EQ(parse_mask("m5_nm"), 12);
  EXPECT_FALSE(parse_mask("M0"));
  EXPECT_EQ(mask_info(12).name, "M5_NM");
}

TEST(IntelTable, Surfaces) {
  ASSERT_EQ(predefined_surfaces().size(), 6u);
  EXPECT_EQ(find_predefined_surface("%slm")->index, 0);
  EXPECT_EQ(find_predefined_surface("T0")->index, 0);
  EXPECT_EQ(find_predefined_surface("TSS")->index, 3);
  EXPECT_EQ(find_predefined_surface("T252")->index, 4);
  EXPECT_EQ(find_predefined_surface("%scratch")->index, 5);
  EXPECT_EQ(find_predefined_surface("T255")->index, 5);
  EXPECT_EQ(find_predefined_surface("T6"), nullptr);
  EXPECT_EQ(parse_surface_type("2D_ARRAY"), SurfaceType::d2_array);
  EXPECT_FALSE(info(SurfaceType::d1).uses_v);
  EXPECT_TRUE(info(SurfaceType::d1_array).uses_v);
  EXPECT_FALSE(info(SurfaceType::d1_array).uses_r);
  EXPECT_TRUE(info(SurfaceType::d3).uses_r);
}

TEST(IntelTable, DataTypes) {
  ASSERT_EQ(data_type_table().size(), 16u);
  for (const DataTypeInfo& t : data_type_table()) {
    EXPECT_EQ(parse_data_type(t.text), t.type);
    EXPECT_EQ(parse_data_type(t.name), t.type);
    EXPECT_EQ(&info(t.type), &t);
  }
  EXPECT_EQ(static_cast<int>(DataType::UQ), 0xB);
  EXPECT_EQ(static_cast<int>(DataType::HF), 0xE);
  EXPECT_EQ(info(DataType::Q).bytes, 8);
  EXPECT_EQ(info(DataType::HF).bytes, 2);
}

TEST(IntelTable, TypeRules) {
  const auto rule = [](Form f, AtomicOp op, Width w, OperandSlot s) { return type_rule(f, op, w, s); };
  EXPECT_TRUE(rule(Form::svm, AtomicOp::ADD, Width::w32, OperandSlot::src0).accepts(DataType::UD));
  EXPECT_TRUE(rule(Form::svm, AtomicOp::ADD, Width::w64, OperandSlot::dst).accepts(DataType::UQ));
  EXPECT_EQ(rule(Form::svm, AtomicOp::ADD, Width::w64, OperandSlot::dst).element_bytes, 8);
  EXPECT_EQ(rule(Form::svm, AtomicOp::ADD, Width::w16, OperandSlot::dst).element_bytes, 4);  // unpacked
  EXPECT_TRUE(rule(Form::svm, AtomicOp::IMIN, Width::w64, OperandSlot::src0).accepts(DataType::Q));
  EXPECT_TRUE(rule(Form::typed, AtomicOp::IMAX, Width::w32, OperandSlot::dst).accepts(DataType::D));
  EXPECT_TRUE(rule(Form::svm, AtomicOp::FMIN, Width::w16, OperandSlot::src0).accepts(DataType::F));
  EXPECT_FALSE(rule(Form::svm, AtomicOp::FMIN, Width::w32, OperandSlot::src0).accepts(DataType::UD));
  EXPECT_TRUE(rule(Form::typed, AtomicOp::FCMPWR, Width::w32, OperandSlot::src1).accepts(DataType::UD));
  EXPECT_TRUE(rule(Form::typed, AtomicOp::FCMPWR, Width::w32, OperandSlot::src1).accepts(DataType::F));
  EXPECT_TRUE(rule(Form::svm, AtomicOp::ADD, Width::w32, OperandSlot::addresses).accepts(DataType::UQ));
  EXPECT_EQ(rule(Form::svm, AtomicOp::ADD, Width::w32, OperandSlot::addresses).element_bytes, 8);
  EXPECT_TRUE(rule(Form::typed, AtomicOp::ADD, Width::w16, OperandSlot::lod).accepts(DataType::UD));
}

TEST(IntelTable, PlatformProfiles) {
  EXPECT_EQ(name(default_platform), "gen12");
  EXPECT_FALSE(has(Platform::gen9, Feature::atomics_16bit));
  EXPECT_TRUE(has(Platform::gen9, Feature::svm_64bit));  // IGC lowers .64 there (docs/intel-igc.md §6)
  EXPECT_FALSE(has(Platform::gen12, Feature::float_add));
  EXPECT_TRUE(has(Platform::xehp, Feature::float_add));
  EXPECT_FALSE(has(Platform::xehp, Feature::float_64));
  EXPECT_TRUE(has(Platform::pvc, Feature::float_64));
  EXPECT_EQ(parse_platform("icllp"), Platform::gen9);
  EXPECT_EQ(parse_platform("acm-g10"), Platform::dg2);
  EXPECT_FALSE(has(Platform::xehp, Feature::lsc));
  EXPECT_TRUE(has(Platform::dg2, Feature::lsc));
  EXPECT_FALSE(has(Platform::dg2, Feature::lsc_typed));
  EXPECT_TRUE(has(Platform::pvc, Feature::lsc_typed));
  EXPECT_EQ(parse_platform("dg1"), Platform::gen12);
  EXPECT_TRUE(has(Platform::gen9, Feature::predec));
  EXPECT_FALSE(has(Platform::xehp, Feature::predec));
  EXPECT_TRUE(has(Platform::xehp, Feature::exec_size_16));
  EXPECT_EQ(grf_bytes(Platform::pvc), 64);
  EXPECT_EQ(grf_bytes(Platform::gen12), 32);
  EXPECT_EQ(parse_platform("PVC"), Platform::pvc);
  EXPECT_FALSE(parse_platform("gen11"));
}

TEST(IntelTable, FloatAddOpsOfIgc) {
  EXPECT_EQ(find(AtomicOp::FADD)->name, "fadd");
  EXPECT_EQ(parse_op("fsub"), AtomicOp::FSUB);
  EXPECT_EQ(from_code(0x14), AtomicOp::FSUB);
  EXPECT_EQ(from_code(0x15), std::nullopt);
}
