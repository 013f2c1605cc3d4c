#include <array>

#include "gpuatom/support/assumption.hpp"

namespace gpuatom::nvidia {

// Every item docs/spec/nvidia.md marks ASSUMPTION, plus the DECISIONs that change computed values.
std::span<const support::Assumption> assumptions() {
  static constexpr std::array<support::Assumption, 16> list = {{
      {"nvidia.f16x2-no-flush", "ASSUMPTION",
       "F16x2 atomics keep subnormals for both spellings (.F16x2.RN and .F16x2.FTZ.RN are one hardware "
       "operation, size code 4, as PTX defines f16x2 add .noftz)",
       "docs/spec/nvidia.md §4.2", "--f16x2-flush"},
      {"nvidia.canonical-nan", "ASSUMPTION",
       "a NaN result of an F32 or F16x2 add is the canonical NaN: 0x7fffffff (f32), 0x7fff per f16 lane (an H200, "
       "sm_90, agreed in every measured case: docs/hardware.md)",
       "docs/spec/nvidia.md §4.3", "--nan propagate"},
      {"nvidia.f64-nan", "ASSUMPTION",
       "a NaN result of ADD.F64.RN is the operand's NaN if it is one, else memory's, bit for bit (a signalling NaN "
       "stays signalling); inf + (-inf) gives 0xfff8000000000000. Measured on an H200 (sm_90, hw/results/h200), "
       "where docs/spec/nvidia.md §4.3 assumed the canonical NaN; assumed to hold for every architecture",
       "docs/hardware.md", ""},
      {"nvidia.f16x2-minmax-two-nans", "ASSUMPTION",
       "F16x2 MIN/MAX with two NaN lanes give the canonical 0x7fff in that lane", "docs/spec/nvidia.md §4.4",
       "--nan propagate"},
      {"nvidia.safeadd-model", "ASSUMPTION",
       "SAFEADD refuses to execute (DECISION); the opt-in model is a 64-bit wrapping add returning the old value",
       "docs/spec/nvidia.md §3.2", "--safeadd-model"},
      {"nvidia.sd-signed", "ASSUMPTION", "SD32/SD64 surface data compute and compare as S32/S64",
       "docs/spec/nvidia.md §3.3", ""},
      {"nvidia.sparse-ps", "ASSUMPTION",
       "an access to a sparse page with a Ps form sets Ps, leaves memory unchanged and returns 0 in Rd",
       "docs/spec/nvidia.md §6.6", ""},
      {"nvidia.block-linear-layers", "ASSUMPTION",
       "block-linear array layers follow each other at slice_size × ceil(depth / BD), with no extra alignment",
       "docs/spec/nvidia.md §8.2", ""},
      {"nvidia.lane-order", "DECISION",
       "lanes of one instruction on the same address apply in ascending lane order (exhaustive mode enumerates "
       "the others)",
       "docs/spec/nvidia.md §1", "--mode exhaustive"},
      {"nvidia.operand-read-order", "PROPOSED",
       "all source registers of all lanes are read before any destination register is written",
       "docs/spec/nvidia.md §1", ""},
      {"nvidia.fault-stops-launch", "PROPOSED",
       "a faulting lane performs no access and writes no register; the others complete; the launch stops after "
       "that instruction",
       "docs/spec/nvidia.md §1", ""},
      {"nvidia.surface-dropped-write", "PROPOSED",
       "a surface access through an invalid or disabled header, or out of bounds under .IGN, drops the write and "
       "sets Rd = 0 and Ps = false (Pu = true: nothing is left for a software fallback)",
       "docs/spec/nvidia.md §8.3", ""},
      {"nvidia.header-pool-default", "DECISION",
       "scenarios without [options] header_pool_max use the highest declared surface header as the pool's "
       "MaximumIndex",
       "docs/reference/scenario-format.md", "header_pool_max"},
      {"nvidia.windows", "PROPOSED",
       "the generic address space's local window is 0x00fe00000000 and the shared window 0x00ff00000000, 16 MiB each",
       "docs/spec/nvidia.md §7.2", ""},
      {"nvidia.sparse-without-ps", "DECISION",
       "an access to a sparse page by a form without Ps is an out-of-range fault", "docs/spec/nvidia.md §7.4", ""},
      {"nvidia.word-reading", "DECISION",
       "a Maxwell/Pascal word is read (and encoded) as nvdisasm of sm_61 reads it unless an architecture is named "
       "(sm_6x read alike; sm_50 and sm_52/53 differ in size codes 4 and 6 and in the sparse-predicate forms)",
       "docs/oracles.md", "--arch"},
  }};
  return list;
}

}  // namespace gpuatom::nvidia
