// Using gpuatom from another project: one bit-exact atomic through the ALU, then one scenario.
#include <cstdio>

#include <gpuatom/alu/apply.hpp>
#include <gpuatom/nvidia/semantics.hpp>
#include <gpuatom/scenario/bind.hpp>

int main() {
  using namespace gpuatom;
  const auto add = std::get<alu::Operation>(nvidia::to_alu(nvidia::AtomOp::ADD, nvidia::Size::F32_FTZ_RN));
  const alu::Result r = alu::apply(add, 0x00000001, {0x3f800000, 0});  // subnormal old value is flushed
  std::printf("memory=0x%08llx returned=0x%08llx\n", static_cast<unsigned long long>(r.memory),
              static_cast<unsigned long long>(r.returned));

  const auto s = std::get<scenario::Scenario>(scenario::parse_scenario(R"toml(isa = "sass"
program = "ATOM.E.ADD RZ, [R2], R4 ;"
[launch]
lanes = 1000
[[region]]
name = "counter"
size = 4
[lanes]
R2 = "lo(addr(counter))"
R3 = "hi(addr(counter))"
R4 = 1
[[expect]]
region = "counter"
type = "u32"
index = 0
equals = "lanes"
)toml", "embedded.toml"));
  const auto run = scenario::run_scenario(s, {});
  const bool passed = std::holds_alternative<scenario::RunReport>(run) && std::get<scenario::RunReport>(run).passed();
  std::printf("scenario %s\n", passed ? "passed" : "failed");
  return r.memory == 0x3f800000 && passed ? 0 : 1;
}
