// A file in pieces of whole lines (gpuatom/support/line_pieces.hpp): every byte given once, each
// piece ending at a newline, and the size cap refused as bad input.
#include "gpuatom/support/line_pieces.hpp"

#include <gtest/gtest.h>

#include "common/scratch_file.hpp"

using namespace gpuatom::support;

TEST(LinePieces, GivesEveryLineOnceInWholeLines) {
  std::string text;
  for (int i = 0; i < 20000; ++i) text += "line " + std::to_string(i) + "\n";
  text += "last, without a newline";
  const gpuatom::testing::ScratchFile file(text, ".txt");
  LinePieces pieces(file.path(), uint64_t{1} << 20);
  std::string joined;
  int count = 0;
  while (const auto piece = pieces.next()) {
    joined += *piece;
    ++count;
  }
  EXPECT_EQ(joined, text);
  EXPECT_GT(count, 1);
}

TEST(LinePieces, RefusesPastTheCapAndMissingFiles) {
  const gpuatom::testing::ScratchFile file(std::string(200000, 'x'), ".txt");
  LinePieces pieces(file.path(), 100000);
  EXPECT_THROW(while (pieces.next()){}, InputError);
  EXPECT_THROW(LinePieces("/nonexistent/gpuatom.visaasm", 100), InputError);
}
