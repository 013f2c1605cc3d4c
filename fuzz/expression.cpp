// Fuzz target: the scenario expression compiler and evaluator (launch/expression.hpp).
//
// The input is the expression text up to the first NUL byte; the bytes after it, 8 at a time
// (little endian), are lane indices (tid) to evaluate at, besides 0, 1, 31, 32 and 2^32 + 5.
// Names come from a setup of 2^20 lanes in groups of 32 with regions `bins` and `data`.
//
// Properties: compiling never crashes; evaluation is deterministic; an expression that reads
// no variable evaluates to the same value (or the same error) for every lane.
#include <fmt/format.h>

#include <cstring>

#include "fuzz_check.hpp"
#include "gpuatom/launch/memory_setup.hpp"
#include "gpuatom/launch/symbols.hpp"

using namespace gpuatom;
using namespace gpuatom::launch;

namespace {

const Setup& fixture() {
  static const Setup setup = [] {
    Setup s;
    s.launch.lanes = uint64_t{1} << 20;
    s.launch.group_size = 32;
    RegionText bins;
    bins.name = "bins";
    bins.size = 1024;
    RegionText data;
    data.name = "data";
    data.size = 1ULL << 20;
    s.regions = {bins, data};
    return s;
  }();
  return setup;
}

std::string describe(const std::variant<uint64_t, ExpressionError>& r) {
  if (const auto* v = std::get_if<uint64_t>(&r)) return fmt::format("{:#x}", *v);
  const auto& e = std::get<ExpressionError>(r);
  return fmt::format("error at {}: {}", e.column, e.message);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string_view input = fuzz::as_text(data, size);
  const size_t nul = input.find('\0');
  const std::string_view text = input.substr(0, nul);
  std::vector<uint64_t> tids = {0, 1, 31, 32, (uint64_t{1} << 32) + 5};
  if (nul != std::string_view::npos)
    for (size_t k = nul + 1; k + 8 <= size; k += 8) {
      uint64_t tid;
      std::memcpy(&tid, data + k, 8);
      tids.push_back(tid);
    }

  static const Symbols symbols = make_symbols(fixture(), placements(fixture()), 32);
  auto compiled = Expression::compile(text, symbols);
  if (const auto* e = std::get_if<ExpressionError>(&compiled)) {
    FUZZ_CHECK(e->column >= 1 && e->column <= text.size() + 1,
               fmt::format("{}\nerror column {} outside the text: {}", text, e->column, e->message));
    return 0;
  }
  const Expression& expression = std::get<Expression>(compiled);
  std::optional<std::string> constant_value;
  for (uint64_t tid : tids) {
    SlotValues slots = lane_slots(tid, 32);
    slots[slot_i] = tid ^ 0x5555;
    const auto first = expression.evaluate(slots);
    const auto second = expression.evaluate(slots);
    FUZZ_CHECK(describe(first) == describe(second),
               fmt::format("{}\ntid {}: {} then {}", text, tid, describe(first), describe(second)));
    if (const auto* e = std::get_if<ExpressionError>(&first))
      FUZZ_CHECK(e->column >= 1 && e->column <= text.size() + 1,
                 fmt::format("{}\nevaluation error column {} outside the text: {}", text, e->column, e->message));
    if (expression.is_constant()) {
      if (!constant_value) constant_value = describe(first);
      FUZZ_CHECK(*constant_value == describe(first), fmt::format("{}\nconstant expression: {} at tid 0, {} at tid {}",
                                                                 text, *constant_value, describe(first), tid));
    }
  }
  return 0;
}
