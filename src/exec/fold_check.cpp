// check_fold and check_permutation: the two cheap invariants of racing runs.
#include "gpuatom/exec/fold_check.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <vector>

#include "gpuatom/alu/apply.hpp"

namespace gpuatom::exec {

CheckResult check_fold(uint64_t initial, std::span<const FoldStep> steps, uint64_t final_value) {
  if (steps.empty()) {
    if (initial == final_value) return {true, "no operations, and the final value is the initial value"};
    return {false, fmt::format("no operations, but the final value 0x{:x} differs from the initial value 0x{:x}",
                               final_value, initial)};
  }
  const alu::Type type = steps.front().operation.type;
  for (std::size_t index = 0; index < steps.size(); ++index) {
    if (alu::width_bits(steps[index].operation.type) != alu::width_bits(type)) {
      return {false, fmt::format("operation {} is {}-bit but operation 0 is {}-bit: a fold needs one width", index,
                                 alu::width_bits(steps[index].operation.type), alu::width_bits(type))};
    }
  }
  const uint64_t mask = alu::width_mask(type);
  uint64_t value = initial & mask;
  for (const FoldStep& step : steps) value = alu::apply(step.operation, value, step.operands).memory;
  if (value == (final_value & mask)) {
    return {true, fmt::format("the final value 0x{:x} is the fold of {} operations over 0x{:x}", value, steps.size(),
                              initial & mask)};
  }
  return {false,
          fmt::format("the final value is 0x{:x} but the sequential fold of {} operations over 0x{:x} gives 0x{:x}",
                      final_value & mask, steps.size(), initial & mask, value)};
}

CheckResult check_fold(const alu::Operation& operation, uint64_t initial, std::span<const uint64_t> values,
                       uint64_t final_value) {
  std::vector<FoldStep> steps;
  steps.reserve(values.size());
  for (const uint64_t value : values) steps.push_back({operation, {value, 0}});
  return check_fold(initial, steps, final_value);
}

namespace {

// How many times `value` occurs in sorted `values` from position `from` on (0 when it is not next).
std::size_t run_length(const std::vector<uint64_t>& values, std::size_t from, uint64_t value) {
  std::size_t end = from;
  while (end < values.size() && values[end] == value) ++end;
  return end - from;
}

}  // namespace

CheckResult check_permutation(uint64_t initial, std::span<const uint64_t> stored, std::span<const uint64_t> returned,
                              uint64_t final_value, int width_bits) {
  const uint64_t mask = width_bits >= 64 ? ~0ULL : (1ULL << width_bits) - 1;
  std::vector<uint64_t> went_in{initial & mask};
  std::vector<uint64_t> came_out{final_value & mask};
  for (const uint64_t value : stored) went_in.push_back(value & mask);
  for (const uint64_t value : returned) came_out.push_back(value & mask);
  std::sort(went_in.begin(), went_in.end());
  std::sort(came_out.begin(), came_out.end());
  if (went_in == came_out) {
    return {true, fmt::format("the {} returned values and the final value are a permutation of the initial value and "
                              "the {} stored values",
                              returned.size(), stored.size())};
  }
  // The smallest value whose counts differ (both lists are sorted; walk them together).
  std::size_t a = 0, b = 0;
  for (;;) {
    const uint64_t next_in = a < went_in.size() ? went_in[a] : ~0ULL;
    const uint64_t next_out = b < came_out.size() ? came_out[b] : ~0ULL;
    const uint64_t value = std::min(next_in, next_out);
    const std::size_t in_count = run_length(went_in, a, value);
    const std::size_t out_count = run_length(came_out, b, value);
    if (in_count != out_count || (a == went_in.size() && b == came_out.size())) {
      return {false, fmt::format("not a permutation: 0x{:x} went in {} time{} (initial + {} stored) but came out {} "
                                 "time{} (final + {} returned)",
                                 value, in_count, in_count == 1 ? "" : "s", stored.size(), out_count,
                                 out_count == 1 ? "" : "s", returned.size())};
    }
    a += in_count;
    b += out_count;
  }
}

}  // namespace gpuatom::exec
