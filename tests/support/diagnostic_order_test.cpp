// Diagnostics in source order (gpuatom/support/diagnostic_order.hpp), stable for equal places.
#include "gpuatom/support/diagnostic_order.hpp"

#include <gtest/gtest.h>

using namespace gpuatom::support;

TEST(DiagnosticOrder, ByLineThenColumnKeepingTies) {
  Diagnostics diagnostics;
  diagnostics.error({"f", 3, 1, std::nullopt}, "third");
  diagnostics.error({"f", 1, 9, std::nullopt}, "second");
  diagnostics.error({"f", 1, 2, std::nullopt}, "first");
  diagnostics.warning({"f", 3, 1, std::nullopt}, "third, reported later");
  std::vector<std::string> messages;
  for (const Diagnostic& d : in_source_order(diagnostics)) messages.push_back(d.message);
  EXPECT_EQ(messages, (std::vector<std::string>{"first", "second", "third", "third, reported later"}));
}
