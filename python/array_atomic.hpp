// An atomic resolved from its vendor's spelling once (by the library's own readers, with the
// library's messages), then applied to whole arrays of raw element bits by the ALU (alu/apply.hpp).
// What the Python module `gpuatom` runs; nothing here knows Python.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "gpuatom/alu/operation.hpp"
#include "gpuatom/intel/atomic_ops.hpp"
#include "gpuatom/nvidia/semantics.hpp"

namespace gpuatom::python {

struct ArrayAtomic {
  alu::Operation operation;
  int bits = 32;              // one element's access: 16, 32, 64 or 128 bits
  int vector_words = 0;       // NVIDIA's vector forms (.F32x4 …): 32-bit words per element, each its own atomic
  bool returns = true;        // RED, SURED and AMD's forms without _rtn give nothing back
  bool takes_second = false;  // a second operand array: a compare-and-swap's (or mskor's) other operand
  // Where the two operand arrays go in alu::Operands (the vendor's order: NVIDIA's CAS compares with
  // Rb and stores Rc, Intel's CMPXCHG and AMD's cmpswap their own way).
  intel::OperandPlacement placement;
  std::vector<std::string> warnings;  // the Intel platform rules' warnings
};

// `gpuatom alu nvidia SPELLING --arch ARCH --inst INST`; `has_swap`: a third array was given.
ArrayAtomic nvidia_atomic(const std::string& spelling, const std::string& arch, const std::string& inst,
                          const nvidia::SemanticsOptions& options, bool has_swap);
// `gpuatom alu intel SPELLING --platform P --form F --data D`; `has_src1`: a third array was given.
ArrayAtomic intel_atomic(const std::string& spelling, const std::string& platform, const std::string& form,
                         const std::string& data, bool has_src1);
// `gpuatom alu amd MNEMONIC --target T …`; `has_compare`: a third array was given.
struct AmdRules {
  std::string lds_denormals = "kept", l2_add_f32 = "manuals", inf_minus_inf = "quiet";
};
ArrayAtomic amd_atomic(const std::string& mnemonic, const std::string& target, const AmdRules& rules, bool has_compare);
// The vendor-neutral ALU: an op and a type by their names (alu::name), IEEE float rules.
ArrayAtomic alu_atomic(const std::string& op, const std::string& type);

// `count` elements of `atomic.bits` each, little-endian, side by side: the new memory and (when the
// atomic returns) the returned bits of each, from the old memory and the operand arrays (`second`
// may be null when the atomic takes none).
struct ElementArrays {
  std::size_t count = 0;
  const void* old = nullptr;
  const void* first = nullptr;
  const void* second = nullptr;
  void* memory = nullptr;
  void* returned = nullptr;
};
void apply(const ArrayAtomic& atomic, const ElementArrays& arrays);

}  // namespace gpuatom::python
