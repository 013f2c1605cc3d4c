// What each place on an atomic's path can execute (docs/spec/amd.md §5), as data per device. The
// outcome rules read only these sets; no outcome is written down anywhere.
//
//   L2, IF: every integer and bitwise row on every device ("L2 cache and Infinity Fabric both
//           support common integer and bitwise atomics"); float rows per the device table below.
//   PCIe:   nothing with "No PCIe atomics"; with "PCIe atomics" the rows a PCIe AtomicOp carries
//           (FetchAdd, Swap, CAS — DECISION; atomicSub per amd.sub-pcie).
#pragma once

#include <cstdint>
#include <initializer_list>
#include <optional>
#include <string_view>

#include "gpuatom/amd/device.hpp"
#include "gpuatom/amd/options.hpp"
#include "gpuatom/amd/rows.hpp"
#include "gpuatom/amd/selectors.hpp"

namespace gpuatom::amd {

// The places an atomic passes; the last one on its path executes it (docs/spec/amd.md §1.4).
enum class Place : uint8_t { l2, fabric, pcie };
std::string_view name(Place place);  // "L2", "IF", "PCIe"

// The float instructions of the page's float rows.
enum class FloatInstruction : uint8_t { f32_add, f32_min, f32_max, f64_add, f64_min, f64_max, f16x2_add, bf16x2_add };

class FloatSet {
 public:
  constexpr FloatSet() = default;
  constexpr FloatSet(std::initializer_list<FloatInstruction> list) {
    for (auto i : list) bits_ |= bit(i);
  }
  constexpr bool contains(FloatInstruction i) const { return (bits_ & bit(i)) != 0; }
  constexpr bool empty() const { return bits_ == 0; }
  constexpr FloatSet without(FloatInstruction i) const { return FloatSet(bits_ & ~bit(i)); }
  constexpr bool operator==(const FloatSet&) const = default;
  // Every member of this set is a member of `other`.
  constexpr bool subset_of(FloatSet other) const { return (bits_ & ~other.bits_) == 0; }

 private:
  constexpr explicit FloatSet(uint16_t bits) : bits_(bits) {}
  static constexpr uint16_t bit(FloatInstruction i) { return static_cast<uint16_t>(1u << static_cast<unsigned>(i)); }
  uint16_t bits_ = 0;
};

// The float rows one device executes, per place, with the switches applied.
struct DeviceCapabilities {
  FloatSet l2;
  FloatSet l2_no_return_only;  // the L2 executes these only in a form that returns nothing (MI100)
  FloatSet fabric;
};

DeviceCapabilities capabilities(const Device& device, const ModelOptions& options = {});

// The float instruction a float row needs; nothing for integer and bitwise rows.
std::optional<FloatInstruction> float_instruction(const Row& row);

enum class Support : uint8_t {
  none,            // the place cannot execute or forward the row
  no_return_only,  // the place executes it, but returns no data (MI100 L2)
  full,
};

// How `place` on `device` handles `row`. For PCIe this depends on the PCIe selector.
Support support(const Device& device, Place place, const Row& row, PcieAtomics pcie, const ModelOptions& options = {});

// Whether a PCIe AtomicOp carries the row (FetchAdd, Swap, CAS; atomicSub per amd.sub-pcie).
bool pcie_carries(const Row& row, const ModelOptions& options = {});

// "The device has a hardware instruction for the row": the row is in its L2 set or IF set.
bool has_instruction(const Device& device, const Row& row, const ModelOptions& options = {});

// The compare-and-swap row a CAS loop of this row's width uses: 32-bit for 32-bit and packed
// 16x2 rows, 64-bit for 64-bit rows.
const Row& cas_row_for(const Row& row);

}  // namespace gpuatom::amd
