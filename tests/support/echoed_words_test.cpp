// Diagnostics bound the input they echo (fuzzing finding: a 10 MB unknown token came back whole
// in the parse error, docs/reliability.md "Fuzzing").
#include <gtest/gtest.h>

#include <string>
#include <variant>

#include "gpuatom/intel/text/parser.hpp"
#include "gpuatom/nvidia/text/parser.hpp"
#include "gpuatom/scenario/scenario.hpp"
#include "gpuatom/support/diagnostic.hpp"

namespace intel = gpuatom::intel;
namespace nvidia = gpuatom::nvidia;
namespace scenario = gpuatom::scenario;
namespace support = gpuatom::support;

// The message rule itself (printable_message) is tested in diagnostic_limits_test.cpp; these
// check that each front-end's diagnostics go through it.

namespace {
const std::string huge(10u << 20, 'Q');  // 10 MB, one token
constexpr std::size_t bounded_length = 400;
}  // namespace

TEST(EchoedWords, SassParseErrorOnAHugeToken) {
  const nvidia::ParsedSass parsed = nvidia::parse_sass(huge + " R0, [R2], R4 ;", "huge.sass");
  ASSERT_EQ(parsed.diagnostics.all().size(), 1u);
  EXPECT_LT(parsed.diagnostics.format_all().size(), bounded_length) << parsed.diagnostics.format_all().substr(0, 400);
}

TEST(EchoedWords, VisaParseErrorOnAHugeToken) {
  support::Diagnostics d;
  (void)intel::parse_visa(huge + " (M1, 8) A.0 B.0 C.0 %null.0\n", "huge.visaasm", {}, d);
  ASSERT_TRUE(d.has_errors());
  EXPECT_LT(d.format_all().size(), bounded_length * d.all().size()) << d.format_all().substr(0, 400);
}

TEST(EchoedWords, ScenarioErrorOnAHugeValue) {
  const auto loaded = scenario::parse_scenario("isa = \"" + huge + "\"\n", "huge.toml");
  ASSERT_TRUE(std::holds_alternative<support::Diagnostics>(loaded));
  const support::Diagnostics& d = std::get<support::Diagnostics>(loaded);
  EXPECT_LT(d.format_all().size(), bounded_length * d.all().size()) << d.format_all().substr(0, 400);
}
