// The C++ API on its own: this program links gpuatom_embed and what it is built on, not the
// scenario layer (tests/CMakeLists.txt), so it builds only while embed needs nothing of the file
// format; and a launch still runs, reads back, enumerates and refuses bad input.
#include "gpuatom/embed/launch.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <set>
#include <vector>

namespace gpuatom::embed {
namespace {

TEST(EmbedWithoutScenario, LanesRaceOnOneCounterAndEveryAddIsCounted) {
  Launch launch(Isa::sass, 256, "sum");
  launch.region("total", 8)
      .program("ATOM.E.ADD.64 R0, [R2], R4 ;")
      .lanes("R2", "lo(addr(total))")
      .lanes("R3", "hi(addr(total))")
      .lanes("R4", LaneValues::of_tid([](uint64_t tid) { return tid + 1; }))
      .lanes("R5", 0)
      .read("R0");
  const Result r = launch.run({.mode = Mode::deterministic, .seed = 7});
  ASSERT_TRUE(r.ok()) << *r.error;
  EXPECT_EQ(r.final().u64("total", 0), 256u * 257u / 2);
  EXPECT_EQ(r.report.counters.operations, 256u);
  // Each lane got back the total before its own add: all different, all below the end.
  std::vector<uint64_t> returned = r.final().lanes.at("R0");
  std::sort(returned.begin(), returned.end());
  EXPECT_EQ(std::adjacent_find(returned.begin(), returned.end()), returned.end());
  EXPECT_LT(returned.back(), 256u * 257u / 2);
}

TEST(EmbedWithoutScenario, TwoLanesExchangingOneWordEndInEitherOrder) {
  Launch launch(Isa::sass, 2, "swap");
  launch.region("word", 4)
      .program("ATOM.E.EXCH R0, [R2], R4 ;")
      .lanes("R2", "lo(addr(word))")
      .lanes("R3", "hi(addr(word))")
      .lanes("R4", LaneValues::per_lane({10, 20}))
      .read("R0");
  const Result r = launch.run({.mode = Mode::exhaustive});
  ASSERT_TRUE(r.ok()) << *r.error;
  std::set<uint32_t> finals;
  for (const Outcome& o : r.outcomes) finals.insert(o.u32("word", 0));
  EXPECT_EQ(finals, (std::set<uint32_t>{10, 20}));
}

TEST(EmbedWithoutScenario, BadInputNamesTheCallAndRunsNothing) {
  Launch launch(Isa::sass, 4, "bad");
  launch.region("a b", 4).program("ATOM.E.ADD R0, [R2], R4 ;");
  const Result r = launch.run();
  ASSERT_FALSE(r.ok());
  EXPECT_NE(r.error->find("bad, region a b:1:1: error: region name 'a b' must be an identifier"), std::string::npos)
      << *r.error;
  EXPECT_TRUE(r.outcomes.empty());
}

}  // namespace
}  // namespace gpuatom::embed
