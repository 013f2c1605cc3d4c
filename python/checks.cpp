#include "checks.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cstring>
#include <limits>
#include <thread>
#include <vector>

#include "gpuatom/exec/fold_check.hpp"
#include "gpuatom/support/input_error.hpp"

namespace gpuatom::python {

namespace {

using support::InputError;

uint64_t load_bits(const void* base, std::size_t i, int bits) {
  uint64_t v = 0;
  std::memcpy(&v, static_cast<const char*>(base) + i * (bits / 8), bits / 8);
  return v;
}

// The atomics of each element, in array order: element e's are order[start[e] .. start[e + 1]).
struct Groups {
  std::vector<std::size_t> start, order;
};

Groups group(const ObservedArrays& o) {
  Groups g;
  g.start.assign(o.elements + 1, 0);
  for (std::size_t k = 0; k < o.atomics; ++k) {
    const int64_t e = o.index[k];
    if (e < 0 || static_cast<std::size_t>(e) >= o.elements)
      throw InputError(fmt::format("index[{}] = {} is outside the memory's {} elements", k, e, o.elements));
    ++g.start[e + 1];
  }
  for (std::size_t e = 0; e < o.elements; ++e) g.start[e + 1] += g.start[e];
  g.order.resize(o.atomics);
  std::vector<std::size_t> next(g.start.begin(), g.start.end() - 1);
  for (std::size_t k = 0; k < o.atomics; ++k) g.order[next[o.index[k]]++] = k;
  return g;
}

void refuse_wide(const ArrayAtomic& atomic, const char* check) {
  if (atomic.vector_words || atomic.bits > 64)
    throw InputError(
        fmt::format("the {} check compares values of up to 64 bits; this atomic is {}-bit", check, atomic.bits));
}

ElementCheck failed_at(std::size_t e, const exec::CheckResult& r) {
  return {false, r.undecided, fmt::format("element {}: {}", e, r.explanation), e};
}

ElementCheck passed(const char* what, const ObservedArrays& o) {
  return {true, false, fmt::format("{} atomics on {} elements: {}", o.atomics, o.elements, what), std::nullopt};
}

// One element's serial-order search over its atomics, each thread's in array order.
exec::SerialOrderResult explain_element(const ArrayAtomic& atomic, const ObservedArrays& o, const Groups& g,
                                        std::size_t e, const exec::SerialSearchBudget& budget,
                                        std::vector<exec::LoggedAtomic>& logged) {
  logged.clear();
  for (std::size_t i = g.start[e]; i < g.start[e + 1]; ++i) {
    const std::size_t k = g.order[i];
    exec::LoggedAtomic a;
    a.address = e;
    a.operation = atomic.operation;
    a.operands =
        atomic.placement(load_bits(o.first, k, atomic.bits), o.second ? load_bits(o.second, k, atomic.bits) : 0);
    a.has_returned = o.returned && atomic.returns;
    if (a.has_returned) a.returned = load_bits(o.returned, k, atomic.bits);
    a.has_thread = o.thread != nullptr;
    if (a.has_thread) a.thread = static_cast<uint64_t>(o.thread[k]);
    a.instruction = static_cast<uint32_t>(i - g.start[e]);
    logged.push_back(a);
  }
  return exec::check_serial_order(e, load_bits(o.initial, e, atomic.bits), load_bits(o.final_memory, e, atomic.bits),
                                  logged, budget);
}

}  // namespace

ElementCheck explainable(const ArrayAtomic& atomic, const ObservedArrays& o, const exec::SerialSearchBudget& budget,
                         const std::atomic<bool>* stop) {
  refuse_wide(atomic, "explainable");
  const Groups g = group(o);
  // Elements are independent: the host's threads take them in turn. An element past the first one
  // found unexplainable need not be searched, since the answer names the first.
  constexpr std::size_t none = std::numeric_limits<std::size_t>::max();
  std::atomic<std::size_t> next{0}, first_failed{none};
  std::vector<exec::Verdict> verdicts(o.elements, exec::Verdict::explained);
  std::vector<std::string> explanations(o.elements);
  const auto work = [&] {
    std::vector<exec::LoggedAtomic> logged;
    for (std::size_t e = next++; e < o.elements && e < first_failed; e = next++) {
      if (stop && stop->load(std::memory_order_relaxed)) return;
      const exec::SerialOrderResult r = explain_element(atomic, o, g, e, budget, logged);
      verdicts[e] = r.verdict;
      if (r.verdict == exec::Verdict::explained) continue;
      explanations[e] = r.explanation;
      for (std::size_t seen = first_failed; r.verdict == exec::Verdict::unexplainable && e < seen;)
        if (first_failed.compare_exchange_weak(seen, e)) break;
    }
  };
  const std::size_t threads = std::clamp<std::size_t>(std::thread::hardware_concurrency(), 1, 16);
  std::vector<std::thread> pool;
  for (std::size_t t = 1; t < std::min(threads, o.elements); ++t) pool.emplace_back(work);
  work();
  for (std::thread& t : pool) t.join();
  if (stop && stop->load()) return {false, true, "stopped", std::nullopt};
  if (first_failed != none) return failed_at(first_failed, {false, explanations[first_failed], false});
  for (std::size_t e = 0; e < o.elements; ++e)
    if (verdicts[e] == exec::Verdict::undecided) return failed_at(e, {false, explanations[e], true});
  return passed("every element is explained by a serial order of its atomics", o);
}

ElementCheck fold(const ArrayAtomic& atomic, const ObservedArrays& o) {
  refuse_wide(atomic, "fold");
  const Groups g = group(o);
  std::vector<exec::FoldStep> steps;
  for (std::size_t e = 0; e < o.elements; ++e) {
    steps.clear();
    for (std::size_t i = g.start[e]; i < g.start[e + 1]; ++i) {
      const std::size_t k = g.order[i];
      steps.push_back({atomic.operation, atomic.placement(load_bits(o.first, k, atomic.bits),
                                                          o.second ? load_bits(o.second, k, atomic.bits) : 0)});
    }
    const exec::CheckResult r =
        exec::check_fold(load_bits(o.initial, e, atomic.bits), steps, load_bits(o.final_memory, e, atomic.bits));
    if (!r.passed) return failed_at(e, r);
  }
  return passed("each final value is the fold of its atomics over the initial value", o);
}

ElementCheck permutation(const ArrayAtomic& atomic, const ObservedArrays& o) {
  refuse_wide(atomic, "permutation");
  if (!o.returned) throw InputError("the permutation check needs the returned values");
  const Groups g = group(o);
  std::vector<uint64_t> stored, returned;
  for (std::size_t e = 0; e < o.elements; ++e) {
    stored.clear();
    returned.clear();
    for (std::size_t i = g.start[e]; i < g.start[e + 1]; ++i) {
      stored.push_back(load_bits(o.first, g.order[i], atomic.bits));
      returned.push_back(load_bits(o.returned, g.order[i], atomic.bits));
    }
    const exec::CheckResult r = exec::check_permutation(load_bits(o.initial, e, atomic.bits), stored, returned,
                                                        load_bits(o.final_memory, e, atomic.bits), atomic.bits);
    if (!r.passed) return failed_at(e, r);
  }
  return passed("the returned and final values of each element are a permutation of its initial and stored values", o);
}

}  // namespace gpuatom::python
