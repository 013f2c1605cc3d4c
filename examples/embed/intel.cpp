// Intel SIMD threads from C++, no scenario file: two SIMD2 threads pre-decrement one counter with
// svm_atomic.predec (in every mode); each channel gets the value after its own decrement.
#include <algorithm>
#include <cstdio>
#include <gpuatom/embed/launch.hpp>
#include <vector>

using namespace gpuatom::embed;

int main() {
  Launch launch(Isa::visa, 4, "predec counter");
  launch.region("counter", 4)
      .fill("counter", gpuatom::embed::ElementType::u32, 4)
      .program(
          ".decl ADDR v_type=G type=uq num_elts=2 align=GRF\n"
          ".decl OLD  v_type=G type=ud num_elts=2 align=GRF\n"
          "svm_atomic.predec (M1, 2) ADDR.0 OLD.0 %null.0 %null.0\n")
      .group_size(2)  // lanes per thread: the SIMD width
      .lanes("ADDR", "addr(counter)")
      .lanes("OLD", 0xdeadbeef)
      .read("OLD");
  for (const Mode mode : {Mode::parallel, Mode::deterministic, Mode::exhaustive}) {
    // Exhaustive mode explores every interleaving of the 4 channels' atomics.
    const Result r = launch.run({.mode = mode, .seed = 3, .threads = 2});
    if (!r.ok()) {
      std::fprintf(stderr, "%s", r.error->c_str());
      return 2;
    }
    for (const Outcome& o : r.outcomes) {
      std::vector<uint64_t> seen = o.lanes.at("OLD");
      std::sort(seen.begin(), seen.end());
      for (uint64_t i = 0; i < seen.size(); ++i)
        if (seen[i] != i) return 1;  // the returned values are 0 … 3 in some order
      if (o.u32("counter", 0) != 0) return 1;
    }
    std::printf("%-13s counter=%u, channel 0 got %llu; %zu distinct outcome(s)\n", gpuatom::exec::name(mode).data(),
                r.final().u32("counter", 0), static_cast<unsigned long long>(r.final().lane("OLD", 0)),
                r.outcomes.size());
  }
  return 0;
}
