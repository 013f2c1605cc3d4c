// An NVIDIA cubin: the ELF file (ELF64; ELF32 from ptxas -m32) ptxas and nvcc -cubin write, read as far as listing its
// atomics needs: the architecture from the ELF header, and the code of each kernel (its `.text.<name>` section). Both
// ELF ABIs are read:
//
//   CUDA ≤ 12  EI_OSABI 0x33, EI_ABIVERSION 7: the SM number in e_flags bits 0–7 ("sm_90": 0x5a)
//   CUDA 13    EI_OSABI 0x41, EI_ABIVERSION 8: the SM number in e_flags bits 8–15
//
// Neither header tells an `a`/`f` target from its base (ptxas writes the same e_flags for sm_90
// and sm_90a); CUDA 13's cubins carry ptxas's command line in a `.note.nv.tkinfo` note
// ("-arch sm_90a"), which names it and is taken when it names the header's architecture.
// Otherwise the base is read; no atomic form depends on the variant (architecture.hpp).
// A file that is not such an ELF, or whose headers point outside it, is refused with the byte
// offset of what is wrong; nothing is read past the end of the bytes.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "gpuatom/nvidia/architecture.hpp"
#include "gpuatom/support/diagnostic.hpp"

namespace gpuatom::nvidia {

struct CubinKernel {
  std::string name;          // "add" for the section ".text.add"
  uint64_t file_offset = 0;  // where the section's code starts in the file
  std::string_view code;     // the section's bytes, a view into the bytes read_cubin() was given
};

struct Cubin {
  Architecture architecture;
  bool cuda13_abi = false;           // EI_OSABI 0x41 (CUDA 13) rather than 0x33 (CUDA ≤ 12)
  std::vector<CubinKernel> kernels;  // in section order
};

// Whether the bytes start with the ELF magic (then read_cubin() decides whether they are a cubin).
bool is_elf(std::string_view bytes);

// The cubin in `bytes` (which must outlive the result's code views), or the reason it is none.
std::variant<Cubin, support::Diagnostic> read_cubin(std::string_view bytes, const support::FileName& file);

}  // namespace gpuatom::nvidia
