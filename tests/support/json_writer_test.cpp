// support::json writes what nlohmann::ordered_json::dump() writes, so renderers moved out of the CLI
// print the same bytes.
#include "gpuatom/support/json_writer.hpp"

#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <string>

namespace gpuatom::support::json {
namespace {

TEST(JsonWriter, QuotesEveryByteAsNlohmannDoes) {
  for (int c = 1; c < 256; ++c) {
    if (c >= 0x80) continue;  // nlohmann checks UTF-8; single high bytes are not text
    const std::string text = std::string("a") + static_cast<char>(c) + "b";
    EXPECT_EQ(quote(text), nlohmann::ordered_json(text).dump()) << c;
  }
  const std::string utf8 = "✅ NoReturn · 1 − 2 …";
  EXPECT_EQ(quote(utf8), nlohmann::ordered_json(utf8).dump());
  EXPECT_EQ(quote(""), "\"\"");
}

TEST(JsonWriter, ObjectsKeepOrderAndReplaceInPlace) {
  Object o;
  o.set("b", "x").set("a", true).set("c", null).set("b", false);
  Object inner;
  inner.set("k", strings({"p", "q"}));
  o.set("inner", inner).set("list", array({boolean(true), null, string("s")}));
  nlohmann::ordered_json expected;
  expected["b"] = "x";
  expected["a"] = true;
  expected["c"] = nullptr;
  expected["b"] = false;
  expected["inner"] = {{"k", {"p", "q"}}};
  expected["list"] = {true, nullptr, "s"};
  EXPECT_EQ(o.written().text, expected.dump());
  EXPECT_EQ(Object().written().text, "{}");
  EXPECT_EQ(array({}).text, "[]");
}

}  // namespace
}  // namespace gpuatom::support::json
