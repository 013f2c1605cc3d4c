// The devices of AMD's support page (docs/spec/amd.md §3): which family table they sit in, how they
// reach host memory, and what their PCIe controller does with an atomic the bus cannot carry.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "gpuatom/amd/spelling.hpp"

namespace gpuatom::amd {

enum class DeviceId : uint8_t {
  mi100,
  mi200_pcie,
  mi200_aa,
  mi300x,
  mi300a,
  mi350x,
  gfx9_dgpu,
  gfx9_apu,
  gfx10_dgpu,
  gfx11_dgpu,
  gfx11_apu,
  gfx12_dgpu,
};

// The page's two table families: "AMD Instinct accelerators" and "AMD gfx generic targets".
enum class Family : uint8_t { instinct, gfx };

// The paragraph of the page's "Support summary" that describes the device.
enum class Generation : uint8_t { mi100, mi200, mi300, gfx9, gfx10, gfx11, gfx12 };

enum class DeviceKind : uint8_t {
  dgpu,       // discrete GPU: host memory lies behind the Infinity Fabric and PCIe
  apu,        // CPU and GPU share the package: host memory over the fabric (DECISION)
  aa_system,  // MI200 A+A: AMD CPU and AMD GPU connected by Infinity Fabric
};

// What a dGPU's PCIe controller does with an atomic the PCIe bus does not support.
enum class PcieFallback : uint8_t {
  not_applicable,  // no PCIe stage on the way to host memory
  nop,             // "Any atomic not supported by the PCIe bus will be a NOP"
  load_op_store,   // "changes it into a load-op-store sequence … downgrades system-scope atomics"
};

struct Device {
  DeviceId id;
  std::string_view name;  // the column header: "MI200 A+A", "gfx12 dGPU"
  Family family;
  Generation generation;
  DeviceKind kind;
  PcieFallback pcie_fallback;
  bool published = true;  // a column of AMD's published tables (ROCm 6.4); MI350X is not
};

// Every device, in the column order of the two families (Instinct first, then gfx).
std::span<const Device> devices();
// The columns of one family's table, in order.
std::span<const Device> devices(Family family);
const Device& device(DeviceId id);

// Whether host memory is reached through PCIe (dGPUs) rather than over the fabric (APUs, A+A).
bool reaches_host_over_pcie(const Device& device);
// The page's per-generation facts, asked by name: MI300 forwards every atomicRMW to the Infinity
// Fabric; gfx12 caches fine-grained system memory, so a device-scope atomic on it runs in the L2.
bool forwards_atomics_to_fabric(const Device& device);
bool caches_fine_grained_host_memory(const Device& device);

std::span<const Spelling<DeviceId>> device_spellings();

// A name people give a device (a product, an LLVM gfx target, a column header of AMD's newer
// tables: "MI250X", "gfx942", "MI350X series") → the devices it may mean: one, or several when
// the name alone does not decide (gfx942 is the MI300X and the MI300A; an MI200 card is in the
// "MI200 PCIe" column, or "MI200 A+A" when its host CPU is attached by Infinity Fabric). Empty:
// not a name of a device on the page (`why` then says why, when the name is known: a gfx10 APU).
struct DeviceName {
  std::vector<DeviceId> devices;
  std::string why;  // the name is known but the page has no column for it
};
DeviceName find_device(std::string_view text);
// Every accepted name, for "expected one of …".
std::string describe_device_names();
// The one device `text` names (as find_device reads it); support::InputError naming `flag` when
// the name may mean several devices (it lists them), none on the page (why), or nothing known.
DeviceId device_named(std::string_view flag, std::string_view text);
std::span<const Spelling<Family>> family_spellings();
std::string_view name(Family family);
std::string_view name(Generation generation);

}  // namespace gpuatom::amd
