#include <array>

#include "gpuatom/support/assumption.hpp"

namespace gpuatom::intel {

// Every item spec/intel.md marks ASSUMPTION, plus the DECISIONs that change computed values.
std::span<const support::Assumption> assumptions() {
  static constexpr std::array<support::Assumption, 8> list = {{
      {"intel.fminmax-signed-zero", "ASSUMPTION", "fmin/fmax order −0 below +0", "spec/intel.md §4.1", ""},
      {"intel.fminmax-two-nans", "ASSUMPTION",
       "fmin/fmax with two NaNs of the same class (two quiet or two signalling) keep the memory value",
       "spec/intel.md §4.1", ""},
      {"intel.fminmax-no-flush", "ASSUMPTION", "fmin/fmax/fcmpwr do not flush denormals", "spec/intel.md §4.1", ""},
      {"intel.16bit-upper-half", "ASSUMPTION",
       "a 16-bit atomic writes its result to the low 16 bits of the Dst dword and zeroes the upper 16 (IMIN/IMAX "
       "too: zero-extended)",
       "spec/intel.md §5.1", ""},
      {"intel.fminmax-snan-wins", "DECISION",
       "fmin/fmax ignore a quiet NaN and return a signalling NaN bit-exact; with one quiet and one signalling NaN "
       "the signalling one wins (PROPOSED reading)",
       "spec/intel.md §4.1", ""},
      {"intel.inc-dec-wrap", "DECISION", "inc/dec are unconditional ±1 with wrap (not NVIDIA's bounded forms)",
       "spec/intel.md §3.1", ""},
      {"intel.predec-returns-new", "DECISION", "predec writes old − 1 and returns the new value", "spec/intel.md §3.1",
       ""},
      {"intel.compare-roles", "DECISION",
       "cmpxchg compares with Src1 and stores Src0; fcmpwr compares with Src0 (IEEE equality) and stores Src1",
       "spec/intel.md §3.1, §4.2", ""},
  }};
  return list;
}

}  // namespace gpuatom::intel
