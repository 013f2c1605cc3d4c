#include "gpuatom/support/progress.hpp"

#include <gtest/gtest.h>
#include <unistd.h>

using gpuatom::support::Progress;

TEST(Progress, LineShowsBarPercentRateAndEstimate) {
  EXPECT_EQ(Progress::line("run", 50, 100, 2.0), "run [###############...............]  50%  25/s  ETA 2 s");
  EXPECT_EQ(Progress::line("run", 3'000'000, 0, 1.5), "run  3000000  2.0 M/s");
  EXPECT_EQ(Progress::line("x", 200, 100, 1.0).substr(0, 39), "x [##############################] 100%");
}

TEST(Progress, SilentWhenStderrIsNotATerminal) {
  // Under ctest stderr is a pipe or file: the bar must not give a callback at all.
  Progress bar("quiet", true);
  if (!isatty(2)) {
    EXPECT_FALSE(bar.callback());
  }
  Progress off("off", false);
  EXPECT_FALSE(off.callback());
}
