// The racing-run checkers on large histories: what an `explainable` expectation costs per atomic
// after the run (exec/serial_order.hpp).
#include <benchmark/benchmark.h>

#include "bench.hpp"
#include "gpuatom/exec/serial_order.hpp"

namespace gpuatom::bench {

namespace {

// One address: n returning adds of 1 (their returned values name the order) beside n no-return
// adds of distinct operands, as a histogram bin and a sum of tid share a word. Each no-return add
// is a class of its own, so the search's scan of them must not start from the first every step.
exec::AddressHistory mixed_history(uint64_t n) {
  const alu::Operation add{alu::Op::add, alu::Type::u32, {}};
  exec::AddressHistory h{0x1000, 0, {}, 0};
  uint64_t value = 0;
  for (uint64_t i = 0; i < n; ++i) {
    h.atomics.push_back({add, {1, 0}, value, std::nullopt});
    value += 1;
    h.atomics.push_back({add, {i + 2, 0}, std::nullopt, std::nullopt});
    value += i + 2;
  }
  h.final_value = value & 0xffffffff;
  return h;
}

void serial_order(benchmark::State& state) {
  const exec::AddressHistory history = mixed_history(smoke() ? 1024 : 1 << 16);
  for (auto _ : state) {
    const exec::SerialOrderResult r = exec::check_serial_order(history);
    if (r.verdict != exec::Verdict::explained) {
      state.SkipWithError(r.explanation.c_str());
      return;
    }
    benchmark::DoNotOptimize(r.order.data());
  }
  state.SetItemsProcessed(static_cast<int64_t>(state.iterations() * history.atomics.size()));
}

}  // namespace

void register_checkers() {
  benchmark::RegisterBenchmark("checker/serial_order_mixed_adds", serial_order)->Unit(benchmark::kMillisecond);
}

}  // namespace gpuatom::bench
