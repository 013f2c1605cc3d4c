#include "gpuatom/intel/other_instructions.hpp"

#include <algorithm>
#include <array>

namespace gpuatom::intel {

namespace {

// Sorted, for a binary search. Every non-atomic word of IsaDescription.cpp and CISA.l, then the
// atomic words gpuatom does not read yet (marked in find_other_instruction).
constexpr auto words = std::to_array<std::string_view>({
    "acos", "add", "add3", "addc", "addr_add", "and", "asin", "asr", "atan", "avg", "avs", "barrier", "bfe", "bfi",
    "bfn", "bfrev", "call", "cbit", "cmp", "cos", "div", "divm", "dp2", "dp3", "dp4", "dp4a", "dpas", "dpasw", "dph",
    "exp", "faddr", "fbh", "fbl", "fcall", "fccall", "fcvt", "fence", "fence_global", "fence_local",
    "fence_sw", "fminmax", "frc", "fret", "gather", "gather4_3d", "gather4_scaled", "gather4_typed", "gather_scaled",
    "goto", "ifcall", "info_3d", "inv", "jmp", "lifetime", "line", "load", "load_2dms_w", "load_3d", "load_lz",
    "load_mcs", "log", "lrp", "lsc_apndctr_atomic_add", "lsc_apndctr_atomic_sub", "lsc_ccs_update", "lsc_fence",
    "lsc_load", "lsc_load_block2d", "lsc_load_quad",
    "lsc_load_status", "lsc_load_strided", "lsc_read_state_info", "lsc_store", "lsc_store_block2d",
    "lsc_store_quad", "lsc_store_strided", "lsc_store_uncompressed", "lzd", "mad", "madw", "max", "media_ld",
    "media_st", "min", "mod", "mov", "movs", "mul", "mulh", "nbarrier", "not", "or", "oword_ld",
    "oword_ld_unaligned", "oword_st", "plane", "pow", "qw_gather", "qw_scatter", "raw_send", "raw_sendc",
    "raw_sends", "raw_sends_eot", "raw_sendsc", "raw_sendsc_eot", "resinfo", "ret", "rndd", "rnde", "rndu", "rndz",
    "rol", "ror", "rsqrt", "rt_write_3d", "sad2", "sad2add", "sample", "sample4", "sample4_c", "sample4_po",
    "sample4_po_c", "sample_3d", "sample_b", "sample_b_c", "sample_c", "sample_c_lz", "sample_d", "sample_d_c",
    "sample_l", "sample_l_c", "sample_lz", "sample_unorm", "sampleinfo", "sampler_cache_flush", "sbarrier",
    "scatter", "scatter4_scaled", "scatter4_typed", "scatter_scaled", "sel", "setp", "shl", "shr", "sin", "sqrt",
    "sqrtm", "srnd", "subb", "svm_block_ld", "svm_block_st", "svm_gather", "svm_gather4scaled", "svm_scatter",
    "svm_scatter4scaled", "switchjmp", "urb_write_3d", "va_hdc_convolve_1d_h", "va_hdc_convolve_1d_v",
    "va_hdc_convolve_1pixel", "va_hdc_convolve_2d", "va_hdc_dilate", "va_hdc_erode", "va_hdc_lbpcorrelation",
    "va_hdc_lbpcreation", "va_hdc_minmaxfilter", "va_skl_plus", "vme_fbr", "vme_idm", "vme_ime", "vme_sic", "wait",
    "xor", "yield",
});
static_assert(std::ranges::is_sorted(words));

bool is_unread_atomic(std::string_view word) {
  return word.starts_with("lsc_apndctr_atomic_");
}

}  // namespace

std::optional<OtherInstruction> find_other_instruction(std::string_view word) {
  if (!std::ranges::binary_search(words, word)) return std::nullopt;
  return OtherInstruction{word, is_unread_atomic(word)};
}

}  // namespace gpuatom::intel
