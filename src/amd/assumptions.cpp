#include <array>

#include "gpuatom/support/assumption.hpp"

namespace gpuatom::amd {

// docs/spec/amd.md marks no item ASSUMPTION; its DECISIONs and the PROPOSED value rules are shown, and
// the project's own assumption for a device the page does not cover.
std::span<const support::Assumption> assumptions() {
  static constexpr std::array<support::Assumption, 20> list = {{
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
      // Instruction level: the float rules of AMD's memory atomics (amd/isa/float_rules.hpp).
      {"amd-isa.flush-scope", "ASSUMPTION",
       "LDS float atomics of 16 and 32 bits flush subnormal inputs as MODE's f32 input-denormal bit says (default: "
       "kept), f64 never flushes, only inputs flush (never an add's result), min/max flush for the comparison only "
       "and return a source unchanged, and a float compare-and-swap whose inputs flush writes its result flushed",
       "docs/spec/amd-isa.md §7.1", "MODE: FloatRulesOptions::lds_denormals"},
      {"amd-isa.l2-add-f32-denormals", "ASSUMPTION",
       "L2 add_f32 flushes subnormal inputs on every target, as AMD's manuals say (CDNA4, RDNA3); LLVM's "
       "memory-atomic-fadd-f32-denormal-support says gfx94x, gfx950, gfx11 and gfx12 keep them",
       "docs/spec/amd-isa.md §7.2", "FloatRulesOptions::l2_add_f32 = L2AddF32Reading::llvm"},
      {"amd-isa.l2-no-flush", "ASSUMPTION",
       "L2 float atomics other than add_f32 (packed adds, fmin/fmax, min_num/max_num, fcmpswap) keep subnormal inputs",
       "docs/spec/amd-isa.md §7.3", ""},
      {"amd-isa.inf-minus-inf", "ASSUMPTION",
       "-inf + +inf gives the positive quiet NaN (0x7fc00000 ...); RDNA3's manual also says -QNaN",
       "docs/spec/amd-isa.md §7.4", "FloatRulesOptions::default_nan = DefaultNan::negative_quiet"},
      {"amd-isa.two-nans", "ASSUMPTION",
       "of two NaN operands, add, min and max return memory's made quiet (each lane of a packed add too)",
       "docs/spec/amd-isa.md §7.5", ""},
      {"amd-isa.integer-ops", "DECISION",
       "inc/dec are the bounded ops of the manuals; sub_clamp is sub_saturate, cond_sub sub_if_ge, DS rsub "
       "reverse_sub (v - old) and DS mskor mask_or (old with the mask's bits cleared, then the value's bits set; "
       "the mask as the comparand)",
       "docs/spec/amd-isa.md §7.6", ""},
      // Instruction level: the wave (amd/isa/exec).
      {"amd-isa.buffer-range", "ASSUMPTION",
       "a buffer atomic's range check follows the manuals' summaries per family (GFX9: bytes of a raw buffer, "
       "the index of a structured one; GFX10+: OOB_SELECT's four modes), checks the atomic as a whole and leaves "
       "soffset out; out of range it accesses nothing and returns 0",
       "docs/spec/amd-isa.md §11.3", ""},
      {"amd-isa.one-workgroup", "DECISION",
       "a launch of AMD instructions is one workgroup: every wave shares the LDS region [options] lds names",
       "docs/spec/amd-isa.md §11.2", ""},
      {"amd-isa.lds-past-end", "DECISION",
       "an LDS access that reaches past the LDS region is an out-of-range fault, never the next region",
       "docs/spec/amd-isa.md §11.2", ""},
      {"amd-isa.flat-is-global", "DECISION",
       "a FLAT address is a global address: the LDS and scratch apertures of the flat space are not modelled",
       "docs/spec/amd-isa.md §11.1", ""},
      {"amd-isa.generic-gfx9-family", "DECISION", "gfx9-generic follows gfx90a's float rules",
       "docs/spec/amd-isa.md §11.1", ""},
      // Instruction level: what gpuatom does where llvm-mc silently changes a program.
      {"amd-isa.llvm-mc-silent-changes", "DECISION",
       "assembly llvm-mc 19 accepts and silently changes (MUBUF offset 4096-65535 truncated, gfx90a scc and gfx1030 "
       "dlc dropped, gfx12 th:TH_ATOMIC_RETURN on a no-return spelling, gfx10+ saddr null read as off) is refused",
       "docs/spec/amd-isa.md §3", ""},
  }};
  return list;
}

}  // namespace gpuatom::amd
