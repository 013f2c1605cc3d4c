// A run's options from their command-line spellings (gpuatom/report/run_options.hpp).
#include "gpuatom/report/run_options.hpp"

#include <fmt/format.h>
#include <gtest/gtest.h>

#include <functional>

#include "gpuatom/support/input_error.hpp"

using namespace gpuatom;

namespace {

std::string thrown_message(const std::function<void()>& f) {
  try {
    f();
  } catch (const support::InputError& e) {
    return e.what();
  }
  return "(nothing thrown)";
}

}  // namespace

TEST(RunOptions, ModeByNameOrBadInput) {
  EXPECT_EQ(report::mode_option("exhaustive"), scenario::Mode::exhaustive);
  EXPECT_EQ(report::mode_option("deterministic"), scenario::Mode::deterministic);
  EXPECT_EQ(thrown_message([] { report::mode_option("fast"); }),
            "--mode fast: expected parallel, deterministic or exhaustive");
}

TEST(RunOptions, DumpItemsAcrossArgumentsWithTheirTypes) {
  const auto requests = report::dump_requests({"sum,bins:f32", "count:u8"});
  ASSERT_EQ(requests.size(), 3u);
  EXPECT_EQ(requests[0].region, "sum");
  EXPECT_EQ(requests[0].type, std::nullopt);
  EXPECT_EQ(requests[1].region, "bins");
  EXPECT_EQ(requests[1].type, scenario::ElementType::f32);
  EXPECT_EQ(requests[2].region, "count");
  EXPECT_EQ(requests[2].type, scenario::ElementType::u8);
  EXPECT_TRUE(report::dump_requests({}).empty());
}

TEST(RunOptions, DumpRefusesEmptyNamesAndUnknownTypes) {
  EXPECT_EQ(thrown_message([] { report::dump_requests({"sum,"}); }), "--dump 'sum,': an empty region name");
  EXPECT_EQ(thrown_message([] { report::dump_requests({"sum:f8"}); }),
            "--dump sum:f8: 'f8' is not an element type (u8 u16 u32 u64 s8 s16 s32 s64 f16 bf16 f32 f64)");
}

TEST(RunOptions, MemorySizesInBinaryUnits) {
  EXPECT_EQ(report::max_memory_option("100000"), 100000u);
  EXPECT_EQ(report::max_memory_option("8G"), uint64_t{8} << 30);
  EXPECT_EQ(report::max_memory_option("512MiB"), uint64_t{512} << 20);
  EXPECT_EQ(report::max_memory_option("1.5 gib"), uint64_t{3} << 29);
  EXPECT_EQ(report::max_memory_option("2k"), 2048u);
}

TEST(RunOptions, MemoryRefusesWhatIsNoPositiveSize) {
  for (const char* text : {"", "G", "0", "-1G", "8X", "1e30T"})
    EXPECT_EQ(thrown_message([&] { report::max_memory_option(text); }),
              fmt::format("--max-memory {}: expected a positive size such as 8G, 512M or 1000000 (bytes)", text))
        << text;
}
