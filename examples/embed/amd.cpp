// AMD wavefronts from C++, no scenario file: a 32-bit float atomicAdd on fine-grained host memory
// of an MI200 over PCIe, as the hardware NOPs it and as the compiler's CAS loop gets it right.
#include <cstdio>
#include <cstring>

#include <gpuatom/embed/launch.hpp>

using namespace gpuatom::embed;

float f32(uint32_t bits) {
  float f;
  std::memcpy(&f, &bits, sizeof f);
  return f;
}

int main() {
  for (const char* strategy : {"hw", "cas"}) {
    gpuatom::memory::RegionAttributes host;
    host.location = gpuatom::memory::Location::host_pinned;
    host.granularity = gpuatom::memory::Granularity::fine;
    Launch launch(Isa::amd, 4, strategy);
    launch.region("sum", 4, host)
        .program("\"32 bit float atomicAdd\" address=\"addr(sum)\" operand=\"f32(1.0)\" scope=\"device\"")
        .group_size(2)
        .option("device", "MI200 PCIe")
        .option("strategy", strategy)
        .option("pcie", "yes")
        .read("returned");
    for (const Mode mode : {Mode::parallel, Mode::deterministic, Mode::exhaustive}) {
      const Result r = launch.run({.mode = mode, .seed = 5, .threads = 2});
      if (!r.ok()) {
        std::fprintf(stderr, "%s", r.error->c_str());
        return 2;
      }
      for (const Outcome& o : r.outcomes)
        if (f32(o.u32("sum", 0)) != (std::strcmp(strategy, "cas") == 0 ? 4.0f : 0.0f)) return 1;  // a NOP adds nothing
      std::printf("%-3s %-13s sum=%g, lane 3 returned %g; %zu distinct outcome(s)\n", strategy,
                  gpuatom::exec::name(mode).data(), f32(r.final().u32("sum", 0)),
                  f32(static_cast<uint32_t>(r.final().lane("returned", 3))), r.outcomes.size());
    }
  }
  return 0;
}
