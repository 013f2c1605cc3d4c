#include <array>

#include "gpuatom/support/assumption.hpp"

namespace gpuatom::amd {

// docs/spec/amd.md marks no item ASSUMPTION; its DECISIONs and the PROPOSED value rules are shown, and
// the project's own assumption for a device the page does not cover.
std::span<const support::Assumption> assumptions() {
  static constexpr std::array<support::Assumption, 8> list = {{
      {"amd.pcie-ops", "DECISION", "PCIe AtomicOps carry only FetchAdd, Swap and CAS (32/64-bit)",
       "docs/spec/amd.md §1.4", ""},
      {"amd.apu-host-over-fabric", "DECISION",
       "APUs (MI300A, gfx9 APU, gfx11 APU) reach host memory over the Infinity Fabric, with no PCIe stage",
       "docs/spec/amd.md §3, P6", ""},
      {"amd.coarse-in-l2", "DECISION",
       "coarse-grained memory is processed in the L2 whatever the requested scope, on MI300 too (AMD's tables)",
       "docs/spec/amd.md §6.2 P2", "amd.mi300-coarse-place"},
      {"amd.cas-emulation", "DECISION",
       "a CAS loop of the row's width travels the row's path: under CAS emulation for every row but atomicCAS, under "
       "HW atomics where the device has no instruction (AMD's tables)",
       "docs/spec/amd.md §6.4", ""},
      {"amd.float-values", "PROPOSED",
       "executed float rows are IEEE: round to nearest even, subnormals kept, the first NaN operand made quiet or "
       "the default NaN; min/max are minNum/maxNum keeping old for two NaNs",
       "docs/spec/amd.md §7.1", ""},
      {"amd.min-max-signedness", "PROPOSED",
       "integer atomicMin/atomicMax use the signed overload unless the unsigned one is asked for",
       "docs/spec/amd.md §7.1", "--unsigned"},
      {"amd.mi350x-as-mi300x", "ASSUMPTION",
       "MI350X (CDNA4, gfx950; MI350X and MI355X) behaves as the MI300X: the MI300 class's fabric and float sets, a "
       "dGPU whose PCIe controller turns unsupported atomics into load-op-store. ROCm 6.4's tables have no MI350X "
       "column; AMD's newer ones add an \"MI350X series\" column beside \"MI300X series\"",
       "issue 30", ""},
      {"amd.noreturn-value", "PROPOSED", "a NoReturn atomic updates memory and hands the thread 0, flagged no-return",
       "docs/spec/amd.md §7", ""},
  }};
  return list;
}

}  // namespace gpuatom::amd
