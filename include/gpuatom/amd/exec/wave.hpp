// AMD's wavefront for the lane executor (exec::GroupLanes): atomicRMW rows of the ROCm page run by
// waves of lanes, each atomic's outcome applied (docs/spec/amd.md §7):
//   Native            one indivisible read-modify-write through the ALU
//   NoReturn          the same, but the lane gets 0 (flagged no-return)
//   CAS               a real compare-and-swap loop: load, compute, CAS, retry (retries counted)
//   Scope Downgrade   device lanes: indivisible; host-agent lanes: a load and a separate store,
//                     so device updates between them are lost (DECISION: the loss is modelled on
//                     the host agent's side, where the page places it)
//   Scope Downgrade - CAS   CAS loop on the device side, host lanes as above
//   NOP               no memory access; the lane gets 0
// Each lane's operations run in program order; a wavefront's lanes run an operation together.
// The outcome comes from the model (amd/evaluate.hpp) for the device, the options and the region
// the lane's address falls in. The scenario layer (scenario/bind_amd.cpp) builds WavePrograms;
// nothing here knows of scenario files.
#pragma once

#include <algorithm>
#include <array>
#include <bit>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "gpuatom/alu/operation.hpp"
#include "gpuatom/amd/device.hpp"
#include "gpuatom/amd/evaluate.hpp"
#include "gpuatom/amd/rows.hpp"
#include "gpuatom/amd/selectors.hpp"
#include "gpuatom/exec/lane_group.hpp"
#include "gpuatom/exec/lane_values.hpp"
#include "gpuatom/memory/device_memory.hpp"

namespace gpuatom::amd {

inline constexpr uint32_t default_wave = 64;

// The device and the switches every operation's outcome depends on.
struct WaveSettings {
  const Device* device = nullptr;
  Strategy strategy = Strategy::hw_atomics;
  PcieAtomics pcie = PcieAtomics::unsupported;
  ModelOptions model;
};

// One atomicRMW of the program: the page's row, its scope, the ALU operation, and the lane
// values of its address and operands.
struct WaveOperation {
  const Row* row = nullptr;
  Scope scope = Scope::device;
  alu::Operation operation;
  std::shared_ptr<const exec::LaneValues> address, operand, compare;  // compare: atomicCAS rows only
};

// Everything a run shares: the program, the settings, which lanes are host agents, which results
// are kept.
struct WaveProgram {
  uint64_t lanes = 0;  // the launch's lanes
  WaveSettings settings;
  std::vector<WaveOperation> ops;
  std::shared_ptr<const exec::LaneValues> host;    // non-zero: the lane is a host agent
  std::shared_ptr<const exec::LaneValues> active;  // zero: the lane sits out
  uint32_t group_size = default_wave;
  std::vector<std::string> result_names;  // distinct result names, in first-use order
  std::vector<size_t> result_slot;        // per op: index into result_names
  bool log_atomics = false;               // every atomic's operands and result are logged (serial-order checks)
  bool keep_results = false;              // lanes' results are kept by name (else none is)
};

// The model's verdict for one op on one region (memory location and granularity come from the region).
inline Explanation explain_for(const WaveProgram& p, const WaveOperation& op, const memory::RegionInfo* region) {
  Selectors s;
  s.strategy = p.settings.strategy;
  s.pcie = p.settings.pcie;
  s.scope = op.scope;
  if (region) {
    s.memory = region->attributes.location == memory::Location::device            ? Memory::device_dram
               : region->attributes.location == memory::Location::host_migratable ? Memory::migratable_host_dram
                                                                                  : Memory::pinned_host_dram;
    s.granularity =
        region->attributes.granularity == memory::Granularity::fine ? Granularity::fine : Granularity::coarse;
  }
  return evaluate(*p.settings.device, *op.row, s, p.settings.model);
}

inline Outcome outcome_for(const WaveProgram& p, const WaveOperation& op, const memory::RegionInfo* region) {
  return explain_for(p, op, region).outcome;
}

// Per-lane results by name, for the whole launch: they outlive the wavefronts that wrote them.
struct LaneResults {
  std::vector<uint64_t> values;  // lanes × result names
  std::vector<uint8_t> written;
};

// One wavefront's lanes for the executor (exec::GroupLanes): each operation's address and
// operands from its expressions, and the outcome the model gives it on the lane's region, which
// picks the road to memory (exec::Path).
class WaveLanes {
 public:
  WaveLanes(const WaveProgram& program, memory::DeviceMemory& memory, LaneResults& results)
      : p_(program), memory_(memory), results_(results) {}

  bool begin(uint64_t group) {
    first_ = group * p_.group_size;
    const uint64_t lanes = p_.lanes;
    count_ = static_cast<uint32_t>(std::min<uint64_t>(p_.group_size, lanes > first_ ? lanes - first_ : 0));
    active_ = exec::LaneMask::first(count_);
    if (p_.active) {
      wave_values(*p_.active, scratch_.data());
      for (uint32_t lane = 0; lane < count_; ++lane) active_.set(lane, scratch_[lane] != 0);
    }
    return true;
  }
  uint32_t instructions() const { return static_cast<uint32_t>(p_.ops.size()); }
  const alu::Operation& operation(uint32_t i) const { return p_.ops[i].operation; }

  // The wave's values at once (affine and constant expressions cost no interpretation).
  exec::LaneMask start(uint32_t i) {
    const WaveOperation& op = p_.ops[i];
    // Addresses on a straight line over the wave (`addr(buf) + tid * 4`) are not stored: a block
    // takes the line, and addresses() fills the array for the lanes that need one.
    const auto& form = op.address->affine();
    straight_ = form && form->line(first_, count_, line_first_, line_step_);
    if (!straight_) wave_values(*op.address, addresses_.data());
    // A constant operand is the same in every wave: filled once while the ops do not change.
    if (!(op.operand->is_constant() && constant_values_ == i && count_ <= constant_count_)) {
      wave_values(*op.operand, values_.data());
      constant_values_ = op.operand->is_constant() ? i : no_op;
      constant_count_ = count_;
    }
    if (op.compare) wave_values(*op.compare, compares_.data());
    if (p_.host) wave_values(*p_.host, hosts_.data());
    return active_;
  }

  void read(uint32_t i, std::span<exec::LaneWork> lanes) {
    const WaveOperation& op = p_.ops[i];
    const uint64_t* addresses = this->addresses();
    for (exec::LaneWork& w : lanes) {
      w.address = addresses[w.lane];
      w.operands = {values_[w.lane], op.compare ? compares_[w.lane] : 0};
      route(i, w.lane, w.address, w.access, w.path, w.returns);
    }
  }

  // The same as one block (exec::EachLane, exec::LaneBlock; results are not sources, so lanes are
  // independent) when no lane is a host agent's and every address lies in one region: the road
  // depends on nothing else, so it is chosen once. Other waves take read() and write().
  template <class Access>
  bool each(uint32_t i, exec::LaneMask mask, Access&& access) {
    if (p_.host || mask.bits == 0) return false;
    const WaveOperation& op = p_.ops[i];
    const Road road = road_at(i, address_of(std::countr_zero(mask.bits)));
    if (!in_one_region(region_base_, region_size_)) return false;
    const bool keep = p_.keep_results;
    uint64_t done = 0;
    if (road.accesses)  // else a NOP: nothing reaches memory, every lane gets 0
      done = access.block({mask, straight_ ? nullptr : addresses_.data(), values_.data(),
                           op.compare ? compares_.data() : nullptr, road.device, memory::Space::global, road.returns,
                           keep ? scratch_.data() : nullptr, op.operand->is_constant(), line_first_, line_step_});
    if (keep)
      for (uint64_t bits = mask.bits; bits != 0; bits &= bits - 1) {
        const auto lane = static_cast<uint32_t>(std::countr_zero(bits));
        if (!road.accesses || ((done >> lane) & 1)) record(i, lane, road.accesses && road.returns ? scratch_[lane] : 0);
      }
    return true;
  }
  void finish(uint32_t i, const exec::LaneWork& w) { record(i, w.lane, 0); }
  void write(uint32_t i, std::span<const exec::LaneWork> lanes) {
    for (const exec::LaneWork& w : lanes)
      if (w.completed) record(i, w.lane, w.returns ? w.result.lo : 0);
  }
  std::optional<memory::Fault> fault(uint32_t, const exec::LaneWork&, const memory::Fault& f) { return f; }

 private:
  // What an outcome makes of a lane's access: whether it reaches memory and returns, and the road
  // a device lane and a host-agent lane take.
  struct Road {
    bool accesses = true, returns = true;
    exec::Path device = exec::Path::atomic, host = exec::Path::atomic;
  };
  static Road road_of(Outcome outcome) {
    Road r;
    switch (outcome) {
      case Outcome::nop: r.accesses = false; break;  // nothing reaches memory; the lane gets 0
      case Outcome::no_return: r.returns = false; break;
      case Outcome::cas: r.device = r.host = exec::Path::cas_loop; break;
      case Outcome::scope_downgrade_cas:
        r.device = exec::Path::cas_loop;
        r.host = exec::Path::load_store;
        break;
      case Outcome::scope_downgrade: r.host = exec::Path::load_store; break;
      default: break;
    }
    return r;
  }

  // The wave's addresses by lane, filled from the line where start() kept only that.
  const uint64_t* addresses() {
    if (straight_) {
      uint64_t address = line_first_;
      for (uint32_t lane = 0; lane < count_; ++lane, address += line_step_) addresses_[lane] = address;
      straight_ = false;
    }
    return addresses_.data();
  }
  uint64_t address_of(uint32_t lane) const { return straight_ ? line_first_ + line_step_ * lane : addresses_[lane]; }

  // Whether every lane of the wave, active or not (their addresses are computed too), has its
  // address in [base, base + size): at the two ends when the addresses are a straight line that
  // does not wrap past 2^64, else lane by lane.
  bool in_one_region(uint64_t base, uint64_t size) {
    const auto inside = [&](uint64_t a) { return a - base < size; };
    if (straight_) {
      const __int128 last =
          static_cast<__int128>(line_first_) + static_cast<__int128>(static_cast<int64_t>(line_step_)) * (count_ - 1);
      constexpr __int128 highest_address = (__int128{1} << 64) - 1;
      if (last >= 0 && last <= highest_address) return inside(line_first_) && inside(static_cast<uint64_t>(last));
    }
    const uint64_t* addresses = this->addresses();
    return std::all_of(addresses, addresses + count_, inside);
  }

  // The road the model's outcome on the lane's region gives its access.
  void route(uint32_t i, uint32_t lane, uint64_t address, bool& accesses, exec::Path& path, bool& returns) {
    const Road& r = road_at(i, address);
    accesses = r.accesses;
    returns = r.returns;
    path = p_.host && hosts_[lane] != 0 ? r.host : r.device;
  }
  [[gnu::always_inline]] void record(uint32_t i, uint32_t lane, uint64_t value) {
    if (!p_.keep_results) return;
    const size_t k = (first_ + lane) * p_.result_names.size() + p_.result_slot[i];
    results_.values[k] = value;
    results_.written[k] = 1;
  }

  void wave_values(const exec::LaneValues& e, uint64_t* out) const {
    if (e.values(first_, count_, p_.group_size, out)) return;
    for (uint32_t lane = 0; lane < count_; ++lane) {
      const auto v = e.value(first_ + lane, p_.group_size);
      out[lane] = std::holds_alternative<uint64_t>(v) ? std::get<uint64_t>(v) : 0;  // prechecked before the run
    }
  }

  // outcome_for() depends only on the op and the region's location and granularity, which do
  // not change during a run: the model is asked once per op and region, not once per lane, and
  // the region is looked up again only when an address leaves the last one found.
  const Road& road_at(uint32_t i, uint64_t address) {
    if (!(cache_valid_ && cache_op_ == i && address - region_base_ < region_size_)) {
      const auto region = memory_.region_at(address);
      const memory::RegionId id = region ? region->id : memory::no_region;
      if (region) {
        region_base_ = region->base;
        region_size_ = region->size;
      } else {
        region_base_ = address;  // no region: this address only
        region_size_ = 1;
      }
      if (!(cache_valid_ && cache_op_ == i && cache_region_ == id)) {
        cache_road_ = road_of(outcome_for(p_, p_.ops[i], region ? &*region : nullptr));
        cache_valid_ = true;
        cache_op_ = i;
        cache_region_ = id;
      }
    }
    return cache_road_;
  }

  const WaveProgram& p_;
  memory::DeviceMemory& memory_;
  LaneResults& results_;
  uint64_t first_ = 0;
  uint32_t count_ = 0;
  exec::LaneMask active_;
  std::array<uint64_t, 64> addresses_{}, values_{}, compares_{}, hosts_{}, scratch_{};
  bool cache_valid_ = false;
  uint32_t cache_op_ = 0;
  memory::RegionId cache_region_ = memory::no_region;
  Road cache_road_;
  uint64_t region_base_ = 0, region_size_ = 0;  // the bytes of the region cache_region_ names
  bool straight_ = false;  // the addresses are line_first_ + lane × line_step_, not (yet) in addresses_
  uint64_t line_first_ = 0, line_step_ = 0;
  static constexpr uint32_t no_op = ~uint32_t{0};
  uint32_t constant_values_ = no_op;  // the op whose constant operand values_ holds
  uint32_t constant_count_ = 0;       // for that many lanes
};

}  // namespace gpuatom::amd
