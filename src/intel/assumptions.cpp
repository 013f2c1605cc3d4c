#include <array>
#include <string>

#include "gpuatom/intel/platform.hpp"
#include "gpuatom/support/assumption.hpp"

namespace gpuatom::intel {

namespace {

// Where fadd/fsub draw the validator's warning, named from the platform table: "before XeHP (.64:
// before PVC)".
std::string float_add_warned_before() {
  const auto first = [](Feature feature) { return std::string(igc_name(*first_platform_with(feature))); };
  return "before " + first(Feature::float_add) + " (.64: before " + first(Feature::float_64) + ")";
}

}  // namespace

// Every item docs/spec/intel.md marks ASSUMPTION, plus the DECISIONs that change computed values.
std::span<const support::Assumption> assumptions() {
  static const std::string igc_evidence =
      "where IGC 1.0.12504 is evidence, the profiles follow it: gen9 (skl, icllp) has 64-bit SVM atomics (IGC "
      "lowers them to the A64 int64 atomic message IGA names); 16-bit SVM atomics stay refused on gen9 (IGC "
      "writes them, but IGA names no message for them); fadd/fsub are accepted on every profile, with a warning " +
      float_add_warned_before() + " where IGC's own front end reports none";
  static const std::array<support::Assumption, 22> list = {{
      {"intel.fminmax-signed-zero", "ASSUMPTION", "fmin/fmax order −0 below +0", "docs/spec/intel.md §4.1", ""},
      {"intel.fminmax-two-nans", "ASSUMPTION",
       "fmin/fmax with two NaNs of the same class (two quiet or two signalling) keep the memory value",
       "docs/spec/intel.md §4.1", ""},
      {"intel.fminmax-no-flush", "ASSUMPTION", "fmin/fmax/fcmpwr do not flush denormals", "docs/spec/intel.md §4.1",
       ""},
      {"intel.16bit-upper-half", "ASSUMPTION",
       "a 16-bit atomic writes its result to the low 16 bits of the Dst dword and zeroes the upper 16 (IMIN/IMAX "
       "too: zero-extended)",
       "docs/spec/intel.md §5.1", ""},
      {"intel.fminmax-snan-wins", "DECISION",
       "fmin/fmax ignore a quiet NaN and return a signalling NaN bit-exact; with one quiet and one signalling NaN "
       "the signalling one wins (PROPOSED reading)",
       "docs/spec/intel.md §4.1", ""},
      {"intel.fadd-rules", "ASSUMPTION",
       "svm_atomic fadd/fsub (F, DF with .64, HF with .16) round to nearest even, flush no denormal, and return "
       "the first NaN operand (memory, then Src0) made quiet; inf − inf stores the quiet default NaN (IGC's "
       "source and documentation say nothing of the atomic unit's float rules)",
       "docs/intel-igc.md §2.6, §7", ""},
      {"intel.fsub-nan-sign", "ASSUMPTION", "fsub computes old + (−Src0) with a NaN Src0 not negated",
       "docs/intel-igc.md §7", ""},
      {"intel.igc-evidence", "DECISION", igc_evidence, "docs/intel-igc.md §2.5, §6, §7", ""},
      {"intel.lsc-semantics", "DECISION",
       "LSC atomics compute as the legacy op of the same arithmetic (iadd add, smin minsint, umin min, fmin fmin with "
       "its NaN rules, fadd fadd …); lsc_atomic_load is an or with 0 (memory unchanged, the old value returned), "
       "lsc_atomic_store an exchange; icas and fcas compare with src1 and store src2 (IGC passes the comparand "
       "first, CISABuilder.cpp LSC_AtomicRaw)",
       "docs/intel-igc.md §4, §9", ""},
      {"intel.lsc-short-addresses", "ASSUMPTION",
       "an :a32 (:a16) effective address, scale × address + offset, wraps at 2^32 (2^16) and is zero-extended to a "
       "64-bit device address",
       "docs/intel-igc.md §9", ""},
      {"intel.slm-one-work-group", "ASSUMPTION",
       "a scenario's shared local memory is the one region options.slm names, shared by every hardware thread of "
       "the launch (one work-group); .slm addresses and dword_atomic %slm offsets count bytes from its start",
       "docs/intel-igc.md §9", ""},
      {"intel.lsc-typed-out-of-bounds", "ASSUMPTION",
       "a typed LSC atomic (.tgm) channel out of its surface's bounds returns 0 and writes nothing, as typed_atomic",
       "docs/intel-igc.md §9", ""},
      {"intel.operand-signedness", "DECISION",
       "svm_atomic and dword_atomic operands of an integer op take any integer type of the right size without a "
       "warning: IGC types them regardless of the op (D for an unsigned min, UD for minsint's Dst); typed_atomic "
       "still warns, int vs float still warns everywhere",
       "docs/oracles.md (IGC), docs/spec/intel.md §3.4", ""},
      {"intel.inc-dec-wrap", "DECISION", "inc/dec are unconditional ±1 with wrap (not NVIDIA's bounded forms)",
       "docs/spec/intel.md §3.1", ""},
      {"intel.predec-returns-new", "DECISION", "predec writes old − 1 and returns the new value",
       "docs/spec/intel.md §3.1", ""},
      {"intel.compare-roles", "DECISION",
       "cmpxchg compares with Src1 and stores Src0; fcmpwr compares with Src0 (IEEE equality) and stores Src1",
       "docs/spec/intel.md §3.1, §4.2", ""},
      {"intel.same-address-order", "DECISION",
       "channels of one instruction that hit the same address apply in ascending channel order (exhaustive mode "
       "tries the other orders)",
       "docs/spec/intel.md §1", ""},
      {"intel.typed-out-of-bounds", "DECISION",
       "a typed_atomic channel out of bounds (a coordinate at or past its extent at the LOD's level, or LOD at or "
       "past the mip count) returns 0 in its Dst element and leaves memory untouched; no fault",
       "docs/spec/intel.md §7, §8", ""},
      {"intel.typed-lod-null", "PROPOSED", "a null LOD operand reads as mip level 0; null V and R read as 0",
       "docs/spec/intel.md §3.2", ""},
      {"intel.typed-float-ops", "DECISION",
       "typed_atomic fmin/fmax/fcmpwr execute on the F32 bit patterns of the 4-byte elements (HF in the low 16 bits "
       "with .16); the validator warns that IGC does not lower them",
       "docs/spec/intel.md §3.3", ""},
      {"intel.typed-surface-binding", "DECISION",
       "a scenario binds a typed surface with a [[surface]] table whose `header` is the surface index (6 … 255) the "
       "instruction names; its dim gives the surface type that U/V/R are checked against, its texel_bytes the "
       "element size (.16 needs 2); a typed surface with no [[surface]], or a [[surface]] naming an undeclared "
       "index, is an error",
       "docs/spec/intel.md §2.7, §8", ""},
      {"intel.typed-mip-placement", "DECISION",
       "mip level 0 of a typed surface is at the start of its region with row_pitch/slice_pitch; level l > 0 follows "
       "level l − 1 (after all its slices or layers), with tight pitches (width(l) × texel bytes, × height(l)); "
       "tiled layouts and mip tails are not modelled",
       "docs/spec/intel.md §8", ""},
  }};
  return list;
}

}  // namespace gpuatom::intel
