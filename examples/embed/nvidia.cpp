// NVIDIA warps from C++, no scenario file: three lanes race two bounded ATOM.E.INCs each on one
// counter (in every mode), then 4096 lanes add values computed in C++.
#include <cstdio>
#include <gpuatom/embed/launch.hpp>

using namespace gpuatom::embed;

int main() {
  Launch race(Isa::sass, 3, "inc race");
  race.region("counter", 4)
      .program("ATOM.E.INC R0, [R2], R4 ;\nATOM.E.INC R1, [R2], R4 ;")
      .lanes("R2", "lo(addr(counter))")
      .lanes("R3", "hi(addr(counter))")
      .lanes("R4", 3)  // the bound: 0, 1, 2, 3, 0, 1, …
      .read("R0")
      .read("R1");
  for (const Mode mode : {Mode::parallel, Mode::deterministic, Mode::exhaustive}) {
    const Result r = race.run({.mode = mode, .seed = 7, .threads = 2});
    if (!r.ok()) {
      std::fprintf(stderr, "%s", r.error->c_str());
      return 2;
    }
    for (const Outcome& o : r.outcomes)
      if (o.u32("counter", 0) != 2) return 1;  // six increments wrap at 4 in every order
    std::printf("%-13s counter=%u, lane 0 saw %llu then %llu; %zu distinct outcome(s)\n",
                gpuatom::exec::name(mode).data(), r.final().u32("counter", 0),
                static_cast<unsigned long long>(r.final().lane("R0", 0)),
                static_cast<unsigned long long>(r.final().lane("R1", 0)), r.outcomes.size());
  }

  // Per-lane values from C++: lane tid adds tid + 1 to one 64-bit sum.
  Launch sum(Isa::sass, 4096, "sum");
  sum.region("total", 8)
      .program("ATOM.E.ADD.64 R0, [R2], R4 ;")
      .lanes("R2", "lo(addr(total))")
      .lanes("R3", "hi(addr(total))")
      .lanes("R4", LaneValues::of_tid([](uint64_t tid) { return tid + 1; }))
      .lanes("R5", 0);
  const Result r = sum.run({.threads = 2});
  if (!r.ok() || r.final().u64("total", 0) != 4096ULL * 4097 / 2) return 1;
  std::printf("sum of 1..4096 = %llu, %llu atomics\n", static_cast<unsigned long long>(r.final().u64("total", 0)),
              static_cast<unsigned long long>(r.report.counters.operations));
  return 0;
}
