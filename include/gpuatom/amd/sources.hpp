// The texts behind the rules: sentences of the page (seed 004, verbatim, so a test can find each
// one in the page), the product decisions of 2026-11-22 and the spec's own proposals. A quote
// may elide with " … " between verbatim pieces.
#pragma once

#include <cstdint>
#include <string_view>

#include "gpuatom/amd/device.hpp"

namespace gpuatom::amd {

enum class SourceKind : uint8_t {
  page,      // a sentence of the page, verbatim
  decision,  // a product decision (2026-11-22), as docs/spec/amd.md records it
  spec,      // docs/spec/amd.md's own reasoning or proposal
};
std::string_view name(SourceKind kind);  // "page", "decision", "docs/spec/amd.md"

struct Source {
  SourceKind kind;
  std::string_view text;
};

// The sentences one "Support summary" paragraph contributes; empty where the paragraph is silent.
struct ParagraphSentences {
  std::string_view integer_support;       // "L2 cache and Infinity Fabric both support common integer …"
  std::string_view coarse_in_l2;          // "Coarse-grained memory is marked as cacheable, …"
  std::string_view fine_uncacheable;      // "Fine-grained memory is marked uncacheable through the page tables."
  std::string_view fabric_forward;        // "Atomics that hit uncached memory are forwarded to the Infinity Fabric."
  std::string_view host_over_pcie;        // "… the atomic will be forwarded from Infinity Fabric to PCIe."
  std::string_view pcie_unsupported;      // the NOP or load-op-store sentence
  std::string_view float_cannot_forward;  // "If the float atomics … cannot be forwarded … NOP …"
};
const ParagraphSentences& paragraph(Generation generation);

// Page sentences shared by every device.
namespace page {
inline constexpr std::string_view not_applicable =
    "n/a: The atomic type is not supported and cannot be executed on the specific hardware.";
inline constexpr std::string_view no_128_bit = "128-bit bitwise Exchange and CAS are not supported on AMD GPUs";
inline constexpr std::string_view native =
    "Native: Computes the correct result using a hardware-native atomic instruction.";
inline constexpr std::string_view cas =
    "CAS: Generates the correct result, but the atomic operation is implemented by the compiler for this ISA using a "
    "compare-and-swap emulation loop.";
inline constexpr std::string_view cas_emulation_selector =
    "\"CAS emulation\", where software attempts to use CAS emulation.";
inline constexpr std::string_view scope_downgrade =
    "Scope Downgrade: Generates the correct result but operates at a weaker scope than requested.";
inline constexpr std::string_view coarse_downgrade =
    "Any system-scope atomics sent to this type of memory will not achieve system-scope coherency and will instead be "
    "downgraded to device-scope as per the programming model.";
inline constexpr std::string_view no_pcie_atomics =
    "\"No PCIe atomics\" means the system does not support PCIe atomics between the accelerator and peer/host-memory.";
inline constexpr std::string_view mi300_all_to_fabric =
    "All atomicRMW operations are forwarded out to the Infinity Fabric.";
inline constexpr std::string_view mi100_no_return =
    "L2 cache supports no returns (NoReturn) versions of packed-FP16 and FP32 atomic adds, that cannot return data.";
inline constexpr std::string_view mi200_aa_remote =
    "If the uncached data is stored in host memory on an A+A system (system with AMD CPU and AMD GPU connected via "
    "Infinity Fabric), the atomic operation will be forwarded to the remote location and will succeed if supported by "
    "Infinity Fabric.";
inline constexpr std::string_view gfx12_system_memory_cacheable =
    "Fine-grained system memory is marked as cacheable through the page tables.";
inline constexpr std::string_view gfx12_device_scope_l2 =
    "Device-scope atomic operations will process in the L2 cache.";
inline constexpr std::string_view gfx12_system_scope_bypass =
    "System-scope atomic operations will bypass the L2 cache and be forwarded to the Infinity Fabric.";
inline constexpr std::string_view pcie_nop =
    "Any atomic not supported by the PCIe bus will be a NOP and give incorrect result.";
}  // namespace page

// Product decisions (2026-11-22) as docs/spec/amd.md adopts them.
namespace decision {
inline constexpr std::string_view pcie_ops = "PCIe AtomicOps carry only FetchAdd, Swap and CAS (32/64-bit).";
inline constexpr std::string_view apu_host_over_fabric =
    "APUs (MI300A, gfx9 APU, gfx11 APU) reach host memory over the Infinity Fabric; there is no PCIe stage.";
inline constexpr std::string_view coarse_in_l2_any_scope =
    "Coarse-grained memory: the atomic executes in the L2, whatever the requested scope.";
inline constexpr std::string_view cas_emulation =
    "Operations without native support at the place where the atomic executes are done by a compare-and-swap loop "
    "when CAS reaches that place.";
}  // namespace decision

// docs/spec/amd.md's reasoning, PROPOSED defaults, and the readings AMD's published tables settled
// (issue 17: `make oracle-amd` compares every cell).
namespace spec {
inline constexpr std::string_view hw_falls_back_to_cas =
    "§6.1 A1 (corrected by AMD's tables): with \"HW atomics\" a row the device has no hardware instruction for is "
    "emulated by the compiler with a CAS loop, not n/a (amd.no-hw-instruction=na restores n/a).";
inline constexpr std::string_view mi300_coarse_in_l2 =
    "§6.2 P2 (corrected by AMD's tables): MI300 coarse-grained memory stays in the L2, with the IF's capability set "
    "and no PCIe stage (amd.mi300-coarse-place=fabric restores P1 before P2).";
inline constexpr std::string_view mi300_before_coarse =
    "§6.2: P1 is applied before P2; the MI300 device sentence is more specific than the coarse-grained domain fact "
    "(amd.mi300-coarse-place=fabric).";
inline constexpr std::string_view device_memory_at_fabric =
    "§6.2 P5: the page forwards to PCIe only \"if the uncached data is stored in host memory\"; device memory, peer "
    "memory in an Infinity Fabric hive included, is served at the fabric (DERIVED).";
inline constexpr std::string_view cas_row_is_primitive =
    "§6.4 C6: atomicCAS is the emulation primitive itself; it is evaluated with H1–H5.";
inline constexpr std::string_view sub_over_fetch_add =
    "§4: atomicSub is carried by PCIe FetchAdd of the negated operand (amd.sub-pcie=fetchadd; AMD's tables show "
    "it is not).";
inline constexpr std::string_view gfx10_widths =
    "§5: gfx10's \"floating-point atomic min/max\" is read as FP32 and FP64 min/max (amd.gfx10-fminmax; AMD's "
    "tables confirm both widths).";
}  // namespace spec

}  // namespace gpuatom::amd
