// AMD wavefronts from C++, no scenario file: a 32-bit float atomicAdd on fine-grained host memory
// of an MI200 over PCIe, as the hardware NOPs it and as the compiler's CAS loop gets it right; then
// AMD instructions (option "target"): an LDS ticket counter on gfx942.
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
  // Instructions: 128 lanes take tickets from an LDS counter; every ticket 0 … 127 once.
  Launch tickets(Isa::amd, 128, "tickets");
  tickets.region("local", 4)
      .program("ds_add_rtn_u32 v0, v1, v2")
      .option("target", "gfx942")
      .option("lds", "local")
      .lanes("v1", 0)
      .lanes("v2", 1)
      .read("v0");
  const Result r = tickets.run({.mode = Mode::deterministic, .seed = 5});
  if (!r.ok()) {
    std::fprintf(stderr, "%s", r.error->c_str());
    return 2;
  }
  uint64_t sum = 0;
  for (uint64_t lane = 0; lane < 128; ++lane) sum += r.final().lane("v0", lane);
  if (r.final().u32("local", 0) != 128 || sum != 127 * 128 / 2) return 1;
  std::printf("ds_add_rtn_u32: counter=%u, lane 7 got ticket %llu\n", r.final().u32("local", 0),
              static_cast<unsigned long long>(r.final().lane("v0", 7)));
  return 0;
}
