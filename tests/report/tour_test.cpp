// `gpuatom tour`'s text (gpuatom/report/tour.hpp): every stop's result computed, not typed.
#include "gpuatom/report/tour.hpp"

#include <gtest/gtest.h>

using namespace gpuatom;

TEST(Tour, EachStopShowsItsCommandAndResult) {
  const std::string text = report::tour_text();
  EXPECT_EQ(text.rfind("gpuatom tour: one atomic per rule worth seeing.", 0), 0u);
  EXPECT_NE(text.find("$ gpuatom alu nvidia INC --old 0x00000007 --src 0x00000007\nmemory=0x00000000 "
                      "returned=0x00000007\n  (NVIDIA INC wraps to 0 once the old value reaches the bound)\n\n"),
            std::string::npos)
      << text;
  EXPECT_NE(text.find("$ gpuatom alu nvidia CAS.64 --old 0x5 --src 0x5 --swap 0x9\nmemory=0x0000000000000009 "
                      "returned=0x0000000000000005\n"),
            std::string::npos)
      << text;
  size_t stops = 0;
  for (size_t at = text.find("\n$ "); at != std::string::npos; at = text.find("\n$ ", at + 1)) ++stops;
  EXPECT_EQ(stops, 12u);
}
