// TYPED_ATOMIC's surface rules (gpuatom/intel/surface_access.hpp): the operand table of §8, the
// coordinate rules, and that no other file states them again.
#include "gpuatom/intel/surface_access.hpp"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>

namespace gpuatom::intel {
namespace {

TEST(IntelSurfaceAccess, TheOperandsOfEachSurfaceType) {
  using D = memory::SurfaceDim;
  EXPECT_FALSE(typed_coordinate_operands(D::d1).y);
  EXPECT_FALSE(typed_coordinate_operands(D::d1).slice);
  EXPECT_EQ(typed_coordinate_operands(D::d1_array).slice, OperandSlot::v);
  EXPECT_TRUE(typed_coordinate_operands(D::d1_array).slice_is_layer);
  EXPECT_EQ(typed_coordinate_operands(D::d2).y, OperandSlot::v);
  EXPECT_FALSE(typed_coordinate_operands(D::d2).slice);
  EXPECT_EQ(typed_coordinate_operands(D::d2_array).slice, OperandSlot::r);
  EXPECT_TRUE(typed_coordinate_operands(D::d2_array).slice_is_layer);
  EXPECT_EQ(typed_coordinate_operands(D::d3).y, OperandSlot::v);
  EXPECT_EQ(typed_coordinate_operands(D::d3).slice, OperandSlot::r);
  EXPECT_FALSE(typed_coordinate_operands(D::d3).slice_is_layer);
  EXPECT_EQ(surface_type(D::d2_array), SurfaceType::d2_array);
  EXPECT_FALSE(surface_type(D::d1_buffer));
}

TEST(IntelSurfaceAccess, CoordinatesAreUnsignedAndOutOfBoundsIsNoAccess) {
  const memory::CoordinateRules rules = typed_coordinate_rules();
  EXPECT_EQ(rules.xyz, memory::Signedness::unsigned32);
  EXPECT_EQ(rules.layer_mask, 0xffffffffu);
  EXPECT_EQ(rules.clamp, memory::Clamp::ign);
  EXPECT_FALSE(rules.x_is_byte_address);
}

// The rules have one home: no file under src/scenario/ builds coordinate rules or names a vISA
// surface type (NVIDIA's rules are nvidia/surface_access.cpp's, Intel's are here).
TEST(IntelSurfaceAccess, TheScenarioLayerStatesNoSurfaceRule) {
  const std::filesystem::path scenario = std::filesystem::path(GPUATOM_SOURCE_DIR) / "src" / "scenario";
  for (const auto& entry : std::filesystem::directory_iterator(scenario)) {
    std::ifstream in(entry.path());
    std::stringstream text;
    text << in.rdbuf();
    for (const char* rule : {"CoordinateRules rules", "rules.xyz", "layer_mask", "SurfaceType::d"})
      EXPECT_EQ(text.str().find(rule), std::string::npos) << entry.path().filename() << " states " << rule;
  }
}

}  // namespace
}  // namespace gpuatom::intel
