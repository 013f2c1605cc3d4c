// The five selectors that address one result of AMD's support page (docs/spec/amd.md §2), in the
// page's nesting order: atomics type, PCIe, memory location, granularity, scope.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>

#include "gpuatom/amd/spelling.hpp"

namespace gpuatom::amd {

// "HW atomics": software attempts to use hardware atomics; "CAS emulation": software attempts to
// use a compare-and-swap loop.
enum class Strategy : uint8_t { hw_atomics, cas_emulation };

// Whether the system supports PCIe AtomicOps between the accelerator and peer/host memory.
enum class PcieAtomics : uint8_t { unsupported, supported };

enum class Memory : uint8_t { device_dram, migratable_host_dram, pinned_host_dram };

enum class Granularity : uint8_t { coarse, fine };

enum class Scope : uint8_t { device, system };

struct Selectors {
  Strategy strategy = Strategy::hw_atomics;
  PcieAtomics pcie = PcieAtomics::unsupported;
  Memory memory = Memory::device_dram;
  Granularity granularity = Granularity::coarse;
  Scope scope = Scope::device;
};

// Host memory: DRAM of the CPU, or peer memory reached by PCIe peer-to-peer (page, "Memory locations").
bool is_host_memory(Memory memory);

// Each table lists the values in the page's order, with the page's names and short aliases.
std::span<const Spelling<Strategy>> strategy_spellings();
std::span<const Spelling<PcieAtomics>> pcie_spellings();
std::span<const Spelling<Memory>> memory_spellings();
std::span<const Spelling<Granularity>> granularity_spellings();
std::span<const Spelling<Scope>> scope_spellings();

// The page's names: "HW atomics", "PCIe atomics", "Pinned Host DRAM", "Fine-grained", "System".
std::string_view name(Strategy value);
std::string_view name(PcieAtomics value);
std::string_view name(Memory value);
std::string_view name(Granularity value);
std::string_view name(Scope value);

}  // namespace gpuatom::amd
