#include "gpuatom/amd/sources.hpp"

#include <array>

namespace gpuatom::amd {

namespace {

constexpr std::string_view both_integer =
    "L2 cache and Infinity Fabric both support common integer and bitwise atomics.";
constexpr std::string_view coarse =
    "Coarse-grained memory is marked as cacheable, and atomic operations will be processed in the L2 cache.";
constexpr std::string_view uncacheable = "Fine-grained memory is marked uncacheable through the page tables.";
constexpr std::string_view to_fabric_uncached =
    "Atomics that hit uncached memory are forwarded to the Infinity Fabric.";
constexpr std::string_view to_fabric_write_uncached =
    "Atomics that hit write-uncached memory are forwarded to the Infinity Fabric.";
constexpr std::string_view load_op_store =
    "If the PCIe bus does not support the requested atomic, the GPU's PCIe controller changes it into a load-op-store "
    "sequence. … It will seem like atomics to the wave, but the CPU sees it as a non-atomic load-op-store sequence. "
    "This downgrades system-scope atomics to device-scope.";
constexpr std::string_view gfx_dgpu_to_pcie =
    "In a dGPU: if the uncached data is stored in host memory, the atomic will be forwarded from Infinity Fabric to "
    "PCIe.";

// Indexed by Generation; each string is the paragraph's own wording (they differ in small ways:
// "uncached" or "write-uncached", "NOP and give incorrect result" or gfx9's truncated "NOP and.").
constexpr std::array<ParagraphSentences, 7> paragraphs = {{
    // MI100
    {both_integer, coarse, uncacheable, to_fabric_uncached,
     "If the uncached data is stored in host memory, the atomic will be forwarded from Infinity Fabric to PCIe.",
     page::pcie_nop,
     "If an float atomic add hits uncached memory, it cannot be forwarded to the Infinity Fabric so it will NOP and "
     "give incorrect result."},
    // MI200
    {both_integer, coarse, "Fine-grained memory is marked write-uncacheable through the page tables.",
     to_fabric_write_uncached,
     "If the uncached data is stored in host memory on a PCIe system, the atomic will be forwarded from Infinity "
     "Fabric to PCIe.",
     page::pcie_nop,
     "If the float atomics access write-uncached memory, they cannot be forwarded to the Infinity Fabric, resulting in "
     "a NOP and an incorrect outcome."},
    // MI300: everything goes to the fabric, which supports every instruction MI300 has.
    {"Infinity Fabric supports common integer and bitwise atomics, FP32 atomic add, packed-FP16 atomic add, "
     "packed-BF16 atomic add, and FP64 add, min, and max.",
     {},
     {},
     page::mi300_all_to_fabric,
     "In discrete GPUs (dGPUs), if the data is stored in host memory, the atomic will be forwarded from the Infinity "
     "Fabric to PCIe.",
     load_op_store,
     {}},
    // gfx9: no float atomics; the page's NOP sentence is cut short.
    {both_integer,
     coarse,
     uncacheable,
     to_fabric_uncached,
     gfx_dgpu_to_pcie,
     "Any atomic not supported by the PCIe bus will be a NOP and.",
     {}},
    // gfx10
    {both_integer, coarse, uncacheable, to_fabric_uncached, gfx_dgpu_to_pcie, page::pcie_nop,
     "If the floating-point atomics hit uncached memory, they cannot be forwarded to the Infinity Fabric, so they will "
     "NOP and give incorrect result."},
    // gfx11
    {both_integer, coarse, uncacheable, to_fabric_write_uncached, gfx_dgpu_to_pcie, page::pcie_nop,
     "If the float atomics hit uncached memory, they cannot be forwarded to the Infinity Fabric, so they will NOP and "
     "give incorrect result."},
    // gfx12
    {both_integer,
     coarse,
     "Fine-grained device memory is marked uncacheable through the page tables.",
     to_fabric_write_uncached,
     "In dGPUs, if the data is stored in host memory, the atomic will be forwarded from the Infinity Fabric to PCIe.",
     load_op_store,
     {}},
}};

}  // namespace

std::string_view name(SourceKind kind) {
  switch (kind) {
    case SourceKind::page: return "page";
    case SourceKind::decision: return "decision";
    case SourceKind::spec: return "docs/spec/amd.md";
  }
  return "?";
}

const ParagraphSentences& paragraph(Generation generation) { return paragraphs[static_cast<size_t>(generation)]; }

}  // namespace gpuatom::amd
