// The order of diagnostics. One bad line per rule the ATOM/SUATOM pages state, with its column,
// severity and rule, is tests/nvidia/mc/rules.sass (and clean.sass for the lines at the edges).
#include <gtest/gtest.h>

#include "nvidia/sass_test_support.hpp"

TEST(SassValidator, DiagnosticsComeInLineOrder) {
  const auto checked =
      gpuatom::nvidia::check_sass("ATOM.INC.S32 R0, [R2], R4 ;\nFOO R1 ;\nATOM.E.ADD R0, [R3], R4 ;\n", "t.sass");
  ASSERT_EQ(checked.diagnostics.all().size(), 3u) << checked.diagnostics.format_all();
  for (uint32_t i = 0; i < 3; ++i) EXPECT_EQ(checked.diagnostics.all()[i].where.line, i + 1);
}
