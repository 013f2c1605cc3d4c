#include "gpuatom/launch/expectations.hpp"

#include <fmt/format.h>

#include <algorithm>

#include "gpuatom/launch/memory_setup.hpp"
#include "gpuatom/memory/fault.hpp"
#include "gpuatom/numeric/format.hpp"

namespace gpuatom::launch {

namespace {

constexpr uint64_t max_checked_elements = 1ULL << 28;

// "0x3f800000 (1)" for floats, "0x00000010 (16)" for integers, "0xfffffffb (-5)" for signed ones.
std::string show(uint64_t bits, ElementType type) {
  return fmt::format("0x{:0{}x} ({})", bits, bytes(type) * 2, typed_value(bits, type));
}

uint64_t mask_of(ElementType type) { return bytes(type) == 8 ? ~0ULL : (1ULL << (8 * bytes(type))) - 1; }

class Checker {
 public:
  Checker(const Setup& s, const Observation& o)
      : scenario_(s),
        observation_(o),
        where_(placements(s)),
        lane_symbols_(make_symbols(s, where_, o.group_size, true, false)),
        index_symbols_(make_symbols(s, where_, o.group_size, false, true)) {}

  std::variant<std::vector<ExpectationResult>, support::Diagnostics> run() {
    std::vector<ExpectationResult> results;
    for (const Expectation& e : scenario_.expectations) {
      ExpectationResult r = check(e);
      r.where = e.where;
      results.push_back(std::move(r));
    }
    if (auto unexpected = unexpected_faults()) results.push_back(std::move(*unexpected));
    if (diagnostics_.has_errors()) return diagnostics_;
    return results;
  }

 private:
  std::optional<Expression> compile(const ExpressionText& text, const Symbols& symbols) {
    auto compiled = compile_at(text, symbols);
    if (auto* d = std::get_if<support::Diagnostic>(&compiled)) {
      diagnostics_.add(*d);
      return std::nullopt;
    }
    return std::get<Expression>(std::move(compiled));
  }

  // A fault no expectation mentions fails the run: a scenario that expects faults says so with
  // `faults = N` (which accounts for every faulting lane) or `fault = …, at_lane = L` (for lane L).
  // Without this, a program whose every access faulted could pass checks that read no value back.
  std::optional<ExpectationResult> unexpected_faults() const {
    std::vector<uint64_t> named;
    for (const Expectation& e : scenario_.expectations) {
      if (e.kind == Expectation::Kind::faults) return std::nullopt;
      if (e.kind == Expectation::Kind::fault_at) named.push_back(e.lane);
    }
    uint64_t lanes = 0;
    const LaneFault* first = nullptr;
    for (size_t k = 0; k < observation_.faults.size(); ++k) {
      const LaneFault& f = observation_.faults[k];
      if (std::find(named.begin(), named.end(), f.lane) != named.end()) continue;
      if (!first) first = &f;
      // Faults are sorted by lane: count each lane once.
      if (k == 0 || observation_.faults[k - 1].lane != f.lane) ++lanes;
    }
    if (!first) return std::nullopt;
    ExpectationResult r;
    r.what = named.empty() ? "no lane faults (no [[expect]] mentions faults)"
                           : "no lane faults but those named by `fault` expectations";
    r.detail = fmt::format(
        "{} lane{} faulted; first: lane {}: {}; a scenario that expects faults says so with "
        "`faults = N` or `fault = \"kind\"` with `at_lane`",
        lanes, lanes == 1 ? "" : "s", first->lane, memory::describe(first->fault));
    r.where = scenario_.launch.where;
    return r;
  }

  // What a lane check checks, as its PASS/FAIL line names it (a permutation with the lanes it
  // ranges over, when there are any).
  static std::string lane_check_what(const Expectation& e, size_t lanes_held) {
    const std::string value = e.value ? e.value->text : "?";
    if (e.kind == Expectation::Kind::lane_distinct) return fmt::format("{} distinct across lanes", e.name);
    if (e.kind == Expectation::Kind::lane_each) return fmt::format("{} == {} in every lane", e.name, value);
    if (lanes_held == 0) return fmt::format("{} over the lanes is a permutation of {}", e.name, value);
    return fmt::format("{} over the lanes is a permutation of {} for i < {}", e.name, value, lanes_held);
  }

  const RegionPlacement* region(const std::string& name) const {
    for (const RegionPlacement& p : where_)
      if (p.name == name) return &p;
    return nullptr;
  }

  std::optional<uint64_t> evaluate(const Expression& e, const SlotValues& slots, const ExpressionText& text) {
    auto v = e.evaluate(slots);
    if (auto* err = std::get_if<ExpressionError>(&v)) {
      support::SourceLocation at = text.where;
      at.column += err->column - 1;
      diagnostics_.error(at, err->message);
      return std::nullopt;
    }
    return std::get<uint64_t>(v);
  }

  ExpectationResult check(const Expectation& e) {
    switch (e.kind) {
      case Expectation::Kind::memory_each:
      case Expectation::Kind::memory_at: return check_memory(e);
      case Expectation::Kind::memory_between: return check_between(e);
      case Expectation::Kind::lane_each:
      case Expectation::Kind::lane_permutation:
      case Expectation::Kind::lane_distinct: return check_lanes(e);
      case Expectation::Kind::explainable: {
        if (!observation_.explainable)
          return {false, "returned values explainable by a serial order", "this run did not log its atomics", {}};
        return {observation_.explainable->passed,
                "returned values explainable by a serial order",
                observation_.explainable->explanation,
                {},
                observation_.explainable->undecided};
      }
      case Expectation::Kind::faults: {
        const uint64_t want = e.count.value_or(0);
        ExpectationResult r{observation_.faults.size() == want, fmt::format("{} faulting lanes", want), {}, {}};
        if (!r.passed) {
          r.detail = fmt::format("{} lanes faulted", observation_.faults.size());
          if (!observation_.faults.empty())
            r.detail += fmt::format("; first: lane {}: {}", observation_.faults.front().lane,
                                    memory::describe(observation_.faults.front().fault));
        }
        return r;
      }
      case Expectation::Kind::fault_at: {
        ExpectationResult r{false, fmt::format("lane {} faults with {}", e.lane, e.fault_kind), {}, {}};
        for (const LaneFault& f : observation_.faults)
          if (f.lane == e.lane) {
            r.passed = memory::name(f.fault.kind) == e.fault_kind;
            r.detail = memory::describe(f.fault);
            return r;
          }
        r.detail = fmt::format("lane {} did not fault", e.lane);
        return r;
      }
    }
    return {};
  }

  ExpectationResult check_memory(const Expectation& e) {
    const RegionPlacement* r = region(e.region);
    ExpectationResult result;
    const bool each = e.kind == Expectation::Kind::memory_each;
    result.what = fmt::format("{}[{}] == {} ({})", e.region, each ? std::string("*") : std::to_string(e.index),
                              e.value ? e.value->text : "?", name(e.type));
    if (!r || !e.value) return result;
    const auto expr = compile(*e.value, index_symbols_);
    if (!expr) return result;
    const uint64_t elements = r->size / static_cast<uint64_t>(bytes(e.type));
    uint64_t first = each ? 0 : e.index;
    uint64_t count = each ? e.count.value_or(elements) : 1;
    if (first + count > elements) {
      diagnostics_.error(e.where, fmt::format("element {} is past the end of '{}' ({} elements of {})",
                                              first + count - 1, e.region, elements, name(e.type)));
      return result;
    }
    if (count > max_checked_elements) {
      diagnostics_.error(e.where, fmt::format("'{}' has {} elements: give 'count' (at most {})", e.region, count,
                                              max_checked_elements));
      return result;
    }
    if (count == 0) {
      result.detail = fmt::format("'{}' has no {} element: the check is over nothing", e.region, name(e.type));
      return result;
    }
    SlotValues slots{};
    uint64_t mismatches = 0;
    for (uint64_t i = first; i < first + count; ++i) {
      slots[slot_i] = i;
      const auto want = evaluate(*expr, slots, *e.value);
      if (!want) return result;
      const auto got = read_element(*observation_.memory, r->base, e.type, i);
      const uint64_t got_bits = got ? *got : 0;
      if (got && got_bits == (*want & mask_of(e.type))) continue;
      if (mismatches++ == 0)
        result.detail = got ? fmt::format("{}[{}] = {}, expected {}", e.region, i, show(got_bits, e.type),
                                          show(*want & mask_of(e.type), e.type))
                            : fmt::format("{}[{}] cannot be read: {}", e.region, i, memory::describe(got.error()));
    }
    if (mismatches > 1) result.detail += fmt::format(" (and {} more)", mismatches - 1);
    result.passed = mismatches == 0;
    return result;
  }

  ExpectationResult check_between(const Expectation& e) {
    ExpectationResult result;
    const RegionPlacement* r = region(e.region);
    if (!r || !e.value || !e.upper) return result;
    result.what = fmt::format("{} <= {}[{}] <= {} ({})", e.value->text, e.region, e.index, e.upper->text, name(e.type));
    const auto low_expr = compile(*e.value, index_symbols_);
    const auto high_expr = compile(*e.upper, index_symbols_);
    if (!low_expr || !high_expr) return result;
    SlotValues slots{};
    slots[slot_i] = e.index;
    const auto low = evaluate(*low_expr, slots, *e.value);
    const auto high = evaluate(*high_expr, slots, *e.upper);
    if (!low || !high) return result;
    if (e.index >= r->size / static_cast<uint64_t>(bytes(e.type))) {
      diagnostics_.error(e.where, fmt::format("element {} is past the end of '{}'", e.index, e.region));
      return result;
    }
    const auto got = read_element(*observation_.memory, r->base, e.type, e.index);
    if (!got) {
      result.detail = fmt::format("{}[{}] cannot be read: {}", e.region, e.index, memory::describe(got.error()));
      return result;
    }
    result.passed = *got >= *low && *got <= *high;
    if (!result.passed)
      result.detail = fmt::format("{}[{}] = {}, outside [{}, {}]", e.region, e.index, show(*got, e.type), *low, *high);
    return result;
  }

  struct LaneValue {
    uint64_t value;
    uint64_t tid;
  };
  ExpectationResult check_lanes(const Expectation& e) {
    ExpectationResult result;
    const uint64_t lanes = scenario_.launch.lanes;
    const uint32_t g = observation_.group_size;
    if (!observation_.lane_value || !observation_.lane_value(e.name, 0)) {
      diagnostics_.error(e.where, fmt::format("'{}' is not a per-lane value of this scenario", e.name));
      return result;
    }
    // Each active lane's value beside its tid, in tid order: 16 B a lane, the check's peak with
    // a permutation's expected values (8 B a lane; memory_estimate.cpp counts both).
    std::vector<LaneValue> held;
    held.reserve(lanes);
    for (uint64_t tid = 0; tid < lanes; ++tid) {
      if (observation_.lane_active && !observation_.lane_active(tid)) continue;
      held.push_back({observation_.lane_value(e.name, tid).value_or(0), tid});
    }
    result.what = lane_check_what(e, held.size());
    // A check over no lane (every lane inactive, a helper or killed) would pass on nothing.
    const bool distinct = e.kind == Expectation::Kind::lane_distinct;
    if (held.size() < (distinct ? 2u : 1u)) {
      result.detail =
          fmt::format("{} active lane{}: the check is over nothing", held.size(), held.size() == 1 ? "" : "s");
      if (distinct && held.size() == 1) result.detail = "1 active lane: no pair of lanes to compare";
      return result;
    }
    if (distinct) {
      // Sorted by value, then tid: of the values held twice, the one whose second lane comes first
      // is the first repeat a walk in tid order meets, reported with the lane that held it first.
      std::sort(held.begin(), held.end(), [](const LaneValue& a, const LaneValue& b) {
        return a.value != b.value ? a.value < b.value : a.tid < b.tid;
      });
      const LaneValue* first = nullptr;
      const LaneValue* repeat = nullptr;
      for (size_t k = 1; k < held.size(); ++k) {
        const bool second_of_its_value =
            held[k].value == held[k - 1].value && (k < 2 || held[k - 2].value != held[k].value);
        if (second_of_its_value && (!repeat || held[k].tid < repeat->tid)) {
          first = &held[k - 1];
          repeat = &held[k];
        }
      }
      result.passed = repeat == nullptr;
      if (repeat)
        result.detail = fmt::format("lanes {} and {} both hold 0x{:x}", first->tid, repeat->tid, repeat->value);
      return result;
    }
    if (!e.value) return result;
    if (e.kind == Expectation::Kind::lane_each) {
      const auto expr = compile(*e.value, lane_symbols_);
      if (!expr) return result;
      uint64_t mismatches = 0;
      for (const LaneValue& h : held) {
        const auto want = evaluate(*expr, lane_slots(h.tid, g), *e.value);
        if (!want) return result;
        if (*want == h.value) continue;
        if (mismatches++ == 0)
          result.detail = fmt::format("lane {}: {} = 0x{:x}, expected 0x{:x}", h.tid, e.name, h.value, *want);
      }
      if (mismatches > 1) result.detail += fmt::format(" (and {} more lanes)", mismatches - 1);
      result.passed = mismatches == 0;
      return result;
    }
    // Permutation: the multiset of lane values equals { value(i) : i = 0 … n−1 }.
    const auto expr = compile(*e.value, index_symbols_);
    if (!expr) return result;
    std::vector<uint64_t> expected;
    expected.reserve(held.size());
    SlotValues slots{};
    for (uint64_t i = 0; i < held.size(); ++i) {
      slots[slot_i] = i;
      const auto want = evaluate(*expr, slots, *e.value);
      if (!want) return result;
      expected.push_back(*want);
    }
    std::sort(held.begin(), held.end(), [](const LaneValue& a, const LaneValue& b) { return a.value < b.value; });
    std::sort(expected.begin(), expected.end());
    const auto [got_it, want_it] = std::mismatch(held.begin(), held.end(), expected.begin(), expected.end(),
                                                 [](const LaneValue& h, uint64_t want) { return h.value == want; });
    result.passed = got_it == held.end() && want_it == expected.end();
    if (!result.passed)
      result.detail = fmt::format("sorted, the lanes hold 0x{:x} where the permutation has 0x{:x}",
                                  got_it != held.end() ? got_it->value : 0, want_it != expected.end() ? *want_it : 0);
    return result;
  }

  const Setup& scenario_;
  const Observation& observation_;
  std::vector<RegionPlacement> where_;
  Symbols lane_symbols_;
  Symbols index_symbols_;
  support::Diagnostics diagnostics_;
};

}  // namespace

support::Diagnostics precheck_expectations(const Setup& scenario, uint32_t group_size) {
  support::Diagnostics d;
  const auto where = placements(scenario);
  const Symbols lane_symbols = make_symbols(scenario, where, group_size, true, false);
  const Symbols index_symbols = make_symbols(scenario, where, group_size, false, true);
  for (const Expectation& e : scenario.expectations) {
    if (e.upper) {
      auto upper = compile_at(*e.upper, index_symbols);
      if (auto* diag = std::get_if<support::Diagnostic>(&upper)) d.add(*diag);
    }
    if (!e.value) continue;
    const bool per_lane = e.kind == Expectation::Kind::lane_each;
    auto compiled = compile_at(*e.value, per_lane ? lane_symbols : index_symbols);
    if (auto* diag = std::get_if<support::Diagnostic>(&compiled)) d.add(*diag);
  }
  return d;
}

std::variant<std::vector<ExpectationResult>, support::Diagnostics> check_expectations(const Setup& scenario,
                                                                                      const Observation& observation) {
  return Checker(scenario, observation).run();
}

}  // namespace gpuatom::launch
