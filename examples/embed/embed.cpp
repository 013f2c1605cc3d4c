// Ten lines that use gpuatom from another project: one bit-exact atomic through the ALU.
#include <cstdio>

#include <gpuatom/alu/apply.hpp>
#include <gpuatom/nvidia/semantics.hpp>

int main() {
  using namespace gpuatom;
  const auto add = std::get<alu::Operation>(nvidia::to_alu(nvidia::AtomOp::ADD, nvidia::Size::F32_FTZ_RN));
  const alu::Result r = alu::apply(add, 0x00000001, {0x3f800000, 0});  // subnormal old value is flushed
  std::printf("memory=0x%08llx returned=0x%08llx\n", static_cast<unsigned long long>(r.memory),
              static_cast<unsigned long long>(r.returned));
  return r.memory == 0x3f800000 ? 0 : 1;
}
