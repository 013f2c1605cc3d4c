// Diagnostics stay readable whatever the input: long tokens are cut, bytes that are not printable
// UTF-8 are escaped, and past Diagnostics::max_kept entries the rest are only counted.
#include <gtest/gtest.h>

#include <string>

#include "gpuatom/support/diagnostic.hpp"

namespace gpuatom::support {
namespace {

TEST(PrintableMessage, CutsLongWordsKeepingTheirClosingQuote) {
  const std::string token(10'000'000, 'Q');
  const std::string shown = printable_message("unknown instruction '" + token + "': expected ATOM");
  EXPECT_LT(shown.size(), 200u);
  EXPECT_EQ(shown, "unknown instruction '" + std::string(longest_word - 1, 'Q') + "…: expected ATOM");
  EXPECT_EQ(printable_message("found '" + std::string(200, 'x') + "'"),
            "found '" + std::string(longest_word - 1, 'x') + "…'");
}

TEST(PrintableMessage, EscapesBytesThatAreNotPrintableUtf8) {
  EXPECT_EQ(printable_message("a\xff"
                              "b\x01"
                              "c\n"),
            "a\\xffb\\x01c\\x0a");
  EXPECT_EQ(printable_message("overlong \xc0\xaf, surrogate \xed\xa0\x80"),
            "overlong \\xc0\\xaf, surrogate \\xed\\xa0\\x80");
  // The C1 controls are well-formed UTF-8 but controls all the same: U+009B is a terminal's CSI.
  EXPECT_EQ(printable_message("a\xc2\x9b"
                              "31mb \xc2\x85 \xc2\xa0 é"),
            "a\\xc2\\x9b31mb \\xc2\\x85 \xc2\xa0 é");
  // Well-formed UTF-8 passes: the spec's own symbols.
  EXPECT_EQ(printable_message("1 ≤ bits ≤ 64 — §10.2 …"), "1 ≤ bits ≤ 64 — §10.2 …");
  // Idempotent: a message made printable stays as it is.
  const std::string once = printable_message("'" + std::string(300, 'Z') + "' \xfe");
  EXPECT_EQ(printable_message(once), once);
}

TEST(Diagnostics, NoneAddedUntilTheFirstOfAnySeverity) {
  for (const Severity severity : {Severity::error, Severity::warning, Severity::note}) {
    Diagnostics d;
    EXPECT_TRUE(d.none_added());
    d.add({severity, {}, "x", {}});
    EXPECT_FALSE(d.none_added());
  }
}

TEST(DiagnosticsLimit, KeepsTheFirstAndCountsTheRest) {
  Diagnostics d;
  for (int i = 0; i < 1000; ++i) d.error({"f", static_cast<uint32_t>(i + 1), 1, {}}, "bad");
  d.warning({"f", 2000, 1, {}}, "odd");
  ASSERT_EQ(d.all().size(), Diagnostics::max_kept + 1);
  EXPECT_EQ(d.count(Severity::error), 1000u);
  EXPECT_EQ(d.count(Severity::warning), 1u);
  EXPECT_TRUE(d.has_errors());
  const Diagnostic& more = d.all().back();
  EXPECT_EQ(more.severity, Severity::error);
  EXPECT_EQ(more.where.line, Diagnostics::max_kept + 1);
  EXPECT_EQ(more.message, "901 more diagnostics not shown (at most 100 are listed)");

  // Appending keeps the counts of what the other list did not keep.
  Diagnostics total;
  total.note({"g", 1, 1, {}}, "first");
  total.append(d);
  EXPECT_EQ(total.count(Severity::error), 1000u);
  EXPECT_EQ(total.count(Severity::note), 1u);
  EXPECT_EQ(total.all().back().message, "902 more diagnostics not shown (at most 100 are listed)");
}

}  // namespace
}  // namespace gpuatom::support
