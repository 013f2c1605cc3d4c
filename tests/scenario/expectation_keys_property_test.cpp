// Property: every key of an [[expect]] entry is either consumed or refused. Random entries (seeded,
// reproducible) are built from every key docs/reference/scenario-format.md documents for
// [[expect]]; each one loads into an Expectation that reflects every key it was given, or is
// refused with errors that name its keys. A key the loader reads past (issue 39: `equals` beside
// `between`, `faults` beside `each`, `distinct = false` …) fails the property.
#include <fmt/format.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <functional>
#include <map>
#include <random>
#include <string>
#include <vector>

#include "gpuatom/scenario/expectation_shapes.hpp"
#include "gpuatom/scenario/keys.hpp"
#include "gpuatom/scenario/scenario.hpp"

using namespace gpuatom;
using namespace gpuatom::scenario;

namespace {

// One generated value: its TOML text, and whether the loaded Expectation holds it.
struct Value {
  std::string toml;
  std::function<bool(const Expectation&)> reflected;
};

using Kind = Expectation::Kind;
using Generator = std::function<Value(std::mt19937_64&)>;

bool is_region_kind(Kind k) { return k == Kind::memory_each || k == Kind::memory_at || k == Kind::memory_between; }
bool is_lane_kind(Kind k) { return k == Kind::lane_each || k == Kind::lane_permutation || k == Kind::lane_distinct; }

uint64_t pick(std::mt19937_64& random, uint64_t below) { return random() % below; }

// An expression as TOML (an integer or a string) and its text as the loader keeps it.
std::pair<std::string, std::string> expression(std::mt19937_64& random) {
  static const char* texts[] = {"i + 3", "tid * 2", "lanes", "0x10", "f32(1.5)"};
  if (pick(random, 2)) {
    const uint64_t n = pick(random, 100);
    return {std::to_string(n), std::to_string(n)};
  }
  const std::string text = texts[pick(random, std::size(texts))];
  return {"\"" + text + "\"", text};
}

bool text_is(const std::optional<ExpressionText>& e, const std::string& text) { return e && e->text == text; }

// A generator for every documented [[expect]] key: values of the right type mostly, sometimes of
// the wrong one or out of range (then the entry must be refused naming the key).
std::map<std::string, Generator> generators() {
  std::map<std::string, Generator> g;
  g["region"] = [](std::mt19937_64& r) {
    const std::string name = pick(r, 10) ? "a" : "zz";
    return Value{"\"" + name + "\"",
                 [name](const Expectation& e) { return is_region_kind(e.kind) && e.region == name; }};
  };
  g["type"] = [](std::mt19937_64& r) {
    static const char* types[] = {"u8", "u16", "u32", "u64", "s32", "f16", "f32", "f64", "u7"};
    const std::string type = types[pick(r, std::size(types))];
    return Value{"\"" + type + "\"",
                 [type](const Expectation& e) { return is_region_kind(e.kind) && name(e.type) == type; }};
  };
  const auto expression_key = [](std::function<bool(Kind)> kinds, bool upper = false) {
    return [kinds, upper](std::mt19937_64& r) {
      // Not a structured binding: clang-14 (the sanitizer build's compiler) cannot capture one.
      const auto toml_and_text = expression(r);
      const std::string& toml = toml_and_text.first;
      const std::string text = toml_and_text.second;
      return Value{toml, [kinds, text, upper](const Expectation& e) {
                     return kinds(e.kind) && text_is(upper ? e.upper : e.value, text);
                   }};
    };
  };
  g["each"] = expression_key([](Kind k) { return k == Kind::memory_each || k == Kind::lane_each; });
  g["equals"] = expression_key([](Kind k) { return k == Kind::memory_at; });
  g["permutation"] = expression_key([](Kind k) { return k == Kind::lane_permutation; });
  g["count"] = [](std::mt19937_64& r) {
    const uint64_t n = pick(r, 6);
    return Value{std::to_string(n), [n](const Expectation& e) { return e.kind == Kind::memory_each && e.count == n; }};
  };
  g["index"] = [](std::mt19937_64& r) {
    const uint64_t n = pick(r, 6);
    return Value{std::to_string(n), [n](const Expectation& e) {
                   return (e.kind == Kind::memory_at || e.kind == Kind::memory_between) && e.index == n;
                 }};
  };
  g["between"] = [](std::mt19937_64& r) {
    const uint64_t low = pick(r, 50), high = pick(r, 100);
    return Value{fmt::format("[{}, {}]", low, high), [low, high](const Expectation& e) {
                   return e.kind == Kind::memory_between && text_is(e.value, std::to_string(low)) &&
                          text_is(e.upper, std::to_string(high));
                 }};
  };
  g["lane"] = [](std::mt19937_64&) {
    return Value{"\"R0\"", [](const Expectation& e) { return is_lane_kind(e.kind) && e.name == "R0"; }};
  };
  const auto flag = [](Kind kind) {
    return [kind](std::mt19937_64& r) {
      static const char* values[] = {"true", "true", "false", "\"no\"", "1"};
      const std::string v = values[pick(r, std::size(values))];
      return Value{v, [kind, v](const Expectation& e) { return e.kind == kind && v == "true"; }};
    };
  };
  g["distinct"] = flag(Kind::lane_distinct);
  g["explainable"] = flag(Kind::explainable);
  g["search_budget"] = [](std::mt19937_64& r) {
    const uint64_t n = pick(r, 100);
    return Value{std::to_string(n),
                 [n](const Expectation& e) { return e.kind == Kind::explainable && e.search_budget == n; }};
  };
  g["faults"] = [](std::mt19937_64& r) {
    const uint64_t n = pick(r, 4);
    return Value{std::to_string(n), [n](const Expectation& e) { return e.kind == Kind::faults && e.count == n; }};
  };
  g["fault"] = [](std::mt19937_64& r) {
    static const char* kinds[] = {"misaligned", "out-of-range", "sparse", "exploded"};
    const std::string kind = kinds[pick(r, std::size(kinds))];
    return Value{"\"" + kind + "\"",
                 [kind](const Expectation& e) { return e.kind == Kind::fault_at && e.fault_kind == kind; }};
  };
  g["at_lane"] = [](std::mt19937_64& r) {
    const uint64_t n = pick(r, 6);  // the launch has 4 lanes
    return Value{std::to_string(n), [n](const Expectation& e) { return e.kind == Kind::fault_at && e.lane == n; }};
  };
  return g;
}

std::vector<std::string> documented_expect_keys() {
  std::vector<std::string> keys;
  for (const KeyDoc& k : scenario_keys())
    if (k.table == "expect") keys.emplace_back(k.key);
  return keys;
}

const std::string head =
    "isa = \"sass\"\nprogram = \"ATOM.E.ADD R0, [R2], R4 ;\"\n[launch]\nlanes = 4\n"
    "[[region]]\nname = \"a\"\nsize = 16\n";

}  // namespace

TEST(ExpectationKeysProperty, EveryDocumentedKeyHasAGenerator) {
  const auto g = generators();
  for (const std::string& key : documented_expect_keys())
    EXPECT_TRUE(g.contains(key)) << "the property test does not generate [[expect]] key '" << key << "'";
}

TEST(ExpectationKeysProperty, EveryKeyIsReflectedOrRefusedByName) {
  const auto g = generators();
  const std::vector<std::string> keys = documented_expect_keys();
  std::mt19937_64 random(39);  // fixed: every run draws the same entries
  size_t loaded = 0, refused = 0;
  for (int n = 0; n < 3000; ++n) {
    // Half the entries start from the keys of a whole shape (so that many load), then 1 to 5
    // distinct keys in all, drawn from every documented one.
    std::vector<std::string> chosen;
    if (pick(random, 2)) {
      const ExpectationShape& shape = expectation_shapes()[pick(random, expectation_shapes().size())];
      for (std::string_view k : shape.required) chosen.emplace_back(k);
      for (std::string_view k : shape.optional)
        if (pick(random, 2)) chosen.emplace_back(k);
    }
    const uint64_t count = std::max<uint64_t>(chosen.size() + pick(random, 2), 1 + pick(random, 5));
    while (chosen.size() < count) {
      const std::string& key = keys[pick(random, keys.size())];
      if (std::find(chosen.begin(), chosen.end(), key) == chosen.end()) chosen.push_back(key);
    }
    std::string entry = "[[expect]]\n";
    std::vector<std::pair<std::string, Value>> values;
    for (const std::string& key : chosen) {
      if (!g.contains(key)) continue;
      Value v = g.at(key)(random);
      entry += key + " = " + v.toml + "\n";
      values.emplace_back(key, std::move(v));
    }
    const auto result = parse_scenario(head + entry, "p.toml");
    if (const auto* s = std::get_if<Scenario>(&result)) {
      ++loaded;
      ASSERT_EQ(s->expectations.size(), 1u) << entry;
      for (const auto& [key, value] : values)
        EXPECT_TRUE(value.reflected(s->expectations[0])) << "key '" << key << "' was read past:\n" << entry;
      continue;
    }
    ++refused;
    // Refused: every error names a key of [[expect]] (given, or needed and missing), and some
    // error names one the entry has.
    const auto& diagnostics = std::get<support::Diagnostics>(result).all();
    ASSERT_FALSE(diagnostics.empty()) << entry;
    bool names_a_given_key = false;
    for (const auto& d : diagnostics) {
      bool names_a_key = false;
      for (const std::string& key : keys)
        if (d.message.find(key) != std::string::npos) names_a_key = true;
      for (const auto& [key, value] : values)
        if (d.message.find(key) != std::string::npos) names_a_given_key = true;
      EXPECT_TRUE(names_a_key) << d.message << "\n" << entry;
      EXPECT_GT(d.where.line, 0u) << d.message;
    }
    EXPECT_TRUE(names_a_given_key) << entry;
  }
  // Both sides of the property were exercised.
  EXPECT_GT(loaded, 100u);
  EXPECT_GT(refused, 100u);
}
