// Standard output that may be lost (gpuatom/support/standard_output.hpp): a failed write stops
// the printing without an exception, and nothing is written after it.
#include "gpuatom/support/standard_output.hpp"

#include <gtest/gtest.h>

#include <cstdio>
#include <string>

using gpuatom::support::StandardOutput;

TEST(StandardOutput, PrintsAndFlushesEachText) {
  std::FILE* file = std::tmpfile();
  ASSERT_NE(file, nullptr);
  StandardOutput out(file);
  out.print("one\n");
  out.print("two\n");
  EXPECT_FALSE(out.lost());
  std::rewind(file);
  char buffer[16] = {};
  EXPECT_EQ(std::fread(buffer, 1, sizeof buffer - 1, file), 8u);
  EXPECT_EQ(std::string(buffer), "one\ntwo\n");
  std::fclose(file);
}

TEST(StandardOutput, AFailedWriteStopsThePrintingWithoutThrowing) {
  std::FILE* full = std::fopen("/dev/full", "w");
  if (!full) GTEST_SKIP() << "no /dev/full";
  StandardOutput out(full);
  EXPECT_NO_THROW(out.print("lost\n"));
  EXPECT_TRUE(out.lost());
  std::clearerr(full);
  EXPECT_NO_THROW(out.print("also lost\n"));
  EXPECT_FALSE(std::ferror(full)) << "nothing is written once the output is lost";
  std::fclose(full);
}
