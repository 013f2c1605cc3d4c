#include "gpuatom/scenario/expectation_shapes.hpp"

#include <algorithm>
#include <array>

namespace gpuatom::scenario {

namespace {

using Kind = Expectation::Kind;
using Keys = std::string_view;

constexpr Keys memory_each_keys[] = {"region", "type", "each"};
constexpr Keys memory_each_optional[] = {"count"};
constexpr Keys memory_at_keys[] = {"region", "type", "index", "equals"};
constexpr Keys memory_between_keys[] = {"region", "type", "index", "between"};
constexpr Keys lane_each_keys[] = {"lane", "each"};
constexpr Keys lane_permutation_keys[] = {"lane", "permutation"};
constexpr Keys lane_distinct_keys[] = {"lane", "distinct"};
constexpr Keys explainable_keys[] = {"explainable"};
constexpr Keys explainable_optional[] = {"search_budget"};
constexpr Keys faults_keys[] = {"faults"};
constexpr Keys fault_at_keys[] = {"fault", "at_lane"};

const std::array<ExpectationShape, 9> shapes = {{
    {Kind::memory_each, "every element of a region (or the first `count`) equals a value over i", memory_each_keys,
     memory_each_optional},
    {Kind::memory_at, "the element at `index` equals a value", memory_at_keys, {}},
    {Kind::memory_between, "the element at `index` lies in [low, high]", memory_between_keys, {}},
    {Kind::lane_each, "every active lane's value equals a value over tid, lane, warp", lane_each_keys, {}},
    {Kind::lane_permutation, "the active lanes' values are a permutation of a value over i", lane_permutation_keys, {}},
    {Kind::lane_distinct,
     "the active lanes' values are pairwise different (`distinct = true`)",
     lane_distinct_keys,
     {}},
    {Kind::explainable, "some serial order of the atomics explains every returned value (`explainable = true`)",
     explainable_keys, explainable_optional},
    {Kind::faults, "exactly this many lanes fault", faults_keys, {}},
    {Kind::fault_at, "lane `at_lane` faults with this kind", fault_at_keys, {}},
}};

}  // namespace

std::span<const ExpectationShape> expectation_shapes() { return shapes; }

bool takes(const ExpectationShape& shape, std::string_view key) {
  return std::find(shape.required.begin(), shape.required.end(), key) != shape.required.end() ||
         std::find(shape.optional.begin(), shape.optional.end(), key) != shape.optional.end();
}

}  // namespace gpuatom::scenario
