// Using an installed gpuatom from another project (examples/embed/CMakeLists.txt): one bit-exact
// atomic through the ALU, then 1000 lanes racing on one counter through the executor.
#include <cstdio>
#include <gpuatom/alu/apply.hpp>
#include <gpuatom/embed/launch.hpp>
#include <gpuatom/nvidia/semantics.hpp>

int main() {
  using namespace gpuatom;
  const auto add = std::get<alu::Operation>(nvidia::to_alu(nvidia::AtomOp::ADD, nvidia::Size::F32_FTZ_RN));
  const alu::Result r = alu::apply(add, 0x00000001, {0x3f800000, 0});  // subnormal old value is flushed
  std::printf("memory=0x%08llx returned=0x%08llx\n", static_cast<unsigned long long>(r.memory),
              static_cast<unsigned long long>(r.returned));

  embed::Launch launch(embed::Isa::sass, 1000, "counter");
  launch.region("counter", 4)
      .program("ATOM.E.ADD RZ, [R2], R4 ;")
      .lanes("R2", "lo(addr(counter))")
      .lanes("R3", "hi(addr(counter))")
      .lanes("R4", 1);
  const embed::Result run = launch.run({.threads = 2});
  if (!run.ok()) {
    std::fprintf(stderr, "%s", run.error->c_str());
    return 2;
  }
  std::printf("counter=%u after %llu atomics\n", run.final().u32("counter", 0),
              static_cast<unsigned long long>(run.report.counters.operations));
  return r.memory == 0x3f800000 && run.final().u32("counter", 0) == 1000 ? 0 : 1;
}
